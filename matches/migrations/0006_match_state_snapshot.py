# Versioned JSON snapshots of the engine state (issue 14). Existing rows keep their
# pickle in ``state`` and get snapshot_version 0: matches.selectors.load_state rebuilds
# them from the seed and the action log on first load and stores a snapshot.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0007_rack_order_reports"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="snapshot",
            field=models.JSONField(editable=False, null=True),
        ),
        migrations.AddField(
            model_name="match",
            name="snapshot_version",
            field=models.PositiveSmallIntegerField(default=0, editable=False),
        ),
    ]

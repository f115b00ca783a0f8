"""Match.public_id (the unguessable id clients see) and Match.invite_code (issue 14).

Existing rows get a random public id each (a callable default would give them all the
same one), existing private matches an invite code; then the id becomes unique."""

from django.db import migrations, models

import matches.models


def fill(apps, schema_editor):  # type: ignore[no-untyped-def]
    Match = apps.get_model("matches", "Match")
    for match in Match.objects.all().only("pk", "private").iterator():
        match.public_id = matches.models.new_public_id()
        match.invite_code = matches.models.new_invite_code() if match.private else ""
        match.save(update_fields=["public_id", "invite_code"])


class Migration(migrations.Migration):
    dependencies = [("matches", "0004_seat_takeover_vacation_devices")]

    operations = [
        migrations.AddField(
            model_name="match",
            name="public_id",
            field=models.CharField(editable=False, max_length=16, null=True),
        ),
        migrations.AddField(
            model_name="match",
            name="invite_code",
            field=models.CharField(blank=True, default="", editable=False, max_length=32),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="match",
            name="public_id",
            field=models.CharField(
                default=matches.models.new_public_id, editable=False, max_length=16, unique=True
            ),
        ),
    ]

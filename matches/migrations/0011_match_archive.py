"""A match that is over is packed into one ``MatchArchive`` row (issue 31,
``matches.archive``), which replaces its event and action rows.

The logs stay append-only: the triggers of 0002 now let a log row be deleted only when
its match has an archive (which holds the same contents), and never updated; an archive
row itself is never updated or deleted. Matches already over stay as rows until the
archive sweep (or ``manage.py archive_matches``) packs them; readers read both.
"""

from typing import Any

import django.db.models.deletion
from django.db import migrations, models

LOGS = ("matches_matchevent", "matches_matchaction")
ARCHIVE = "matches_matcharchive"


def _forward(apps: Any, schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        for table in LOGS:
            schema_editor.execute(
                f"""
                CREATE OR REPLACE FUNCTION {table}_append_only() RETURNS trigger AS $$
                BEGIN
                    IF TG_OP = 'DELETE' AND EXISTS (
                        SELECT 1 FROM {ARCHIVE} WHERE match_id = OLD.match_id
                    ) THEN
                        RETURN OLD;
                    END IF;
                    RAISE EXCEPTION '{table} is append-only (%% refused)', TG_OP;
                END;
                $$ LANGUAGE plpgsql;
                """
            )
        schema_editor.execute(
            f"""
            CREATE OR REPLACE FUNCTION {ARCHIVE}_append_only() RETURNS trigger AS $$
            BEGIN
                RAISE EXCEPTION '{ARCHIVE} is append-only (%% refused)', TG_OP;
            END;
            $$ LANGUAGE plpgsql;
            CREATE TRIGGER {ARCHIVE}_append_only
                BEFORE UPDATE OR DELETE ON {ARCHIVE}
                FOR EACH ROW EXECUTE FUNCTION {ARCHIVE}_append_only();
            """
        )
    elif vendor == "sqlite":
        for table in LOGS:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_delete")
            schema_editor.execute(
                f"""
                CREATE TRIGGER {table}_no_delete BEFORE DELETE ON {table}
                WHEN NOT EXISTS (SELECT 1 FROM {ARCHIVE} WHERE match_id = OLD.match_id)
                BEGIN SELECT RAISE(ABORT, '{table} is append-only'); END;
                """
            )
        for op in ("UPDATE", "DELETE"):
            schema_editor.execute(
                f"""
                CREATE TRIGGER {ARCHIVE}_no_{op.lower()} BEFORE {op} ON {ARCHIVE}
                BEGIN SELECT RAISE(ABORT, '{ARCHIVE} is append-only'); END;
                """
            )


def _backward(apps: Any, schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(
            f"DROP TRIGGER IF EXISTS {ARCHIVE}_append_only ON {ARCHIVE}; "
            f"DROP FUNCTION IF EXISTS {ARCHIVE}_append_only();"
        )
        for table in LOGS:
            schema_editor.execute(
                f"""
                CREATE OR REPLACE FUNCTION {table}_append_only() RETURNS trigger AS $$
                BEGIN
                    RAISE EXCEPTION '{table} is append-only (%% refused)', TG_OP;
                END;
                $$ LANGUAGE plpgsql;
                """
            )
    elif vendor == "sqlite":
        for op in ("update", "delete"):
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {ARCHIVE}_no_{op}")
        for table in LOGS:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_delete")
            schema_editor.execute(
                f"""
                CREATE TRIGGER {table}_no_delete BEFORE DELETE ON {table}
                BEGIN SELECT RAISE(ABORT, '{table} is append-only'); END;
                """
            )


class Migration(migrations.Migration):
    dependencies = [("matches", "0010_merge_0008_notifications_0009_challenges")]

    operations = [
        migrations.CreateModel(
            name="MatchArchive",
            fields=[
                (
                    "match",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        primary_key=True,
                        related_name="archive",
                        serialize=False,
                        to="matches.match",
                    ),
                ),
                ("format", models.PositiveSmallIntegerField()),
                ("events", models.PositiveIntegerField()),
                ("actions", models.PositiveIntegerField()),
                ("data", models.BinaryField()),
                ("created_at", models.DateTimeField(auto_now_add=True)),
            ],
        ),
        migrations.RunPython(_forward, _backward),
    ]

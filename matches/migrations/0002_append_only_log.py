"""The event and action logs are append-only: the database itself refuses UPDATE and
DELETE of their rows, whatever code (or a shell session) tries.

TRUNCATE (used by the test suite to empty tables) is not a row operation and stays
possible; deleting a match with a log is refused too (ON DELETE PROTECT in the models).
"""

from typing import Any

from django.db import migrations

TABLES = ("matches_matchevent", "matches_matchaction")


def _forward(apps: Any, schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    for table in TABLES:
        if vendor == "postgresql":
            schema_editor.execute(
                f"""
                CREATE OR REPLACE FUNCTION {table}_append_only() RETURNS trigger AS $$
                BEGIN
                    RAISE EXCEPTION '{table} is append-only (%% refused)', TG_OP;
                END;
                $$ LANGUAGE plpgsql;
                CREATE TRIGGER {table}_append_only
                    BEFORE UPDATE OR DELETE ON {table}
                    FOR EACH ROW EXECUTE FUNCTION {table}_append_only();
                """
            )
        elif vendor == "sqlite":
            for op in ("UPDATE", "DELETE"):
                schema_editor.execute(
                    f"""
                    CREATE TRIGGER {table}_no_{op.lower()} BEFORE {op} ON {table}
                    BEGIN SELECT RAISE(ABORT, '{table} is append-only'); END;
                    """
                )


def _backward(apps: Any, schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    for table in TABLES:
        if vendor == "postgresql":
            schema_editor.execute(
                f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}; "
                f"DROP FUNCTION IF EXISTS {table}_append_only();"
            )
        elif vendor == "sqlite":
            for op in ("update", "delete"):
                schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_{op}")


class Migration(migrations.Migration):
    dependencies = [("matches", "0001_initial")]

    operations = [migrations.RunPython(_forward, _backward)]

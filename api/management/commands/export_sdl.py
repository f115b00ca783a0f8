"""Write the GraphQL schema (the federation subgraph's SDL) to schema.graphql.

Run it after every schema change and commit the file: tests/server/test_schema_sdl.py
fails while the committed file differs from the schema the code builds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from api.schema import schema

DEFAULT_PATH = Path(settings.BASE_DIR) / "schema.graphql"


def schema_sdl() -> str:
    """The SDL as the gateway sees it through `_service { sdl }`, newline-terminated."""
    return schema.as_str().rstrip("\n") + "\n"


class Command(BaseCommand):
    help = "Write the GraphQL schema (SDL) to schema.graphql at the repository root."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--output", "-o", default=str(DEFAULT_PATH), help="where to write ('-': stdout)"
        )
        parser.add_argument(
            "--check",
            action="store_true",
            help="write nothing; exit 1 if the file differs from the schema",
        )

    def handle(self, *args: Any, output: str, check: bool, **options: Any) -> None:
        sdl = schema_sdl()
        if output == "-":
            self.stdout.write(sdl, ending="")
            return
        path = Path(output)
        if check:
            current = path.read_text() if path.exists() else ""
            if current != sdl:
                self.stderr.write(f"{path} is out of date: run `python manage.py export_sdl`")
                raise SystemExit(1)
            self.stdout.write(f"{path} is current")
            return
        path.write_text(sdl)
        self.stdout.write(f"wrote {path}")

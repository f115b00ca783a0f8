"""The committed schema.graphql is the schema the code builds."""

from pathlib import Path

from api.management.commands.export_sdl import DEFAULT_PATH, schema_sdl


def test_the_committed_schema_file_is_current() -> None:
    committed = Path(DEFAULT_PATH).read_text() if Path(DEFAULT_PATH).exists() else ""

    assert committed == schema_sdl(), (
        "\n\n!!! schema.graphql is out of date. The GraphQL schema changed: run\n"
        "!!!     python manage.py export_sdl      (or .venv/bin/python manage.py ...)\n"
        "!!! and commit schema.graphql with your change.\n"
    )


def test_the_schema_is_a_federation_2_subgraph() -> None:
    sdl = schema_sdl()

    assert 'extend schema @link(url: "https://specs.apollo.dev/federation/v2' in sdl or (
        '@link(url: "https://specs.apollo.dev/federation/v2' in sdl
    )
    assert 'type User @key(fields: "id")' in sdl

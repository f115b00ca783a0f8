"""The walkthrough's client (docs/first_game.py) plays a whole match against a bot on a
real server and a real worker; every operation in it validates against schema.graphql."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from graphql import build_schema, parse, validate

from tests.server.game_workers import game_env, game_processes

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "docs" / "first_game.py"


def _operations() -> list[str]:
    """The GraphQL operations of the script: those of docs/first_game.graphql, which it
    loads (each one as the script sends it)."""
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        from first_game import OPERATIONS
    finally:
        sys.path.remove(str(SCRIPT.parent))
    return list(OPERATIONS.values())


def test_the_walkthroughs_operations_validate_against_the_schema() -> None:
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        from first_game import SCHEMA  # the schema.graphql the client validates against
    finally:
        sys.path.remove(str(SCRIPT.parent))
    schema = build_schema(SCHEMA)
    operations = _operations()

    assert len(operations) >= 9
    for text in operations:
        assert validate(schema, parse(text)) == [], text


@pytest.mark.django_db(transaction=True)
def test_the_walkthrough_client_plays_a_match_to_the_end(
    postgres: dict[str, Any], redis_url: str, tmp_path: Path
) -> None:
    from tests.conftest import start_asgi_server

    with game_processes(postgres, redis_url, tmp_path) as procs:
        env = game_env(postgres, redis_url, procs.queue, procs.workdir / "mail")
        names = ("GAME_TASK_QUEUE", "BOT_THINK_SECONDS")
        with start_asgi_server(postgres, redis_url, **{k: env[k] for k in names}) as server:
            try:
                result = subprocess.run(
                    [sys.executable, str(SCRIPT), server],
                    capture_output=True,
                    text=True,
                    timeout=240,
                )
            except subprocess.TimeoutExpired as exc:
                pytest.fail(f"the client did not finish: {exc.stdout!r} {exc.stderr!r}")

    assert result.returncode == 0, result.stdout + result.stderr
    assert "rejected as expected: INVALID_MELD TOO_SHORT" in result.stdout, result.stdout
    assert "reconnecting after seq" in result.stdout
    assert "match over:" in result.stdout

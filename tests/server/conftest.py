"""Fixtures of the server tests that run real Celery worker and beat processes.

A module asks for them with ``pytest.mark.usefixtures("game_settings")``: it gets a
worker and beat of its own (``procs``, module-scoped), on a queue of its own, and the
test process queues to them with their short settings.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.game_workers import Processes, game_processes, settings_for


@pytest.fixture(scope="module")
def procs(
    postgres: dict[str, Any],
    redis_url: str,
    tmp_path_factory: pytest.TempPathFactory,
    request: pytest.FixtureRequest,
) -> Iterator[Processes]:
    name = request.module.__name__.rsplit(".", 1)[-1]
    with game_processes(postgres, redis_url, tmp_path_factory.mktemp(name)) as group:
        yield group


@pytest.fixture
def game_settings(settings: Any, procs: Processes) -> None:
    for name, value in settings_for(procs.queue, procs.workdir / "mail").items():
        setattr(settings, name, value)

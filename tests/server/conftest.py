"""Fixtures of the server tests: real Celery worker and beat processes, and Django's
async test client.

A module asks for them with ``pytest.mark.usefixtures("game_settings")``: it gets a
worker and beat of its own (``procs``, module-scoped), on a queue of its own, and the
test process queues to them with their short settings.

Those processes keep playing between tests (bots move, the sweeper runs every second),
while pytest-django empties the database after each transactional test with one
TRUNCATE of every table; a task holding row locks can deadlock with it. So after each
test the game is stopped (every unfinished match aborted, the worker left idle) before
the flush, and a flush that still meets a deadlock is tried again.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from asgiref.sync import SyncToAsync, sync_to_async
from django.core.management.base import CommandError
from django.db import connections
from django.test import TransactionTestCase

from tests.server.game_workers import Processes, game_processes, settings_for

QUIESCE_SECONDS = 20.0  # a bound on waiting, never an assertion about speed
FLUSH_TRIES = 5


@pytest.fixture
async def async_client(async_client: Any) -> AsyncIterator[Any]:
    """pytest-django's, and the database connection its requests opened, closed after the
    test: Django's test client unhooks the request_finished signal that closes it after
    each request, so it would stay checked out of the pool in asgiref's sync thread, and
    dropping the test database at the end of the run would find it still in use."""
    yield async_client
    await sync_to_async(connections.close_all)()


@pytest.fixture
def hops(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The name of every function sent to a thread from now on (sync_to_async and
    database_sync_to_async alike): what a request hops for."""
    seen: list[str] = []
    call = SyncToAsync.__call__

    async def counting(self: SyncToAsync[Any, Any], *args: Any, **kwargs: Any) -> Any:
        seen.append(getattr(self.func, "__qualname__", repr(self.func)))
        return await call(self, *args, **kwargs)

    monkeypatch.setattr(SyncToAsync, "__call__", counting)
    return seen


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
def game_settings(settings: Any, procs: Processes) -> Iterator[None]:
    for name, value in settings_for(procs.queue, procs.workdir / "mail").items():
        setattr(settings, name, value)
    yield
    _quiesce(procs)


def _quiesce(procs: Processes) -> None:
    """Abort every unfinished match (tasks then find nothing to do) and wait, within a
    bound, until the module's workers run no task."""
    from config.celery import app
    from matches.models import Match, MatchStatus

    Match.objects.exclude(status__in=[MatchStatus.FINISHED, MatchStatus.ABORTED]).update(
        status=MatchStatus.ABORTED, deadline=None
    )
    workers = [name for name in procs.children if "@" in name]
    if not workers:
        return
    deadline = time.monotonic() + QUIESCE_SECONDS
    while time.monotonic() < deadline:
        active = app.control.inspect(destination=workers, timeout=1.0).active() or {}
        if not any(active.get(name) for name in workers):
            return
        time.sleep(0.2)


@pytest.fixture(scope="session", autouse=True)
def _flush_retries_deadlocks() -> Iterator[None]:
    """Retry pytest-django's end-of-test flush when it loses a deadlock (see above)."""
    original = TransactionTestCase._fixture_teardown

    def teardown(self: TransactionTestCase) -> None:
        for attempt in range(FLUSH_TRIES):
            try:
                original(self)
                return
            except CommandError as exc:
                if "deadlock" not in repr(exc.__cause__ or exc).lower():
                    raise
                if attempt == FLUSH_TRIES - 1:
                    raise
                time.sleep(0.5)

    TransactionTestCase._fixture_teardown = teardown  # type: ignore[method-assign]
    try:
        yield
    finally:
        TransactionTestCase._fixture_teardown = original  # type: ignore[method-assign]


class UserEvents:
    """What the server publishes on users' topics (``myEvents``), read off the real Redis
    by a subscriber of every user's topic, as a web process's hub would receive it."""

    def __init__(self, url: str) -> None:
        import redis

        self.client = redis.Redis.from_url(url)
        self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        self.pubsub.psubscribe("rummy:user:*")
        self.pubsub.get_message(timeout=5)  # the psubscribe's confirmation
        self.seen: list[tuple[int, dict[str, Any]]] = []

    def take(self) -> list[tuple[int, dict[str, Any]]]:
        """Every (user id, event) published so far, in order: reads until Redis has had
        nothing more for half a second (a publish is done when its call returns)."""
        import json

        from config.pubsub import USER_EVENT

        while (message := self.pubsub.get_message(timeout=0.5)) is not None:
            body = json.loads(message["data"])
            if body.get("type") == USER_EVENT:
                user_id = int(message["channel"].decode().rsplit(":", 1)[1])
                self.seen.append((user_id, body["event"]))
        return list(self.seen)

    def close(self) -> None:
        self.pubsub.close()
        self.client.close()


@pytest.fixture
def user_events(redis_url: str) -> Iterator[UserEvents]:
    events = UserEvents(redis_url)
    yield events
    events.close()

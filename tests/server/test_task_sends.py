"""The cost of queueing a task (issue 12): a turn's tasks go to Redis in one pipeline
(kombu's Producer.batch), a single task in one command. Against the session's real
Redis, on a queue of this test's own that no worker consumes."""

from __future__ import annotations

import base64
import json
import uuid
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
import redis
from celery import _state as celery_state
from django.utils import timezone

from config.celery import app
from matches import queueing


@pytest.fixture
def queue(redis_url: str, settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    name = f"sends-{uuid.uuid4().hex[:8]}"
    settings.GAME_TASK_QUEUE = name
    # Sent here, on this thread (see test_queued_results.py), by the project's app, as
    # in a server process: a test that made another Celery app may have left it current.
    monkeypatch.setattr(queueing, "in_background", lambda fn, what: fn())
    previous = celery_state.get_current_app()
    app.set_current()
    try:
        yield name
    finally:
        previous.set_current()
    client = redis.Redis.from_url(redis_url)
    for key in client.keys(f"{name}*"):
        client.delete(key)


def _queued(redis_url: str, queue: str) -> list[tuple[int, str, list[Any]]]:
    """(priority, task name, args) of every message waiting in ``queue``, by priority."""
    client = redis.Redis.from_url(redis_url)
    found = []
    for priority in (0, 3, 6, 9):
        key = queue if priority == 0 else f"{queue}\x06\x16{priority}"
        for raw in client.lrange(key, 0, -1):
            message = json.loads(raw)
            args = json.loads(base64.b64decode(message["body"]))[0]
            found.append((priority, message["headers"]["task"], args))
    return found


class _Counting:
    """Counts the Redis commands and pipelines sent by this process."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.commands: list[str] = []
        self.pipelines = 0
        self.clients = 0
        original_command = redis.Redis.execute_command
        original_pipeline = redis.client.Pipeline.execute
        original_init = redis.Redis.__init__

        def execute_command(client: Any, *args: Any, **options: Any) -> Any:
            self.commands.append(str(args[0]))
            return original_command(client, *args, **options)

        def execute(pipe: Any, *args: Any, **options: Any) -> Any:
            self.pipelines += 1
            return original_pipeline(pipe, *args, **options)

        def init(client: Any, *args: Any, **options: Any) -> None:
            self.clients += 1
            original_init(client, *args, **options)

        monkeypatch.setattr(redis.Redis, "execute_command", execute_command)
        monkeypatch.setattr(redis.client.Pipeline, "execute", execute)
        monkeypatch.setattr(redis.Redis, "__init__", init)


def test_a_bot_turns_move_and_expiry_go_in_one_pipeline(
    queue: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    deadline = timezone.now() + timedelta(seconds=30)
    queueing.queue_notice(1, 1, "YOUR_TURN")  # the producer pool's connection is made
    counting = _Counting(monkeypatch)

    queueing.turn_started(match_id=7, turn=3, seat=1, deadline=deadline, bot=True)

    # One trip: no LPUSH of its own per task, one pipeline with both.
    assert "LPUSH" not in counting.commands, counting.commands
    assert counting.pipelines == 1
    assert _queued(redis_url, queue) == [
        (0, queueing.EXPIRE_TASK, [7, 3]),
        (3, queueing.NOTIFY_TASK, [1, 1, "YOUR_TURN"]),
        (6, queueing.BOT_TASK, [7, 3]),
    ]


def test_a_single_task_is_one_command(
    queue: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    queueing.queue_notice(1, 1, "YOUR_TURN")
    counting = _Counting(monkeypatch)

    # An untimed turn of a person: its "your turn" notice alone.
    queueing.turn_started(match_id=8, turn=2, seat=0, deadline=None, bot=False, seq=5)

    assert counting.commands == ["LPUSH"] and counting.pipelines == 0
    assert (3, queueing.NOTIFY_TASK, [8, 2, "YOUR_TURN", 5]) in _queued(redis_url, queue)

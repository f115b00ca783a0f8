"""A bot turn that a worker task plays itself at once sends no expiry task when the task
plays it to its end (issue 12: each such expiry was a task the worker received only to
find its turn over); a turn it does not end keeps its expiry. Real PostgreSQL and Redis,
on a queue no worker reads (whose messages the test reads back)."""

from __future__ import annotations

import base64
import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import redis

from matches import bot_turns, queueing, services
from matches.models import Match
from matches.selectors import MatchView
from tests.server.test_bot_inline import bots_on_turn

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def queue(settings: Any, redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    name = f"nobody-reads-{uuid.uuid4().hex[:8]}"
    settings.GAME_TASK_QUEUE = name
    settings.BOT_THINK_SECONDS = 0
    # Sent here, on this thread (see test_queued_results.py).
    monkeypatch.setattr(queueing, "in_background", lambda fn, what: fn())
    yield name
    _clear(redis_url, name)


def _clear(redis_url: str, queue: str) -> None:
    client = redis.Redis.from_url(redis_url)
    for key in client.keys(f"{queue}*"):
        client.delete(key)


def _first_bot_on_turn() -> Match:
    """:func:`bots_on_turn`, moved on by the clock until seat 1 is on turn: the bot
    whose turn is followed by the other bot's (seat 2), then the person's (seat 0)."""
    match_id, _ = bots_on_turn()
    match = Match.objects.get(pk=match_id)
    while match.on_turn != 1:
        expired = services.match_timeout(match_id=match_id, turn=match.turn, force=True)
        assert isinstance(expired, MatchView), expired
        match = Match.objects.get(pk=match_id)
    return match


def _queued(redis_url: str, queue: str) -> list[tuple[str, list[Any]]]:
    client = redis.Redis.from_url(redis_url)
    found = []
    for key in sorted(client.keys(f"{queue}*")):
        for raw in reversed(client.lrange(key, 0, -1)):  # LPUSHed: oldest last
            message = json.loads(raw)
            args = json.loads(base64.b64decode(message["body"]))[0]
            found.append((message["headers"]["task"], args))
    return found


def test_bot_turns_played_to_their_end_inline_send_no_expiry(queue: str, redis_url: str) -> None:
    # given: a bot on turn (its expiry queued when its turn started), another bot after
    # it, then the person; the queue emptied
    match = _first_bot_on_turn()
    match_id = match.pk
    _clear(redis_url, queue)

    # when: the bot's task runs, playing the bot turns after it itself
    bot_turns.playing_bots_inline(lambda: bot_turns.play_turn(match_id=match_id, turn=match.turn))

    # then: the person is on turn, and the only tasks sent are that turn's expiry and
    # its "your turn" notice (the bot turns started and ended in the call had none)
    after = Match.objects.get(pk=match_id)
    assert after.on_turn == 0, after.on_turn
    assert _queued(redis_url, queue) == [
        (queueing.EXPIRE_TASK, [match_id, after.turn]),
        (queueing.NOTIFY_TASK, [match_id, after.turn, "YOUR_TURN", after.last_seq]),
    ]


def test_a_bot_turn_that_fails_inline_keeps_its_expiry(
    queue: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given: a bot's discard ends its turn; the next bot's first move will fail
    match = _first_bot_on_turn()
    match_id = match.pk
    _clear(redis_url, queue)
    real = bot_turns._play_turn

    def failing(m: int, turn: int) -> tuple[str, bool]:
        if turn != match.turn:
            raise RuntimeError("the next bot's move failed")
        return real(m, turn)

    monkeypatch.setattr(bot_turns, "_play_turn", failing)

    # when
    bot_turns.playing_bots_inline(lambda: bot_turns.play_turn(match_id=match_id, turn=match.turn))

    # then: the failed turn's task is queued again, with its expiry
    after = Match.objects.get(pk=match_id)
    assert after.turn == match.turn + 1 and after.on_turn == 2
    assert sorted(_queued(redis_url, queue)) == [
        (queueing.BOT_TASK, [match_id, after.turn]),
        (queueing.EXPIRE_TASK, [match_id, after.turn]),
    ]

"""The clock's expiry task (issue 12, ``matches.tasks.expire_turn``): on time, it plays
the bot moves due after the turn it expired (``EXPIRY_INLINE_BOT_MOVES``); late (its
ETA more than ``EXPIRY_INLINE_WITHIN_MS`` ago, or sent with none), or with
inline moves turned off, it applies the expiry and nothing else: the bot turn it starts
is queued to the bot path, so that the expiries due behind it do not wait for this
match's bot moves. The tasks go to a queue no worker reads: what is queued stays in
Redis, where the test reads it. Real PostgreSQL and Redis."""

from __future__ import annotations

import json
import time
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from config.celery import app
from matches import services, tasks
from matches.models import Match, MatchAction
from matches.selectors import MatchView

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def no_worker(settings: Any) -> None:
    settings.GAME_TASK_QUEUE = f"nobody-reads-{uuid.uuid4().hex[:8]}"
    settings.BOT_THINK_SECONDS = 0


def persons_turn_past_its_deadline() -> Match:
    """A classic rummy match of a person (seat 0) and two bots, the person on turn and
    the turn's deadline past."""
    from accounts.models import User

    person = User.objects.create_user(f"expiry-{uuid.uuid4().hex[:6]}", password="pw-unused-1")
    created = services.match_create(
        user=person, ruleset_name="rummy", seats=3, bots=["EASY", "EASY"], turn_seconds=600
    )
    assert isinstance(created, MatchView)
    assert isinstance(services.match_start(match_id=created.id, user=person), MatchView)
    match = Match.objects.get(pk=created.id)
    while match.on_turn != 0:  # the bots before the person (queued to no one): skip them
        expired = services.match_timeout(match_id=match.pk, turn=match.turn, force=True)
        assert isinstance(expired, MatchView), expired
        match = Match.objects.get(pk=created.id)
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    return Match.objects.get(pk=match.pk)


def queued_tasks(queue: str) -> list[tuple[str, str]]:
    """(task name, args repr) of the messages waiting in ``queue`` (each priority's
    Redis list of kombu's transport)."""
    with app.connection_for_write() as connection:
        client = connection.default_channel.client
        found = []
        for key in client.keys(f"{queue}*"):
            if client.type(key) != b"list":
                continue
            for raw in client.lrange(key, 0, -1):
                headers = json.loads(raw)["headers"]
                found.append((headers["task"], headers["argsrepr"]))
        return found


@pytest.mark.usefixtures("no_worker")
def test_an_expiry_task_queues_the_bot_turn_that_follows_it_without_playing_it(
    settings: Any,
) -> None:
    # given: the person's turn is past its deadline; two bots follow; no inline moves
    settings.EXPIRY_INLINE_BOT_MOVES = 0
    match = persons_turn_past_its_deadline()

    # when: the expiry task's body runs (in this process, as a worker runs it)
    outcome = tasks.expire_turn.run(match.pk, match.turn)

    # then: the turn expired and the next bot is on turn, with no move of its own made
    # in that call; its move waits in the broker for the bot path
    assert outcome == "expired", outcome
    after = Match.objects.get(pk=match.pk)
    assert after.turn == match.turn + 1 and after.on_turn == 1
    applied = MatchAction.objects.filter(match_id=match.pk, index__gte=match.actions_count)
    assert list(applied.values_list("action__kind", flat=True)) == ["timeout"]
    wanted = ("bots.play_turn", repr([match.pk, after.turn]))
    give_up = time.monotonic() + 5  # the send runs after commit, in the background
    while wanted not in queued_tasks(settings.GAME_TASK_QUEUE) and time.monotonic() < give_up:
        time.sleep(0.05)
    assert wanted in queued_tasks(settings.GAME_TASK_QUEUE)


@pytest.mark.usefixtures("no_worker")
@pytest.mark.fast_path("bot_inline")
def test_with_expiry_inline_bot_moves_an_expiry_task_plays_the_bot_turns(settings: Any) -> None:
    # given: the person's turn is past its deadline; two bots follow; the operator asks
    # the expiry task to play the bot moves after it (EXPIRY_INLINE_BOT_MOVES)
    settings.EXPIRY_INLINE_BOT_MOVES = 16
    match = persons_turn_past_its_deadline()

    # when: the expiry task's body runs
    outcome = tasks.expire_turn.run(match.pk, match.turn)

    # then: both bots played their turns (draw, ..., discard) in that call
    assert outcome == "expired", outcome
    after = Match.objects.get(pk=match.pk)
    assert after.on_turn == 0 or after.over
    bot_moves = MatchAction.objects.filter(match_id=match.pk, index__gt=match.actions_count)
    assert bot_moves.exclude(action__kind="timeout").count() >= 2 * 2


def test_an_expiry_plays_inline_only_when_it_runs_on_time() -> None:
    from types import SimpleNamespace

    now = timezone.now()

    def request(eta: object, directly: bool = False) -> Any:
        return SimpleNamespace(called_directly=directly, eta=eta)

    # on time: run within the allowance of its ETA (as Celery passes it: ISO text)
    assert not tasks._late(request((now - timedelta(milliseconds=50)).isoformat()), 250)
    assert not tasks._late(request((now + timedelta(seconds=1)).isoformat()), 250)
    # late: past the allowance (a wave of expiries queued behind each other)
    assert tasks._late(request((now - timedelta(milliseconds=400)).isoformat()), 250)
    assert tasks._late(request(now - timedelta(seconds=3)), 250)
    # sent without an ETA: nothing says it is on time
    assert tasks._late(request(None), 250)
    # run in-process (tests, a shell): on time
    assert not tasks._late(request(None, directly=True), 250)

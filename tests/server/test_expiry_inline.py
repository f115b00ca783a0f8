"""The clock's expiry task plays the bot moves due at once after the expired turn
(issue 12, ``matches.tasks.expire_turn``): the next bot does not wait in the broker
behind every other match's expiries. The tasks it would queue go to a queue no worker
reads: what happens, happens in the call. Real PostgreSQL and Redis."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

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


@pytest.mark.usefixtures("no_worker")
def test_an_expiry_task_plays_the_bot_turns_that_follow_it() -> None:
    # given: the person's turn is past its deadline; two bots follow
    match = persons_turn_past_its_deadline()

    # when: the expiry task's body runs (in this process, as a worker runs it)
    outcome = tasks.expire_turn.run(match.pk, match.turn)

    # then: the turn expired, and both bots played their turns (draw, ..., discard) in
    # that call: the person is on turn again, or the match is over
    assert outcome == "expired", outcome
    after = Match.objects.get(pk=match.pk)
    assert after.on_turn == 0 or after.over
    bot_moves = MatchAction.objects.filter(match_id=match.pk, index__gt=match.actions_count)
    assert bot_moves.exclude(action__kind="timeout").count() >= 2 * 2

"""A worker's bot task plays the bot moves due at once after it itself (issue 12): a
bot's discard after its draw, the next bot's turn, instead of queueing each and waiting
in the broker behind every other match's tasks (``bot_turns.playing_bots_inline``).

The tasks it would queue go to a queue no worker reads: what happens, happens in the
call. Real PostgreSQL and Redis; each move is its own transaction, as from a task."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from matches import bot_turns, services
from matches.models import Match, MatchAction
from matches.selectors import MatchView

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def no_worker(settings: Any) -> None:
    settings.GAME_TASK_QUEUE = f"nobody-reads-{uuid.uuid4().hex[:8]}"
    settings.BOT_THINK_SECONDS = 0


def bots_on_turn() -> tuple[int, Any]:
    """A classic rummy match of a person (seat 0) and two bots, a bot on turn."""
    from accounts.models import User

    person = User.objects.create_user(f"inline-{uuid.uuid4().hex[:6]}", password="pw-unused-1")
    created = services.match_create(
        user=person, ruleset_name="rummy", seats=3, bots=["EASY", "EASY"], turn_seconds=600
    )
    assert isinstance(created, MatchView)
    started = services.match_start(match_id=created.id, user=person)
    assert isinstance(started, MatchView)
    match = Match.objects.get(pk=created.id)
    if match.on_turn == 0:
        expired = services.match_timeout(match_id=match.pk, turn=match.turn, force=True)
        assert isinstance(expired, MatchView), expired
    return created.id, person


@pytest.mark.usefixtures("no_worker")
def test_a_bot_task_plays_the_bot_moves_that_follow_it() -> None:
    # given: a bot on turn, the other bot after it, then the person
    match_id, _ = bots_on_turn()
    match = Match.objects.get(pk=match_id)
    assert match.on_turn in (1, 2)

    # when: the bot's task runs (its body, as matches.tasks.play_turn runs it)
    outcome = bot_turns.playing_bots_inline(
        lambda: bot_turns.play_turn(match_id=match_id, turn=match.turn)
    )

    # then: every bot turn up to the person's was played in that call (draw, ...,
    # discard each), and the person is on turn
    after = Match.objects.get(pk=match_id)
    assert outcome.startswith("moved"), outcome
    assert after.on_turn == 0 or after.over
    bot_moves = MatchAction.objects.filter(match_id=match_id, index__gte=match.actions_count)
    assert bot_moves.count() >= 2 * (3 - match.on_turn)


@pytest.mark.usefixtures("no_worker")
def test_without_it_a_bot_plays_one_action_and_queues_the_next() -> None:
    # given
    match_id, _ = bots_on_turn()
    match = Match.objects.get(pk=match_id)

    # when: the logic alone, outside a task's inline play
    bot_turns.play_turn(match_id=match_id, turn=match.turn)

    # then: one action (a draw); the discard waits in the (unread) queue
    after = Match.objects.get(pk=match_id)
    assert after.on_turn == match.on_turn
    assert after.actions_count == match.actions_count + 1

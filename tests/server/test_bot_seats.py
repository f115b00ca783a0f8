"""Bot seats played by a real Celery worker (issue 6): every action through
``match_act`` from the seat's view, several actions a turn where the phase needs them,
matches of bots only played to their end with no client at all."""

from __future__ import annotations

from typing import Any

import pytest

from engine.replay import replay
from matches import archive, services
from matches.models import Match, MatchAction, MatchStatus, Seat
from matches.selectors import MatchView, load_state, match_rules
from tests.server.game_workers import (
    Processes,
    wait_for,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("game_settings")]


@pytest.fixture
def owner() -> Any:
    from accounts.models import User

    return User.objects.create_user("owner", password="pw-unused-1")


def bot_match(owner: Any, ruleset: str, levels: list[str], **options: Any) -> int:
    """A match of bots only: seat 0 is made a bot too before the start."""
    created = services.match_create(
        user=owner, ruleset_name=ruleset, options=options, seats=len(levels), bots=levels[1:]
    )
    assert isinstance(created, MatchView), created
    Seat.objects.filter(match_id=created.id, index=0).update(user=None, bot_level=levels[0])
    started = services.match_start(match_id=created.id, user=owner)
    assert isinstance(started, MatchView), started
    return created.id


def finished(match_id: int) -> Match | None:
    match = Match.objects.get(pk=match_id)
    return match if match.status == MatchStatus.FINISHED else None


@pytest.mark.parametrize(
    ("ruleset", "levels", "options"),
    [
        ("robbers", ["EASY", "MEDIUM", "HARD"], {"rounds": 1, "hand_size": 7}),
        ("rummikub", ["EASY", "MEDIUM"], {"rounds": 1, "hand_size": 7}),
        ("rummy", ["EASY", "MEDIUM", "EASY"], {"target_score": 1, "hand_size": 7}),
    ],
)
def test_a_match_of_bots_only_is_played_to_its_end_by_the_worker(
    owner: Any, procs: Processes, ruleset: str, levels: list[str], options: dict[str, Any]
) -> None:
    # given
    match_id = bot_match(owner, ruleset, levels, **options)

    # when
    match = wait_for(f"the {ruleset} match to end\n{procs.logs()}", lambda: finished(match_id), 240)

    # then
    # Read as rows or, once the worker packed the match (matches.archive), its document.
    types = [e["type"] for e in archive.event_rows(match.pk)]
    assert types[-1] == "MATCH_ENDED"
    assert "TURN_EXPIRED" not in types
    actions = [a["action"] for a in archive.action_rows(match.pk)]
    assert actions and all(a["kind"] not in ("timeout", "resign") for a in actions)
    # The stored state is the replay of the action log the bots wrote.
    state, _ = replay(match_rules(match), bytes(match.seed), actions)
    assert state == load_state(match)


def test_a_bot_plays_every_step_of_a_classic_rummy_turn(owner: Any, procs: Processes) -> None:
    # given: draw, then (melds and) a discard, one task per action
    match_id = bot_match(owner, "rummy", ["EASY", "EASY"], target_score=1, hand_size=7)

    # when
    wait_for("a few turns", lambda: Match.objects.get(pk=match_id).turn >= 4 or finished(match_id))

    # then
    kinds = [a["action"]["kind"] for a in archive.action_rows(match_id)][:6]
    assert kinds[0] == "draw" and "discard" in kinds


def test_a_late_or_repeated_bot_task_does_nothing(owner: Any, procs: Processes) -> None:
    from matches.tasks import play_turn

    # given: a finished turn of a bot match
    match_id = bot_match(owner, "robbers", ["EASY", "EASY"], rounds=1, hand_size=7)
    wait_for("turn 3", lambda: Match.objects.get(pk=match_id).turn >= 3 or finished(match_id))
    before = archive.action_rows(match_id)[:2]
    seq_of_turn_1 = [
        e
        for e in archive.event_rows(match_id)
        if e["type"] == "TURN_STARTED" and e["public"]["turn"] == 1
    ]

    # when: the task of turn 1 arrives again
    result = play_turn.apply_async(args=[match_id, 1], queue=procs.queue).get(timeout=60)

    # then
    assert result == "stale"
    assert archive.action_rows(match_id)[:2] == before
    assert len(seq_of_turn_1) == 1


def test_a_human_seat_is_never_played_by_the_bot_task(owner: Any, procs: Processes) -> None:
    from accounts.models import User
    from matches.tasks import play_turn

    # given: two people, no bot
    other = User.objects.create_user("other", password="pw-unused-1")
    created = services.match_create(user=owner, ruleset_name="robbers", seats=2)
    assert isinstance(created, MatchView)
    services.match_join(match_id=created.id, user=other)
    services.match_start(match_id=created.id, user=owner)

    # when
    result = play_turn.apply_async(args=[created.id, 1], queue=procs.queue).get(timeout=60)

    # then
    assert result == "human"
    assert MatchAction.objects.filter(match_id=created.id).count() == 0

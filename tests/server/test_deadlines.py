"""Turn deadlines with a real worker and beat (T-EXPIRY, RR-TIMER, issue 6): an idle
player's turn expires once, the draft is undone and the penalty drawn; a move after the
deadline is refused; a commit racing the deadline is applied or refused, never both."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from engine.errors import Code
from matches import services
from matches.errors import MatchCode, Rejected
from matches.models import Match, MatchAction, MatchEvent
from matches.selectors import MatchView, load_state
from tests.server.game_workers import (
    Processes,
    wait_for,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("game_settings")]


@pytest.fixture
def users() -> list[Any]:
    from accounts.models import User

    return [User.objects.create_user(f"timed{i}", password="pw-unused-1") for i in range(2)]


def timed_match(users: list[Any], turn_seconds: int = 5, **options: Any) -> int:
    created = services.match_create(
        user=users[0], ruleset_name="robbers", options=options, seats=2, turn_seconds=turn_seconds
    )
    assert isinstance(created, MatchView), created
    services.match_join(match_id=created.id, user=users[1])
    started = services.match_start(match_id=created.id, user=users[0])
    assert isinstance(started, MatchView), started
    return created.id


def expiries(match_id: int, turn: int) -> int:
    return MatchEvent.objects.filter(
        match_id=match_id, type="TURN_EXPIRED", public__turn=turn
    ).count()


def test_an_idle_players_turn_expires_once_with_the_draft_undone_and_the_penalty_drawn(
    users: list[Any], procs: Processes
) -> None:
    # given: the player on turn leaves a draft and does nothing more
    match_id = timed_match(users, failed_manipulation_penalty=3, max_timeouts=10)
    match = Match.objects.get(pk=match_id)
    seat, turn = match.on_turn, match.turn
    assert seat is not None and match.deadline is not None
    state = load_state(match)
    assert state is not None
    hand = len(state.seats[seat].hand)
    table = [list(m.codes) for m in state.table] + [[state.seats[seat].hand[0].code]]
    draft = services.match_update_draft(match_id=match_id, turn=turn, table=table, user=users[seat])
    assert isinstance(draft, MatchView), draft

    # when: the deadline passes
    wait_for("the expiry", lambda: expiries(match_id, turn), 60)

    # then
    time.sleep(3)  # several sweeps later, and any duplicate delivery: still once
    assert expiries(match_id, turn) == 1
    event = MatchEvent.objects.get(match_id=match_id, type="TURN_EXPIRED", public__turn=turn)
    assert event.public["seat"] == seat and event.public["penalty"] == 3
    assert event.public["undone"]["draft"] is True
    after = load_state(Match.objects.get(pk=match_id))
    assert after is not None
    assert len(after.seats[seat].hand) == hand + 3
    assert after.turn > turn
    assert after.table == state.table  # the draft is gone, the table as it was


def test_repeated_expiry_tasks_apply_a_deadline_once(users: list[Any], procs: Processes) -> None:
    from matches.tasks import expire_turn

    # given
    match_id = timed_match(users, max_timeouts=10)
    turn = Match.objects.get(pk=match_id).turn

    # when: besides its own task, three more arrive together after the deadline
    time.sleep(5.5)
    results = [expire_turn.apply_async(args=[match_id, turn], queue=procs.queue) for _ in range(3)]
    outcomes = [r.get(timeout=60) for r in results]

    # then
    wait_for("the expiry", lambda: expiries(match_id, turn), 60)
    time.sleep(2)
    assert expiries(match_id, turn) == 1
    assert outcomes.count("expired") <= 1
    assert all(o in ("expired", "STALE_TURN") for o in outcomes)


def test_a_move_after_the_deadline_is_refused_before_the_clock_applies_it(
    users: list[Any], settings: Any
) -> None:
    # given: no worker takes this queue, so nothing expires the turn
    settings.GAME_TASK_QUEUE = "nobody-listens"
    match_id = timed_match(users, max_timeouts=10)
    match = Match.objects.get(pk=match_id)
    Match.objects.filter(pk=match_id).update(deadline=timezone.now() - timedelta(seconds=1))
    mover = users[match.on_turn]

    # when
    result = services.match_draw(match_id=match_id, turn=match.turn, user=mover)

    # then
    assert isinstance(result, Rejected) and result.code == MatchCode.TURN_EXPIRED
    assert Match.objects.get(pk=match_id).last_seq == match.last_seq
    # ... and a stale turn is still STALE_TURN (the order of checks)
    stale = services.match_draw(match_id=match_id, turn=match.turn - 1, user=mover)
    assert isinstance(stale, Rejected) and stale.code == MatchCode.STALE_TURN


@pytest.mark.parametrize("offset", [-0.15, 0.0, 0.15])
def test_a_commit_racing_the_deadline_is_applied_or_refused_never_both(
    users: list[Any], procs: Processes, offset: float
) -> None:
    # given
    match_id = timed_match(users, max_timeouts=10)
    match = Match.objects.get(pk=match_id)
    turn, seat = match.turn, match.on_turn
    assert match.deadline is not None and seat is not None

    # when: the player draws right at the deadline
    wait = (match.deadline - timezone.now()).total_seconds() + offset
    time.sleep(max(0.0, wait))
    result = services.match_draw(match_id=match_id, turn=turn, user=users[seat])

    # then
    wait_for("the turn to end", lambda: Match.objects.get(pk=match_id).turn > turn, 60)
    time.sleep(2)
    actions = list(
        MatchAction.objects.filter(match_id=match_id)
        .order_by("index")
        .values_list("action", flat=True)
    )
    expired = expiries(match_id, turn)
    if isinstance(result, MatchView):
        assert expired == 0
        assert actions[0]["kind"] == "draw"
    else:
        # Refused: too late (TURN_EXPIRED), or the clock already moved the turn on.
        assert result.code in (MatchCode.TURN_EXPIRED, Code.NOT_YOUR_TURN, MatchCode.STALE_TURN)
        assert expired == 1
        assert actions[0]["kind"] == "timeout"
    # One action ended turn 1; the next is the other seat's.
    assert len(actions) == 1 or actions[1]["seat"] != seat

"""Database round trips per committed move (issue 12): with the fast paths a move through
the services costs at most 4, for a person's seat and a bot's, whether it commits a
table, draws or discards (before issue 12: 10 to 12; then 6).

The four: BEGIN; lock the match row and its seats and read them with the seats' users
(one query); one statement that inserts the move's events and its action and updates the
match row (``matches.store``); COMMIT. A move that ends or deals a round writes the round
rows as well (one each); it is counted apart, and so is a move sent with an
idempotencyKey (its record written in a savepoint; the lock query reads it). The plain twins
(``FAST_PATHS`` off) send what the ORM sends: the events, the action and the match row
in three statements, and the record read and written (in a savepoint) apart. Counted on
PostgreSQL with Django's own capture (which records BEGIN and COMMIT too); the service's
transaction is the outermost one (a transactional test), so what it sends is all there is.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from engine.actions import action_to_dict
from engine.policy import choose
from matches import services
from matches.models import Match
from matches.selectors import MatchView, match_rules, match_view

MOVE_ROUND_TRIPS = {"fast": 4, "plain": 6}
ROUND_ROWS = 2  # a move that ends a round and deals the next: ROUND_ENDED, ROUND_STARTED


@pytest.fixture
def quiet_queue(settings: Any) -> None:
    # The tasks queued after each commit go to a queue no worker reads: this test counts
    # the service's statements, not what a worker would do with its tasks.
    settings.GAME_TASK_QUEUE = f"move-queries-{uuid.uuid4().hex[:8]}"


def move(match_id: int, person: Any, bot_seat: int) -> tuple[str, str, int, list[str]]:
    """Play the policy's move for the seat on turn; (who, kind, round trips, events)."""
    match = Match.objects.get(pk=match_id)
    seat = match.on_turn
    assert seat is not None
    who = "bot" if seat == bot_seat else "person"
    seen = match_view(match=match, seat=seat)
    assert seen.view is not None
    action = action_to_dict(choose(seen.view, match_rules(match)))
    kind = action["kind"]
    common: dict[str, Any] = {"match_id": match_id, "turn": seen.turn}
    last_seq = match.last_seq
    with CaptureQueriesContext(connection) as captured:
        if who == "bot":
            result = services.match_act(action=action, bot_seat=seat, **common)
        elif kind == "commit":
            result = services.match_commit_turn(table=action["table"], user=person, **common)
        elif kind == "draw":
            result = services.match_draw(source=action["source"], user=person, **common)
        elif kind == "discard":
            result = services.match_discard(card=action["card"], user=person, **common)
        elif kind == "pass":  # on an empty stock (RR-STOCK-OUT: play goes on after it)
            result = services.match_pass(user=person, **common)
        else:
            pytest.fail(f"the policy chose {kind}")
    assert isinstance(result, MatchView), result
    events = list(
        Match.objects.get(pk=match_id)
        .events.filter(seq__gt=last_seq)
        .order_by("seq")
        .values_list("type", flat=True)
    )
    return who, kind, len(captured.captured_queries), events


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("quiet_queue")
@pytest.mark.parametrize("ruleset", ["rummy", "robbers"])
def test_a_committed_move_costs_at_most_four_round_trips(ruleset: str, twin: str) -> None:
    # given: a live match of a person and a bot (classic rummy: draw, melds, discard)
    from accounts.models import User

    person = User.objects.create_user(f"counted-{ruleset}", password="pw-unused-1")
    created = services.match_create(
        user=person, ruleset_name=ruleset, seats=2, bots=["EASY"], turn_seconds=600
    )
    assert isinstance(created, MatchView)
    assert isinstance(services.match_start(match_id=created.id, user=person), MatchView)

    # when: both seats play the built-in policy for a while
    counts: dict[tuple[str, str], list[int]] = defaultdict(list)
    round_moves: list[int] = []
    for _ in range(120):
        if Match.objects.get(pk=created.id).over:
            break
        who, kind, trips, events = move(created.id, person, bot_seat=1)
        if any(e.startswith("ROUND_") for e in events):
            round_moves.append(trips)
        else:
            counts[(who, kind)].append(trips)

    # then: every kind of move was seen, and none took more than four round trips
    seen = {kind for _who, kind in counts}
    assert {"draw", "discard"} <= seen if ruleset == "rummy" else {"draw", "commit"} <= seen
    assert {who for who, _kind in counts} == {"person", "bot"}
    worst = {key: max(values) for key, values in counts.items()}
    budget = MOVE_ROUND_TRIPS[twin]
    assert all(n <= budget for n in worst.values()), worst
    assert all(n <= budget + ROUND_ROWS for n in round_moves), round_moves


# Writing the key's record in a savepoint (SAVEPOINT, INSERT, RELEASE); plain, reading it
# too (the fast lock query reads it).
KEYED_ROUND_TRIPS = {"fast": MOVE_ROUND_TRIPS["fast"] + 3, "plain": MOVE_ROUND_TRIPS["plain"] + 4}
REPEAT_ROUND_TRIPS = {"fast": 3, "plain": 4}  # BEGIN, the lock (and the record), COMMIT


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("quiet_queue")
def test_a_move_with_an_idempotency_key_costs_its_record(twin: str) -> None:
    # given: classic rummy, the person on turn to draw
    from accounts.models import User

    person = User.objects.create_user("counted-keyed", password="pw-unused-1")
    created = services.match_create(
        user=person, ruleset_name="rummy", seats=2, bots=["EASY"], turn_seconds=600
    )
    assert isinstance(created, MatchView)
    started = services.match_start(match_id=created.id, user=person)
    assert isinstance(started, MatchView)
    while Match.objects.get(pk=created.id).on_turn != 0:
        move(created.id, person, bot_seat=1)
    match = Match.objects.get(pk=created.id)
    common: dict[str, Any] = {"match_id": created.id, "turn": match.turn, "user": person}

    # when: the person draws with a key, then sends the same request again
    with CaptureQueriesContext(connection) as first:
        drawn = services.match_draw(source="stock", idempotency_key="k-1", **common)
    with CaptureQueriesContext(connection) as again:
        repeated = services.match_draw(source="stock", idempotency_key="k-1", **common)

    # then: the record's write more than a move without a key; the repeat is answered
    # from the record the lock read (BEGIN, the lock (and the record), COMMIT) as before
    assert isinstance(drawn, MatchView), drawn
    assert len(first.captured_queries) <= KEYED_ROUND_TRIPS[twin], first.captured_queries
    assert isinstance(repeated, MatchView)
    assert repeated.to_dict() == drawn.to_dict()
    assert len(again.captured_queries) <= REPEAT_ROUND_TRIPS[twin], again.captured_queries
    assert Match.objects.get(pk=created.id).actions_count == match.actions_count + 1

"""A move that waited for the match lock sees what the holder committed (issue 12's
lock query, found by the flaky takeover test), with either twin of the lock query
(``matches.locks``: the fast one and the ORM's).

The lock query reads the match row and its seats in one statement. Under READ COMMITTED
a statement that waits for a row lock gets the newest version of the rows it locks, but
its other rows as they were when it started: before the holder's commit. A bot's move
queued before a reclaim then played the seat its player had just taken back. The seats
are locked too, so this holds whoever wrote them and however (issue 32: it once held only
while every writer of a seat remembered to write the match row as well). These tests
hold the lock in one thread while another waits for it, then commit, and look at what
the waiting move did.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, transaction

from engine.errors import Code
from matches import services
from matches.locks import lock_match
from matches.models import Match, MatchAction, Seat
from matches.selectors import MatchView
from matches.takeover import DISCONNECTED

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("twin")]
WAIT = 60.0  # a bound on a slow machine, never an assertion about speed


@pytest.fixture(autouse=True)
def quiet_queue(settings: Any) -> None:
    # Tasks queued after commit go to a queue no worker reads: nothing moves the match
    # but the test.
    settings.GAME_TASK_QUEUE = f"lock-fresh-{uuid.uuid4().hex[:8]}"


def person(name: str) -> Any:
    from accounts.models import User

    return User.objects.create_user(f"{name}-{uuid.uuid4().hex[:6]}", password="pw-unused-1")


def started(user: Any, **kwargs: Any) -> int:
    created = services.match_create(user=user, ruleset_name="robbers", seats=2, **kwargs)
    assert isinstance(created, MatchView), created
    assert isinstance(services.match_start(match_id=created.id, user=user), MatchView)
    return created.id


def draw(match_id: int, turn: int, seat: int) -> Any:
    """The draw of the bot playing ``seat``."""
    action = {"kind": "draw", "seat": seat, "source": "stock"}
    return services.match_act(match_id=match_id, turn=turn, action=action, bot_seat=seat)


def waiting_for_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE wait_event_type = 'Lock' AND datname = current_database()"
        )
        (count,) = cursor.fetchone()
    return bool(count)


def while_locked(match_id: int, change: Callable[[], Any], waiter: Callable[[], Any]) -> Any:
    """Hold the match lock, start ``waiter`` in a thread, let it block on the lock, make
    ``change`` and commit; what ``waiter`` returned."""
    out: dict[str, Any] = {}

    def wait() -> None:
        try:
            out["result"] = waiter()
        except Exception as exc:  # reported below
            out["error"] = exc
        finally:
            connection.close()

    thread = threading.Thread(target=wait)
    with transaction.atomic():
        lock_match(match_id)
        thread.start()
        deadline = time.monotonic() + WAIT
        while not waiting_for_a_lock():
            assert time.monotonic() < deadline, "the waiter never waited for the lock"
            time.sleep(0.01)
        change()
    thread.join(WAIT)
    assert not thread.is_alive()
    if "error" in out:
        raise out["error"]
    return out["result"]


def test_a_bot_move_waiting_on_a_reclaim_finds_the_seat_its_players_again() -> None:
    # given: a live timed match; a bot took seat 0 over (its player went away) and it is
    # seat 0's turn, not begun
    player = person("back")
    match_id = started(player, bots=["EASY"], turn_seconds=600)
    match = Match.objects.get(pk=match_id)
    if match.on_turn != 0:
        assert isinstance(draw(match_id, match.turn, seat=1), MatchView)
    assert isinstance(
        services.match_take_over(match_id=match_id, seat=0, reason=DISCONNECTED), MatchView
    )
    match = Match.objects.get(pk=match_id)
    assert match.on_turn == 0
    actions = MatchAction.objects.filter(match_id=match_id).count()

    # when: the bot's move waits for the lock the reclaim holds
    reclaimed: list[Any] = []
    result = while_locked(
        match_id,
        lambda: reclaimed.append(services.match_reclaim(match_id=match_id, user=player)),
        lambda: draw(match_id, match.turn, seat=0),
    )

    # then: the reclaim went through and the bot did not play the player's seat
    assert isinstance(reclaimed[0], MatchView), reclaimed
    assert Seat.objects.get(match_id=match_id, index=0).takeover == ""
    assert not isinstance(result, MatchView), "the bot played a seat its player had reclaimed"
    assert result.code == Code.NOT_A_PLAYER, result
    assert MatchAction.objects.filter(match_id=match_id).count() == actions


def test_a_bot_move_waiting_on_a_seat_write_alone_sees_the_seat_as_written() -> None:
    # given: a live timed match; a bot took seat 0 over (its player went away) and it is
    # seat 0's turn, not begun
    player = person("alone")
    match_id = started(player, bots=["EASY"], turn_seconds=600)
    match = Match.objects.get(pk=match_id)
    if match.on_turn != 0:
        assert isinstance(draw(match_id, match.turn, seat=1), MatchView)
    assert isinstance(
        services.match_take_over(match_id=match_id, seat=0, reason=DISCONNECTED), MatchView
    )
    match = Match.objects.get(pk=match_id)
    actions = MatchAction.objects.filter(match_id=match_id).count()

    # when: the bot's move waits for the lock while the holder gives the seat back by
    # writing the seat row and nothing else (a writer that leaves the match row alone)
    def give_back() -> None:
        Seat.objects.filter(match_id=match_id, index=0).update(takeover="", takeover_at=None)

    result = while_locked(match_id, give_back, lambda: draw(match_id, match.turn, seat=0))

    # then: the bot saw the seat as the holder left it, and did not play it
    assert not isinstance(result, MatchView), "the bot played a seat given back to its player"
    assert result.code == Code.NOT_A_PLAYER, result
    assert MatchAction.objects.filter(match_id=match_id).count() == actions


def test_a_retry_waiting_on_its_first_send_gets_the_first_result() -> None:
    # given: two people; seat 0's turn
    first, second = person("first"), person("second")
    created = services.match_create(user=first, ruleset_name="robbers", seats=2, turn_seconds=600)
    assert isinstance(created, MatchView)
    assert isinstance(services.match_join(match_id=created.id, user=second), MatchView)
    assert isinstance(services.match_start(match_id=created.id, user=first), MatchView)
    match = Match.objects.get(pk=created.id)
    user = first if match.on_turn == 0 else second

    # when: the same draw with the same key is sent twice, the retry while the first
    # still holds the lock
    def send() -> Any:
        return services.match_draw(
            match_id=created.id, turn=match.turn, idempotency_key="draw-once", user=user
        )

    firsts: list[Any] = []
    retry = while_locked(created.id, lambda: firsts.append(send()), send)

    # then: the retry answers what the first send did, not a stale turn
    assert isinstance(firsts[0], MatchView), firsts
    assert isinstance(retry, MatchView), retry
    assert retry.to_dict() == firsts[0].to_dict()

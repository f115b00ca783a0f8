"""Seat takeover (T-ASYNC, issue 6) with a real worker and beat: after max_timeouts
expiries, a resignation or a live player's disconnection a bot plays the seat on, the
seat row records the abandonment, and the player can reclaim the seat (not after a
resignation)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from engine.errors import Code
from matches import services
from matches.errors import Rejected
from matches.models import Match, MatchAction, MatchEvent, Seat
from matches.presence import attending
from matches.selectors import MatchView
from tests.server.game_workers import (
    Processes,
    wait_for,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("game_settings")]


@pytest.fixture
def player() -> Any:
    from accounts.models import User

    return User.objects.create_user("leaver", password="pw-unused-1")


def with_bots(player: Any, turn_seconds: int | None = None, **options: Any) -> int:
    """The player in seat 0 against two bots (long hands: a long match)."""
    created = services.match_create(
        user=player,
        ruleset_name="robbers",
        options={"rounds": 1, **options},
        seats=3,
        bots=["EASY", "EASY"],
        turn_seconds=turn_seconds,
    )
    assert isinstance(created, MatchView), created
    started = services.match_start(match_id=created.id, user=player)
    assert isinstance(started, MatchView), started
    return created.id


def seat_changes(match_id: int, change: str) -> list[dict[str, Any]]:
    return list(
        MatchEvent.objects.filter(
            match_id=match_id, type="SEAT_CHANGED", public__seat=0, public__change=change
        ).values_list("public", flat=True)
    )


def bot_moved_for_seat_0(match_id: int, after_index: int = -1) -> bool:
    return (
        MatchAction.objects.filter(match_id=match_id, index__gt=after_index, action__seat=0)
        .exclude(action__kind__in=["timeout", "resign", "reclaim", "draft"])
        .exists()
    )


def reclaim(match_id: int, player: Any) -> MatchView | None:
    result = services.match_reclaim(match_id=match_id, user=player)
    return result if isinstance(result, MatchView) else None


@contextmanager
def watching(match_id: int, player: Any) -> Iterator[None]:
    """The player's subscription of the match (its presence) open while the block runs."""
    stop = threading.Event()

    async def watch() -> None:
        async with attending(match_id, player):
            while not stop.is_set():
                await asyncio.sleep(0.05)

    thread = threading.Thread(target=asyncio.run, args=(watch(),))
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(30)


def test_after_max_timeouts_a_bot_plays_the_seat_until_it_is_reclaimed(
    player: Any, procs: Processes
) -> None:
    # given: one expiry is enough to lose the seat
    match_id = with_bots(player, turn_seconds=5, max_timeouts=1)

    # when
    wait_for("the takeover", lambda: seat_changes(match_id, "bot_took_over"), 60)

    # then
    row = Seat.objects.get(match_id=match_id, index=0)
    assert (row.takeover, row.abandoned, row.timeouts) == ("timeouts", True, 1)
    wait_for("the bot's move for seat 0", lambda: bot_moved_for_seat_0(match_id), 60)
    match = Match.objects.get(pk=match_id)
    refused = services.match_draw(match_id=match_id, turn=match.turn, user=player)
    assert isinstance(refused, Rejected)
    # ... and the player takes the seat back at the start of a later turn
    assert wait_for("the reclaim", lambda: reclaim(match_id, player), 60)
    row.refresh_from_db()
    assert (row.takeover, row.abandoned) == ("", False)
    assert seat_changes(match_id, "reclaimed")


def test_a_resigned_seat_is_played_by_a_bot_and_cannot_be_reclaimed(
    player: Any, procs: Processes
) -> None:
    # given: untimed; the player resigns on their own turn
    match_id = with_bots(player)
    wait_for("seat 0's turn", lambda: Match.objects.get(pk=match_id).on_turn == 0, 60)

    # when
    result = services.match_resign(match_id=match_id, user=player)

    # then
    assert isinstance(result, MatchView), result
    wait_for("the bot's move for seat 0", lambda: bot_moved_for_seat_0(match_id), 60)
    row = Seat.objects.get(match_id=match_id, index=0)
    assert (row.takeover, row.abandoned) == ("resigned", True)
    refused = services.match_reclaim(match_id=match_id, user=player)
    assert isinstance(refused, Rejected) and refused.code in (Code.NOT_A_PLAYER, Code.NOT_ALLOWED)


def test_a_disconnected_live_player_is_replaced_by_a_bot_until_they_reclaim(
    player: Any, procs: Processes
) -> None:
    # given: the player of a timed match (T-TAKEOVER) watched it over a websocket
    # subscription, then left
    match_id = with_bots(player, turn_seconds=3600)

    async def watch() -> None:
        async with attending(match_id, player):
            await asyncio.sleep(1)

    asyncio.run(watch())

    # when: the grace period (3 s here) passes
    changes = wait_for("the takeover", lambda: seat_changes(match_id, "bot_took_over"), 60)

    # then
    assert changes[0]["reason"] == "disconnected"
    row = Seat.objects.get(match_id=match_id, index=0)
    assert (row.takeover, row.abandoned) == ("disconnected", True)
    wait_for("the bot's move for seat 0", lambda: bot_moved_for_seat_0(match_id), 60)
    # ... until the player is back: watching again (else, once the grace period after
    # the reclaim passes, a bot takes the seat over again, as it should) and reclaiming
    with watching(match_id, player):
        assert wait_for("the reclaim", lambda: reclaim(match_id, player), 60)
        row.refresh_from_db()
        assert (row.takeover, row.abandoned) == ("", False)
        index = MatchAction.objects.filter(match_id=match_id).count() - 1
        wait_for("seat 0's turn", lambda: Match.objects.get(pk=match_id).on_turn == 0, 60)
        assert not bot_moved_for_seat_0(match_id, after_index=index)

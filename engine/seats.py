"""Resigning and reclaiming a seat (T-ASYNC, T-TAKEOVER).

A resigned seat stays in the match and is played by whatever acts for it (the server's
bot); it ranks last and never wins. When at most one seat is left that has not
resigned, the match ends at once and that seat wins. ``Reclaim`` gives a bot-played
seat back to its player.
"""

from __future__ import annotations

import dataclasses

from engine import payloads
from engine.errors import Code, RuleViolation
from engine.events import (
    SEAT_CHANGED,
    Event,
)
from engine.flow import Events, finish, with_seat
from engine.scoring import outcome
from engine.state import (
    GameState,
)


def do_resign(state: GameState, events: Events, seat: int) -> GameState:
    """T-ASYNC: the seat's player leaves; a bot plays the seat on (see module notes)."""
    if state.seats[seat].resigned:
        raise RuleViolation(Code.NOT_ALLOWED, f"seat {seat} has already resigned", rule="T-ASYNC")
    state = dataclasses.replace(state, seats=with_seat(state, seat, resigned=True, bot=True))
    resigned: payloads.SeatChanged = {"seat": seat, "change": "resigned"}
    events.append(Event(SEAT_CHANGED, resigned))
    left = [i for i, s in enumerate(state.seats) if not s.resigned]
    if len(left) <= 1:
        result = outcome(state.rules, state.seats, "resignation", left, state.results)
        return finish(state, events, result)
    return state


def do_reclaim(state: GameState, events: Events, seat: int) -> GameState:
    me = state.seats[seat]
    if me.resigned or not me.bot:
        raise RuleViolation(
            Code.NOT_ALLOWED,
            f"seat {seat} " + ("has resigned" if me.resigned else "is not played by a bot"),
            rule="T-ASYNC",
        )
    state = dataclasses.replace(state, seats=with_seat(state, seat, bot=False, timeouts=0))
    reclaimed: payloads.SeatChanged = {"seat": seat, "change": "reclaimed"}
    events.append(Event(SEAT_CHANGED, reclaimed))
    return state

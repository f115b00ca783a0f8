"""Undo (CR-TURN steps, T-DRAFT, RK-RIVER takes). :func:`check_undo` says what an Undo
would undo, for :func:`engine.game.apply` and :func:`engine.game.legal` alike. A
classic-rummy draw from the discard pile can be undone while nothing was melded after it.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from engine import payloads
from engine.errors import Code, RuleViolation
from engine.events import (
    MOVE_UNDONE,
    Event,
)
from engine.flow import Events, codes, sorted_cards, table_json, with_seat
from engine.state import (
    GameState,
    TurnState,
)


def fresh_turn(cur: TurnState) -> TurnState:
    """The turn as it began (after an undone draw or river take)."""
    return TurnState(seat=cur.seat, start_opened=cur.start_opened, empty_stock=cur.empty_stock)


def undo_river(state: GameState) -> GameState:
    """Give back a river take (RK-RIVER): the tiles return to their places."""
    cur = state.current
    assert cur.key is not None and cur.river_index is not None
    taken = (cur.key, *cur.booty)
    hand = Counter(state.seats[cur.seat].hand) - Counter(taken)
    return dataclasses.replace(
        state,
        river=(*state.river, *taken),
        seats=with_seat(state, cur.seat, hand=sorted_cards(hand.elements())),
        current=fresh_turn(cur),
        phase="play",
    )


def check_undo(state: GameState) -> str:
    """What an Undo would undo now ("draft", "river", "meld" or "draw"), for
    :func:`apply` and :func:`legal` alike; raises NOTHING_TO_UNDO."""
    cur = state.current
    if cur.draft is not None:
        return "draft"
    if state.phase == "key":
        return "river"
    if state.phase == "meld" and cur.steps:
        return "meld"
    if state.phase == "meld" and cur.drawn_from == "discard" and cur.taken is not None:
        return "draw"
    raise RuleViolation(
        Code.NOTHING_TO_UNDO,
        "nothing to undo" + (": a card drawn from the stock stays drawn" if cur.drawn else ""),
        rule="CR-TURN",
    )


def do_undo(state: GameState, events: Events) -> GameState:
    """CR-TURN: one step back before the discard; elsewhere drop the draft (T-DRAFT) or a
    river take (RK-RIVER)."""
    seat = state.on_turn
    cur = state.current
    what = check_undo(state)
    if what == "draft":
        state = dataclasses.replace(state, current=dataclasses.replace(cur, draft=None))
    elif what == "river":
        state = undo_river(state)
    elif what == "meld":
        step = cur.steps[-1]
        state = dataclasses.replace(
            state,
            table=step.table,
            placed_by=step.placed_by,
            seats=with_seat(state, seat, hand=step.hand, opened=step.opened),
            current=dataclasses.replace(cur, steps=cur.steps[:-1], played=len(cur.steps) > 1),
        )
    else:
        assert cur.taken is not None
        hand = Counter(state.seats[seat].hand)
        hand[cur.taken] -= 1
        state = dataclasses.replace(
            state,
            discard=(*state.discard, cur.taken),
            seats=with_seat(state, seat, hand=sorted_cards(hand.elements())),
            current=fresh_turn(cur),
            phase="draw",
        )
    undone: payloads.MoveUndone = {
        "seat": seat,
        "undone": what,
        "table": table_json(state.table, state.placed_by),
        "handCount": len(state.seats[seat].hand),
        "phase": state.phase,
        "discardTop": state.discard[-1].code if state.discard else None,
        "river": codes(state.river),
    }
    events.append(Event(MOVE_UNDONE, undone))
    return state

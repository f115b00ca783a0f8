"""Arranging positions for tests (engine, bots): put chosen cards where a test needs
them. Not used by the game itself; the positions it makes need not keep the deck's
card counts (a test of a lay-off does not need the other 90 cards).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from engine.cards import parse_card, sort_key
from engine.game import three_step_turns
from engine.state import GameState, Phase, TurnState
from engine.turn import read_table


def arrange(
    state: GameState,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    stock: Sequence[str] | None = None,
    discard: Sequence[str] | None = None,
    river: Sequence[str] | None = None,
    table: Sequence[Sequence[str]] | None = None,
    placed_by: Sequence[Sequence[int]] | None = None,
    opened: Mapping[int, bool] | None = None,
    on_turn: int | None = None,
    totals: Mapping[int, int] | None = None,
) -> GameState:
    """``state`` with the given hands (codes), stock (top first), discard pile (top
    last), river, table and opened flags; ``on_turn`` starts a fresh turn there."""
    seats = list(state.seats)
    for seat, codes in (hands or {}).items():
        cards = tuple(sorted((parse_card(c) for c in codes), key=sort_key))
        seats[seat] = dataclasses.replace(seats[seat], hand=cards)
    for seat, flag in (opened or {}).items():
        seats[seat] = dataclasses.replace(seats[seat], opened=flag)
    for seat, total in (totals or {}).items():
        seats[seat] = dataclasses.replace(seats[seat], total=total)
    changes: dict[str, object] = {"seats": tuple(seats)}
    if stock is not None:
        changes["stock"] = tuple(parse_card(c) for c in stock)
    if discard is not None:
        changes["discard"] = tuple(parse_card(c) for c in discard)
    if river is not None:
        changes["river"] = tuple(parse_card(c) for c in river)
    if table is not None:
        melds = read_table(state.rules, table)
        changes["table"] = melds
        changes["placed_by"] = (
            tuple(tuple(p) for p in placed_by)
            if placed_by is not None
            else tuple(tuple(-1 for _ in m.cards) for m in melds)
        )
    state = dataclasses.replace(state, **changes)  # type: ignore[arg-type]
    if on_turn is not None or stock is not None:
        seat = state.on_turn if on_turn is None else on_turn
        phase: Phase = "draw" if three_step_turns(state.rules) else "play"
        state = dataclasses.replace(
            state,
            current=TurnState(
                seat=seat, start_opened=state.seats[seat].opened, empty_stock=not state.stock
            ),
            phase=phase,
        )
    return state

"""Draws (RR-TURN B, RR-DISCARD, RK-RIVER, CR-TURN) and failed turns (RR-FAIL).

:func:`check_draw` is the precondition of a draw, asked by :func:`engine.game.apply`
and :func:`engine.game.legal` alike. RR-FAIL Decision: a turn touched the table when a
draft differed from the table at any moment or a commit was rejected by the rules; with
a ``failed_manipulation_penalty`` a draw from such a turn is the penalty draw from the
stock, ending the turn (a pile or river draw is refused, NOT_ALLOWED); without one the
draw is the ordinary one. A stock draw cannot be undone (the card was seen).
"""

from __future__ import annotations

import dataclasses

from engine import payloads
from engine.actions import (
    Draw,
)
from engine.cards import Card
from engine.errors import Code, RuleViolation
from engine.events import (
    CARD_DRAWN,
    Event,
)
from engine.flow import (
    Events,
    codes,
    draft_dirty,
    end_turn,
    sorted_cards,
    three_step_turns,
    with_seat,
)
from engine.state import (
    GameState,
)
from engine.undo import undo_river


def take(stock: tuple[Card, ...], n: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return stock[:n], stock[n:]


def failing(state: GameState) -> bool:
    """RR-FAIL Decision: would a draw now end a failed manipulation? The table was
    touched this turn (a changed draft at any moment, or a rejected commit) and the
    rule set has a failed-manipulation penalty (without one the draw is the usual)."""
    rules = state.rules
    if three_step_turns(rules) or rules.failed_manipulation_penalty <= 0:
        return False
    return state.current.touched or draft_dirty(state)


def check_draw(state: GameState, source: str, river_index: int | None = None) -> None:
    """The preconditions of a draw from ``source``, for :func:`apply` and :func:`legal`
    alike; raises the RuleViolation a draw would raise."""
    rules = state.rules
    classic = three_step_turns(rules)
    if state.phase != ("draw" if classic else "play"):
        raise RuleViolation(
            Code.ALREADY_DREW,
            "you have already drawn this turn",
            rule="CR-TURN" if classic else "RR-TURN",
        )
    if source != "stock" and failing(state):
        raise RuleViolation(
            Code.NOT_ALLOWED,
            "you changed the table this turn: the turn has failed and you draw "
            f"{rules.fail_draw_count} from the stock",
            rule="RR-FAIL",
        )
    if source == "stock":
        if not state.stock:
            raise RuleViolation(
                Code.STOCK_EMPTY,
                "the stock is empty: play or pass"
                + (", or take from the discard pile" if rules.discard_pile else ""),
                rule="RR-STOCK-OUT",
            )
        return
    if source == "discard":
        if not rules.discard_pile:
            raise RuleViolation(
                Code.NOT_ALLOWED, "this game has no discard pile", rule="RR-DISCARD"
            )
        if not state.discard:
            raise RuleViolation(
                Code.DISCARD_PILE_EMPTY, "the discard pile is empty", rule="RR-DISCARD"
            )
        top = state.discard[-1]
        if all(c == top for c in state.seats[state.on_turn].hand):
            # R-PLAYABLE: after the draw no card could be discarded (RR-DISCARD).
            raise RuleViolation(
                Code.DISCARD_TAKEN_CARD,
                f"taking {top} would leave you nothing you may discard this turn",
                rule="CR-DISCARD-RULE" if classic else "RR-DISCARD",
            )
        return
    if not rules.river:
        raise RuleViolation(Code.NOT_ALLOWED, "this game has no river", rule="RK-RIVER")
    if river_index is None or not 0 <= river_index < len(state.river):
        raise RuleViolation(
            Code.NOT_ALLOWED,
            f"the river has {len(state.river)} tiles; there is no tile {river_index}",
            rule="RK-RIVER",
        )


def do_draw(state: GameState, events: Events, action: Draw) -> GameState:
    rules = state.rules
    seat = state.on_turn
    cur = state.current
    classic = three_step_turns(rules)
    check_draw(state, action.source, action.river_index)
    if failing(state):
        return failed_turn(state, events, rules.fail_draw_count)
    state = dataclasses.replace(state, current=dataclasses.replace(cur, draft=None))
    cur = state.current
    hand = state.seats[seat].hand
    if action.source == "stock":
        n = 2 if rules.river else 1
        drawn, stock = take(state.stock, n)
        state = dataclasses.replace(
            state,
            stock=stock,
            seats=with_seat(state, seat, hand=sorted_cards((*hand, *drawn))),
            current=dataclasses.replace(cur, drawn_from="stock", drawn=drawn),
        )
        drew: payloads.CardDrawn = {
            "seat": seat,
            "source": "stock",
            "count": len(drawn),
            "penalty": 0,
        }
        events.append(Event(CARD_DRAWN, drew, {seat: {"cards": codes(drawn)}}))
        if classic:
            return dataclasses.replace(state, phase="meld")
        if len(drawn) == 2 or rules.discard_pile:
            return dataclasses.replace(state, phase="discard")
        return end_turn(state, events, played=False)
    if action.source == "discard":
        card = state.discard[-1]
        state = dataclasses.replace(
            state,
            discard=state.discard[:-1],
            seats=with_seat(state, seat, hand=sorted_cards((*hand, card))),
            current=dataclasses.replace(cur, drawn_from="discard", taken=card),
            phase="meld" if classic else "discard",
        )
        took: payloads.CardDrawn = {
            "seat": seat,
            "source": "discard",
            "count": 1,
            "card": card.code,
        }
        events.append(Event(CARD_DRAWN, took))
        return state
    # RK-RIVER: the key tile and every newer tile.
    index = action.river_index
    assert index is not None
    taken = state.river[index:]
    state = dataclasses.replace(
        state,
        river=state.river[:index],
        seats=with_seat(state, seat, hand=sorted_cards((*hand, *taken))),
        current=dataclasses.replace(
            cur, drawn_from="river", key=taken[0], booty=taken[1:], river_index=index
        ),
        phase="key",
    )
    took_river: payloads.CardDrawn = {
        "seat": seat,
        "source": "river",
        "count": len(taken),
        "riverIndex": index,
        "key": taken[0].code,
        "booty": codes(taken[1:]),
    }
    events.append(Event(CARD_DRAWN, took_river))
    return state


def penalty_draw(state: GameState, events: Events, n: int) -> GameState:
    seat = state.on_turn
    drawn, stock = take(state.stock, n)
    state = dataclasses.replace(
        state,
        stock=stock,
        seats=with_seat(state, seat, hand=sorted_cards((*state.seats[seat].hand, *drawn))),
    )
    penalty: payloads.CardDrawn = {
        "seat": seat,
        "source": "stock",
        "count": len(drawn),
        "penalty": n,
    }
    events.append(Event(CARD_DRAWN, penalty, {seat: {"cards": codes(drawn)}}))
    return state


def failed_turn(state: GameState, events: Events, n: int) -> GameState:
    """RR-FAIL / RK-FAIL / RK-TIMER: the draft is undone and ``n`` cards are drawn (as
    many as the stock holds); the turn ends without a play."""
    if state.phase == "key":
        state = undo_river(state)
    state = dataclasses.replace(state, current=dataclasses.replace(state.current, draft=None))
    state = penalty_draw(state, events, n)
    return end_turn(state, events, played=False)

"""Discards (RR-DISCARD, RK-RIVER, CR-TURN, CR-DISCARD-RULE) and passes (RR-STOCK-OUT).

:func:`check_discard` and :func:`check_pass` are the preconditions, asked by
:func:`engine.game.apply` and :func:`engine.game.legal` alike.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from engine import payloads
from engine.cards import Card, sort_key
from engine.errors import Code, RuleViolation
from engine.events import (
    CARD_DISCARDED,
    TURN_PASSED,
    Event,
)
from engine.flow import (
    Events,
    codes,
    end_round,
    end_turn,
    sorted_cards,
    three_step_turns,
    with_seat,
)
from engine.state import (
    GameState,
)


def check_discard(state: GameState, card: Card) -> None:
    """The preconditions of discarding ``card`` (RR-DISCARD, RK-RIVER, CR-TURN,
    CR-DISCARD-RULE), for :func:`apply` and :func:`legal` alike."""
    rules = state.rules
    cur = state.current
    if state.phase == "draw":
        raise RuleViolation(Code.MUST_DRAW_FIRST, "draw a card first", rule="CR-TURN")
    if state.phase not in ("discard", "meld"):
        if rules.discard_pile or rules.river:
            raise RuleViolation(
                Code.MUST_DRAW_FIRST, "you discard after drawing", rule="RR-DISCARD"
            )
        raise RuleViolation(Code.NOT_ALLOWED, "this game has no discard pile", rule="RR-TURN")
    if card not in state.seats[state.on_turn].hand:
        raise RuleViolation(Code.CARD_NOT_IN_HAND, f"{card} is not in your hand", rule="CR-TURN")
    if rules.river and card not in cur.drawn:
        raise RuleViolation(
            Code.NOT_ALLOWED,
            f"discard one of the two tiles you drew: {' or '.join(codes(cur.drawn))}",
            rule="RK-RIVER",
        )
    if cur.taken == card:  # any identical copy too (RR-DISCARD, CR-DISCARD-RULE Decision)
        raise RuleViolation(
            Code.DISCARD_TAKEN_CARD,
            f"{card} was taken from the discard pile this turn and may not be discarded",
            rule="CR-DISCARD-RULE" if three_step_turns(rules) else "RR-DISCARD",
        )


def do_discard(state: GameState, events: Events, card: Card) -> GameState:
    check_discard(state, card)
    seat = state.on_turn
    cur = state.current
    to_river = state.rules.river
    hand = Counter(state.seats[seat].hand)
    hand[card] -= 1
    seats = with_seat(state, seat, hand=sorted_cards(hand.elements()))
    if to_river:
        state = dataclasses.replace(state, seats=seats, river=(*state.river, card))
    else:
        state = dataclasses.replace(state, seats=seats, discard=(*state.discard, card))
    state = dataclasses.replace(state, current=dataclasses.replace(cur, draft=None))
    discarded: payloads.CardDiscarded = {
        "seat": seat,
        "card": card.code,
        "to": "river" if to_river else "discard",
    }
    events.append(Event(CARD_DISCARDED, discarded))
    if not seats[seat].hand:
        return end_round(state, events, "out", went_out=seat)  # CR-OUT
    return end_turn(state, events, played=cur.played)


def forced_discard(state: GameState) -> Card:
    """What a timeout discards after a draw: the card drawn from the stock, else the
    highest-valued card that may be discarded."""
    cur = state.current
    if cur.drawn:
        return cur.drawn[-1]
    hand = Counter(state.seats[cur.seat].hand)
    allowed = [c for c in hand if c != cur.taken]
    return max(allowed, key=lambda c: (state.rules.card_value(c), sort_key(c)))


def check_pass(state: GameState) -> None:
    """RR-STOCK-OUT / RK-END: with an empty stock a player who will not play passes."""
    if three_step_turns(state.rules) or state.phase != "play":
        raise RuleViolation(Code.NOT_ALLOWED, "you cannot pass now", rule="RR-STOCK-OUT")
    if state.stock:
        raise RuleViolation(
            Code.STOCK_NOT_EMPTY,
            f"you may pass only when the stock is empty; it holds {len(state.stock)} cards",
            rule="RR-STOCK-OUT",
        )


def do_pass(state: GameState, events: Events) -> GameState:
    check_pass(state)
    state = dataclasses.replace(state, current=dataclasses.replace(state.current, draft=None))
    passed: payloads.TurnPassed = {"seat": state.on_turn}
    events.append(Event(TURN_PASSED, passed))
    return end_turn(state, events, played=False)

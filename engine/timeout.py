"""Timeouts (T-EXPIRY, RR-TIMER, RK-TIMER, T-ASYNC); always applicable (R-PLAYABLE).

T-EXPIRY Decision: with ``timeout_commits_valid_draft`` a Robbers/Rummikub draft that
would be a valid commit is committed at the deadline; otherwise the draft is undone and
the timeout draws ``rules.timeout_draws`` (the larger of ``timeout_penalty`` and the
failed turn's draw). In classic rummy the turn's melds are still undone (its turn is not
complete without the discard): draw if not drawn, then discard the card drawn.
``max_timeouts`` timeouts in a row mark the seat ``bot``; the server picks its moves.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from engine import payloads
from engine.actions import (
    Commit,
    Draw,
)
from engine.commit import do_commit
from engine.discard import do_discard, forced_discard
from engine.draw import do_draw, failed_turn
from engine.errors import EngineError
from engine.events import (
    SEAT_CHANGED,
    TURN_EXPIRED,
    Event,
)
from engine.flow import Events, draft_dirty, sorted_cards, with_seat
from engine.state import (
    GameState,
)
from engine.undo import fresh_turn


def commit_draft(state: GameState) -> tuple[GameState, Events] | None:
    """T-EXPIRY Decision (``timeout_commits_valid_draft``): the draft committed, if it
    changes the table and would be a valid commit now; else None."""
    draft = state.current.draft
    if not state.rules.timeout_commits_valid_draft or draft is None or not draft_dirty(state):
        return None
    events: Events = []
    try:
        after = do_commit(state, events, Commit(state.on_turn, [list(m) for m in draft]))
    except EngineError:
        return None
    return after, events


def do_timeout(state: GameState, events: Events) -> GameState:
    """T-EXPIRY: undo the draft and apply the preset's failed-turn action, once."""
    rules = state.rules
    seat = state.on_turn
    cur = state.current
    me = state.seats[seat]
    undone: payloads.Undone = {
        "draft": cur.draft is not None,
        "steps": len(cur.steps),
        "riverTake": state.phase == "key",
    }
    committed: tuple[GameState, Events] | None = None
    if state.phase in ("play", "key"):
        committed = commit_draft(state)
    touched = cur.touched or draft_dirty(state)
    penalty = 0
    if state.phase in ("play", "key") and committed is None:
        penalty = rules.timeout_draws(touched=touched)
    if committed is not None:
        undone = {"draft": False, "steps": 0, "riverTake": False}
    expired: payloads.TurnExpired = {
        "seat": seat,
        "turn": state.turn,
        "undone": undone,
        "penalty": penalty,
        "committed": committed is not None,
    }
    events.append(Event(TURN_EXPIRED, expired))
    timeouts = me.timeouts + 1
    takeover = timeouts >= rules.max_timeouts and not me.bot
    state = dataclasses.replace(
        state, seats=with_seat(state, seat, timeouts=timeouts, bot=me.bot or takeover)
    )
    if takeover:
        took_over: payloads.SeatChanged = {
            "seat": seat,
            "change": "bot_took_over",
            "reason": "timeouts",
        }
        events.append(Event(SEAT_CHANGED, took_over))
    if committed is not None:
        after, more = committed
        seats = with_seat(after, seat, timeouts=timeouts, bot=me.bot or takeover)
        events.extend(more)
        return dataclasses.replace(after, seats=seats)
    if state.phase in ("play", "key"):
        return failed_turn(state, events, penalty)
    if state.phase == "discard":
        return do_discard(state, events, forced_discard(state))
    # Classic rummy (T-EXPIRY): draw from the stock if not drawn, undo this turn's melds,
    # discard the card drawn. A card taken from the pile goes back first, since it may
    # not be discarded (CR-DISCARD-RULE).
    if cur.steps:
        step = cur.steps[0]
        state = dataclasses.replace(
            state,
            table=step.table,
            placed_by=step.placed_by,
            seats=with_seat(state, seat, hand=step.hand, opened=step.opened),
        )
    state = dataclasses.replace(
        state, current=dataclasses.replace(state.current, steps=(), draft=None, played=False)
    )
    if state.phase == "meld" and cur.drawn_from == "discard" and cur.taken is not None:
        hand = Counter(state.seats[seat].hand)
        hand[cur.taken] -= 1
        state = dataclasses.replace(
            state,
            discard=(*state.discard, cur.taken),
            seats=with_seat(state, seat, hand=sorted_cards(hand.elements())),
            current=fresh_turn(cur),
            phase="draw",
        )
    if state.phase == "draw":
        state = do_draw(state, events, Draw(seat, "stock"))
    return do_discard(state, events, state.current.drawn[-1])

"""Commits and drafts (RR-TURN A, RR-MANIP, RR-OPEN, RR-JOKER, RK-RIVER key tile,
CR-LAYOFF steps, T-DRAFT).

:func:`check_play_phase` is the precondition of both; the rules of a commit are
:func:`engine.turn.check_turn`. A commit rejected by the rules carries the state marked
``touched`` as ``exc.after`` (RR-FAIL Decision), for the server to keep.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Sequence

from engine import payloads
from engine.actions import (
    Commit,
    UpdateDraft,
)
from engine.cards import JOKER, Card, parse_card, parse_meld_card
from engine.errors import BadInput, Code, RuleViolation
from engine.events import (
    DRAFT_UPDATED,
    TURN_COMMITTED,
    Event,
)
from engine.flow import (
    Events,
    codes,
    draft_dirty,
    end_round,
    end_turn,
    sorted_cards,
    table_json,
    three_step_turns,
    with_seat,
)
from engine.melds import Meld
from engine.rules import RuleSet
from engine.state import (
    GameState,
    Step,
)
from engine.turn import JokerSwap, TurnCheck, check_turn, table_cards


def check_play_phase(state: GameState, what: str) -> None:
    phase = state.phase
    if phase in ("play", "key", "meld"):
        return
    if phase == "draw":
        raise RuleViolation(Code.MUST_DRAW_FIRST, f"draw a card before you {what}", rule="CR-TURN")
    raise RuleViolation(
        Code.MUST_DISCARD,
        f"discard a card to end your turn; you cannot {what} now",
        rule="RK-RIVER" if state.rules.river else "RR-DISCARD",
    )


def judge_commit(
    rules: RuleSet,
    *,
    table: Sequence[Meld],
    hand: Iterable[Card],
    opened: bool,
    commit: Sequence[Sequence[object]],
    booty: Iterable[Card] = (),
    key: Card | None = None,
    taken: Card | None = None,
    joker_swaps: Sequence[JokerSwap] = (),
    seat: int = 0,
    placed_by: Sequence[Sequence[int]] | None = None,
) -> tuple[TurnCheck, Counter[Card]]:
    """Every rule a commit must meet, asked by :func:`do_commit` and by the bots alike:
    :func:`engine.turn.check_turn` on the usable hand (RK-RIVER: not the ``booty``),
    the river's ``key`` tile played, and CR-DISCARD-RULE for the card ``taken`` from
    the pile. Returns the check and the hand after the commit; raises as apply would."""
    full: Counter[Card] = Counter(hand)
    result = check_turn(
        rules,
        table=table,
        hand=full - Counter(booty),
        opened=rules.plays_as_opened(opened),
        commit=commit,
        joker_swaps=joker_swaps,
        seat=seat,
        placed_by=placed_by,
    )
    played = Counter(result.played)
    if key is not None and not played[key]:
        raise RuleViolation(
            Code.KEY_TILE_NOT_PLAYED,
            f"the key tile {key} taken from the river must be played this turn",
            rule="RK-RIVER",
        )
    left = full - played
    if result.jokers_to_hand:
        left[JOKER] += result.jokers_to_hand
    if taken is not None and rules.three_step_turns and set(+left) == {taken}:
        raise RuleViolation(
            Code.DISCARD_TAKEN_CARD,
            f"you may not meld down to only {taken}, the card taken from the discard pile",
            rule="CR-DISCARD-RULE",
        )
    return result, left


def do_commit(state: GameState, events: Events, action: Commit) -> GameState:
    """RR-TURN (A), RR-MANIP, RR-OPEN, RR-JOKER, RK-RIVER key tile, CR-LAYOFF steps."""
    check_play_phase(state, "play to the table")
    rules = state.rules
    seat = state.on_turn
    cur = state.current
    me = state.seats[seat]
    swaps = tuple(JokerSwap(i, parse_card(c)) for i, c in action.joker_swaps)
    try:
        result, new_hand = judge_commit(
            rules,
            table=state.table,
            hand=me.hand,
            opened=me.opened,
            commit=action.table,
            booty=cur.booty,
            key=cur.key,
            taken=cur.taken,
            joker_swaps=swaps,
            seat=seat,
            placed_by=state.placed_by,
        )
    except RuleViolation as exc:
        if not three_step_turns(rules):
            # RR-FAIL Decision: a commit rejected by the rules touched the table.
            exc.after = dataclasses.replace(state, current=dataclasses.replace(cur, touched=True))
        raise
    steps = cur.steps
    if three_step_turns(rules):
        steps = (*steps, Step(state.table, state.placed_by, me.hand, me.opened))
    seats = with_seat(
        state,
        seat,
        hand=sorted_cards(new_hand.elements()),
        opened=True,
        jokers_redeemed=me.jokers_redeemed + result.redeemed,
    )
    state = dataclasses.replace(
        state,
        seats=seats,
        table=result.table,
        placed_by=result.placed_by,
        current=dataclasses.replace(cur, played=True, draft=None, steps=steps, key=None, booty=()),
    )
    committed: payloads.TurnCommitted = {
        "seat": seat,
        "turn": state.turn,
        "table": table_json(result.table, result.placed_by),
        "played": codes(result.played),
        "jokersToHand": result.jokers_to_hand,
        "jokerSwaps": [
            {
                "meldIndex": r.meld_index,
                "joker": f"*:{r.stood_for.code}",
                "card": r.card.code,
            }
            for r in result.redemptions
        ],
        "opening": result.opening_points,
        "handCount": len(seats[seat].hand),
    }
    events.append(Event(TURN_COMMITTED, committed))
    if not seats[seat].hand:
        return end_round(state, events, "out", went_out=seat)  # RR-OUT, CR-OUT, RK-END
    if three_step_turns(rules):
        return state
    return end_turn(state, events, played=True)


def do_update_draft(state: GameState, events: Events, action: UpdateDraft) -> GameState:
    """T-DRAFT: keep the live draft; only absurd input is refused."""
    if state.phase not in ("play", "key", "meld"):
        raise RuleViolation(
            Code.NOT_ALLOWED, "there is no draft to show in this phase of the turn", rule="T-DRAFT"
        )
    canonical: list[tuple[str, ...]] = []
    used: Counter[Card] = Counter()
    for i, meld in enumerate(action.table):
        row: list[str] = []
        for code in meld:
            try:
                card, target = parse_meld_card(code)
            except BadInput as exc:
                exc.meld_index = i
                raise
            used[card] += 1
            row.append(f"*:{target.code}" if target is not None else card.code)
        canonical.append(tuple(row))
    extra = used - (table_cards(state.table) + Counter(state.seats[state.on_turn].hand))
    if extra:
        raise BadInput(
            Code.CARD_NOT_IN_HAND,
            "the draft holds cards that are neither on the table nor in your hand: "
            + " ".join(codes(sorted(extra.elements()))),
            rule="T-DRAFT",
        )
    draft = tuple(canonical)
    cur = dataclasses.replace(state.current, draft=draft)
    state = dataclasses.replace(state, current=cur)
    if draft_dirty(state):
        # RR-FAIL Decision: a draft that differed from the table, at any moment.
        state = dataclasses.replace(state, current=dataclasses.replace(cur, touched=True))
    updated: payloads.DraftUpdated = {"seat": state.on_turn, "draft": [list(m) for m in draft]}
    events.append(Event(DRAFT_UPDATED, updated))
    return state

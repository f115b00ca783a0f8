"""Dealing, turns, rounds and the match's end (R-ORDER, R-RNG, RR-DEAL, RK-DEAL, CR-DEAL,
RR-STOCK-OUT, CR-STOCK-OUT, RR-SCORE, RR-MATCH): the parts every action ends in.

:func:`new_game` cuts and deals; :func:`end_turn` passes the turn on or ends the round;
:func:`end_round` scores it and starts the next round, an extra round or ends the match.
The next round starts automatically when a round ends (ROUND_ENDED, ROUND_STARTED). The
cut compares ranks with the ace low; the cut winner deals (Rummikub: starts), ties cut
again.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from engine import payloads
from engine.cards import Card, deck, parse_meld_card, sort_key
from engine.errors import BadInput, Code
from engine.events import (
    MATCH_ENDED,
    MATCH_STARTED,
    ROUND_ENDED,
    ROUND_STARTED,
    STOCK_RESTOCKED,
    TURN_STARTED,
    Event,
)
from engine.melds import Meld
from engine.rng import Stream, seed_bytes
from engine.rules import RuleSet
from engine.scoring import decide_match, hand_value, round_scores, stalemate_winners
from engine.state import (
    DraftTable,
    GameState,
    RoundEnd,
    RoundOutcome,
    SeatState,
    TurnState,
)

Events = list[Event]


def three_step_turns(rules: RuleSet) -> bool:
    """Classic rummy's draw, meld, discard turn (CR-TURN) instead of play-or-draw."""
    return rules.three_step_turns


def cut_picks_starter(rules: RuleSet) -> bool:
    """R-ORDER: in Rummikub the highest tile starts; in card games it deals."""
    return rules.cut_picks_starter


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=sort_key))


def codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def with_seat(state: GameState, seat: int, **changes: Any) -> tuple[SeatState, ...]:
    seats = list(state.seats)
    seats[seat] = dataclasses.replace(seats[seat], **changes)
    return tuple(seats)


def table_json(table: Sequence[Meld], placed_by: Sequence[Sequence[int]]) -> list[dict[str, Any]]:
    """A table as the API shows it: annotated codes in order, kind, points, placedBy."""
    return [
        {"cards": list(m.codes), "kind": m.kind, "points": m.points, "placedBy": list(pb)}
        for m, pb in zip(table, placed_by, strict=True)
    ]


def next_in(participants: Sequence[int], seat: int) -> int:
    """The next participant clockwise after ``seat`` (R-ORDER)."""
    later = [p for p in participants if p > seat]
    return later[0] if later else participants[0]


def _draft_key(draft: DraftTable) -> Counter[tuple[Card, ...]]:
    return Counter(tuple(sorted(parse_meld_card(c)[0] for c in meld)) for meld in draft)


def draft_dirty(state: GameState) -> bool:
    """Does the live draft differ from the table (a manipulation in progress)?"""
    draft = state.current.draft
    if draft is None:
        return False
    return _draft_key(draft) != Counter(m.key() for m in state.table)


def new_game(rules: RuleSet, seed: bytes | int | str) -> tuple[GameState, Events]:
    """Cut for the first dealer and deal the first round (R-ORDER, R-RNG).

    ``rules.players`` seats play. ``seed`` comes from the server's ``secrets``; the
    same rules and seed always give the same game. Raises BadInput(BAD_OPTION) if the
    deck is too small for the deal, ValueError for an unusable seed.
    """
    seed_b = seed_bytes(seed)
    players = rules.players
    need = players * rules.deal_size(players) + (1 if rules.discard_pile else 0)
    if players < 2 or need > rules.total_cards:
        raise BadInput(
            Code.BAD_OPTION,
            f"{players} players need {need} cards; the deck has {rules.total_cards}",
        )
    winner: int | None
    cuts: list[dict[str, str]]
    if rules.creator_starts:
        # R-ORDER Decision: the creator (seat 0) starts the first hand, no cut; the
        # seat before it deals.
        winner, cuts, dealer = None, [], players - 1
    else:
        winner, cuts = _cut(rules, seed_b, players)
        dealer = (winner - 1) % players if cut_picks_starter(rules) else winner
    state = GameState(
        rules=rules,
        seed=seed_b,
        seats=tuple(SeatState() for _ in range(players)),
        round=0,
        dealer=(dealer - 1) % players,  # start_round moves the deal on by one
        participants=tuple(range(players)),
        stock=(),
        discard=(),
        river=(),
        table=(),
        placed_by=(),
        phase="play",
        turn=0,
        round_turns=0,
        idle_turns=0,
        restocks=0,
        extra_round=False,
        current=TurnState(seat=0),
    )
    started: payloads.MatchStarted = {
        "ruleset": rules.name,
        "options": rules.options(),
        "players": players,
        "cut": cuts,
        "cutWinner": winner,
        "dealer": dealer,
    }
    events: Events = [Event(MATCH_STARTED, started)]
    state = start_round(state, events, participants=tuple(range(players)), extra=False)
    return state, events


def _cut(rules: RuleSet, seed: bytes, players: int) -> tuple[int, list[dict[str, str]]]:
    """R-ORDER: each seat draws a card, the highest rank wins; ties draw again."""
    stream = Stream(seed, "cut")
    cards = deck(rules.decks, 0)
    stream.shuffle(cards)
    pos = 0
    contenders = list(range(players))
    rounds: list[dict[str, str]] = []
    while True:
        drawn: dict[int, Card] = {}
        for s in contenders:
            if pos == len(cards):
                stream.shuffle(cards)
                pos = 0
            drawn[s] = cards[pos]
            pos += 1
        rounds.append({str(s): c.code for s, c in drawn.items()})
        top = max(c.rank for c in drawn.values())
        contenders = [s for s in contenders if drawn[s].rank == top]
        if len(contenders) == 1:
            return contenders[0], rounds


def start_round(
    state: GameState, events: Events, *, participants: tuple[int, ...], extra: bool
) -> GameState:
    """Deal a round (RR-DEAL, RK-DEAL, CR-DEAL): the deal moves one seat clockwise and
    the first participant left of the dealer starts."""
    rules = state.rules
    number = state.round + 1
    dealer = (state.dealer + 1) % state.players
    cards = deck(rules.decks, rules.jokers)
    Stream(state.seed, f"deal:{number}").shuffle(cards)
    size = rules.deal_size(state.players)
    first = next_in(participants, dealer)
    start = participants.index(first)
    order = participants[start:] + participants[:start]
    hands: dict[int, list[Card]] = {p: [] for p in participants}
    pos = 0
    for _ in range(size):
        for p in order:
            hands[p].append(cards[pos])
            pos += 1
    discard: tuple[Card, ...] = ()
    if rules.discard_pile:
        discard = (cards[pos],)
        pos += 1
    seats = tuple(
        dataclasses.replace(
            s,
            hand=sorted_cards(hands.get(i, ())),
            opened=False,
            jokers_redeemed=0,
            taken=(),
            in_round=i in hands,
        )
        for i, s in enumerate(state.seats)
    )
    state = dataclasses.replace(
        state,
        seats=seats,
        round=number,
        dealer=dealer,
        participants=participants,
        stock=tuple(cards[pos:]),
        discard=discard,
        river=(),
        table=(),
        placed_by=(),
        round_turns=0,
        idle_turns=0,
        restocks=0,
        extra_round=extra,
    )
    dealt: payloads.RoundStarted = {
        "round": number,
        "dealer": dealer,
        "participants": list(participants),
        "extra": extra,
        "handCounts": [len(s.hand) for s in seats],
        "stockCount": len(state.stock),
        "discardTop": discard[-1].code if discard else None,
    }
    dealt_hands: dict[int, payloads.Private] = {
        p: {"hand": codes(seats[p].hand)} for p in participants
    }
    events.append(Event(ROUND_STARTED, dealt, dealt_hands))
    return start_turn(state, events, first)


def start_turn(state: GameState, events: Events, seat: int) -> GameState:
    rules = state.rules
    state = dataclasses.replace(
        state,
        current=TurnState(seat=seat, start_opened=state.seats[seat].opened),
        turn=state.turn + 1,
        round_turns=state.round_turns + 1,
        phase="draw" if three_step_turns(rules) else "play",
    )
    restock = rules.restock_from_discard and state.restocks == 0 and len(state.discard) > 1
    if not state.stock and restock:
        # CR-STOCK-OUT: the pile but its top, turned over in order, once.
        state = dataclasses.replace(
            state, stock=state.discard[:-1], discard=state.discard[-1:], restocks=1
        )
        restocked: payloads.StockRestocked = {"stockCount": len(state.stock)}
        events.append(Event(STOCK_RESTOCKED, restocked))
    if not state.stock and three_step_turns(rules):
        # CR-STOCK-OUT: then the hand is drawn. R-PLAYABLE: a three-step turn cannot
        # begin without a stock (its draw could only come from the pile, and nothing
        # would ever end the hand): drawn too. A play-or-draw turn plays on instead
        # (RR-STOCK-OUT: pass, and a full round of passes is a stalemate).
        return end_round(state, events, "drawn")
    if not state.stock:
        state = dataclasses.replace(
            state, current=dataclasses.replace(state.current, empty_stock=True)
        )
    turn: payloads.TurnStarted = {
        "seat": seat,
        "turn": state.turn,
        "round": state.round,
        "phase": state.phase,
    }
    events.append(Event(TURN_STARTED, turn))
    return state


def end_turn(state: GameState, events: Events, *, played: bool) -> GameState:
    """Pass the turn on, or end the round on a stalemate (RR-STOCK-OUT, RK-END) or after
    ``draw_after_turns`` turns (CR-STOCK-OUT)."""
    rules = state.rules
    cur = state.current
    took: tuple[Card, ...] = ()
    if cur.drawn_from == "discard" and cur.taken is not None:
        took = (cur.taken,)
    elif cur.drawn_from == "river" and cur.key is not None:
        took = (cur.key, *cur.booty)
    if took:  # a take undone before the turn ended is no take
        seat = state.on_turn
        taken = (*state.seats[seat].taken, *took)
        state = dataclasses.replace(state, seats=with_seat(state, seat, taken=taken))
    idle = 0 if played or not state.current.empty_stock else state.idle_turns + 1
    state = dataclasses.replace(state, idle_turns=idle)
    if idle >= len(state.participants):
        return end_round(state, events, "stalemate")
    if rules.draw_after_turns is not None and state.round_turns >= rules.draw_after_turns:
        return end_round(state, events, "drawn")
    return start_turn(state, events, next_in(state.participants, state.on_turn))


def end_round(
    state: GameState, events: Events, termination: RoundEnd, went_out: int | None = None
) -> GameState:
    rules = state.rules
    parts = state.participants
    if termination == "out":
        assert went_out is not None
        winners: tuple[int, ...] = (went_out,)
    elif termination == "stalemate":
        winners = stalemate_winners(rules, parts, state.seats)
    else:
        winners = ()
    # CR-SCORE "rummy": out in one turn with no earlier meld or lay-off this hand.
    rummy = termination == "out" and rules.rummy_double and not state.current.start_opened
    if termination == "drawn":
        scores: tuple[int | None, ...] = tuple(
            0 if i in parts else None for i in range(state.players)
        )
    else:
        scores = round_scores(rules, state.seats, parts, winners, rummy=rummy)
    seats = tuple(
        dataclasses.replace(
            s,
            total=s.total + (scores[i] or 0),
            rounds_won=s.rounds_won + (1 if i in winners else 0),
            outs=s.outs + (1 if i == went_out else 0),
        )
        for i, s in enumerate(state.seats)
    )
    result = RoundOutcome(
        round=state.round,
        termination=termination,
        winners=winners,
        went_out=went_out,
        rummy=rummy,
        hand_values=tuple(
            hand_value(rules, s.hand) if i in parts else None for i, s in enumerate(state.seats)
        ),
        hand_counts=tuple(len(s.hand) if i in parts else None for i, s in enumerate(state.seats)),
        hands=tuple(tuple(codes(s.hand)) for s in state.seats),
        scores=scores,
        totals=tuple(s.total for s in seats),
        extra=state.extra_round,
    )
    results = (*state.results, result)
    state = dataclasses.replace(
        state, seats=seats, results=results, current=dataclasses.replace(state.current, draft=None)
    )
    events.append(Event(ROUND_ENDED, result.to_dict()))
    decided = decide_match(
        rules,
        seats,
        results=results,
        extra_round=state.extra_round,
        participants=parts,
        round_winners=winners,
    )
    if decided is None:
        return start_round(state, events, participants=tuple(range(state.players)), extra=False)
    if isinstance(decided, tuple):
        return start_round(state, events, participants=decided, extra=True)
    return finish(state, events, decided)


def finish(state: GameState, events: Events, result: Any) -> GameState:
    state = dataclasses.replace(state, outcome=result, phase="over")
    events.append(Event(MATCH_ENDED, result.to_dict()))
    return state

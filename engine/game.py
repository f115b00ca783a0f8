"""The game: dealing, turns, rounds and matches (RR-*, RK-*, CR-*, T-*, R-ORDER, R-RNG).

One entry point, :func:`apply` (STYLE 2): it returns the new state and the events it
caused, or raises an :class:`~engine.errors.EngineError` and changes nothing (states
are frozen values). :func:`new_game` deals the first round. :func:`check` validates
an action without applying it; :func:`legal` and :func:`legal_actions` tell a bot
what it may do (STYLE 4).

Turn structure, by family:

- Robbers' Rummy and Rummikub (phase "play"): ``Commit`` a new table (ends the turn),
  or ``Draw`` (ends the turn; with RR-DISCARD the draw is followed by a ``Discard``,
  with RK-RIVER a stock draw of two by a discard onto the river and a river take by
  a ``Commit`` playing the key tile), or ``Pass`` on an empty stock.
- Classic rummy: ``Draw`` (phase "draw"), then any number of ``Commit`` steps that
  each meld or lay off (phase "meld", undoable one by one), then ``Discard``.

Decisions this module makes where RULES.md leaves room (also in the report):

- RR-FAIL Decision: a turn touched the table when a draft differed from the table at
  any moment or a commit was rejected by the rules (the rejection carries the marked
  state as ``exc.after``, for the server to keep). With a ``failed_manipulation_penalty``
  a draw from such a turn is the penalty draw from the stock, ending the turn (a pile
  or river draw is refused, NOT_ALLOWED); without one the draw is the ordinary one.
- T-EXPIRY Decision: with ``timeout_commits_valid_draft`` a Robbers/Rummikub draft
  that would be a valid commit is committed at the deadline; otherwise the timeout
  draws ``rules.timeout_draws``. In classic rummy the turn's melds are still undone
  (its turn is not complete without the discard).
- A stock draw cannot be undone (the card was seen); a classic-rummy draw from the
  discard pile can, while nothing was melded after it.
- A resigned seat stays in the match and is played by whatever acts for it (the
  server's bot); it ranks last and never wins. When at most one seat is left that has
  not resigned, the match ends at once and that seat wins.
- ``max_timeouts`` timeouts in a row mark the seat ``bot`` (T-ASYNC); ``Reclaim``
  gives it back. The engine does not pick moves for bot seats: the server does.
- The next round starts automatically when a round ends (ROUND_ENDED, ROUND_STARTED).
- The cut (R-ORDER) compares ranks with the ace low; the cut winner deals (Rummikub:
  starts), ties cut again.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.actions import (
    Action,
    Commit,
    Discard,
    Draw,
    Pass,
    Reclaim,
    Resign,
    Timeout,
    Undo,
    UpdateDraft,
)
from engine.cards import JOKER, Card, deck, parse_card, parse_meld_card, sort_key
from engine.errors import BadInput, Code, EngineError, RuleViolation
from engine.events import (
    CARD_DISCARDED,
    CARD_DRAWN,
    DRAFT_UPDATED,
    MATCH_ENDED,
    MATCH_STARTED,
    MOVE_UNDONE,
    ROUND_ENDED,
    ROUND_STARTED,
    SEAT_CHANGED,
    STOCK_RESTOCKED,
    TURN_COMMITTED,
    TURN_EXPIRED,
    TURN_PASSED,
    TURN_STARTED,
    Event,
)
from engine.melds import Meld
from engine.rng import Stream, seed_bytes
from engine.rules import RuleSet
from engine.scoring import decide_match, hand_value, outcome, round_scores, stalemate_winners
from engine.state import (
    DraftTable,
    GameState,
    Phase,
    RoundEnd,
    RoundOutcome,
    SeatState,
    Step,
    TurnState,
)
from engine.turn import JokerSwap, check_turn, table_cards

Events = list[Event]

# -- questions about the rule set ---------------------------------------------------


def three_step_turns(rules: RuleSet) -> bool:
    """Classic rummy's draw, meld, discard turn (CR-TURN) instead of play-or-draw."""
    return rules.three_step_turns


def has_opening(rules: RuleSet) -> bool:
    """Is there an opening to make (RR-OPEN, RK-OPEN)? Classic rummy melds and lays off
    from the first turn: it has no manipulation and no opening minimum."""
    return rules.manipulation or rules.opening_min > 0


def cut_picks_starter(rules: RuleSet) -> bool:
    """R-ORDER: in Rummikub the highest tile starts; in card games it deals."""
    return rules.cut_picks_starter


# -- small helpers --------------------------------------------------------------------


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=sort_key))


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def _seat(state: GameState, seat: int, **changes: Any) -> tuple[SeatState, ...]:
    seats = list(state.seats)
    seats[seat] = dataclasses.replace(seats[seat], **changes)
    return tuple(seats)


def table_json(table: Sequence[Meld], placed_by: Sequence[Sequence[int]]) -> list[dict[str, Any]]:
    """A table as the API shows it: annotated codes in order, kind, points, placedBy."""
    return [
        {"cards": list(m.codes), "kind": m.kind, "points": m.points, "placedBy": list(pb)}
        for m, pb in zip(table, placed_by, strict=True)
    ]


def _next_in(participants: Sequence[int], seat: int) -> int:
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


# -- starting a match -----------------------------------------------------------------


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
    winner, cuts = _cut(rules, seed_b, players)
    dealer = (winner - 1) % players if cut_picks_starter(rules) else winner
    state = GameState(
        rules=rules,
        seed=seed_b,
        seats=tuple(SeatState() for _ in range(players)),
        round=0,
        dealer=(dealer - 1) % players,  # _start_round moves the deal on by one
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
    events: Events = [
        Event(
            MATCH_STARTED,
            {
                "ruleset": rules.name,
                "options": rules.options(),
                "players": players,
                "cut": cuts,
                "cutWinner": winner,
                "dealer": dealer,
            },
        )
    ]
    state = _start_round(state, events, participants=tuple(range(players)), extra=False)
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


def _start_round(
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
    first = _next_in(participants, dealer)
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
            hand=_sorted(hands.get(i, ())),
            opened=False,
            jokers_redeemed=0,
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
    events.append(
        Event(
            ROUND_STARTED,
            {
                "round": number,
                "dealer": dealer,
                "participants": list(participants),
                "extra": extra,
                "handCounts": [len(s.hand) for s in seats],
                "stockCount": len(state.stock),
                "discardTop": discard[-1].code if discard else None,
            },
            {p: {"hand": _codes(seats[p].hand)} for p in participants},
        )
    )
    return _start_turn(state, events, first)


def _start_turn(state: GameState, events: Events, seat: int) -> GameState:
    rules = state.rules
    state = dataclasses.replace(
        state,
        current=TurnState(seat=seat, start_opened=state.seats[seat].opened),
        turn=state.turn + 1,
        round_turns=state.round_turns + 1,
        phase="draw" if three_step_turns(rules) else "play",
    )
    if not state.stock and (rules.restock_from_discard or three_step_turns(rules)):
        # CR-STOCK-OUT: the pile but its top, turned over in order, once; then a draw.
        # R-PLAYABLE: a three-step turn cannot begin without a stock (its draw could
        # only come from the pile, and nothing would ever end the hand): drawn too.
        if rules.restock_from_discard and state.restocks == 0 and len(state.discard) > 1:
            state = dataclasses.replace(
                state, stock=state.discard[:-1], discard=state.discard[-1:], restocks=1
            )
            events.append(Event(STOCK_RESTOCKED, {"stockCount": len(state.stock)}))
        else:
            return _end_round(state, events, "drawn")
    if not state.stock:
        state = dataclasses.replace(
            state, current=dataclasses.replace(state.current, empty_stock=True)
        )
    events.append(
        Event(
            TURN_STARTED,
            {"seat": seat, "turn": state.turn, "round": state.round, "phase": state.phase},
        )
    )
    return state


def _end_turn(state: GameState, events: Events, *, played: bool) -> GameState:
    """Pass the turn on, or end the round on a stalemate (RR-STOCK-OUT, RK-END) or after
    ``draw_after_turns`` turns (CR-STOCK-OUT)."""
    rules = state.rules
    idle = 0 if played or not state.current.empty_stock else state.idle_turns + 1
    state = dataclasses.replace(state, idle_turns=idle)
    if idle >= len(state.participants):
        return _end_round(state, events, "stalemate")
    if rules.draw_after_turns is not None and state.round_turns >= rules.draw_after_turns:
        return _end_round(state, events, "drawn")
    return _start_turn(state, events, _next_in(state.participants, state.on_turn))


def _end_round(
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
        hands=tuple(tuple(_codes(s.hand)) for s in state.seats),
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
        return _start_round(state, events, participants=tuple(range(state.players)), extra=False)
    if isinstance(decided, tuple):
        return _start_round(state, events, participants=decided, extra=True)
    return _finish(state, events, decided)


def _finish(state: GameState, events: Events, result: Any) -> GameState:
    state = dataclasses.replace(state, outcome=result, phase="over")
    events.append(Event(MATCH_ENDED, result.to_dict()))
    return state


# -- the entry point -------------------------------------------------------------------


def apply(state: GameState, action: Action) -> tuple[GameState, Events]:
    """Apply ``action``: the new state and its events, or raise and change nothing.

    Checked in this order (STYLE 11): match over (MATCH_OVER), a real seat
    (BadInput NOT_A_PLAYER), the seat on turn (NOT_YOUR_TURN; Resign and Reclaim may
    come from any seat), then the rules of the action (RuleViolation with the code and
    rule id, or BadInput for malformed cards).
    """
    if state.outcome is not None:
        raise RuleViolation(Code.MATCH_OVER, "the match is over", rule="RR-MATCH")
    seat = action.seat
    if not 0 <= seat < state.players:
        raise BadInput(Code.NOT_A_PLAYER, f"there is no seat {seat} in this match")
    events: Events = []
    if isinstance(action, Resign):
        return _resign(state, events, seat), events
    if isinstance(action, Reclaim):
        return _reclaim(state, events, seat), events
    if seat != state.on_turn:
        raise RuleViolation(
            Code.NOT_YOUR_TURN,
            f"it is seat {state.on_turn}'s turn, not seat {seat}'s",
            rule="RR-TURN",
        )
    if isinstance(action, Timeout):
        return _timeout(state, events), events
    if state.seats[seat].timeouts:
        state = dataclasses.replace(state, seats=_seat(state, seat, timeouts=0))
    if isinstance(action, Commit):
        state = _commit(state, events, action)
    elif isinstance(action, UpdateDraft):
        state = _update_draft(state, events, action)
    elif isinstance(action, Draw):
        state = _draw(state, events, action)
    elif isinstance(action, Discard):
        state = _discard(state, events, parse_card(action.card))
    elif isinstance(action, Undo):
        state = _undo(state, events)
    elif isinstance(action, Pass):
        state = _pass(state, events)
    else:  # pragma: no cover - the Action union is closed
        raise BadInput(Code.BAD_INPUT, f"unknown action {action!r}")
    return state, events


def check(state: GameState, action: Action) -> None:
    """Raise what :func:`apply` would raise for ``action``; return None if it is legal."""
    apply(state, action)


# -- commits and drafts ----------------------------------------------------------------


def _require_play_phase(state: GameState, what: str) -> None:
    phase = state.phase
    if phase in ("play", "key", "meld"):
        return
    if phase == "draw":
        raise RuleViolation(Code.MUST_DRAW_FIRST, f"draw a card before you {what}", rule="CR-TURN")
    raise RuleViolation(
        Code.MUST_DISCARD,
        f"discard a card to end your turn; you cannot {what} now",
        rule="RK-RIVER" if state.rules.draw_two_river else "RR-DISCARD",
    )


def _commit(state: GameState, events: Events, action: Commit) -> GameState:
    """RR-TURN (A), RR-MANIP, RR-OPEN, RR-JOKER, RK-RIVER key tile, CR-LAYOFF steps."""
    _require_play_phase(state, "play to the table")
    rules = state.rules
    seat = state.on_turn
    cur = state.current
    me = state.seats[seat]
    hand = Counter(me.hand)
    usable = hand - Counter(cur.booty)  # RK-RIVER: the booty waits for a later turn
    swaps = tuple(JokerSwap(i, parse_card(c)) for i, c in action.joker_swaps)
    try:
        result = check_turn(
            rules,
            table=state.table,
            hand=usable,
            opened=me.opened or not has_opening(rules),
            commit=action.table,
            joker_swaps=swaps,
            seat=seat,
            placed_by=state.placed_by,
        )
        played = Counter(result.played)
        if cur.key is not None and not played[cur.key]:
            raise RuleViolation(
                Code.KEY_TILE_NOT_PLAYED,
                f"the key tile {cur.key} taken from the river must be played this turn",
                rule="RK-RIVER",
            )
    except RuleViolation as exc:
        if not three_step_turns(rules):
            # RR-FAIL Decision: a commit rejected by the rules touched the table.
            exc.after = dataclasses.replace(state, current=dataclasses.replace(cur, touched=True))
        raise
    new_hand = hand - played
    if result.jokers_to_hand:
        new_hand[JOKER] += result.jokers_to_hand
    if cur.taken is not None and three_step_turns(rules) and set(+new_hand) == {cur.taken}:
        raise RuleViolation(
            Code.DISCARD_TAKEN_CARD,
            f"you may not meld down to only {cur.taken}, the card taken from the discard pile",
            rule="CR-DISCARD-RULE",
        )
    steps = cur.steps
    if three_step_turns(rules):
        steps = (*steps, Step(state.table, state.placed_by, me.hand, me.opened))
    seats = _seat(
        state,
        seat,
        hand=_sorted(new_hand.elements()),
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
    events.append(
        Event(
            TURN_COMMITTED,
            {
                "seat": seat,
                "turn": state.turn,
                "table": table_json(result.table, result.placed_by),
                "played": _codes(result.played),
                "jokersToHand": result.jokers_to_hand,
                "opening": result.opening_points,
                "handCount": len(seats[seat].hand),
            },
        )
    )
    if not seats[seat].hand:
        return _end_round(state, events, "out", went_out=seat)  # RR-OUT, CR-OUT, RK-END
    if three_step_turns(rules):
        return state
    return _end_turn(state, events, played=True)


def _update_draft(state: GameState, events: Events, action: UpdateDraft) -> GameState:
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
            + " ".join(_codes(sorted(extra.elements()))),
            rule="T-DRAFT",
        )
    draft = tuple(canonical)
    cur = dataclasses.replace(state.current, draft=draft)
    state = dataclasses.replace(state, current=cur)
    if draft_dirty(state):
        # RR-FAIL Decision: a draft that differed from the table, at any moment.
        state = dataclasses.replace(state, current=dataclasses.replace(cur, touched=True))
    events.append(Event(DRAFT_UPDATED, {"seat": state.on_turn, "draft": [list(m) for m in draft]}))
    return state


# -- draws, discards, passes -----------------------------------------------------------


def _take(stock: tuple[Card, ...], n: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
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


def _draw(state: GameState, events: Events, action: Draw) -> GameState:
    rules = state.rules
    seat = state.on_turn
    cur = state.current
    classic = three_step_turns(rules)
    check_draw(state, action.source, action.river_index)
    if failing(state):
        return _failed_turn(state, events, rules.fail_draw_count)
    state = dataclasses.replace(state, current=dataclasses.replace(cur, draft=None))
    cur = state.current
    hand = state.seats[seat].hand
    if action.source == "stock":
        n = 2 if rules.draw_two_river and not classic else 1
        drawn, stock = _take(state.stock, n)
        state = dataclasses.replace(
            state,
            stock=stock,
            seats=_seat(state, seat, hand=_sorted((*hand, *drawn))),
            current=dataclasses.replace(cur, drawn_from="stock", drawn=drawn),
        )
        events.append(
            Event(
                CARD_DRAWN,
                {"seat": seat, "source": "stock", "count": len(drawn), "penalty": 0},
                {seat: {"cards": _codes(drawn)}},
            )
        )
        if classic:
            return dataclasses.replace(state, phase="meld")
        if len(drawn) == 2 or (rules.discard_pile and not rules.draw_two_river):
            return dataclasses.replace(state, phase="discard")
        return _end_turn(state, events, played=False)
    if action.source == "discard":
        card = state.discard[-1]
        state = dataclasses.replace(
            state,
            discard=state.discard[:-1],
            seats=_seat(state, seat, hand=_sorted((*hand, card))),
            current=dataclasses.replace(cur, drawn_from="discard", taken=card),
            phase="meld" if classic else "discard",
        )
        events.append(
            Event(CARD_DRAWN, {"seat": seat, "source": "discard", "count": 1, "card": card.code})
        )
        return state
    # RK-RIVER: the key tile and every newer tile.
    index = action.river_index
    assert index is not None
    taken = state.river[index:]
    state = dataclasses.replace(
        state,
        river=state.river[:index],
        seats=_seat(state, seat, hand=_sorted((*hand, *taken))),
        current=dataclasses.replace(
            cur, drawn_from="river", key=taken[0], booty=taken[1:], river_index=index
        ),
        phase="key",
    )
    events.append(
        Event(
            CARD_DRAWN,
            {
                "seat": seat,
                "source": "river",
                "count": len(taken),
                "riverIndex": index,
                "key": taken[0].code,
                "booty": _codes(taken[1:]),
            },
        )
    )
    return state


def check_discard(state: GameState, card: Card) -> None:
    """The preconditions of discarding ``card`` (RR-DISCARD, RK-RIVER, CR-TURN,
    CR-DISCARD-RULE), for :func:`apply` and :func:`legal` alike."""
    rules = state.rules
    cur = state.current
    if state.phase == "draw":
        raise RuleViolation(Code.MUST_DRAW_FIRST, "draw a card first", rule="CR-TURN")
    if state.phase not in ("discard", "meld"):
        if rules.discard_pile or rules.draw_two_river:
            raise RuleViolation(
                Code.MUST_DRAW_FIRST, "you discard after drawing", rule="RR-DISCARD"
            )
        raise RuleViolation(Code.NOT_ALLOWED, "this game has no discard pile", rule="RR-TURN")
    if card not in state.seats[state.on_turn].hand:
        raise RuleViolation(Code.CARD_NOT_IN_HAND, f"{card} is not in your hand", rule="CR-TURN")
    if rules.river and card not in cur.drawn:
        raise RuleViolation(
            Code.NOT_ALLOWED,
            f"discard one of the two tiles you drew: {' or '.join(_codes(cur.drawn))}",
            rule="RK-RIVER",
        )
    if cur.taken == card:  # any identical copy too (RR-DISCARD, CR-DISCARD-RULE Decision)
        raise RuleViolation(
            Code.DISCARD_TAKEN_CARD,
            f"{card} was taken from the discard pile this turn and may not be discarded",
            rule="CR-DISCARD-RULE" if three_step_turns(rules) else "RR-DISCARD",
        )


def _discard(state: GameState, events: Events, card: Card) -> GameState:
    check_discard(state, card)
    seat = state.on_turn
    cur = state.current
    to_river = state.rules.river
    hand = Counter(state.seats[seat].hand)
    hand[card] -= 1
    seats = _seat(state, seat, hand=_sorted(hand.elements()))
    if to_river:
        state = dataclasses.replace(state, seats=seats, river=(*state.river, card))
    else:
        state = dataclasses.replace(state, seats=seats, discard=(*state.discard, card))
    state = dataclasses.replace(state, current=dataclasses.replace(cur, draft=None))
    events.append(
        Event(
            CARD_DISCARDED,
            {"seat": seat, "card": card.code, "to": "river" if to_river else "discard"},
        )
    )
    if not seats[seat].hand:
        return _end_round(state, events, "out", went_out=seat)  # CR-OUT
    return _end_turn(state, events, played=cur.played)


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


def _pass(state: GameState, events: Events) -> GameState:
    check_pass(state)
    state = dataclasses.replace(state, current=dataclasses.replace(state.current, draft=None))
    events.append(Event(TURN_PASSED, {"seat": state.on_turn}))
    return _end_turn(state, events, played=False)


# -- undo, failed turns, timeouts ------------------------------------------------------


def _fresh_turn(cur: TurnState) -> TurnState:
    """The turn as it began (after an undone draw or river take)."""
    return TurnState(seat=cur.seat, start_opened=cur.start_opened, empty_stock=cur.empty_stock)


def _undo_river(state: GameState) -> GameState:
    """Give back a river take (RK-RIVER): the tiles return to their places."""
    cur = state.current
    assert cur.key is not None and cur.river_index is not None
    taken = (cur.key, *cur.booty)
    hand = Counter(state.seats[cur.seat].hand) - Counter(taken)
    return dataclasses.replace(
        state,
        river=(*state.river, *taken),
        seats=_seat(state, cur.seat, hand=_sorted(hand.elements())),
        current=_fresh_turn(cur),
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


def _undo(state: GameState, events: Events) -> GameState:
    """CR-TURN: one step back before the discard; elsewhere drop the draft (T-DRAFT) or a
    river take (RK-RIVER)."""
    seat = state.on_turn
    cur = state.current
    what = check_undo(state)
    if what == "draft":
        state = dataclasses.replace(state, current=dataclasses.replace(cur, draft=None))
    elif what == "river":
        state = _undo_river(state)
    elif what == "meld":
        step = cur.steps[-1]
        state = dataclasses.replace(
            state,
            table=step.table,
            placed_by=step.placed_by,
            seats=_seat(state, seat, hand=step.hand, opened=step.opened),
            current=dataclasses.replace(cur, steps=cur.steps[:-1], played=len(cur.steps) > 1),
        )
    else:
        assert cur.taken is not None
        hand = Counter(state.seats[seat].hand)
        hand[cur.taken] -= 1
        state = dataclasses.replace(
            state,
            discard=(*state.discard, cur.taken),
            seats=_seat(state, seat, hand=_sorted(hand.elements())),
            current=_fresh_turn(cur),
            phase="draw",
        )
    events.append(
        Event(
            MOVE_UNDONE,
            {
                "seat": seat,
                "undone": what,
                "table": table_json(state.table, state.placed_by),
                "handCount": len(state.seats[seat].hand),
                "phase": state.phase,
                "discardTop": state.discard[-1].code if state.discard else None,
                "river": _codes(state.river),
            },
        )
    )
    return state


def _penalty_draw(state: GameState, events: Events, n: int) -> GameState:
    seat = state.on_turn
    drawn, stock = _take(state.stock, n)
    state = dataclasses.replace(
        state,
        stock=stock,
        seats=_seat(state, seat, hand=_sorted((*state.seats[seat].hand, *drawn))),
    )
    events.append(
        Event(
            CARD_DRAWN,
            {"seat": seat, "source": "stock", "count": len(drawn), "penalty": n},
            {seat: {"cards": _codes(drawn)}},
        )
    )
    return state


def _failed_turn(state: GameState, events: Events, n: int) -> GameState:
    """RR-FAIL / RK-FAIL / RK-TIMER: the draft is undone and ``n`` cards are drawn (as
    many as the stock holds); the turn ends without a play."""
    if state.phase == "key":
        state = _undo_river(state)
    state = dataclasses.replace(state, current=dataclasses.replace(state.current, draft=None))
    state = _penalty_draw(state, events, n)
    return _end_turn(state, events, played=False)


def _forced_discard(state: GameState) -> Card:
    """What a timeout discards after a draw: the card drawn from the stock, else the
    highest-valued card that may be discarded."""
    cur = state.current
    if cur.drawn:
        return cur.drawn[-1]
    hand = Counter(state.seats[cur.seat].hand)
    allowed = [c for c in hand if c != cur.taken]
    return max(allowed, key=lambda c: (state.rules.card_value(c), sort_key(c)))


def _commit_draft(state: GameState) -> tuple[GameState, Events] | None:
    """T-EXPIRY Decision (``timeout_commits_valid_draft``): the draft committed, if it
    changes the table and would be a valid commit now; else None."""
    draft = state.current.draft
    if not state.rules.timeout_commits_valid_draft or draft is None or not draft_dirty(state):
        return None
    events: Events = []
    try:
        after = _commit(state, events, Commit(state.on_turn, [list(m) for m in draft]))
    except EngineError:
        return None
    return after, events


def _timeout(state: GameState, events: Events) -> GameState:
    """T-EXPIRY: undo the draft and apply the preset's failed-turn action, once."""
    rules = state.rules
    seat = state.on_turn
    cur = state.current
    me = state.seats[seat]
    undone = {
        "draft": cur.draft is not None,
        "steps": len(cur.steps),
        "riverTake": state.phase == "key",
    }
    committed: tuple[GameState, Events] | None = None
    if state.phase in ("play", "key"):
        committed = _commit_draft(state)
    touched = cur.touched or draft_dirty(state)
    penalty = 0
    if state.phase in ("play", "key") and committed is None:
        penalty = rules.timeout_draws(touched=touched)
    if committed is not None:
        undone = {"draft": False, "steps": 0, "riverTake": False}
    events.append(
        Event(
            TURN_EXPIRED,
            {
                "seat": seat,
                "turn": state.turn,
                "undone": undone,
                "penalty": penalty,
                "committed": committed is not None,
            },
        )
    )
    timeouts = me.timeouts + 1
    takeover = timeouts >= rules.max_timeouts and not me.bot
    state = dataclasses.replace(
        state, seats=_seat(state, seat, timeouts=timeouts, bot=me.bot or takeover)
    )
    if takeover:
        events.append(
            Event(SEAT_CHANGED, {"seat": seat, "change": "bot_took_over", "reason": "timeouts"})
        )
    if committed is not None:
        after, more = committed
        seats = _seat(after, seat, timeouts=timeouts, bot=me.bot or takeover)
        events.extend(more)
        return dataclasses.replace(after, seats=seats)
    if state.phase in ("play", "key"):
        return _failed_turn(state, events, penalty)
    if state.phase == "discard":
        return _discard(state, events, _forced_discard(state))
    # Classic rummy (T-EXPIRY): draw from the stock if not drawn, undo this turn's melds,
    # discard the card drawn. A card taken from the pile goes back first, since it may
    # not be discarded (CR-DISCARD-RULE).
    if cur.steps:
        step = cur.steps[0]
        state = dataclasses.replace(
            state,
            table=step.table,
            placed_by=step.placed_by,
            seats=_seat(state, seat, hand=step.hand, opened=step.opened),
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
            seats=_seat(state, seat, hand=_sorted(hand.elements())),
            current=_fresh_turn(cur),
            phase="draw",
        )
    if state.phase == "draw":
        state = _draw(state, events, Draw(seat, "stock"))
    return _discard(state, events, state.current.drawn[-1])


# -- seats -----------------------------------------------------------------------------


def _resign(state: GameState, events: Events, seat: int) -> GameState:
    """T-ASYNC: the seat's player leaves; a bot plays the seat on (see module notes)."""
    if state.seats[seat].resigned:
        raise RuleViolation(Code.NOT_ALLOWED, f"seat {seat} has already resigned", rule="T-ASYNC")
    state = dataclasses.replace(state, seats=_seat(state, seat, resigned=True, bot=True))
    events.append(Event(SEAT_CHANGED, {"seat": seat, "change": "resigned"}))
    left = [i for i, s in enumerate(state.seats) if not s.resigned]
    if len(left) <= 1:
        result = outcome(state.rules, state.seats, "resignation", left, state.results)
        return _finish(state, events, result)
    return state


def _reclaim(state: GameState, events: Events, seat: int) -> GameState:
    me = state.seats[seat]
    if me.resigned or not me.bot:
        raise RuleViolation(
            Code.NOT_ALLOWED,
            f"seat {seat} " + ("has resigned" if me.resigned else "is not played by a bot"),
            rule="T-ASYNC",
        )
    state = dataclasses.replace(state, seats=_seat(state, seat, bot=False, timeouts=0))
    events.append(Event(SEAT_CHANGED, {"seat": seat, "change": "reclaimed"}))
    return state


# -- legality for bots and clients -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Legal:
    """What ``seat`` may do now (STYLE 4). Commits are not enumerated (that is the
    solver's work); ``commit`` says whether one may be sent at all."""

    seat: int | None
    phase: Phase
    on_turn: bool
    commit: bool
    draw_sources: tuple[str, ...]
    river_tiles: int  # a river draw may name any index below this
    can_pass: bool
    discardable: tuple[str, ...]
    undo: bool
    update_draft: bool
    key_tile: str | None
    booty: tuple[str, ...]
    opened: bool
    may_manipulate: bool
    draw_penalty: int  # cards a stock draw would cost now (RR-FAIL with a dirty draft)

    def to_dict(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "onTurn": self.on_turn,
            "commit": self.commit,
            "drawSources": list(self.draw_sources),
            "riverTiles": self.river_tiles,
            "pass": self.can_pass,
            "discardable": list(self.discardable),
            "undo": self.undo,
            "updateDraft": self.update_draft,
            "keyTile": self.key_tile,
            "booty": list(self.booty),
            "opened": self.opened,
            "mayManipulate": self.may_manipulate,
            "drawPenalty": self.draw_penalty,
        }


def _ok(check: Callable[[], object]) -> bool:
    """Does a precondition check pass (the same check :func:`apply` makes)?"""
    try:
        check()
    except RuleViolation:
        return False
    return True


def legal(state: GameState, seat: int | None) -> Legal:
    """What ``seat`` may do now; a seat not on turn (or a spectator) may do nothing but
    resign or reclaim."""
    rules = state.rules
    phase = state.phase
    cur = state.current
    on = seat is not None and state.outcome is None and seat == state.on_turn
    me = state.seats[seat] if seat is not None else None
    opened = bool(me and me.opened)
    if not on or me is None:
        return Legal(
            seat, phase, False, False, (), 0, False, (), False, False, None, (), opened, False, 0
        )
    sources = [s for s in ("stock", "discard", "river") if _ok(partial(check_draw, state, s, 0))]
    discardable = tuple(sorted({c.code for c in me.hand if _ok(partial(check_discard, state, c))}))
    return Legal(
        seat=seat,
        phase=phase,
        on_turn=True,
        commit=_ok(lambda: _require_play_phase(state, "play")),
        draw_sources=tuple(sources),
        river_tiles=len(state.river) if "river" in sources else 0,
        can_pass=_ok(lambda: check_pass(state)),
        discardable=discardable,
        undo=_ok(lambda: check_undo(state)),
        update_draft=phase in ("play", "key", "meld"),
        key_tile=cur.key.code if cur.key else None,
        booty=tuple(_codes(cur.booty)),
        opened=opened,
        may_manipulate=rules.allows_manipulation(opened=opened, opening_turn=not cur.start_opened),
        draw_penalty=rules.fail_draw_count if failing(state) else (2 if rules.river else 1),
    )


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` except commits and drafts (which the solver and the
    player build): draws, passes, discards, undo."""
    info = legal(state, seat)
    out: list[Action] = []
    if not info.on_turn:
        return out
    for source in info.draw_sources:
        if source == "river":
            out.extend(Draw(seat, "river", i) for i in range(info.river_tiles))
        else:
            out.append(Draw(seat, source))  # type: ignore[arg-type]
    if info.can_pass:
        out.append(Pass(seat))
    out.extend(Discard(seat, code) for code in info.discardable)
    if info.undo:
        out.append(Undo(seat))
    return out

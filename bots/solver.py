"""The exact solver: the best play for a hand against a table (issue 4).

``solve`` finds the play that places the most hand cards (ties: their points), or the
most points with ``objective="points"``, and the new table that holds them:

- once opened, with manipulation (RR-MANIP, RK-MANIP): any rearrangement of the whole
  table, by the dynamic programme of :mod:`bots._dp`; table jokers may be redeemed
  into the hand (RR-JOKER) where the rules allow it;
- before opening (RR-OPEN, RK-OPEN): the best opening from the hand alone, table
  untouched, or nothing;
- without manipulation (classic rummy, CR-LAYOFF): new melds and lay-offs only.

Every play returned has passed ``engine.turn.check_turn``. With a time limit the best
play found so far is returned, marked ``optimal=False``.
"""

from __future__ import annotations

import dataclasses
import gc
import threading
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import combinations, product
from typing import Literal

from bots._dp import Layout, OutOfNodes, Problem, Search, Timeout, solve_layout
from bots._pack import Packing, extension_pieces, new_meld_pieces, pack, room_of
from engine.cards import JOKER, SUITS, Card, parse_card
from engine.errors import EngineError
from engine.melds import Meld
from engine.rules import RuleSet
from engine.turn import TurnCheck, check_turn, read_table

Objective = Literal["cards", "points"]
OBJECTIVES: tuple[Objective, ...] = ("cards", "points")
# Weights are lexicographic: the objective times SCALE plus the tie-break.
SCALE = 1 << 20


class SolverBug(AssertionError):
    """A play the solver built was rejected by the engine (raised when ``strict``)."""


@dataclass(frozen=True, slots=True)
class Play:
    """A solver answer. ``table`` is the whole new table (the old one when nothing is
    played); ``played`` the hand cards it puts on the table; ``cards`` and ``points``
    their count and RULES.md value; ``jokers_to_hand`` jokers redeemed into the hand."""

    table: tuple[Meld, ...]
    played: tuple[Card, ...]
    cards: int
    points: int
    optimal: bool
    jokers_to_hand: int
    ms: float

    def as_dict(self) -> dict[str, object]:
        """The JSON answer of ``python -m bots.solve`` (API.md)."""
        out: dict[str, object] = {
            "table": [list(m.codes) for m in self.table],
            "played": [c.code for c in self.played],
            "cards": self.cards,
            "points": self.points,
            "optimal": self.optimal,
            "ms": round(self.ms, 2),
        }
        if self.jokers_to_hand:
            out["jokersToHand"] = self.jokers_to_hand
        return out


@dataclass(slots=True)
class _Best:
    value: int
    check: TurnCheck | None


def solve(
    rules: RuleSet,
    table: Sequence[Meld] | Sequence[Sequence[object]],
    hand: Mapping[Card, int] | Iterable[Card | str],
    *,
    opened: bool,
    objective: Objective = "cards",
    time_limit_ms: float | None = None,
    strict: bool = False,
) -> Play:
    """The best play; raises BadInput/InvalidMeld for a malformed or invalid position.

    With ``time_limit_ms`` the search stops at the deadline and returns the best play
    found so far (``optimal=False``); a play is always one the engine accepted.
    ``strict`` raises SolverBug instead of falling back when the engine rejects a play
    the solver built (tests use it; a bug must never reach a player).
    """
    started = time.perf_counter()
    deadline = None if time_limit_ms is None else started + time_limit_ms / 1000.0
    melds = _read_table(rules, table)
    hand_ms = _read_hand(hand)
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}")
    ctx = _Context(rules, melds, hand_ms, opened, objective, deadline, strict)
    optimal = True
    try:
        with _gc_paused():
            if not opened:
                optimal = ctx.additive(opening=True)
            elif not rules.manipulation:
                optimal = ctx.additive(opening=False)
            else:
                optimal = ctx.manipulate()
    except Timeout:
        optimal = False
    return ctx.answer(optimal, started)


def fits_all(
    rules: RuleSet,
    table: Sequence[Meld],
    hand: Mapping[Card, int],
    *,
    deadline: float | None = None,
    nodes: int | None = None,
) -> bool:
    """Could a player who has opened lay every card of ``hand`` on ``table`` this turn?

    The same exact search as :func:`solve`, asked only whether the whole hand fits: no
    play is built and none is checked by the engine, which makes it several times
    cheaper (bots ask it about guessed hands of other seats, :mod:`bots.threat`). A
    table whose jokers might not all fit, strict jokers and rules without manipulation
    take :func:`solve` itself. Raises Timeout past ``deadline``. With ``nodes``, a
    search that has not found a way after that many steps answers False (a hand that
    fits is usually found at once; proving that one does not is what takes long)."""
    cards = Counter({c: n for c, n in hand.items() if n > 0})
    total = cards.total()
    if not total:
        return True
    if not rules.manipulation or (rules.strict_joker and any(m.jokers for m in table)):
        return _full_fit(rules, table, cards, deadline)
    ctx = _Context(rules, tuple(table), cards, True, "cards", deadline, False)
    prob = ctx.problem(14 if rules.ace_high else 13)
    forward = Search(prob, slow=False, deadline=deadline)
    searches = [forward]
    if not rules.ace_high:
        searches.append(Search(_mirror(prob), slow=False, deadline=deadline))
    with _gc_paused():
        try:
            layout = _race(searches, ctx.value_of(cards.elements()) - 1, forward, nodes)
        except OutOfNodes:
            return False
    if layout is None:
        return False
    if prob.table_jokers + prob.hand_jokers and ctx._layout_melds(prob, layout) is None:
        return _full_fit(rules, table, cards, deadline)  # spare jokers: ask exactly
    return True


def _full_fit(
    rules: RuleSet, table: Sequence[Meld], cards: Counter[Card], deadline: float | None
) -> bool:
    limit = None if deadline is None else max(0.0, deadline - time.perf_counter()) * 1000.0
    play = solve(rules, table, cards, opened=True, time_limit_ms=limit)
    if not play.optimal and play.cards < cards.total():
        raise Timeout
    return play.cards == cards.total()


# Solves under way, and whether the collector was on when the first of them began.
_GC_LOCK = threading.Lock()
_gc_state = {"solving": 0, "was_enabled": False}


@contextmanager
def _gc_paused() -> Iterator[None]:
    """The cyclic garbage collector off while solving (back on once no solve runs).

    The search's memo holds many thousands of tuples, and every collection that ran
    during a search walked them all: a third of the time of the slowest positions. The
    search makes no reference cycles, so reference counting frees all of it anyway."""
    with _GC_LOCK:
        if _gc_state["solving"] == 0:
            _gc_state["was_enabled"] = gc.isenabled()
            gc.disable()
        _gc_state["solving"] += 1
    try:
        yield
    finally:
        with _GC_LOCK:
            _gc_state["solving"] -= 1
            if _gc_state["solving"] == 0 and _gc_state["was_enabled"]:
                gc.enable()


class _Context:
    def __init__(
        self,
        rules: RuleSet,
        table: tuple[Meld, ...],
        hand: Counter[Card],
        opened: bool,
        objective: Objective,
        deadline: float | None,
        strict: bool,
    ) -> None:
        self.rules = rules
        self.table = table
        self.hand = hand
        self.opened = opened
        self.objective = objective
        self.deadline = deadline
        self.strict = strict
        self.best = _Best(0, None)

    # -- values ---------------------------------------------------------------------

    def weight(self, card: Card) -> int:
        value = self.rules.card_value(card)
        if self.objective == "cards":
            return SCALE + value
        return value * SCALE + 1

    def value_of(self, played: Iterable[Card]) -> int:
        return sum(self.weight(c) for c in played)

    # -- verification -----------------------------------------------------------------

    def offer(self, melds: Sequence[Sequence[Card | str]]) -> bool:
        """Verify a candidate table with the engine; keep it if it beats the best. A
        meld may be given as codes, to keep what its jokers stand for ("*:6H")."""
        commit = [[c if isinstance(c, str) else c.code for c in m] for m in melds]
        try:
            chk = check_turn(
                self.rules, table=self.table, hand=self.hand, opened=self.opened, commit=commit
            )
        except EngineError as exc:
            if self.strict:
                raise SolverBug(f"engine rejected solver play {commit}: {exc}") from exc
            return False
        value = self.value_of(chk.played)
        if value > self.best.value:
            self.best = _Best(value, chk)
        return True

    def answer(self, optimal: bool, started: float) -> Play:
        ms = (time.perf_counter() - started) * 1000.0
        chk = self.best.check
        if chk is None:
            return Play(self.table, (), 0, 0, optimal, 0, ms)
        points = sum(self.rules.card_value(c) for c in chk.played)
        return Play(chk.table, chk.played, len(chk.played), points, optimal, chk.jokers_to_hand, ms)

    # -- openings and classic rummy ---------------------------------------------------

    def _counts(self) -> tuple[list[int], int, list[int]]:
        counts = [0] * 52
        for card, n in self.hand.items():
            if not card.is_joker:
                counts[card.index] += n
        weights = [self.weight(Card(i % 13 + 1, SUITS[i // 13])) for i in range(52)]
        return counts, self.hand[JOKER], weights

    def additive(self, *, opening: bool) -> bool:
        """New melds (and, when not opening, lay-offs): exact over every choice of them."""
        counts, jokers, weights = self._counts()
        pieces = new_meld_pieces(self.rules, counts, jokers)
        table_room: list[int] = []
        if not opening:
            pieces += extension_pieces(self.rules, self.table, counts, jokers)
            table_room = [room_of(m) for m in self.table]
        packing, complete = pack(
            pieces,
            counts,
            jokers,
            weights,
            self.weight(JOKER),
            min_points=self.rules.opening_min if opening else 0,
            table_room=table_room,
            deadline=self.deadline,
        )
        if packing is not None and not self.offer(self._packing_melds(packing)):
            return False
        return complete

    def _packing_melds(self, packing: Packing) -> list[list[str]]:
        """The whole new table of a packing, as codes: table melds grown, then the new
        melds. A grown table meld keeps its jokers' annotations: without them the engine
        would read its jokers afresh, and a joker read as another card is a joker moved,
        which a lay-off may not do (CR-LAYOFF)."""
        grown: list[list[str]] = [list(m.codes) for m in self.table]
        meld_of: list[list[str]] = []  # the meld each piece went into
        new: list[list[str]] = []
        for pc in packing.pieces:
            cards = [Card(i % 13 + 1, SUITS[i // 13]).code for i in pc.naturals]
            cards += [JOKER.code] * pc.jokers
            if pc.target is None:
                new.append(cards)
                meld_of.append(cards)
            else:
                grown[pc.target].extend(cards)
                meld_of.append(grown[pc.target])
        # spare jokers: (piece number, k) or (-1 - table meld, k)
        for where, k in packing.extra_jokers:
            assert where is not None
            target = meld_of[where] if where >= 0 else grown[-1 - where]
            target.extend([JOKER.code] * k)
        return grown + new

    # -- manipulation -----------------------------------------------------------------

    def problem(self, positions: int) -> Problem:
        table = [[0] * (positions + 1) for _ in range(4)]
        hand = [[0] * (positions + 1) for _ in range(4)]
        weight = [[0] * (positions + 1) for _ in range(4)]
        table_jokers = 0
        for meld in self.table:
            for c in meld.cards:
                if c.is_joker:
                    table_jokers += 1
                else:
                    table[SUITS.index(c.suit)][c.rank] += 1
        for c, n in self.hand.items():
            if not c.is_joker:
                hand[SUITS.index(c.suit)][c.rank] += n
        for s in range(4):
            for p in range(1, positions + 1):
                weight[s][p] = self.weight(Card(1 if p == 14 else p, SUITS[s]))
        return Problem(
            table=table,
            hand=hand,
            weight=weight,
            positions=positions,
            table_jokers=table_jokers,
            hand_jokers=self.hand[JOKER],
            joker_weight=self.weight(JOKER),
            table_empty=not self.table,
        )

    def manipulate(self) -> bool:
        """Whole-table rearrangement, exact. Returns False if the result is not proven."""
        if self.rules.strict_joker and any(m.jokers for m in self.table):
            return self._strict_jokers()
        prob = self.problem(14 if self.rules.ace_high else 13)
        # Two searches, sweeping the ranks up and down, take turns with a growing node
        # budget: a search fails late on what lies at the end of its sweep, so the one
        # meeting the hard ranks first is often far quicker. Both are exact; the first to
        # finish answers. (Ace high is not symmetric: one direction only.)
        forward = Search(prob, slow=False, deadline=self.deadline)
        searches = [forward]
        if not self.rules.ace_high:
            searches.append(Search(_mirror(prob), slow=False, deadline=self.deadline))
        layout = None
        try:
            for lower in self._targets():
                layout = _race(searches, lower, forward)
                if layout is not None:
                    break
        except Timeout:
            # the best layout the searches completed, if its jokers fit: anytime answer
            for search in searches:
                found = search.incumbent_layout()
                if found is not None:
                    if search is not forward:
                        found = _mirror_layout(found)
                    melds = self._layout_melds(prob, found)
                    if melds is not None and (found.runs or found.groups):
                        self.offer(melds)
            raise
        if layout is None:
            return True
        if not layout.runs and not layout.groups:
            return True  # only hand jokers and an empty table: nothing can be played
        melds = self._layout_melds(prob, layout)
        if melds is not None and self.offer(melds):
            return True
        # The jokers do not all fit (or the engine disagreed): the exact slow mode.
        return self._slow(prob)

    def _strict_jokers(self) -> bool:
        """RK-JOKER strict: melds holding a joker may only grow. Not modelled exactly:
        the best of (a) rearranging every other meld with those left as they are and
        (b) new melds and lay-offs onto any meld. Valid, not proven best."""
        frozen = tuple(m for m in self.table if m.jokers)
        free = tuple(m for m in self.table if not m.jokers)
        sub = _Context(
            self.rules, free, self.hand, True, self.objective, self.deadline, self.strict
        )
        sub.manipulate()
        chk = sub.best.check
        rest = self.hand - Counter(chk.played) if chk is not None else Counter(self.hand)
        # then new melds and lay-offs with what is left, onto the joker melds too
        grow = _Context(
            dataclasses.replace(self.rules, manipulation=False),
            frozen,
            rest,
            True,
            self.objective,
            self.deadline,
            False,
        )
        grow.additive(opening=False)
        first = list(chk.table) if chk is not None else list(free)
        second = list(grow.best.check.table) if grow.best.check is not None else list(frozen)
        if chk is not None or grow.best.check is not None:
            self.offer([list(m.cards) for m in (*first, *second)])
        self.additive(opening=False)
        return False

    def _targets(self) -> list[int]:
        """Bars for the search, highest first, ending at the best play known.

        The search drops every state that cannot beat its bar and what it finds above
        the bar is the true optimum. Asking first for every hand card is cheap when
        they all fit (late in a game they usually do); its failures stay in the memo.
        """
        total = sum(self.weight(c) * n for c, n in self.hand.items())
        floor = self.best.value
        return [total - 1, floor] if total - 1 > floor else [floor]

    def _slow(self, prob: Problem) -> bool:
        layout = solve_layout(prob, slow=True, lower=self.best.value, deadline=self.deadline)
        if layout is not None:
            melds = self._layout_melds(prob, layout)
            if melds is None or not self.offer(melds):
                return False
        if self.rules.joker_to_hand and prob.table_jokers:
            for forced, gone in self._redemptions(prob):
                layout = solve_layout(
                    prob,
                    slow=True,
                    lower=self.best.value,
                    deadline=self.deadline,
                    forced_hand=forced,
                    min_jokers_used=prob.table_jokers - gone,
                )
                if layout is not None:
                    melds = self._layout_melds(prob, layout)
                    if melds is None or not self.offer(melds):
                        return False
        return True

    def _redemptions(self, prob: Problem) -> list[tuple[list[list[int]], int]]:
        """Hand cards that could redeem table jokers (RR-JOKER), as forced sets."""
        slots: list[set[Card]] = []
        for meld in self.table:
            for card, rep in zip(meld.cards, meld.represents, strict=True):
                if not card.is_joker:
                    continue
                if meld.kind == "group" and len(meld.cards) == 3:
                    opts = {Card(rep.rank, s) for s in meld.missing_group_suits()}
                else:
                    opts = {rep}
                opts = {c for c in opts if self.hand[c]}
                if opts:
                    slots.append(opts)
        seen: set[tuple[Card, ...]] = set()
        out: list[tuple[list[list[int]], int]] = []
        for g in range(1, len(slots) + 1):
            for chosen in combinations(slots, g):
                for pick in product(*[sorted(o) for o in chosen]):
                    key = tuple(sorted(pick))
                    if key in seen or any(Counter(key)[c] > self.hand[c] for c in key):
                        continue
                    seen.add(key)
                    forced = [[0] * (prob.positions + 1) for _ in range(4)]
                    for c in key:
                        forced[SUITS.index(c.suit)][c.rank] += 1
                    out.append((forced, g))
        return out

    def _layout_melds(self, prob: Problem, layout: Layout) -> list[list[Card]] | None:
        """Concrete melds of a layout; None when the spare jokers have nowhere to go."""
        melds: list[list[Card]] = []
        rooms: list[int] = []
        needs = 0
        for s, cells in layout.runs:
            suit = SUITS[s]
            # ace high: A..K..A is two runs (each half keeps a natural: at most 6 jokers)
            parts = [cells[:7], cells[7:]] if len(cells) > 13 else [cells]
            for part in parts:
                cards = [JOKER if p is None else Card(1 if p == 14 else p, suit) for p in part]
                needs += sum(1 for p in part if p is None)
                pad = max(0, 3 - len(cards))
                needs += pad
                cards += [JOKER] * pad
                melds.append(cards)
                rooms.append(13 - len(cards))
        for p, suits in layout.groups:
            cards = [Card(1 if p == 14 else p, SUITS[s]) for s in suits]
            pad = max(0, 3 - len(cards))
            needs += pad
            cards += [JOKER] * pad
            melds.append(cards)
            rooms.append(4 - len(cards))
        extra = layout.jokers_used - needs
        if extra < 0:
            if self.strict:
                raise SolverBug(f"layout needs {needs} jokers, uses {layout.jokers_used}")
            return None
        for i, room in enumerate(rooms):
            if extra == 0:
                break
            k = min(extra, room)
            melds[i] += [JOKER] * k
            extra -= k
        if extra:
            return None
        return melds


def _mirror(prob: Problem) -> Problem:
    """The same position with the ranks read downwards (K..A): runs are symmetric."""

    def flip(rows: list[list[int]]) -> list[list[int]]:
        return [[row[0], *reversed(row[1:])] for row in rows]

    return dataclasses.replace(
        prob, table=flip(prob.table), hand=flip(prob.hand), weight=flip(prob.weight)
    )


def _mirror_layout(layout: Layout) -> Layout:
    """A layout of the mirrored position, in the real ranks."""
    top = 14
    return dataclasses.replace(
        layout,
        runs=[(s, [None if p is None else top - p for p in cells]) for s, cells in layout.runs],
        groups=[(top - p, suits) for p, suits in layout.groups],
    )


def _race(
    searches: list[Search], lower: int, forward: Search, cap: int | None = None
) -> Layout | None:
    """Run the searches in turns with a growing node budget until one finishes.

    The budget grows by half each round (doubling let the loser spend up to twice the
    winner's nodes); the winner moves to the front, to lead the next race (the next
    bar) with half as much again as the other: the direction that met the hard ranks
    first is usually the quick one again.
    ``forward`` is the search that is not mirrored. Raises OutOfNodes once the searches
    have used ``cap`` nodes between them."""
    budget = 512
    while True:
        if cap is not None and sum(s.nodes for s in searches) >= cap:
            raise OutOfNodes
        for k, search in enumerate(searches):
            share: int | None = budget + budget // 2 if k == 0 else budget
            if len(searches) == 1:
                share = None
            if cap is not None:
                left = cap - sum(s.nodes for s in searches)
                share = left if share is None else min(share, left)
            try:
                layout = search.best(lower, share)
            except OutOfNodes:
                continue
            if layout is not None and search is not forward:
                layout = _mirror_layout(layout)
            if k:
                searches.insert(0, searches.pop(k))  # it leads the next race
            return layout
        budget += budget // 2


def _read_table(
    rules: RuleSet, table: Sequence[Meld] | Sequence[Sequence[object]]
) -> tuple[Meld, ...]:
    if all(isinstance(m, Meld) for m in table):
        return tuple(m for m in table if isinstance(m, Meld))
    return read_table(rules, [list(m) for m in table if not isinstance(m, Meld)])


def _read_hand(hand: Mapping[Card, int] | Iterable[Card | str]) -> Counter[Card]:
    if isinstance(hand, Mapping):
        return Counter({parse_card(c): int(n) for c, n in hand.items() if n > 0})
    return Counter(parse_card(c) for c in hand)

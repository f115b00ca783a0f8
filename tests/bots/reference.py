"""An independent reference for the solver: an integer programme solved by HiGHS.

Every candidate meld is an integer variable (how many times it is laid). Candidates
are card multisets accepted by ``engine.melds.read_meld``:

- groups: 2..4 naturals of one rank, distinct suits, plus jokers up to 3..4 cards;
- runs with at least 2 naturals and at most 5 cards, jokers filling the gaps and ends;
- one natural with 2..6 jokers.

That is enough: a run of 6 or more cards with 2 or more naturals splits into two
valid melds, each keeping a natural (cut between two naturals; the jokers it holds
cover both halves' gaps and padding), so every table has an equivalent one made of
these candidates only.

Table cards are used exactly, hand cards at most once each; jokers leaving the table
(RR-JOKER) must each be matched to a played natural that may redeem it, and then no
hand joker counts as played. Only for positions after opening with manipulation.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import highspy
import numpy as np

from engine.cards import JOKER, SUITS, Card
from engine.errors import EngineError
from engine.melds import Meld, read_meld
from engine.rules import RuleSet


def _valid(rules: RuleSet, cards: list[Card]) -> bool:
    try:
        read_meld(rules, cards)
    except EngineError:
        return False
    return True


def candidates(
    rules: RuleSet, have: Counter[Card], jokers: int
) -> list[tuple[tuple[Card, ...], int]]:
    out: set[tuple[tuple[Card, ...], int]] = set()
    top = rules.max_run_rank
    for suit in SUITS:
        positions = [p for p in range(1, top + 1) if have[Card(1 if p == 14 else p, suit)]]
        for lo_i, lo in enumerate(positions):
            window = [p for p in positions[lo_i:] if p - lo <= 4]
            for size in range(1, len(window)):
                for rest in combinations(window[1:], size):
                    ps = (lo, *rest)
                    span = ps[-1] - ps[0] + 1
                    gaps = span - len(ps)
                    for k in range(gaps, min(jokers, 5 - len(ps)) + 1):
                        if len(ps) + k < 3:
                            continue
                        cards = [Card(1 if p == 14 else p, suit) for p in ps]
                        if _valid(rules, cards + [JOKER] * k):
                            out.add((tuple(sorted(cards)), k))
    for card in have:
        if card.is_joker:
            continue
        for k in range(2, jokers + 1):
            if _valid(rules, [card] + [JOKER] * k):
                out.add(((card,), k))
    for rank in range(1, 14):
        present = [Card(rank, s) for s in SUITS if have[Card(rank, s)]]
        for size in range(2, len(present) + 1):
            for cards in combinations(present, size):
                for k in range(max(0, 3 - size), min(jokers, 4 - size) + 1):
                    if _valid(rules, [*cards, *([JOKER] * k)]):
                        out.add((tuple(sorted(cards)), k))
    return sorted(out, key=lambda m: ([c.index for c in m[0]], m[1]))


def reference_value(
    rules: RuleSet,
    table: Sequence[Meld],
    hand: Counter[Card],
    weight: dict[Card, int],
    *,
    redeem: bool,
    known: int | None = None,
) -> int:
    """The optimum of sum(weight of hand cards played), after opening, with manipulation.

    ``known`` is the value of a valid play (a lower bound): when the LP relaxation's
    bound meets it, that is the optimum and the integer programme is skipped."""
    on_table = Counter(c for m in table for c in m.cards)
    have = on_table + hand
    jt, jh = on_table[JOKER], hand[JOKER]
    cands = candidates(rules, have, jt + jh)
    naturals = sorted({c for c in have if not c.is_joker})
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("mip_rel_gap", 0.0)
    inf = highspy.kHighsInf
    # columns: x (candidates), y (hand naturals used), yj, gone, b, z (redemptions)
    cols: list[tuple[float, float, float, bool]] = []  # cost, lb, ub, integer
    for nat, _k in cands:
        ub = min(have[c] for c in nat)
        cols.append((0.0, 0.0, float(ub), True))
    y_of: dict[Card, int] = {}
    for c in naturals:
        if hand[c]:
            y_of[c] = len(cols)
            cols.append((-float(weight[c]), 0.0, float(hand[c]), True))
    yj = len(cols)
    cols.append((-float(weight[JOKER]), 0.0, float(jh), True))
    gone = len(cols)
    cols.append((0.0, 0.0, float(jt if redeem else 0), True))
    b = len(cols)
    cols.append((0.0, 0.0, 1.0, True))
    slots: list[tuple[int, Card]] = []
    if redeem:
        for m_i, meld in enumerate(table):
            for s_i, (card, rep) in enumerate(zip(meld.cards, meld.represents, strict=True)):
                if not card.is_joker:
                    continue
                if meld.kind == "group" and len(meld.cards) == 3:
                    opts = [Card(rep.rank, s) for s in meld.missing_group_suits()]
                else:
                    opts = [rep]
                for o in opts:
                    if hand[o]:
                        slots.append((m_i * 100 + s_i, o))
    z0 = len(cols)
    for _ in slots:
        cols.append((0.0, 0.0, 1.0, True))
    n = len(cols)
    h.addVars(n, np.array([c[1] for c in cols]), np.array([c[2] for c in cols]))
    h.changeColsCost(n, np.arange(n, dtype=np.int32), np.array([c[0] for c in cols]))
    h.changeColsIntegrality(n, np.arange(n, dtype=np.int32), np.array([1] * n, dtype=np.uint8))

    def row(lo: float, hi: float, entries: dict[int, float]) -> None:
        idx = np.array(list(entries), dtype=np.int32)
        val = np.array(list(entries.values()), dtype=np.float64)
        h.addRow(lo, hi, len(idx), idx, val)

    for c in naturals:
        e: dict[int, float] = {}
        for j, (nat, _k) in enumerate(cands):
            if c in nat:
                e[j] = e.get(j, 0.0) + 1.0
        if c in y_of:
            e[y_of[c]] = -1.0
        row(float(on_table[c]), float(on_table[c]), e)
    # jokers on the table afterwards = jt - gone + yj
    e = {j: float(k) for j, (_nat, k) in enumerate(cands) if k}
    e[gone] = e.get(gone, 0.0) + 1.0
    e[yj] = -1.0
    row(float(jt), float(jt), e)
    # hand jokers played and jokers gone exclude each other (b chooses)
    row(-inf, 0.0, {yj: 1.0, b: -float(jh)})
    row(-inf, float(jt), {gone: 1.0, b: float(jt)})
    if slots:
        row(0.0, 0.0, {**{z0 + i: 1.0 for i in range(len(slots))}, gone: -1.0})
        by_slot: dict[int, list[int]] = {}
        by_card: dict[Card, list[int]] = {}
        for i, (sid, card) in enumerate(slots):
            by_slot.setdefault(sid, []).append(z0 + i)
            by_card.setdefault(card, []).append(z0 + i)
        for zs in by_slot.values():
            row(-inf, 1.0, dict.fromkeys(zs, 1.0))
        for card, zs in by_card.items():
            row(-inf, 0.0, {**dict.fromkeys(zs, 1.0), y_of[card]: -1.0})
    if known is not None:
        h.changeColsIntegrality(n, np.arange(n, dtype=np.int32), np.zeros(n, dtype=np.uint8))
        h.run()
        if h.getModelStatus() == highspy.HighsModelStatus.kOptimal:
            bound = math.floor(-h.getInfo().objective_function_value + 1e-6)
            if bound <= known:
                return bound  # the optimum is known; below it means a solver bug
        h.changeColsIntegrality(n, np.arange(n, dtype=np.int32), np.ones(n, dtype=np.uint8))
    h.run()
    status = h.getModelStatus()
    if status != highspy.HighsModelStatus.kOptimal:  # pragma: no cover - table is feasible
        raise AssertionError(f"reference model status {h.modelStatusToString(status)}")
    return round(-h.getInfo().objective_function_value)


def opening_reference(rules: RuleSet, hand: Counter[Card], weight: dict[Card, int]) -> int:
    """The best opening by brute force (small hands): every sub-multiset of the hand that
    ``read_meld`` accepts is a candidate; every packing of candidates is tried."""
    cards = sorted(hand.elements())
    melds: dict[tuple[Card, ...], int] = {}
    n = len(cards)
    for mask in range(1, 1 << n):
        if bin(mask).count("1") < 3:
            continue
        sub = tuple(cards[i] for i in range(n) if mask >> i & 1)
        if sub in melds:
            continue
        try:
            melds[sub] = read_meld(rules, list(sub)).points
        except EngineError:
            continue
    options = list(melds.items())
    best = 0

    def rec(start: int, left: Counter[Card], value: int, points: int) -> None:
        nonlocal best
        if points >= rules.opening_min and value > best:
            best = value
        for k in range(start, len(options)):
            sub, pts = options[k]
            need = Counter(sub)
            if need - left:
                continue
            rec(k, left - need, value + sum(weight[c] for c in sub), points + pts)

    rec(0, Counter(hand), 0, 0)
    return best

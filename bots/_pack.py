"""Exact searches that only add melds: openings (RR-OPEN) and classic rummy (CR-LAYOFF).

Both choose disjoint pieces of the hand: new melds made of hand cards, and (classic
rummy, once opened) additions to table melds, each table meld taking at most one.
The hand is small, so a depth-first branch and bound over the candidate pieces is
exact and fast: the lowest card not yet decided is either kept in hand or placed by
one piece whose lowest card it is.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from bots._dp import Timeout
from engine.cards import JOKER, SUITS, Card
from engine.errors import EngineError
from engine.melds import Meld, read_meld
from engine.rules import RuleSet


@dataclass(frozen=True, slots=True)
class Piece:
    """Hand cards placed together: a new meld (``target`` None) or an addition to a meld."""

    naturals: tuple[int, ...]  # card indexes, ascending
    jokers: int
    target: int | None  # index of the table meld it extends
    points: int  # meld points of a new meld (openings count these)
    room: int  # jokers the resulting meld could still take


@dataclass(slots=True)
class Packing:
    value: int
    pieces: list[Piece]
    extra_jokers: list[tuple[int | None, int]]  # (table meld or piece number, jokers)


_MELD_CACHE: dict[tuple[RuleSet, tuple[Card | str, ...]], Meld | None] = {}


def _code(item: Card | str) -> str:
    return item if isinstance(item, str) else item.code


def meld_or_none(rules: RuleSet, cards: Sequence[Card | str]) -> Meld | None:
    """The meld these cards make, or None. Cards, or codes: a table meld's own codes keep
    what its jokers stand for ("*:6H"), which a lay-off may not change (CR-LAYOFF)."""
    key = (rules, tuple(sorted(cards, key=_code)))
    if key in _MELD_CACHE:
        return _MELD_CACHE[key]
    try:
        meld: Meld | None = read_meld(rules, list(key[1]))
    except EngineError:
        meld = None
    if len(_MELD_CACHE) > 200_000:
        _MELD_CACHE.clear()
    _MELD_CACHE[key] = meld
    return meld


def room_of(meld: Meld) -> int:
    return (13 if meld.kind == "run" else 4) - len(meld.cards)


def _card(index: int) -> Card:
    return Card(index % 13 + 1, SUITS[index // 13])


def new_meld_pieces(rules: RuleSet, counts: Sequence[int], jokers: int) -> list[Piece]:
    """Every distinct meld that can be made from the hand (as card multisets)."""
    out: dict[tuple[tuple[int, ...], int], Piece] = {}
    for s in range(4):
        ranks = [i for i in range(s * 13, s * 13 + 13) if counts[i]]
        for size in range(1, len(ranks) + 1):
            for core in combinations(ranks, size):
                _add_core(rules, core, jokers, out, max_total=13)
    for r in range(13):
        present = [s * 13 + r for s in range(4) if counts[s * 13 + r]]
        for size in range(2, len(present) + 1):
            for core in combinations(present, size):
                _add_core(rules, core, jokers, out, max_total=4)
    return list(out.values())


def _add_core(
    rules: RuleSet,
    core: tuple[int, ...],
    jokers: int,
    out: dict[tuple[tuple[int, ...], int], Piece],
    max_total: int,
) -> None:
    cards = [_card(i) for i in core]
    lo = max(0, 3 - len(core))
    for k in range(lo, min(jokers, max_total - len(core)) + 1):
        if (core, k) in out:
            continue
        meld = meld_or_none(rules, cards + [JOKER] * k)
        if meld is not None:
            out[(core, k)] = Piece(core, k, None, meld.points, room_of(meld))


def extension_pieces(
    rules: RuleSet, table: Sequence[Meld], counts: Sequence[int], jokers: int
) -> list[Piece]:
    """Every addition of hand cards (at least one natural) that keeps a table meld valid."""
    out: list[Piece] = []
    for m, meld in enumerate(table):
        naturals = [c for c in meld.cards if not c.is_joker]
        if meld.kind == "run":
            suit = naturals[0].suit
            have = {c.rank for c in naturals}
            pool = [
                i
                for i in range(SUITS.index(suit) * 13, SUITS.index(suit) * 13 + 13)
                if counts[i] and _card(i).rank not in have
            ]
            cap = 13
        else:
            rank = naturals[0].rank
            have_s = {c.suit for c in naturals}
            pool = [s * 13 + rank - 1 for s in range(4) if counts[s * 13 + rank - 1]]
            pool = [i for i in pool if SUITS[i // 13] not in have_s]
            cap = 4
        # The meld's own codes: its jokers keep what they stand for ("*:6H"). A lay-off
        # never moves a joker (CR-LAYOFF), so a card for a joker's place does not fit.
        base = list(meld.codes)
        for size in range(1, len(pool) + 1):
            for core in combinations(pool, size):
                add = [_card(i).code for i in core]
                for k in range(0, min(jokers, cap - len(base) - size) + 1):
                    new = meld_or_none(rules, [*base, *add, *[JOKER.code] * k])
                    if new is not None:
                        out.append(Piece(core, k, m, new.points, room_of(new)))
    return out


def pack(
    pieces: list[Piece],
    counts: Sequence[int],
    jokers: int,
    weight: Sequence[int],
    joker_weight: int,
    *,
    min_points: int,
    table_room: Sequence[int],
    deadline: float | None,
) -> tuple[Packing | None, bool]:
    """The most valuable disjoint choice of pieces whose new melds reach ``min_points``.

    Pieces extending the same table meld exclude each other. Jokers left over at the end
    go, one per free place, into the room of the melds (``table_room`` for table melds
    not extended). Returns the best packing found (None when nothing can be played) and
    whether the search finished before ``deadline``.
    """
    by_low: dict[int, list[Piece]] = {}
    for pc in pieces:
        by_low.setdefault(pc.naturals[0], []).append(pc)
    for lst in by_low.values():
        lst.sort(key=lambda pc: (-len(pc.naturals) - pc.jokers, -pc.points))
    cnt = list(counts)
    order = [i for i in range(52) if cnt[i]]
    best_value = 0
    best: Packing | None = None
    chosen: list[Piece] = []
    used_targets: set[int] = set()
    nodes = 0
    suffix_w = [0] * (len(order) + 1)
    for j in range(len(order) - 1, -1, -1):
        i = order[j]
        suffix_w[j] = suffix_w[j + 1] + cnt[i] * weight[i]

    def finish(value: int, jk: int, points: int) -> None:
        nonlocal best_value, best
        if points < min_points:
            return
        extra: list[tuple[int | None, int]] = []
        total = value
        if jk and joker_weight > 0:
            left = jk
            for n, pc in enumerate(chosen):
                if left and pc.room > 0:
                    k = min(left, pc.room)
                    extra.append((n, k))
                    left -= k
            for m, room in enumerate(table_room):
                if left and room > 0 and m not in used_targets:
                    k = min(left, room)
                    extra.append((-1 - m, k))
                    left -= k
            total += (jk - left) * joker_weight
        if not chosen and not extra:
            return
        if total > best_value:
            best_value = total
            best = Packing(total, list(chosen), extra)

    def rec(pos: int, value: int, jk: int, points: int) -> None:
        nonlocal nodes
        nodes += 1
        if deadline is not None and nodes & 1023 == 0 and time.perf_counter() > deadline:
            raise Timeout
        while pos < len(order) and cnt[order[pos]] == 0:
            pos += 1
        if value + _rest(pos) + jk * joker_weight <= best_value:
            return
        if pos == len(order):
            finish(value, jk, points)
            return
        i = order[pos]
        for pc in by_low.get(i, ()):
            if pc.jokers > jk or (pc.target is not None and pc.target in used_targets):
                continue
            if any(cnt[x] == 0 for x in pc.naturals):
                continue
            for x in pc.naturals:
                cnt[x] -= 1
            gain = sum(weight[x] for x in pc.naturals) + pc.jokers * joker_weight
            chosen.append(pc)
            if pc.target is not None:
                used_targets.add(pc.target)
            rec(pos, value + gain, jk - pc.jokers, points + (pc.points if pc.target is None else 0))
            if pc.target is not None:
                used_targets.discard(pc.target)
            chosen.pop()
            for x in pc.naturals:
                cnt[x] += 1
        # keep one copy of card i in hand
        cnt[i] -= 1
        rec(pos, value, jk, points)
        cnt[i] += 1

    def _rest(pos: int) -> int:
        return sum(cnt[order[j]] * weight[order[j]] for j in range(pos, len(order)))

    try:
        rec(0, 0, jokers, 0)
    except Timeout:
        return best, False
    return best, True

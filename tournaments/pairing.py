"""Swiss pairing for tables of 2 to 4 players (issue 30): a pure function, no Django.

``pair(players, history, table_size, seed)`` seats every player of a round, as Board
Game Arena's multi-player Swiss does:

1. the players are ordered by (points, tie-break, a random draw from ``seed``), best
   first; the draw is made per player id, so the input's order does not matter;
2. the sizes of the round's tables are fixed by :func:`table_sizes`: tables of
   ``table_size``; when the players do not divide evenly, the last tables (the bottom of
   the standings) are one seat smaller; when there are too few players for that, the
   leftovers get a bye (a player with the fewest byes so far, from the bottom up);
3. the ordered players are cut into consecutive tables (the "plain cut");
4. a bounded swap between neighbouring tables lowers the number of pairs at the same
   table that met before: a swap is made only when it lowers that number, and a player
   swapped once is not swapped again, so nobody sits more than one table away from
   their place in the plain cut, and the round never has more repeated pairs than the
   plain cut has.

Deterministic: the same players, history, size and seed give the same round.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

MIN_TABLE = 2
MAX_TABLE = 4

Score = int | float | Fraction


@dataclass(frozen=True, slots=True)
class Player:
    """A player to seat: an id, and the standing it is ordered by (higher is better)."""

    id: int
    points: Score = 0
    tiebreak: Score = 0


@dataclass(frozen=True, slots=True)
class Pairing:
    """One round: its tables (player ids, the best-placed table first) and its byes."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()

    def seated(self) -> list[int]:
        return [p for table in self.tables for p in table]


@dataclass(frozen=True, slots=True)
class History:
    """What earlier rounds did: who sat at a table with whom, and who had byes."""

    rounds: tuple[Pairing, ...] = field(default_factory=tuple)

    def met(self) -> Counter[frozenset[int]]:
        """How often each pair of players sat at one table."""
        out: Counter[frozenset[int]] = Counter()
        for past in self.rounds:
            for table in past.tables:
                for a, b in combinations(table, 2):
                    out[frozenset((a, b))] += 1
        return out

    def byes(self) -> Counter[int]:
        return Counter(p for past in self.rounds for p in past.byes)


def table_sizes(players: int, table_size: int) -> tuple[list[int], int]:
    """The tables' sizes (largest first) and the number of byes for ``players``.

    Tables of ``table_size``; a remainder makes tables one seat smaller at the bottom
    (10 players in threes: 3, 3, 2, 2) when there are enough players for that and a
    smaller table still has two seats; with fewer players than a table, one table of
    them all; else the remainder sits out with a bye (5 in fours: 4 and one bye)."""
    if not MIN_TABLE <= table_size <= MAX_TABLE:
        raise ValueError(f"a table seats {MIN_TABLE} to {MAX_TABLE} players")
    if players < MIN_TABLE:
        return [], max(players, 0)
    full, rest = divmod(players, table_size)
    if rest == 0:
        return [table_size] * full, 0
    smaller = table_size - rest  # tables of table_size - 1 that absorb the remainder
    if table_size - 1 >= MIN_TABLE and players >= smaller * (table_size - 1):
        big = (players - smaller * (table_size - 1)) // table_size
        return [table_size] * big + [table_size - 1] * smaller, 0
    if players < table_size:
        return [players], 0
    return [table_size] * full, rest


def _draw(seed: object, player_id: int) -> bytes:
    """The player's random place among equals: a hash of the seed and the id, so that
    it does not depend on who else is in the list or in which order."""
    return hashlib.sha256(f"{seed!r}:{player_id}".encode()).digest()


def order(players: Iterable[Player], seed: object) -> list[Player]:
    """Best first: points, then tie-break, then the seed's draw."""
    return sorted(players, key=lambda p: (-p.points, -p.tiebreak, _draw(seed, p.id)))


def repeats(tables: Iterable[Sequence[int]], met: Counter[frozenset[int]]) -> int:
    """Pairs seated together that sat together before (each pair once)."""
    return sum(1 for t in tables for a, b in combinations(t, 2) if met[frozenset((a, b))])


def _table_repeats(table: Sequence[int], met: Counter[frozenset[int]]) -> int:
    return sum(1 for a, b in combinations(table, 2) if met[frozenset((a, b))])


def _choose_byes(ordered: list[Player], count: int, had: Counter[int]) -> list[int]:
    """``count`` byes from the bottom up, to those with the fewest byes so far."""
    if count <= 0:
        return []
    bottom_up = list(reversed(ordered))
    ranked = sorted(range(len(bottom_up)), key=lambda i: (had[bottom_up[i].id], i))
    return [bottom_up[i].id for i in ranked[:count]]


def pair(
    players: Sequence[Player],
    history: History,
    table_size: int,
    seed: object,
    *,
    swap: bool = True,
) -> Pairing:
    """The round's tables and byes (see the module notes). ``swap=False`` gives the
    plain cut. Raises ValueError for a table size out of 2..4 or a repeated player id."""
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise ValueError("a player is listed twice")
    sizes, bye_count = table_sizes(len(players), table_size)
    ordered = order(players, seed)
    byes = _choose_byes(ordered, bye_count, history.byes())
    seated = [p.id for p in ordered if p.id not in byes]
    tables: list[list[int]] = []
    start = 0
    for size in sizes:
        tables.append(seated[start : start + size])
        start += size
    if swap:
        _swap_neighbours(tables, history.met())
    return Pairing(tables=tuple(tuple(t) for t in tables), byes=tuple(byes))


def _swap_neighbours(tables: list[list[int]], met: Counter[frozenset[int]]) -> None:
    """Swap single players between neighbouring tables while a swap lowers the repeated
    pairs, each player at most once (so at most one table from where the cut put them).
    Each pass takes the best swap of the first neighbouring pair of tables that has one;
    passes end when no swap helps. At most one swap per player: bounded."""
    moved: set[int] = set()
    while True:
        best: tuple[int, int, int, int] | None = None  # (gain, table, i, j)
        for t in range(len(tables) - 1):
            upper, lower = tables[t], tables[t + 1]
            before = _table_repeats(upper, met) + _table_repeats(lower, met)
            if before == 0:
                continue
            for i, a in enumerate(upper):
                if a in moved:
                    continue
                for j, b in enumerate(lower):
                    if b in moved:
                        continue
                    new_upper = [*upper[:i], b, *upper[i + 1 :]]
                    new_lower = [*lower[:j], a, *lower[j + 1 :]]
                    after = _table_repeats(new_upper, met) + _table_repeats(new_lower, met)
                    gain = before - after
                    if gain > 0 and (best is None or gain > best[0]):
                        best = (gain, t, i, j)
            if best is not None:
                break
        if best is None:
            return
        _gain, t, i, j = best
        a, b = tables[t][i], tables[t + 1][j]
        tables[t][i], tables[t + 1][j] = b, a
        moved.update((a, b))


def shuffled(ids: Sequence[int], seed: object) -> list[int]:
    """``ids`` in a seat order drawn from ``seed`` (who sits first at a table is luck)."""
    out = sorted(ids)
    random.Random(hashlib.sha256(repr(seed).encode()).digest()).shuffle(out)
    return out

"""How the cards of one rank that do not go into runs split into groups (R-GROUP).

At one rank, ``g[s]`` natural cards of suit ``s`` are left for groups. A group holds
distinct suits, 1..4 naturals, and is padded with jokers up to 3 cards; it can take
jokers up to 4 cards. What matters for the search is only the multiset of the
``g[s]``: the fewest jokers needed (``need``), and, for the rare positions where jokers
have nowhere to go, how many more jokers the groups can absorb (``room``).
"""

from __future__ import annotations

from functools import cache

Partition = tuple[tuple[int, ...], ...]  # groups, each a tuple of suit indexes


def _partitions(g: tuple[int, ...]) -> list[Partition]:
    """Every way to deal the cards into groups of distinct suits (canonical, no repeats)."""
    out: list[Partition] = []

    def rec(s: int, groups: list[list[int]]) -> None:
        if s == len(g):
            out.append(tuple(tuple(x) for x in groups))
            return
        k = g[s]
        # suit s joins k distinct groups: some existing, the rest new ones
        n = len(groups)

        def choose(start: int, left: int, picked: list[int]) -> None:
            if left == 0:
                for i in picked:
                    groups[i].append(s)
                rec(s + 1, groups)
                for i in picked:
                    groups[i].pop()
                return
            # a new group for each remaining card (new groups are interchangeable)
            for extra in range(left, left + 1):
                groups.extend([s] for _ in range(extra))
                for i in picked:
                    groups[i].append(s)
                rec(s + 1, groups)
                for i in picked:
                    groups[i].pop()
                del groups[len(groups) - extra :]
            for i in range(start, n):
                if len(groups[i]) < 4:
                    picked.append(i)
                    choose(i + 1, left - 1, picked)
                    picked.pop()

        if k == 0:
            rec(s + 1, groups)
        else:
            choose(0, k, [])

    rec(0, [])
    return out


def _need(part: Partition) -> int:
    return sum(max(0, 3 - len(grp)) for grp in part)


def _room(part: Partition) -> int:
    return sum(4 - len(grp) for grp in part)


@cache
def group_need(g: tuple[int, ...]) -> int:
    """Fewest jokers that turn ``g[s]`` cards of each suit into groups."""
    if not any(g):
        return 0
    return min(_need(p) for p in _partitions(g))


@cache
def group_options(g: tuple[int, ...]) -> tuple[tuple[int, int, Partition], ...]:
    """Pareto-best (need, room, partition): fewer jokers needed, more room for extra ones."""
    if not any(g):
        return ((0, 0, ()),)
    best: dict[int, tuple[int, Partition]] = {}
    for p in _partitions(g):
        need, room = _need(p), _room(p)
        if need not in best or best[need][0] < room:
            best[need] = (room, p)
    out: list[tuple[int, int, Partition]] = []
    top = -1
    for need in sorted(best):
        room, p = best[need]
        if room > top:
            out.append((need, room, p))
            top = room
    return tuple(out)

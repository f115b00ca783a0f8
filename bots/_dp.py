"""The exact search over whole-table rearrangements: a dynamic programme over ranks.

After van Rijn, Takes & Vis ("The complexity of Rummikub problems", 2015). The cards
are swept rank by rank (positions 1..13, or 1..14 when ``ace_high`` lets the ace also
sit above the king) and, at each rank, suit by suit. The state between two steps is:

- per suit, the multiset of runs in progress, each coded ``length * 4 + trail``: the
  length so far (capped at 3 in the fast mode: a run of 3 or more may stop at any
  rank) and how many jokers it ended on (a gap that a later natural must close);
- the multiset of cards the suits already processed at this rank left for groups;
- the jokers needed so far (gap fillers and the padding of short melds);
- (slow mode) the room the closed melds still have for extra jokers;
- (ace high) the aces kept back for position 14.

Table cards must all be used, hand cards may be; the value of a state is the weight
of the hand cards it used. States are merged per step keeping the best value, and a
state whose value plus every hand card still to come cannot beat the best play known
is dropped (branch and bound).

Jokers are a counted resource. The fast mode assumes every joker beyond those needed
fits somewhere (true unless the table is all full melds): the solver checks the
result and falls back to the slow mode, which tracks exact run lengths and the
room left for jokers, when it is not.

Why the restrictions on jokers lose nothing:
- a run never ends on a joker: ending it one card earlier needs the same jokers;
- a gap of 4 or more jokers inside a run is never needed: splitting the run there
  needs at most 2 + 2 padding jokers instead;
- the cards left for groups at a rank form the groups needing the fewest jokers.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import product

from bots._groups import group_need, group_options

NEW_RUN = 1 << 2  # a run of length 1 that did not end on a joker
MAX_GAP = 3

# (new runs of the suit, cards to groups, jokers needed, hand cards used, room, actions)
Trans = tuple[tuple[int, ...], int, int, int, int, tuple[object, ...]]


class Timeout(Exception):
    """The deadline passed during the search."""


@dataclass(slots=True)
class Problem:
    """The position in the solver's terms. Index ``[s][p]`` is suit s, position p."""

    table: list[list[int]]  # table naturals (must be used), positions 0..P (0 unused)
    hand: list[list[int]]  # hand naturals (may be used)
    weight: list[list[int]]  # weight of one hand card
    positions: int  # 13, or 14 with ace high (position 14 is the ace again)
    table_jokers: int
    hand_jokers: int
    joker_weight: int
    table_empty: bool


@dataclass(slots=True)
class Layout:
    """A solution of the programme, as melds of (suit, position) naturals plus jokers."""

    value: int
    runs: list[tuple[int, list[int | None]]]  # suit, positions (None: a joker)
    groups: list[tuple[int, list[int]]]  # position, suits
    needs: int
    hand_jokers_played: int
    jokers_used: int


_TRANS_CACHE: dict[tuple[tuple[int, ...], int, int, int, bool], list[Trans]] = {}


def _pad(length: int) -> int:
    return 3 - length if length < 3 else 0


def suit_transitions(
    runs: tuple[int, ...], forced: int, optional: int, lcap: int, slow: bool
) -> list[Trans]:
    """Every way one suit's runs in progress can meet ``forced + optional`` naturals."""
    key = (runs, forced, optional, lcap, slow)
    hit = _TRANS_CACHE.get(key)
    if hit is not None:
        return hit
    distinct = sorted(set(runs))
    per: list[list[tuple[int, int, int]]] = []
    for code in distinct:
        m = runs.count(code)
        trail = code & 3
        choices: list[tuple[int, int, int]] = []
        for n_close in range(m + 1) if trail == 0 else (0,):
            for n_joker in range(m - n_close + 1) if trail < MAX_GAP else (0,):
                choices.append((m - n_close - n_joker, n_joker, n_close))
        per.append(choices)
    found: dict[tuple[tuple[int, ...], int, int, int, int], tuple[object, ...]] = {}
    top = forced + optional
    for combo in product(*per):
        n_nat = 0
        need = 0
        room = 0
        cont: list[int] = []
        for code, (nn, nj, nc) in zip(distinct, combo, strict=True):
            length, trail = code >> 2, code & 3
            grown = min(length + 1, lcap)
            if nn:
                n_nat += nn
                cont.extend([grown << 2] * nn)
            if nj:
                need += nj
                cont.extend([(grown << 2) | (trail + 1)] * nj)
            if nc:
                need += nc * _pad(length)
                if slow:
                    room += nc * (13 - max(length, 3))
        if n_nat > top:
            continue
        for x in range(max(forced, n_nat), top + 1):
            rest = x - n_nat
            for new in range(rest + 1):
                new_runs = tuple(sorted(cont + [NEW_RUN] * new))
                k = (new_runs, rest - new, need, x - forced, room)
                if k not in found:
                    found[k] = (combo, new)
    out: list[Trans] = [(*k, v) for k, v in found.items()]
    _TRANS_CACHE[key] = out
    return out


# state: (runs of suit 0..3, groups pending at this rank (sorted), needs, room, reserve)
State = tuple[object, ...]
Child = tuple[int, State, object]  # gain, next state, what to replay
START: State = ((), (), (), (), (), 0, 0, (0, 0, 0, 0, 0, 0, 0, 0))


class Search:
    """Depth-first branch and bound over the programme, memoised per (step, state).

    ``best(lower)`` returns the best layout worth more than ``lower`` or None. The
    memo keeps, per state, an upper bound on what the rest of the sweep can still
    add (exact once a search below it succeeded), so later calls with other bars
    reuse all earlier work. Raises Timeout.
    """

    def __init__(
        self,
        prob: Problem,
        *,
        slow: bool,
        deadline: float | None,
        forced_hand: list[list[int]] | None = None,
        min_jokers_used: int | None = None,
    ) -> None:
        self.prob = prob
        self.slow = slow
        self.deadline = deadline
        self.lcap = 13 if slow else 3
        self.J = prob.table_jokers + prob.hand_jokers
        self.floor = prob.table_jokers if min_jokers_used is None else min_jokers_used
        P = prob.positions
        self.ace_high = P == 14
        forced = [row[:] for row in prob.table]
        optional = [row[:] for row in prob.hand]
        self.bonus = 0
        if forced_hand is not None:
            for s in range(4):
                for p in range(1, P + 1):
                    k = forced_hand[s][p]
                    if k:
                        forced[s][p] += k
                        optional[s][p] -= k
                        self.bonus += k * prob.weight[s][p]
        self.forced = forced
        self.optional = optional
        self.steps = [(p, s) for p in range(1, P + 1) for s in range(4)]
        n = len(self.steps)
        # Upper bound on the weight still to come from each step on (aces count until 14).
        rem = [0] * (n + 1)
        acc = prob.hand_jokers * prob.joker_weight
        rem[n] = acc
        for i in range(n - 1, -1, -1):
            p, s = self.steps[i]
            if not (self.ace_high and p == 1):
                q = 1 if p == 14 else p
                acc += optional[s][q] * prob.weight[s][q]
            rem[i] = acc
        self.rem = rem
        # Positions to the next natural of each suit: a run may bridge a gap with
        # jokers only if a natural can close it within MAX_GAP.
        nxt = [[99] * (P + 2) for _ in range(4)]
        for s in range(4):
            for p in range(P, 0, -1):
                q = 1 if p == 14 else p
                here = forced[s][q] + optional[s][q]
                nxt[s][p] = 0 if here else nxt[s][p + 1] + 1 if nxt[s][p + 1] < 99 else 99
        self.next_natural = nxt
        self.memo: dict[tuple[int, State], tuple[int, Child | None]] = {}
        self.nodes = 0

    # -- the sweep ------------------------------------------------------------------

    def children(self, i: int, state: State) -> list[Child]:
        p, s = self.steps[i]
        prob = self.prob
        J = self.J
        slow = self.slow
        runs = state[s]
        pending = state[4]
        needs = state[5]
        room = state[6]
        reserve = state[7]
        assert isinstance(runs, tuple) and isinstance(pending, tuple)
        assert isinstance(needs, int) and isinstance(room, int) and isinstance(reserve, tuple)
        w = prob.weight[s][1 if p == 14 else p]
        variants: list[tuple[int, int, int, tuple[int, ...]]]
        if self.ace_high and p == 1:
            t, h = self.forced[s][1], self.optional[s][1]
            variants = []
            for x in range(t + h, -1, -1):
                keep_f = max(0, t - x)
                keep_o = t + h - x - keep_f
                res = list(reserve)
                res[2 * s], res[2 * s + 1] = keep_f, keep_o
                variants.append((x, 0, max(0, x - t) * w, tuple(res)))
        elif self.ace_high and p == 14:
            res = list(reserve)
            res[2 * s] = res[2 * s + 1] = 0
            variants = [(reserve[2 * s], reserve[2 * s + 1], 0, tuple(res))]
        else:
            variants = [(self.forced[s][p], self.optional[s][p], 0, reserve)]
        gap_ok = self.next_natural[s][p + 1] if p < self.prob.positions else 99
        last_suit = s == 3
        out: list[Child] = []
        seen: dict[State, int] = {}
        for vf, vo, vval, vres in variants:
            for new_runs, g, dneed, used, droom, acts in suit_transitions(
                runs, vf, vo, self.lcap, slow
            ):
                n = needs + dneed
                if n > J:
                    continue
                if dneed and not _gaps_closable(new_runs, gap_ok):
                    continue
                gain = vval + used * w
                pend = tuple(sorted((*pending, g))) if g else pending
                rm = min(J, room + droom) if slow else 0
                sruns = list(state[:4])
                sruns[s] = new_runs
                info: object = (acts, g)
                if last_suit:
                    opts = group_options(pend) if slow else ((group_need(pend), 0, ()),)
                    for gneed, groom, _ in opts:
                        n2 = n + gneed
                        if n2 > J:
                            continue
                        rm2 = min(J, rm + groom - gneed) if slow else 0
                        key: State = (*sruns, (), n2, rm2, vres)
                        old = seen.get(key)
                        if old is None or old < gain:
                            seen[key] = gain
                            out.append((gain, key, (info, gneed)))
                    continue
                key = (*sruns, pend, n, rm, vres)
                old = seen.get(key)
                if old is None or old < gain:
                    seen[key] = gain
                    out.append((gain, key, info))
        # most valuable first, then fewest jokers; drop duplicates kept with less gain
        out = [c for c in out if seen[c[1]] == c[0]]
        out.sort(key=_child_order)
        return out

    def terminal(self, state: State) -> int | None:
        """What closing the runs still open adds (the hand jokers), None if infeasible."""
        prob = self.prob
        J = self.J
        needs = state[5]
        room = state[6]
        assert isinstance(needs, int) and isinstance(room, int)
        for s in range(4):
            runs = state[s]
            assert isinstance(runs, tuple)
            for code in runs:
                if code & 3:
                    return None
                length = code >> 2
                needs += _pad(length)
                if self.slow:
                    room += 13 - max(length, 3)
        if needs > J:
            return None
        # With an empty table and nothing melded the hand jokers are counted too; such a
        # layout has no melds and the solver reads it as "nothing to play".
        any_meld = True
        if self.slow:
            used_j = min(J, needs + room) if any_meld else 0
            if used_j < self.floor or needs > used_j:
                return None
            return max(0, used_j - prob.table_jokers) * prob.joker_weight
        return prob.hand_jokers * prob.joker_weight if any_meld else 0

    def value(self, i: int, state: State, need: int) -> int | None:
        """The best the sweep can add from step i if it is at least ``need``, else None."""
        if i == len(self.steps):
            v = self.terminal(state)
            return v if v is not None and v >= need else None
        key = (i, state)
        hit = self.memo.get(key)
        if hit is not None:
            ub, choice = hit
            if need > ub:
                return None
            if choice is not None:
                return ub
        self.nodes += 1
        if (
            self.deadline is not None
            and self.nodes & 127 == 0
            and time.perf_counter() > self.deadline
        ):
            raise Timeout
        rem_next = self.rem[i + 1]
        best = -1
        best_choice: Child | None = None
        for child in self.children(i, state):
            gain = child[0]
            if gain + rem_next < need:
                break
            r = self.value(i + 1, child[1], need - gain)
            if r is not None:
                best = gain + r
                best_choice = child
                need = best + 1
        if best_choice is not None:
            self.memo[key] = (best, best_choice)
            return best
        old = self.memo.get(key)
        bound = need - 1 if old is None else min(old[0], need - 1)
        self.memo[key] = (bound, None)
        return None

    def best(self, lower: int) -> Layout | None:
        """The best layout worth more than ``lower``, or None."""
        got = self.value(0, START, lower + 1 - self.bonus)
        if got is None:
            return None
        path: list[object] = []
        state = START
        for i in range(len(self.steps)):
            hit = self.memo[(i, state)]
            choice = hit[1]
            assert choice is not None
            path.append(choice[2])
            state = choice[1]
        return _rebuild(self, path, state, got + self.bonus)


def _child_order(c: Child) -> tuple[int, int]:
    st = c[1]
    n = st[5]
    assert isinstance(n, int)
    return (-c[0], n)


def _gaps_closable(runs: tuple[int, ...], dist: int) -> bool:
    """Every run ending on jokers can still meet a natural within MAX_GAP."""
    for code in runs:
        trail = code & 3
        if trail and trail + dist > MAX_GAP:
            return False
    return True


def solve_layout(
    prob: Problem,
    *,
    slow: bool,
    lower: int,
    deadline: float | None,
    forced_hand: list[list[int]] | None = None,
    min_jokers_used: int | None = None,
) -> Layout | None:
    """The best layout worth more than ``lower``, or None (one-shot :class:`Search`)."""
    search = Search(
        prob,
        slow=slow,
        deadline=deadline,
        forced_hand=forced_hand,
        min_jokers_used=min_jokers_used,
    )
    return search.best(lower)


def _rebuild(search: Search, path: list[object], final: State, value: int) -> Layout:
    """Replay the decisions of the best path into concrete melds."""
    slow = search.slow
    open_runs: list[list[tuple[int, list[int | None]]]] = [[], [], [], []]  # (code, cells)
    runs: list[tuple[int, list[int | None]]] = []
    groups: list[tuple[int, list[int]]] = []
    pending: list[int] = [0, 0, 0, 0]
    lcap = search.lcap
    for (p, s), info in zip(search.steps, path, strict=True):
        gneed: object = None
        if s == 3:
            assert isinstance(info, tuple)
            info, gneed = info
        assert isinstance(info, tuple)
        acts, g = info
        assert isinstance(acts, tuple) and isinstance(g, int)
        combo, new = acts
        assert isinstance(combo, tuple) and isinstance(new, int)
        by_code: dict[int, list[list[int | None]]] = {}
        for code, cells in open_runs[s]:
            by_code.setdefault(code, []).append(cells)
        survivors: list[tuple[int, list[int | None]]] = []
        for code, (nn, nj, nc) in zip(sorted(by_code), combo, strict=True):
            items = by_code[code]
            length, trail = code >> 2, code & 3
            grown = min(length + 1, lcap)
            for cells in items[:nn]:
                cells.append(p)
                survivors.append((grown << 2, cells))
            for cells in items[nn : nn + nj]:
                cells.append(None)
                survivors.append(((grown << 2) | (trail + 1), cells))
            for cells in items[nn + nj : nn + nj + nc]:
                runs.append((s, cells))
        for _ in range(new):
            survivors.append((NEW_RUN, [p]))
        open_runs[s] = survivors
        pending[s] = g
        if s == 3:
            if any(pending):
                groups.extend(_deal_groups(p, tuple(pending), gneed, slow))
            pending = [0, 0, 0, 0]
    for s in range(4):
        for _, cells in open_runs[s]:
            runs.append((s, cells))
    needs = final[5]
    assert isinstance(needs, int)
    for s in range(4):
        for code in final[s]:  # type: ignore[attr-defined]
            needs += _pad(code >> 2)
    J = search.J
    room = final[6]
    assert isinstance(room, int)
    if slow:
        for s in range(4):
            for code in final[s]:  # type: ignore[attr-defined]
                room += 13 - max(code >> 2, 3)
        used_j = min(J, needs + room)
        played_j = max(0, used_j - search.prob.table_jokers)
    else:
        used_j = J
        played_j = search.prob.hand_jokers
    if not runs and not groups:
        used_j = played_j = 0
    return Layout(value, runs, groups, needs, played_j, used_j)


def _deal_groups(
    p: int, g: tuple[int, ...], gneed: object, slow: bool
) -> list[tuple[int, list[int]]]:
    options = group_options(g)
    if slow and isinstance(gneed, int):
        part = next(opt[2] for opt in options if opt[0] == gneed)
    else:
        part = options[0][2]
    return [(p, list(grp)) for grp in part]

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
- the cards left for groups at a rank form the groups needing the fewest jokers;
- a joker bridges a run across a rank only if every natural card of that suit and
  rank (table and hand) continues a run there. Were one in a group, swapping it with
  the joker keeps both melds valid (a group left with jokers only is dissolved, its
  jokers freed); were one left in hand, swapping plays it; were one starting a new
  run, that run can start on the freed joker instead, needing no more jokers;
- a run never stops at a rank where a natural of its suit starts a new run or stays
  in hand: continuing the run with it is at least as good;
- (fast mode) a run of one card never stops: with its two padding jokers it is a
  group of one, which the groups of its rank already consider. So it needs a cell at
  each of the next two ranks, and the naturals there being fewer than such runs
  means jokers: the search counts them as soon as the run starts.

Failures are fail-soft: a state that cannot reach its bar stores the most its
children could add (their own bounds), not just "below the bar", so a later visit
under a lower bar is cut at once when that bound already rules it out.

Compiled: ``make env`` also compiles a copy of this file with mypyc into the extension
``bots._dp_native`` (about twice as fast). This module stays the source and the
fallback: it hands out the compiled classes and functions only when the extension was
built from exactly its current text (``SOURCE_SHA256``), so an edit here takes effect
at once, compiled or not. ``NATIVE`` tells which one runs.
"""

from __future__ import annotations

import hashlib
import importlib
import threading
import time
from dataclasses import dataclass
from itertools import product
from pathlib import Path
from typing import Final

from bots._groups import group_need, group_options

NEW_RUN: Final = 1 << 2  # a run of length 1 that did not end on a joker
NEG: Final = -(1 << 62)  # the bound of a state with no complete layout at all
MAX_GAP: Final = 3

# (new runs of the suit, cards to groups, jokers needed, hand cards used, room, actions,
#  runs that cannot stop yet, longest joker tail)
Trans = tuple[tuple[int, ...], int, int, int, int, tuple[object, ...], int, int]


class Timeout(Exception):
    """The deadline passed during the search."""


class OutOfNodes(Exception):
    """The search used up its node budget (it can be resumed: the memo stays valid)."""


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


_TRANS_CACHE: Final[dict[tuple[tuple[int, ...], int, int, int, bool], list[Trans]]] = {}


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
        # A run of one card closes only in the slow mode: one natural with two jokers is
        # also a group of one, which the groups of its rank already consider.
        closable = trail == 0 and (slow or code >> 2 >= 2)
        for n_close in range(m + 1) if closable else (0,):
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
        bridged = False
        for code, (nn, nj, nc) in zip(distinct, combo, strict=True):
            length, trail = code >> 2, code & 3
            grown = min(length + 1, lcap)
            if nn:
                n_nat += nn
                cont.extend([grown << 2] * nn)
            if nj:
                bridged = True
                need += nj
                cont.extend([(grown << 2) | (trail + 1)] * nj)
            if nc:
                need += nc * _pad(length)
                if slow:
                    room += nc * (13 - max(length, 3))
        if n_nat > top:
            continue
        if bridged:
            # A joker bridges this rank only when every natural of it continues a run:
            # otherwise swapping that natural in frees the joker (see module doc).
            if n_nat == top:
                k = (tuple(sorted(cont)), 0, need, top - forced, room)
                if k not in found:
                    found[k] = (combo, 0)
            continue
        # A run that stops here while a natural of its suit and rank starts a new run or
        # stays in hand could have taken that natural instead: never better to stop.
        closing = any(c[2] for c in combo)
        for x in range(top if closing else max(forced, n_nat), top + 1):
            rest = x - n_nat
            for new in (0,) if closing else range(rest + 1):
                new_runs = tuple(sorted(cont + [NEW_RUN] * new))
                k = (new_runs, rest - new, need, x - forced, room)
                if k not in found:
                    found[k] = (combo, new)
    out: list[Trans] = [
        (*k, v, _short(k[0]), max((c & 3 for c in k[0]), default=0)) for k, v in found.items()
    ]
    # Most hand cards first, then fewest jokers: the order the search tries them in.
    out.sort(key=lambda t: (-t[3], t[2]))
    _TRANS_CACHE[key] = out
    return out


# state: (runs of suit 0..3, groups pending at this rank, needs, room, reserve), each of
# the multisets interned as a small int: flat int tuples hash fast.
State = tuple[int, ...]
Child = tuple[int, State, object]  # gain, next state, what to replay

# Interned run multisets (sorted code tuples), group profiles and ace reserves.
_RUN_IDS: Final[dict[tuple[int, ...], int]] = {}
_RUNS: Final[list[tuple[int, ...]]] = []
_SHORT_BY_ID: Final[list[int]] = []
_ONE_BY_ID: Final[
    list[int]
] = []  # runs of one card: they need a cell at each of the next two ranks
_PEND_IDS: Final[dict[tuple[int, ...], int]] = {}
_PENDS: Final[list[tuple[int, ...]]] = []
_PEND_NEED: Final[list[int]] = []
_PEND_ADD: Final[dict[tuple[int, int], int]] = {}
_FLOOR_BY_ID: Final[dict[tuple[int, tuple[int, ...]], int]] = {}
_RES_IDS: Final[dict[tuple[int, ...], int]] = {}
_RESERVES: Final[list[tuple[int, ...]]] = []
# (run id, forced, optional, length cap, slow) -> (new run id, to groups, jokers needed,
#  hand cards used, room, actions, short runs, longest joker tail)
IdTrans = tuple[int, int, int, int, int, object, int, int]
_ID_TRANS: Final[dict[tuple[int, int, int, int, bool], list[IdTrans]]] = {}


# Interning appends to shared tables: a lock keeps ids and tables in step should two
# threads solve at once (taken only when a new multiset shows up).
_INTERN: Final = threading.Lock()


def _run_id(runs: tuple[int, ...]) -> int:
    rid = _RUN_IDS.get(runs)
    if rid is None:
        with _INTERN:
            rid = _RUN_IDS.get(runs)
            if rid is None:
                _RUNS.append(runs)
                _SHORT_BY_ID.append(_short(runs))
                _ONE_BY_ID.append(sum(1 for c in runs if c >> 2 == 1))
                rid = len(_RUNS) - 1
                _RUN_IDS[runs] = rid
    return rid


def _pend_id(pend: tuple[int, ...]) -> int:
    pid = _PEND_IDS.get(pend)
    if pid is None:
        need = group_need(pend) if pend else 0
        with _INTERN:
            pid = _PEND_IDS.get(pend)
            if pid is None:
                _PENDS.append(pend)
                _PEND_NEED.append(need)
                pid = len(_PENDS) - 1
                _PEND_IDS[pend] = pid
    return pid


def _pend_add(pid: int, g: int) -> int:
    key = (pid, g)
    hit = _PEND_ADD.get(key)
    if hit is None:
        hit = _pend_id(tuple(sorted((*_PENDS[pid], g))))
        _PEND_ADD[key] = hit
    return hit


def _floor_by_id(pid: int, caps: tuple[int, ...]) -> int:
    key = (pid, caps)
    hit = _FLOOR_BY_ID.get(key)
    if hit is None:
        hit = _group_floor(_PENDS[pid], caps)
        _FLOOR_BY_ID[key] = hit
    return hit


def _res_id(res: tuple[int, ...]) -> int:
    rid = _RES_IDS.get(res)
    if rid is None:
        with _INTERN:
            rid = _RES_IDS.get(res)
            if rid is None:
                _RESERVES.append(res)
                rid = len(_RESERVES) - 1
                _RES_IDS[res] = rid
    return rid


def _id_transitions(
    rid: int, forced: int, optional: int, lcap: int, slow: bool
) -> list[tuple[int, int, int, int, int, object, int, int]]:
    """:func:`suit_transitions` over interned run multisets."""
    key = (rid, forced, optional, lcap, slow)
    hit = _ID_TRANS.get(key)
    if hit is None:
        hit = [
            (_run_id(new_runs), g, dneed, used, room, acts, short, trail)
            for new_runs, g, dneed, used, room, acts, short, trail in suit_transitions(
                _RUNS[rid], forced, optional, lcap, slow
            )
        ]
        _ID_TRANS[key] = hit
    return hit


def _start() -> State:
    zero = _run_id(())
    return (zero, zero, zero, zero, _pend_id(()), 0, 0, _res_id((0,) * 8))


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
        # The same bound once every joker is spent: a hand card with no meld of naturals
        # around it (no three suits at its rank, no three ranks in a row) can then only go
        # where a new joker would be needed.
        have = [[0] * (P + 3) for _ in range(4)]
        for s in range(4):
            for p in range(1, P + 1):
                q = 1 if p == 14 else p
                have[s][p] = forced[s][q] + optional[s][q]
        alone = [[True] * (P + 1) for _ in range(4)]
        for p in range(1, P + 1):
            suits = sum(1 for s in range(4) if have[s][p])
            for s in range(4):
                if suits >= 3:
                    alone[s][p] = False
                    continue
                row = have[s]
                for a in range(max(1, p - 2), p + 1):
                    if a + 2 <= P and row[a] and row[a + 1] and row[a + 2]:
                        alone[s][p] = False
                        break
        rem_nj = [0] * (n + 1)
        acc = prob.hand_jokers * prob.joker_weight
        rem_nj[n] = acc
        for i in range(n - 1, -1, -1):
            p, s = self.steps[i]
            if not (self.ace_high and p == 1):
                q = 1 if p == 14 else p
                if not alone[s][p] or (p == 14 and not alone[s][1]):
                    acc += optional[s][q] * prob.weight[s][q]
            rem_nj[i] = acc
        # A joker already spent at rank p can still reach a card up to rank p + 2 (a gap
        # or padding in the card's run); from p + 3 on the card needs its own.
        dry = [0] * (n + 1)
        for i in range(n):
            k = min(n, (self.steps[i][0] + 2) * 4)
            dry[i + 1] = rem[i + 1] - rem[k] + rem_nj[k]
        self.rem_nj = dry
        # Positions to the next natural of each suit: a run may bridge a gap with
        # jokers only if a natural can close it within MAX_GAP.
        nxt = [[99] * (P + 2) for _ in range(4)]
        for s in range(4):
            for p in range(P, 0, -1):
                q = 1 if p == 14 else p
                here = forced[s][q] + optional[s][q]
                nxt[s][p] = 0 if here else nxt[s][p + 1] + 1 if nxt[s][p + 1] < 99 else 99
        self.next_natural = nxt
        # Naturals of each suit at each position (aces counted at 14 too); none past it.
        self.avail = [
            tuple(
                forced[s][1 if p == 14 else p] + optional[s][1 if p == 14 else p] for s in range(4)
            )
            if 1 <= p <= P
            else (0, 0, 0, 0)
            for p in range(P + 3)
        ]
        self.memo: dict[tuple[int, State], tuple[int, Child | None]] = {}
        self.empty_pend = _pend_id(())
        self.budget = 1 << 62
        self.stack: list[object] = []
        self.incumbent_value = -1
        self.incumbent: tuple[list[object], State] | None = None
        self.fails: dict[tuple[int, State, State], list[tuple[int, int]]] = {}
        self.nodes = 0
        self.cut = NEG

    # -- the sweep ------------------------------------------------------------------

    def children(self, i: int, state: State, least: int = -(1 << 62)) -> list[Child]:
        """The next states after step i, the most valuable first (a heuristic order).

        Those gaining less than ``least`` are left out (the transitions come with the
        most hand cards first, so the loop stops at the first one); ``self.cut`` is then
        the most any of them gains."""
        p, s = self.steps[i]
        J = self.J
        slow = self.slow
        needs = state[5]
        room = state[6]
        avail_here = self.avail[p]
        avail_next = self.avail[p + 1]
        avail_after = self.avail[p + 2]
        # Jokers that will be needed whatever happens next: short runs with no natural
        # to continue on (a run of one card needs two more cells), groups no later suit
        # of this rank can fill.
        base_lb = 0
        for s2 in range(4):
            if s2 != s:
                rid = state[s2]
                short = _SHORT_BY_ID[rid]
                if short:
                    over = short - (avail_next[s2] if s2 < s else avail_here[s2])
                    if over > 0:
                        base_lb += over
                    one = _ONE_BY_ID[rid]
                    if one:
                        over = one - (avail_after[s2] if s2 < s else avail_next[s2])
                        if over > 0:
                            base_lb += over
        self.cut = NEG
        if needs + base_lb > J:
            return []
        w = self.prob.weight[s][1 if p == 14 else p]
        if self.ace_high and (p == 1 or p == 14):
            variants = self._ace_variants(p, s, state[7], w)
        else:
            variants = [(self.forced[s][p], self.optional[s][p], 0, state[7])]
        gap_room = MAX_GAP - (self.next_natural[s][p + 1] if p < self.prob.positions else 99)
        last_suit = s == 3
        caps_after = avail_here[s + 1 :]
        a_next = avail_next[s]
        a_after = avail_after[s]
        pending = state[4]
        empty = self.empty_pend
        lcap = self.lcap
        out: list[Child] = []
        seen: dict[State, int] = {}
        for vf, vo, vval, vres in variants:
            for nrid, g, dneed, used, droom, acts, short, trail in _id_transitions(
                state[s], vf, vo, lcap, slow
            ):
                gain = vval + used * w
                if gain < least:
                    if gain > self.cut:
                        self.cut = gain
                    break
                spare = J - needs - dneed - base_lb
                if spare < 0:
                    continue
                if short > a_next:
                    spare -= short - a_next
                    if spare < 0:
                        continue
                if _ONE_BY_ID[nrid] > a_after:
                    spare -= _ONE_BY_ID[nrid] - a_after
                    if spare < 0:
                        continue
                if trail and trail > gap_room:
                    continue
                n = needs + dneed
                rm = min(J, room + droom) if slow else 0
                pend = _pend_add(pending, g) if g else pending
                info: object = (acts, g)
                if last_suit:
                    if slow:
                        for gneed, groom, _ in group_options(_PENDS[pend]):
                            if gneed > spare:
                                continue
                            rm2 = min(J, rm + groom - gneed)
                            key: State = (
                                state[0], state[1], state[2], nrid, empty, n + gneed, rm2, vres
                            )  # fmt: skip
                            old = seen.get(key)
                            if old is None or old < gain:
                                seen[key] = gain
                                out.append((gain, key, (info, gneed)))
                        continue
                    gneed = _PEND_NEED[pend]
                    if gneed > spare:
                        continue
                    key = (state[0], state[1], state[2], nrid, empty, n + gneed, 0, vres)
                    info = (info, gneed)
                else:
                    if pend != empty and _floor_by_id(pend, caps_after) > spare:
                        continue
                    if s == 0:
                        key = (nrid, state[1], state[2], state[3], pend, n, rm, vres)
                    elif s == 1:
                        key = (state[0], nrid, state[2], state[3], pend, n, rm, vres)
                    else:
                        key = (state[0], state[1], nrid, state[3], pend, n, rm, vres)
                old = seen.get(key)
                if old is None:
                    seen[key] = gain
                    out.append((gain, key, info))
                elif old < gain:
                    seen[key] = gain
                    out = [c for c in out if c[1] != key]
                    out.append((gain, key, info))
        return out

    def _ace_variants(self, p: int, s: int, res_id: int, w: int) -> list[tuple[int, int, int, int]]:
        """(forced, optional, value before, reserve) for the aces of suit s (ace high):
        at position 1 choose how many stay low, the rest waits for position 14."""
        reserve = _RESERVES[res_id]
        if p == 14:
            res = list(reserve)
            res[2 * s] = res[2 * s + 1] = 0
            return [(reserve[2 * s], reserve[2 * s + 1], 0, _res_id(tuple(res)))]
        t, h = self.forced[s][1], self.optional[s][1]
        out = []
        for x in range(t + h, -1, -1):
            keep_f = max(0, t - x)
            res = list(reserve)
            res[2 * s], res[2 * s + 1] = keep_f, t + h - x - keep_f
            out.append((x, 0, max(0, x - t) * w, _res_id(tuple(res))))
        return out

    def terminal(self, state: State) -> int | None:
        """What closing the runs still open adds (the hand jokers), None if infeasible."""
        prob = self.prob
        J = self.J
        needs = state[5]
        room = state[6]
        for s in range(4):
            for code in _RUNS[state[s]]:
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

    def value(
        self,
        i: int,
        state: State,
        need: int,
        acc: int = 0,
        key: tuple[int, State] | None = None,
        hit: tuple[int, Child | None] | None = None,
    ) -> int | None:
        """The best the sweep can add from step i if it is at least ``need``, else None.

        ``acc`` is what the path so far gained: the best complete path seen is kept as
        the incumbent, the answer when time runs out. A caller that already read the
        state's memo entry passes its ``key`` and ``hit`` (None: no entry)."""
        if i == len(self.steps):
            v = self.terminal(state)
            if v is not None and acc + v > self.incumbent_value:
                self.incumbent_value = acc + v
                self.incumbent = (list(self.stack), state)
            return v if v is not None and v >= need else None
        if key is None:
            key = (i, state)
            hit = self.memo.get(key)
        if hit is not None:
            ub, choice = hit
            if need > ub:
                return None
            if choice is not None:
                return ub
        # Fewer jokers spent is never worse: what a state with fewer needs can reach at
        # most (a failure's bound, or its exact value) bounds this one.
        needs = state[5]
        fails = None
        base = None
        if self.J:
            base = (i, state[:5], state[6:])
            fails = self.fails.get(base)
            if fails is not None:
                for n_s, ub_s in fails:
                    if n_s <= needs and need > ub_s:
                        if hit is None or hit[0] > ub_s:
                            self.memo[key] = (ub_s, None)
                        return None
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfNodes
        if (
            self.deadline is not None
            and self.nodes & 127 == 0
            and time.perf_counter() > self.deadline
        ):
            raise Timeout
        rem_next = self.rem[i + 1]
        rem_dry = self.rem_nj[i + 1]
        J = self.J
        stack = self.stack
        best = -1
        best_choice: Child | None = None
        memo = self.memo
        nxt = i + 1
        last = nxt == len(self.steps)
        kids = self.children(i, state, need - rem_next)
        # Fail-soft: the most any child could still add, so that a failure stores the
        # tightest bound it proved, not just "below this bar" (fewer visits again later).
        ub = self.cut + rem_next
        for child in kids:
            gain = child[0]
            if gain + rem_next < need:
                if gain + rem_next > ub:
                    ub = gain + rem_next
                continue
            if gain + rem_dry < need and child[1][5] == J:
                if gain + rem_dry > ub:
                    ub = gain + rem_dry
                continue
            # the child's memo entry, read here to save a call when it settles the matter
            ckey = (nxt, child[1])
            chit = memo.get(ckey)
            if chit is not None and need - gain > chit[0]:
                if gain + chit[0] > ub:
                    ub = gain + chit[0]
                continue
            if chit is not None and chit[1] is not None:
                r: int | None = chit[0]
            else:
                stack.append(child[2])
                r = self.value(nxt, child[1], need - gain, acc + gain, ckey, chit)
                stack.pop()
            if r is not None:
                best = gain + r
                best_choice = child
                need = best + 1
            elif best_choice is None:
                if last:
                    t = self.terminal(child[1])
                    c_ub = NEG if t is None else gain + t
                else:
                    got = memo.get(ckey)
                    c_ub = need - 1 if got is None else gain + got[0]
                if c_ub > ub:
                    ub = c_ub
        if best_choice is not None:
            self.memo[key] = (best, best_choice)
            if base is not None:
                # an exact value bounds the same state with more jokers spent, too
                if fails is None:
                    self.fails[base] = [(needs, best)]
                else:
                    fails.append((needs, best))
            return best
        # (the subtree never writes this state's entry: steps only go forward)
        bound = min(ub, need - 1) if hit is None else min(hit[0], ub, need - 1)
        self.memo[key] = (bound, None)
        if base is not None:
            if fails is None:
                self.fails[base] = [(needs, bound)]
            else:
                fails.append((needs, bound))
        return None

    def incumbent_layout(self) -> Layout | None:
        """The best complete layout seen so far (after a Timeout, say), or None."""
        if self.incumbent is None:
            return None
        path, final = self.incumbent
        return _rebuild(self, path, final, self.incumbent_value + self.bonus)

    def best(self, lower: int, budget: int | None = None) -> Layout | None:
        """The best layout worth more than ``lower``, or None. Raises OutOfNodes after
        ``budget`` more nodes (a later call goes on from the memo), or Timeout."""
        self.budget = 1 << 62 if budget is None else self.nodes + budget
        self.stack.clear()
        start = _start()
        got = self.value(0, start, lower + 1 - self.bonus)
        if got is None:
            return None
        path: list[object] = []
        state = start
        for i in range(len(self.steps)):
            hit = self.memo[(i, state)]
            choice = hit[1]
            assert choice is not None
            path.append(choice[2])
            state = choice[1]
        return _rebuild(self, path, state, got + self.bonus)


_SHORT: Final[dict[tuple[int, ...], int]] = {}


def _short(runs: tuple[int, ...]) -> int:
    """Runs that cannot stop yet without jokers: shorter than 3 or ending on a joker."""
    hit = _SHORT.get(runs)
    if hit is None:
        hit = sum(1 for c in runs if c >> 2 < 3 or c & 3)
        _SHORT[runs] = hit
    return hit


_FLOOR: Final[dict[tuple[tuple[int, ...], tuple[int, ...]], int]] = {}


def _group_floor(pend: tuple[int, ...], caps: tuple[int, ...]) -> int:
    """Fewest jokers the groups of this rank need, whatever the suits still to come
    (at most ``caps`` cards each) add to them."""
    key = (pend, caps)
    hit = _FLOOR.get(key)
    if hit is None:
        hit = min(
            group_need(tuple(sorted((*pend, *(a for a in add if a)))))
            for add in product(*(range(c + 1) for c in caps))
        )
        _FLOOR[key] = hit
    return hit


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
        for code in _RUNS[final[s]]:
            needs += _pad(code >> 2)
    J = search.J
    room = final[6]
    assert isinstance(room, int)
    if slow:
        for s in range(4):
            for code in _RUNS[final[s]]:
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


# -- the compiled copy ------------------------------------------------------------------

# What the solver uses from this module: taken from the compiled copy when it is current.
_EXPORTS = (
    "Layout",
    "OutOfNodes",
    "Problem",
    "Search",
    "Timeout",
    "solve_layout",
    "suit_transitions",
)


def source_sha256() -> str:
    """The digest of this file, which the compiled copy records at build time."""
    return hashlib.sha256(Path(__file__).with_name("_dp.py").read_bytes()).hexdigest()


def _use_native() -> bool:
    if __name__ != "bots._dp":
        return False  # the compiled copy itself, or this file loaded under another name
    try:
        native = importlib.import_module("bots._dp_native")
    except ImportError:
        return False
    try:
        digest = source_sha256()
    except OSError:
        return False
    if getattr(native, "SOURCE_SHA256", None) != digest:
        return False  # built from an older text of this file: stale, ignore it
    globals().update({name: getattr(native, name) for name in _EXPORTS})
    return True


NATIVE = _use_native()

"""Engine benchmark (not a test): prints figures.

1. Checking a committed turn on a late-game table of 80-100 cards: median and p99 of
   ``engine.turn.check_turn`` and of the whole ``engine.game.apply`` of the ``Commit``
   (target p99 under 2 ms), in wall-clock time and in this thread's CPU time (on a
   shared machine the wall-clock tail is mostly waiting for a core). Positions are
   built as a late Robbers' Rummy table: runs of both decks broken up by groups, a few
   jokers, and a hand of 1-3 cards whose commit rearranges the table (joins runs
   through the played cards and splits long runs).
2. Whole simulated rounds per second with the built-in policy, per preset.

    python bench/engine_bench.py [--positions 60] [--repeat 15] [--matches 6]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.actions import Commit
from engine.cards import JOKER, SUITS, Card
from engine.game import apply, new_game
from engine.rules import RuleSet, ruleset
from engine.simulate import play_match
from engine.testing import arrange
from engine.turn import check_turn, read_table

Row = list[Card]


def _split(rng: random.Random, run: Row) -> list[Row]:
    """Cut a run into pieces of at least 3."""
    pieces: list[Row] = []
    while len(run) >= 6 and rng.random() < 0.6:
        cut = rng.randint(3, len(run) - 3)
        pieces.append(run[:cut])
        run = run[cut:]
    pieces.append(run)
    return pieces


def late_position(rng: random.Random) -> tuple[list[Row], list[Card], list[Row]]:
    """A late-game table (80-100 cards), a hand, and a valid rearranging commit."""
    while True:
        free = {(copy, suit): set(range(1, 14)) for copy in (0, 1) for suit in SUITS}
        groups: list[Row] = []
        for rank in rng.sample(range(1, 14), rng.randint(2, 4)):
            copy = rng.randint(0, 1)
            suits = rng.sample(SUITS, rng.choice((3, 4)))
            for s in suits:
                free[(copy, s)].discard(rank)
            groups.append([Card(rank, s) for s in suits])
        for ranks in free.values():
            for rank in rng.sample(sorted(ranks), k=min(len(ranks), rng.randint(0, 2))):
                ranks.discard(rank)
        segments: list[Row] = []
        for (_, suit), ranks in free.items():
            run: Row = []
            for rank in range(1, 15):
                if rank in ranks:
                    run.append(Card(rank, suit))
                elif run:
                    segments.append(run)
                    run = []
        runs = [s for s in segments if len(s) >= 3]
        # The hand: cards that would join two runs of one suit separated by one gap.
        hand: list[Card] = []
        joins: list[tuple[int, int, Card]] = []
        by_suit: dict[str, list[int]] = {}
        for i, r in enumerate(runs):
            by_suit.setdefault(r[0].suit, []).append(i)
        for idxs in by_suit.values():
            for i in idxs:
                for j in idxs:
                    free_pair = all(i not in (a, b) and j not in (a, b) for a, b, _ in joins)
                    adjacent = runs[j][0].rank - runs[i][-1].rank == 2
                    if not adjacent:
                        continue
                    gap = Card(runs[i][-1].rank + 1, runs[i][0].suit)
                    in_group = any(gap in g for g in groups)
                    if len(joins) < 3 and free_pair and not in_group:
                        joins.append((i, j, gap))
                        hand.append(gap)
        if not joins:
            continue
        # The commit: the same cards re-cut, with runs joined through the hand cards.
        commit: list[Row] = [list(g) for g in groups]
        used: set[int] = set()
        for i, j, gap in joins:
            commit.extend(_split(rng, [*runs[i], gap, *runs[j]]))
            used |= {i, j}
        kept = [r for k, r in enumerate(runs) if k not in used]
        table_rows: list[Row] = [list(g) for g in groups]
        for r in runs:
            if any(r is k for k in kept):
                # Unchanged melds: identical in table and commit; some get a joker.
                table_rows.append(list(r))
                commit.append(list(r))
            else:
                table_rows.extend(_split(rng, r))
        for pos in _joker_spots(rng, table_rows, commit):
            table_rows[pos[0]][2] = JOKER
            commit[pos[1]][2] = JOKER
        n = sum(len(r) for r in table_rows)
        if not 80 <= n <= 100:
            continue
        return table_rows, hand, commit


def _joker_spots(rng: random.Random, table: list[Row], commit: list[Row]) -> list[tuple[int, int]]:
    """Up to two melds of 5+ cards that the commit keeps as they are: a joker stands in
    their middle (the natural it replaces is elsewhere)."""
    spots = []
    taken: set[int] = set()
    for i, row in enumerate(table):
        if len(row) >= 5:
            j = next((j for j, c in enumerate(commit) if c == row and j not in taken), None)
            if j is not None:
                spots.append((i, j))
                taken.add(j)
    return rng.sample(spots, k=min(2, len(spots)))


def bench_commits(positions: int, repeat: int, seed: int) -> None:
    rules = ruleset("robbers", {"players": 4})
    rng = random.Random(seed)
    check_times: list[float] = []
    apply_times: list[float] = []
    sizes: list[int] = []
    per_position: list[float] = []
    check_cpu: list[float] = []
    apply_cpu: list[float] = []
    built = 0
    base, _ = new_game(rules, seed)
    while built < positions:
        table_rows, hand, commit = late_position(rng)
        table = read_table(rules, table_rows)
        commit_codes = [[c.code for c in row] for row in commit]
        # Two more cards in hand that the commit does not use (copies permitting).
        on_table = Counter(c for row in table_rows for c in row) + Counter(hand)
        extra = [c for c in (Card(r, "D") for r in range(1, 14)) if on_table[c] < 2][:2]
        try:
            check_turn(
                rules, table=table, hand=Counter(hand + extra), opened=True, commit=commit_codes
            )
        except ValueError as exc:
            raise AssertionError(f"the generated commit does not hold: {exc!r}") from exc
        built += 1
        sizes.append(sum(len(m.cards) for m in table))
        seat = base.on_turn
        state = arrange(
            base,
            table=[[c.code for c in row] for row in table_rows],
            hands={seat: [c.code for c in hand + extra]},
            opened={seat: True},
            on_turn=seat,
        )
        action = Commit(seat, tuple(tuple(r) for r in commit_codes))
        apply(state, action)
        # As timeit does: no garbage collection inside the timed calls (the machine is
        # shared, so a collection or another process shows up as a lone slow sample).
        gc.collect()
        gc.disable()
        for _ in range(repeat):
            c0, t0 = time.thread_time(), time.perf_counter()
            check_turn(
                rules, table=table, hand=Counter(hand + extra), opened=True, commit=commit_codes
            )
            c1, t1 = time.thread_time(), time.perf_counter()
            apply(state, action)
            c2, t2 = time.thread_time(), time.perf_counter()
            check_times.append((t1 - t0) * 1000)
            apply_times.append((t2 - t1) * 1000)
            check_cpu.append((c1 - c0) * 1000)
            apply_cpu.append((c2 - c1) * 1000)
        gc.enable()
        per_position.append(statistics.median(check_times[-repeat:]))
    print(
        f"commit check on late tables: {positions} positions of {min(sizes)}-{max(sizes)} "
        f"table cards (mean {statistics.mean(sizes):.0f}), {len(check_times)} samples"
    )
    for name, times in (
        ("check_turn", check_times),
        ("  (CPU time)", check_cpu),
        ("apply(Commit)", apply_times),
        ("  (CPU time)", apply_cpu),
    ):
        qs = statistics.quantiles(times, n=100)
        print(
            f"  {name:<14} median {statistics.median(times):.3f} ms   p99 {qs[98]:.3f} ms   "
            f"max {max(times):.3f} ms"
        )
    print(
        f"  slowest position (median of its {repeat} runs): {max(per_position):.3f} ms check_turn"
    )


def bench_rounds(matches: int, seed: int) -> None:
    cases: list[tuple[str, RuleSet]] = [
        ("robbers 4p", ruleset("robbers", {"players": 4, "rounds": 2})),
        ("rummikub 4p", ruleset("rummikub", {"players": 4})),
        ("rummy 2p", ruleset("rummy", {"players": 2})),
    ]
    print(f"simulated rounds with the built-in policy ({matches} matches each):")
    for label, rules in cases:
        rounds = 0
        actions = 0
        t0 = time.perf_counter()
        for i in range(matches):
            run = play_match(rules, f"{seed}:{i}")
            rounds += run.rounds
            actions += run.actions
        secs = time.perf_counter() - t0
        print(
            f"  {label:<12} {rounds:>4} rounds in {secs:6.2f} s: {rounds / secs:7.1f} rounds/s, "
            f"{actions / secs:7.0f} actions/s"
        )


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--positions", type=int, default=60)
    p.add_argument("--repeat", type=int, default=15)
    p.add_argument("--matches", type=int, default=6)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    bench_commits(args.positions, args.repeat, args.seed)
    bench_rounds(args.matches, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

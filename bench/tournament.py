"""Bot tournament (not a test): seeded matches between bot levels, win rates with 95%
Wilson intervals.

    python bench/tournament.py --ruleset robbers --games 400 --players 2 --seed 1 \\
        --pairs EASY-MEDIUM,MEDIUM-HARD,HARD-EXPERT,PLAIN-EXPERT --workers 2

A pair ``A-B`` plays ``--games`` matches; the figure reported is B's win rate (the
second player is the one expected to be stronger). Matches come in twins: the same
seed (the same cut, deals and stock) twice, seats swapped, so each side plays every
deal from both chairs and moves first equally often. With ``--players 4`` the seats
alternate A, B, A, B (swapped in the twin), and a match counts for the side whose seat
wins it. A match won by seats of both sides (a tied stalemate) counts half.

Players: ``EASY``, ``MEDIUM``, ``HARD``, ``EXPERT`` (bots.levels), ``PLAIN`` (the
solver's most-cards play every turn, stock draws, the highest card discarded: the
"plain most-cards player") and ``POLICY`` (the engine's built-in policy,
``engine.policy.choose``).

Matches are short by default (``--rounds 1``: one round decides the match; for classic
rummy the format becomes ``rounds`` so that one hand decides it). An action the engine
rejects is counted (``illegal``; it must stay 0) and replaced by the first legal action.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.levels import choose_action, level_of
from engine.actions import Action
from engine.errors import EngineError
from engine.game import apply, legal_actions, new_game
from engine.policy import choose as policy_choose
from engine.rules import RuleSet, ruleset
from engine.views import view

PLAYERS = ("EASY", "MEDIUM", "HARD", "EXPERT", "PLAIN", "POLICY")
DEFAULT_PAIRS = "EASY-MEDIUM,MEDIUM-HARD,HARD-EXPERT,PLAIN-EXPERT"
MAX_ACTIONS = 20_000


def act(
    player: str,
    state_view: Mapping[str, Any],
    rules: RuleSet,
    rng: random.Random,
    time_limit_ms: float | None,
) -> Action:
    if player == "POLICY":
        return policy_choose(state_view, rules)
    return choose_action(level_of(player), state_view, rules, rng, time_limit_ms=time_limit_ms)


@dataclass(frozen=True, slots=True)
class Job:
    pair: str
    index: int
    seed: str
    seats: tuple[str, ...]  # the player in each seat
    ruleset: str
    options: dict[str, Any]
    time_limit_ms: float | None


@dataclass(frozen=True, slots=True)
class Result:
    pair: str
    index: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    actions: int
    illegal: int
    seconds: float
    aborted: bool
    ending: str  # how the deciding round ended: out, stalemate, drawn


def play(job: Job) -> Result:
    rules = ruleset(job.ruleset, job.options)
    start = time.perf_counter()
    state, _ = new_game(rules, job.seed)
    rngs = [random.Random(f"{job.seed}:{seat}") for seat in range(rules.players)]
    actions = illegal = 0
    while state.outcome is None and actions < MAX_ACTIONS:
        seat = state.on_turn
        try:
            action = act(job.seats[seat], view(state, seat), rules, rngs[seat], job.time_limit_ms)
            state, _ = apply(state, action)
        except EngineError:
            illegal += 1
            state, _ = apply(state, legal_actions(state, seat)[0])
        actions += 1
    winners = tuple(state.outcome.winners) if state.outcome is not None else ()
    return Result(
        job.pair,
        job.index,
        job.seats,
        winners,
        actions,
        illegal,
        time.perf_counter() - start,
        state.outcome is None,
        state.results[-1].termination if state.results else "none",
    )


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (centre - half, centre + half)


def jobs_for(args: argparse.Namespace, options: dict[str, Any]) -> list[Job]:
    out: list[Job] = []
    for pair in args.pairs.split(","):
        a, b = (p.strip().upper() for p in pair.split("-"))
        for name in (a, b):
            if name not in PLAYERS:
                raise SystemExit(f"unknown player {name}; choose from {', '.join(PLAYERS)}")
        for i in range(args.games):
            twin = i // 2
            first, second = (a, b) if i % 2 == 0 else (b, a)
            seats = tuple(first if s % 2 == 0 else second for s in range(args.players))
            out.append(
                Job(
                    f"{a}-{b}",
                    i,
                    f"{args.seed}:{twin}",
                    seats,
                    args.ruleset,
                    options,
                    args.time_limit_ms,
                )
            )
    return out


def summarise(results: list[Result], out: Any) -> None:
    pairs: dict[str, list[Result]] = {}
    for r in results:
        pairs.setdefault(r.pair, []).append(r)
    print(
        f"{'pair':<16} {'games':>5} {'B wins':>7} {'B rate':>7} {'95% CI':>15} "
        f"{'illegal':>7} {'aborted':>7} {'s/game':>7}  endings",
        file=out,
    )
    for pair, rs in pairs.items():
        a, b = pair.split("-")
        wins = 0.0
        for r in rs:
            sides = {r.seats[w] for w in r.winners}
            if b in sides:
                wins += 1.0 / len(sides)
        n = len(rs)
        lo, hi = wilson(wins, n)
        secs = sum(r.seconds for r in rs) / max(1, n)
        print(
            f"{a + '-' + b:<16} {n:>5} {wins:>7.1f} {wins / max(1, n):>7.1%} "
            f"[{lo:>5.1%}, {hi:>5.1%}] {sum(r.illegal for r in rs):>7} "
            f"{sum(r.aborted for r in rs):>7} {secs:>7.2f}  "
            + " ".join(f"{k} {v}" for k, v in sorted(Counter(r.ending for r in rs).items())),
            file=out,
        )


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python bench/tournament.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--ruleset", default="robbers")
    p.add_argument("--games", type=int, default=40, help="matches per pair (even: twins)")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", default="1")
    p.add_argument("--pairs", default=DEFAULT_PAIRS)
    p.add_argument("--workers", type=int, default=1, help="processes (at most 2)")
    p.add_argument("--rounds", type=int, default=1, help="rounds per match (0: the preset's)")
    p.add_argument("--options", default=None, help="more rule options, a JSON object")
    p.add_argument("--time-limit-ms", type=float, default=200.0, help="per solver call")
    p.add_argument("--verbose", action="store_true", help="one line per match")
    return p


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    options: dict[str, Any] = {"players": args.players}
    if args.rounds:
        options["rounds"] = args.rounds
        if ruleset(args.ruleset).family == "rummy":
            options["match_format"] = "rounds"
    if args.options:
        options.update(json.loads(args.options))
    ruleset(args.ruleset, options)  # fail early on a bad option
    jobs = jobs_for(args, options)
    workers = max(1, min(2, args.workers))
    start = time.perf_counter()
    results: list[Result] = []
    if workers == 1:
        results_iter: Any = map(play, jobs)
        pool = None
    else:
        pool = multiprocessing.get_context("spawn").Pool(workers)
        results_iter = pool.imap_unordered(play, jobs, chunksize=1)
    try:
        for r in results_iter:
            results.append(r)
            if args.verbose:
                print(
                    f"{r.pair} #{r.index:<4} seats {','.join(r.seats)} winners "
                    f"{list(r.winners)} {r.ending} actions {r.actions} illegal {r.illegal} "
                    f"{r.seconds:.1f}s",
                    flush=True,
                )
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    results.sort(key=lambda r: (r.pair, r.index))
    print(
        f"{args.ruleset}, {args.players} players, rounds {args.rounds or 'preset'}, "
        f"seed {args.seed}, {args.games} games per pair, "
        f"{time.perf_counter() - start:.0f} s"
    )
    summarise(results, sys.stdout)
    return 1 if any(r.illegal or r.aborted for r in results) else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

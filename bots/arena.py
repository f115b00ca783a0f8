"""``python -m bots arena``: two bot levels measured against each other (issue 28).

    python -m bots arena --preset robbers --seats 2 --a EXPERT --b HARD --games 400 --seed 1
    python -m bots arena --preset rummikub --seats 4 --a EXPERT --b HARD --games 400 --seed 1

Level A takes one seat, level B every other seat (heads-up: one each; at a table of
four: 1 A + 3 B). Each deal (seeded ``S:deal``: the same cut, hands and stock) is played
once per seat with A's seat rotated through all of them, so that A plays the deal from
every chair and moves first as often as each B seat: twice heads-up, four times at a
table of four. ``--games`` is rounded up to whole deals.

Matches are one round by default (``--rounds 1``: classic rummy's format becomes
``rounds`` so that one hand decides it); ``--rounds 0`` plays the preset's own match.
A match's win is shared equally by its winning seats (a tied stalemate, a drawn hand).

Printed per level: its seats per match, its win share with the 95% Wilson interval
(the share an even level would get is ``seats / players``), and its decision times
(each ``choose_action`` call): median, p99 and maximum of wall-clock time and of the
CPU time of the deciding thread (``time.thread_time``). With ``--workers 2`` matches run in two
processes; on a shared machine wall-clock times then include waiting for a core, the CPU
times do not. An action the engine rejects is counted (``illegal``; it must stay 0) and
replaced by the first legal action; the exit status is 1 if any was, or if a match hit
``--max-actions`` unfinished.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from bots.levels import LEVELS, Level, choose_action, level_of
from bots.strategy import DEFAULT_TIME_LIMIT_MS
from engine.errors import EngineError
from engine.game import apply, legal_actions, new_game
from engine.rules import RuleSet, ruleset
from engine.views import view

MAX_ACTIONS = 20_000


@dataclass(frozen=True, slots=True)
class Job:
    """One match: the deal's seed and the level in each seat."""

    index: int
    seed: str
    seats: tuple[Level, ...]
    preset: str
    options: dict[str, Any]
    time_limit_ms: float | None


@dataclass(slots=True)
class Result:
    index: int
    seats: tuple[Level, ...]
    winners: tuple[int, ...]
    actions: int
    illegal: int
    aborted: bool
    ending: str  # how the last round ended: out, stalemate, drawn
    # per seat: (wall ms, CPU ms) of each decision
    times: list[list[tuple[float, float]]] = field(default_factory=list)


def play(job: Job) -> Result:
    """Play one match to its end (or ``MAX_ACTIONS``)."""
    rules = ruleset(job.preset, job.options)
    state, _ = new_game(rules, job.seed)
    rngs = [random.Random(f"{job.seed}:{seat}") for seat in range(rules.players)]
    times: list[list[tuple[float, float]]] = [[] for _ in range(rules.players)]
    actions = illegal = 0
    while state.outcome is None and actions < MAX_ACTIONS:
        seat = state.on_turn
        seen = view(state, seat)
        wall, cpu = time.perf_counter(), time.thread_time()
        action = choose_action(
            job.seats[seat], seen, rules, rngs[seat], time_limit_ms=job.time_limit_ms
        )
        times[seat].append(
            ((time.perf_counter() - wall) * 1000.0, (time.thread_time() - cpu) * 1000.0)
        )
        try:
            state, _ = apply(state, action)
        except EngineError:
            illegal += 1
            state, _ = apply(state, legal_actions(state, seat)[0])
        actions += 1
    outcome = state.outcome
    return Result(
        job.index,
        job.seats,
        tuple(outcome.winners) if outcome is not None else (),
        actions,
        illegal,
        outcome is None,
        state.results[-1].termination if state.results else "none",
        times,
    )


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share of ``wins`` in ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, by the nearest rank."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def jobs_for(
    preset: str,
    options: dict[str, Any],
    a: Level,
    b: Level,
    seats: int,
    games: int,
    seed: str,
    time_limit_ms: float | None,
) -> list[Job]:
    """Whole deals, each played once with A in every seat (B in the others)."""
    deals = max(1, math.ceil(games / seats))
    out: list[Job] = []
    for deal in range(deals):
        for chair in range(seats):
            levels = tuple(a if s == chair else b for s in range(seats))
            out.append(Job(len(out), f"{seed}:{deal}", levels, preset, options, time_limit_ms))
    return out


@dataclass(slots=True)
class Tally:
    """What one level did over the matches."""

    level: Level
    seats: int = 0
    wins: float = 0.0
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


def summarise(
    results: list[Result], a: Level, b: Level, players: int, header: str, out: TextIO
) -> None:
    """The table the command prints."""
    n = len(results)
    tallies = {a: Tally(a)} if a is b else {a: Tally(a), b: Tally(b)}
    for r in results:
        for seat, lvl in enumerate(r.seats):
            t = tallies[lvl]
            if seat in r.winners:
                t.wins += 1.0 / len(r.winners)
            t.wall.extend(w for w, _ in r.times[seat])
            t.cpu.extend(c for _, c in r.times[seat])
    if results:
        for lvl, t in tallies.items():
            t.seats = results[0].seats.count(lvl)
    print(header, file=out)
    print(
        f"{'level':<8} {'seats':>5} {'matches':>7} {'wins':>7} {'share':>7} "
        f"{'95% CI':>16} {'even':>6}   {'decisions':>9} "
        f"{'wall ms median / p99 / max':>29} {'CPU ms median / p99 / max':>28}",
        file=out,
    )
    for lvl, t in tallies.items():
        lo, hi = wilson(t.wins, n)
        print(
            f"{lvl.name:<8} {t.seats:>5} {n:>7} {t.wins:>7.1f} {t.wins / max(1, n):>7.1%} "
            f"[{lo:>6.1%}, {hi:>6.1%}] {t.seats / players:>6.1%}   {len(t.cpu):>9} "
            f"{statistics.median(t.wall) if t.wall else 0.0:>10.1f} / "
            f"{percentile(t.wall, 0.99):>7.1f} / {max(t.wall, default=0.0):>6.0f} "
            f"{statistics.median(t.cpu) if t.cpu else 0.0:>9.1f} / "
            f"{percentile(t.cpu, 0.99):>7.1f} / {max(t.cpu, default=0.0):>6.0f}",
            file=out,
        )
    endings: dict[str, int] = {}
    for r in results:
        endings[r.ending] = endings.get(r.ending, 0) + 1
    print(
        f"illegal actions {sum(r.illegal for r in results)}, unfinished matches "
        f"{sum(r.aborted for r in results)}, actions per match "
        f"{sum(r.actions for r in results) / max(1, n):.0f}, endings "
        + ", ".join(f"{k} {v}" for k, v in sorted(endings.items())),
        file=out,
    )


def match_options(preset: str, seats: int, rounds: int, extra: dict[str, Any]) -> dict[str, Any]:
    """The options of every match: the seats, one round (unless ``rounds`` is 0)."""
    options: dict[str, Any] = {"players": seats}
    if rounds:
        options["rounds"] = rounds
        if ruleset(preset).match_format != "rounds":
            options["match_format"] = "rounds"
    options.update(extra)
    return options


def run(jobs: list[Job], workers: int, verbose: TextIO | None) -> list[Result]:
    """Play the jobs, in ``workers`` processes; results in job order."""
    results: list[Result] = []
    pool = None
    it: Iterator[Result]
    if workers <= 1:
        it = map(play, jobs)
    else:
        pool = multiprocessing.get_context("spawn").Pool(workers)
        it = pool.imap_unordered(play, jobs, chunksize=1)
    try:
        for r in it:
            results.append(r)
            if verbose is not None:
                print(
                    f"#{r.index:<5} {','.join(lvl.name for lvl in r.seats)} winners "
                    f"{list(r.winners)} {r.ending} actions {r.actions} illegal {r.illegal}",
                    file=verbose,
                    flush=True,
                )
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    results.sort(key=lambda r: r.index)
    return results


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bots arena",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    names = [lvl.name for lvl in (*LEVELS, Level.PLAIN)]
    p.add_argument("--preset", default="robbers", help="ruleset preset (robbers, rummikub, ...)")
    p.add_argument("--seats", type=int, default=2, help="players per match (A takes one)")
    p.add_argument("--a", default="EXPERT", type=str.upper, choices=names, help="level A")
    p.add_argument("--b", default="HARD", type=str.upper, choices=names, help="level B")
    p.add_argument("--games", type=int, default=100, help="matches (whole deals)")
    p.add_argument("--seed", default="1", help="seed of the deals")
    p.add_argument("--workers", type=int, default=1, help="processes to play in")
    p.add_argument("--rounds", type=int, default=1, help="rounds per match (0: the preset's)")
    p.add_argument("--options", default=None, help="more rule options, a JSON object")
    p.add_argument(
        "--time-limit-ms",
        type=float,
        default=DEFAULT_TIME_LIMIT_MS,
        help="the bots' time limit (as the server's)",
    )
    p.add_argument("--verbose", action="store_true", help="a line per match as it ends")
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command; returns the exit status."""
    out = out or sys.stdout
    args = _parser().parse_args(argv)
    a, b = level_of(args.a), level_of(args.b)
    extra = json.loads(args.options) if args.options else {}
    if not isinstance(extra, dict):
        raise SystemExit("--options must be a JSON object")
    options = match_options(args.preset, args.seats, args.rounds, extra)
    try:
        rules: RuleSet = ruleset(args.preset, options)
    except EngineError as exc:
        raise SystemExit(f"bad rules: {exc}") from None
    jobs = jobs_for(
        args.preset, options, a, b, args.seats, args.games, args.seed, args.time_limit_ms
    )
    started = time.perf_counter()
    results = run(jobs, args.workers, out if args.verbose else None)
    header = (
        f"arena: {rules.name}, {args.seats} seats (1 {a.name} + {args.seats - 1} {b.name}), "
        f"{len(results)} matches ({len(results) // args.seats} deals x {args.seats} chairs), "
        f"rounds {args.rounds or 'as the preset'}, seed {args.seed}, time limit "
        f"{args.time_limit_ms} ms, {args.workers} worker(s), {time.perf_counter() - started:.0f} s"
    )
    summarise(results, a, b, args.seats, header, out)
    return 1 if any(r.illegal or r.aborted for r in results) else 0

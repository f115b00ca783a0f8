"""Solver benchmark: solve times per game phase on a seeded generated corpus.

    python bench/solver_bench.py [--per-category 200] [--seed 0] [--objective cards]

Generates ``--per-category`` positions of each category of :mod:`bots.positions`
(early, mid, late game with 60..100 table cards, joker-heavy), feeds them all to ONE
``python -m bots.solve --jsonl`` process, and prints, per category, the median, p90,
p99 and max of the solver's own time (the ``ms`` of each answer) and the share of
answers proven optimal. The wall time of the whole batch (process start, JSON and
table parsing included) is printed too.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bots.positions import CATEGORIES, generate  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-category", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--objective", choices=("cards", "points"), default="cards")
    parser.add_argument("--time-limit-ms", type=float, default=None)
    parser.add_argument("--save", type=Path, help="also write the corpus (JSON lines) here")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="solve in this process and time each solve by CPU time (figures that do not "
        "depend on what else the machine runs)",
    )
    args = parser.parse_args()

    requests: list[tuple[str, dict[str, object]]] = []
    for cat in CATEGORIES:
        for i in range(args.per_category):
            req = generate(cat, args.seed + i).as_json(args.objective)
            if args.time_limit_ms is not None:
                req["timeLimitMs"] = args.time_limit_ms
            requests.append((cat, req))
    payload = "".join(json.dumps(r) + "\n" for _, r in requests)
    if args.save:
        args.save.write_text(payload)

    if args.cpu:
        return _in_process(requests)

    started = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "bots.solve", "--jsonl"],
        input=payload,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    wall = time.perf_counter() - started
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    if proc.returncode != 0 or len(answers) != len(requests):
        print(proc.stderr, file=sys.stderr)
        print(f"solver failed: exit {proc.returncode}, {len(answers)} answers", file=sys.stderr)
        return 1

    print(
        f"{len(requests)} positions, objective {args.objective}, one process: "
        f"{wall:.1f} s wall ({1000 * wall / len(requests):.1f} ms a position, all included)"
    )
    print(
        f"{'category':<10}{'n':>5}{'median':>9}{'p90':>9}{'p99':>9}{'max':>9}{'optimal':>9}"
        f"{'cards':>7}{'table':>7}"
    )
    failed = False
    for cat in CATEGORIES:
        rows = [(r, a) for (c, r), a in zip(requests, answers, strict=True) if c == cat]
        errors = [a for _, a in rows if "error" in a]
        if errors:
            print(f"{cat}: {len(errors)} errors, first {errors[0]}", file=sys.stderr)
            failed = True
        ok = [a for _, a in rows if "error" not in a]
        ms = [float(a["ms"]) for a in ok]
        optimal = sum(1 for a in ok if a["optimal"]) / max(1, len(ok))
        cards = sum(int(a["cards"]) for a in ok) / max(1, len(ok))
        table = sum(sum(len(m) for m in r["table"]) for r, _ in rows) / max(1, len(rows))
        print(
            f"{cat:<10}{len(rows):>5}{percentile(ms, 0.5):>9.2f}{percentile(ms, 0.9):>9.2f}"
            f"{percentile(ms, 0.99):>9.2f}{max(ms):>9.2f}{100 * optimal:>8.1f}%"
            f"{cards:>7.1f}{table:>7.1f}"
        )
    print("times in ms (the solver's own time per position)")
    return 1 if failed else 0


def _in_process(requests: list[tuple[str, dict[str, object]]]) -> int:
    from bots.solve import answer

    by_cat: dict[str, list[float]] = {}
    optimal: dict[str, int] = {}
    for cat, req in requests:
        started = time.process_time()
        out = answer(req)
        by_cat.setdefault(cat, []).append(1000 * (time.process_time() - started))
        optimal[cat] = optimal.get(cat, 0) + (1 if out.get("optimal") else 0)
    print(f"{len(requests)} positions, CPU time per request (parsing included), in ms")
    print(f"{'category':<10}{'n':>5}{'median':>9}{'p90':>9}{'p99':>9}{'max':>9}{'optimal':>9}")
    for cat, ms in by_cat.items():
        print(
            f"{cat:<10}{len(ms):>5}{percentile(ms, 0.5):>9.2f}{percentile(ms, 0.9):>9.2f}"
            f"{percentile(ms, 0.99):>9.2f}{max(ms):>9.2f}{100 * optimal[cat] / len(ms):>8.1f}%"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

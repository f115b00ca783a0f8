"""``python -m engine simulate``: whole matches played by the built-in policy.

    python -m engine simulate --ruleset robbers --players 4 --games 100 --seed 1
    python -m engine simulate --ruleset all --random-options --games 200 --quiet

``--random-options`` plays every match under its own random accepted option set
(:func:`random_rules`); ``--ruleset all`` runs every preset. The summary says how
many matches finished.

Prints one line per match (how it ended, winners, totals, rounds, actions, time) and
a summary. Every match terminates: rounds end by going out, by stalemate on an empty
stock (RR-STOCK-OUT, RK-END) or drawn (CR-STOCK-OUT); ``--max-actions`` is only a
safety net against a broken engine, and a match hitting it is reported as aborted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine.errors import EngineError
from engine.game import apply, legal_actions, new_game
from engine.policy import choose
from engine.rng import Stream, seed_bytes
from engine.rules import PRESETS, RuleSet, find_preset, ruleset
from engine.state import GameState
from engine.views import view


@dataclass(frozen=True, slots=True)
class MatchRun:
    seed: str
    state: GameState
    actions: int
    rounds: int
    seconds: float
    policy_errors: int

    @property
    def aborted(self) -> bool:
        return self.state.outcome is None


def _option_values(base: RuleSet) -> dict[str, list[Any]]:
    """The values :func:`random_rules` draws each option from: every kind of value the
    rule set accepts, kept to sizes a match of a few thousand actions can finish."""
    return {
        "players": list(range(base.min_players, base.max_players + 1)),
        "decks": [1, 2, 3],
        "jokers": [0, 1, 2, 4] + ([6] if base.max_players > 4 else []),
        "hand_size": [None, 7, 10, 13],
        "short_deal": [False, True],
        "opening_min": [0, 10, 30, 40, 51],
        "manipulate_on_opening_turn": [False, True],
        "manipulation": [False, True],
        "failed_manipulation_penalty": [0, 1, 3],
        "timeout_penalty": [1, 2, 3],
        "timeout_commits_valid_draft": [False, True],
        "joker_to_hand": [False, True],
        "joker_swap_bonus": [0, 5],
        "strict_joker": [False, True],
        "ace_high": [False, True],
        "ace_value": [1, 11, 15],
        "joker_value": [0, 25, 30],
        "face_value": [10, 13],
        "discard_pile": [False, True],
        "draw_two_river": [False, True],
        "stalemate_by": ["points", "tiles"],
        "restock_from_discard": [False, True],
        "draw_after_turns": [None, 10, 40, 120],
        "winner_scores_sum": [False, True],
        "rummy_double": [False, True],
        "match_format": ["rounds", "outs", "target"],
        "rounds": [1, 2, 3],
        "outs_to_win": [1, 2],
        "target_score": [20, 50, 100],
        "max_timeouts": [1, 3],
        "joker_to_new_set": [False, True],
        "unopened_pays_each": [False, True],
    }


def option_stream(seed: bytes | int | str) -> Stream:
    """The deterministic stream :func:`random_rules` draws from (R-RNG: the engine's
    own generator, not the ``random`` module)."""
    return Stream(seed_bytes(seed), "options")


def random_options(rng: Stream, name: str, *, percent: int = 35) -> dict[str, Any]:
    """Random option values for preset ``name``: each option varied with chance
    ``percent``/100 (not necessarily accepted by :func:`~engine.rules.ruleset`)."""
    values = _option_values(find_preset(name))
    return {
        key: choices[rng.below(len(choices))]
        for key, choices in values.items()
        if rng.below(100) < percent
    }


def random_rules(rng: Stream, name: str, *, percent: int = 35) -> RuleSet:
    """A random rule set that :func:`~engine.rules.ruleset` accepts (R-PLAYABLE: every
    accepted one must be able to finish)."""
    while True:
        try:
            return ruleset(name, random_options(rng, name, percent=percent))
        except EngineError:
            continue


def play_match(rules: RuleSet, seed: str, *, max_actions: int = 100_000) -> MatchRun:
    """Play one match with the built-in policy in every seat."""
    start = time.perf_counter()
    state, _ = new_game(rules, seed)
    actions = 0
    errors = 0
    while state.outcome is None and actions < max_actions:
        seat = state.on_turn
        action = choose(view(state, seat), rules)
        try:
            state, _ = apply(state, action)
        except EngineError:
            # The policy should only make legal moves; count it and fall back.
            errors += 1
            state, _ = apply(state, legal_actions(state, seat)[0])
        actions += 1
    return MatchRun(
        seed=seed,
        state=state,
        actions=actions,
        rounds=len(state.results),
        seconds=time.perf_counter() - start,
        policy_errors=errors,
    )


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m engine simulate", description=__doc__)
    p.add_argument("--ruleset", default="robbers")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", default="1")
    p.add_argument("--options", default=None, help="rule options as a JSON object")
    p.add_argument(
        "--random-options",
        action="store_true",
        help="each match under its own random accepted options (--ruleset all: every preset)",
    )
    p.add_argument("--max-actions", type=int, default=100_000)
    p.add_argument("--json", action="store_true", help="one JSON object per match")
    p.add_argument("--quiet", action="store_true", help="only the summary")
    return p


def main(argv: list[str]) -> int:
    """Run the simulation; returns the exit status (2 for bad arguments or options,
    1 if a match did not finish)."""
    args = _parser().parse_args(argv)
    options: dict[str, Any] = {}
    names = list(PRESETS) if args.ruleset == "all" else [args.ruleset]
    try:
        if args.options:
            options = dict(json.loads(args.options))
        if args.players is not None:
            options["players"] = args.players
        fixed = [ruleset(name, options) for name in names]
    except (EngineError, ValueError, TypeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    status = 0
    for rules in fixed:
        status = max(status, _simulate(args, rules))
    return status


def _simulate(args: argparse.Namespace, rules: RuleSet) -> int:
    rng = option_stream(f"{args.seed}:{rules.name}")
    runs: list[MatchRun] = []
    for i in range(args.games):
        match_rules = random_rules(rng, rules.name) if args.random_options else rules
        run = play_match(match_rules, f"{args.seed}:{i}", max_actions=args.max_actions)
        runs.append(run)
        if args.quiet:
            continue
        out = run.state.outcome
        if args.json:
            record = {
                "game": i,
                "seed": run.seed,
                "outcome": out.to_dict() if out else None,
                "rounds": run.rounds,
                "actions": run.actions,
                "ms": round(run.seconds * 1000, 1),
            }
            if args.random_options:
                record["options"] = match_rules.options()
            print(json.dumps(record))
        else:
            how = out.termination if out else "ABORTED"
            winners = list(out.winners) if out else []
            totals = list(out.totals) if out else []
            print(
                f"game {i:>3}  {how:<11} winners {winners}  totals {totals}  "
                f"rounds {run.rounds:>2}  actions {run.actions:>5}  {run.seconds * 1000:7.1f} ms"
            )
    secs = [r.seconds for r in runs]
    rounds = sum(r.rounds for r in runs)
    ends = Counter(res.termination for r in runs for res in r.state.results)
    wins = Counter(w for r in runs if r.state.outcome for w in r.state.outcome.winners)
    aborted = sum(1 for r in runs if r.aborted)
    errors = sum(r.policy_errors for r in runs)
    total = sum(secs)
    players = "random options" if args.random_options else f"{rules.players} players"
    print(
        f"{rules.name}, {players}: {len(runs)} matches, finished {len(runs) - aborted}, "
        f"{rounds} rounds ({dict(sorted(ends.items()))}), aborted {aborted}, "
        f"policy errors {errors}"
    )
    if runs:
        print(
            f"time: total {total:.2f} s, per match median {statistics.median(secs) * 1000:.1f} ms, "
            f"max {max(secs) * 1000:.1f} ms; {rounds / total if total else 0:.1f} rounds/s"
        )
        print(f"wins by seat: {dict(sorted(wins.items()))}")
    return 1 if aborted else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))

"""Bots never send an action the engine rejects (issue 4): whole rounds of every preset
and many options, every action applied with ``engine.game.apply``."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from bots.levels import LEVELS, PLAIN, Level, choose_action
from engine.errors import EngineError
from engine.game import apply, new_game
from engine.rules import RuleSet, ruleset
from engine.state import GameState
from engine.views import view

# Short time limits keep the suite fast; legality does not depend on them.
LIMIT_MS = 25.0


def play_out(
    rules: RuleSet, seed: str, seats: list[Level], *, max_actions: int
) -> tuple[GameState, int]:
    """Play until the match ends or ``max_actions``; fail on any rejected action."""
    state, _ = new_game(rules, seed)
    rngs = [random.Random(f"{seed}:{i}") for i in range(rules.players)]
    actions = 0
    while state.outcome is None and actions < max_actions:
        seat = state.on_turn
        action = choose_action(
            seats[seat], view(state, seat), rules, rngs[seat], time_limit_ms=LIMIT_MS
        )
        try:
            state, _ = apply(state, action)
        except EngineError as exc:  # pragma: no cover - the failure being tested for
            raise AssertionError(
                f"{seats[seat]} in seat {seat} sent {action!r} in phase {state.phase}: {exc}"
            ) from exc
        actions += 1
    return state, actions


OPTIONS: dict[str, list[dict[str, Any]]] = {
    "robbers": [
        {},
        {"discard_pile": True},
        {"opening_min": 0, "ace_high": True, "ace_value": 11},
        {"opening_min": 51, "jokers": 6, "failed_manipulation_penalty": 3},
        {"joker_to_hand": False, "manipulate_on_opening_turn": True, "jokers": 0},
        {"strict_joker": True, "joker_swap_bonus": 5, "stalemate_by": "points"},
    ],
    "vatikan": [{}, {"discard_pile": True, "ace_high": True}],
    "rummikub": [
        {},
        {"draw_two_river": True},
        {"strict_joker": True, "jokers": 4},
        {"opening_min": 50, "short_deal": True},
        {"draw_two_river": True, "strict_joker": True, "manipulate_on_opening_turn": True},
    ],
    "rummy": [{}, {"ace_high": True}, {"players": 3}, {"players": 4, "rummy_double": False}],
}


def _rules(name: str, extra: dict[str, Any], players: int, hand_size: int) -> RuleSet:
    base = ruleset(name)
    options: dict[str, Any] = {"players": players, "rounds": 1}
    if not extra.get("short_deal"):
        # R-PLAYABLE: the short deal is a deal size of its own; with hand_size it is refused.
        options["hand_size"] = hand_size
    if base.family == "rummy":
        options.update(match_format="rounds", draw_after_turns=60)
    options.update(extra)
    return ruleset(name, options)


ALL = [*LEVELS, PLAIN]


@settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    data=hs.data(),
    preset=hs.sampled_from(sorted(OPTIONS)),
    seed=hs.integers(0, 10_000),
    players=hs.integers(2, 4),
    hand_size=hs.integers(7, 9),
)
def test_bots_only_send_legal_actions(
    data: hs.DataObject, preset: str, seed: int, players: int, hand_size: int
) -> None:
    extra = data.draw(hs.sampled_from(OPTIONS[preset]), label="options")
    extra = {**extra}
    players = extra.pop("players", players)
    rules = _rules(preset, extra, players, hand_size)
    seats = [data.draw(hs.sampled_from(ALL), label=f"seat {i}") for i in range(players)]
    play_out(rules, f"prop:{seed}", seats, max_actions=140)


def test_every_level_plays_a_whole_round_of_every_preset() -> None:
    """Full deals (the preset's hand size), heads-up, every level against every other."""
    turns = 0
    for preset in ("robbers", "rummikub", "rummy"):
        rules = _rules(preset, {}, 2, ruleset(preset).deal_size(2))
        for i, (a, b) in enumerate([(EASY_, MEDIUM_), (HARD_, EXPERT_), (PLAIN, EASY_)]):
            state, actions = play_out(rules, f"full:{preset}:{i}", [a, b], max_actions=400)
            turns += state.turn
            assert actions > 0
    assert turns > 100


EASY_, MEDIUM_, HARD_, EXPERT_ = LEVELS

"""A decision's budget (issue 28): thread CPU time and a wall-clock bound, both spent by
every solver call of the decision; EXPERT decides legally whatever is left."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from bots.budget import Budget, OutOfTime
from bots.expert import CPU_FACTOR, THINK_SHARE, WALL_FACTOR, decision_budget
from bots.levels import EXPERT, choose_action
from bots.sampling import known_cards, sample_hands, unseen
from bots.strategy import read_view
from engine.actions import Discard, Draw
from engine.cards import parse_card
from engine.game import apply, new_game
from engine.rules import ruleset
from engine.testing import arrange
from engine.views import view


def test_an_unlimited_budget_never_runs_out_and_leaves_limits_alone() -> None:
    budget = Budget.unlimited()
    assert not budget.limited and budget.left_ms() is None and not budget.spent()
    assert budget.limit(200.0) == 200.0 and budget.limit(None) is None
    assert budget.deadline() is None
    budget.check()
    assert decision_budget(None).left_ms() is None


def test_a_budget_gives_each_call_what_is_left_of_the_tighter_bound() -> None:
    budget = Budget.start(cpu_ms=10_000.0, wall_ms=50.0)
    left = budget.limit(200.0)
    assert left is not None and 0 < left <= 50.0
    deadline = budget.deadline()
    assert deadline is not None and deadline <= time.perf_counter() + 0.05
    spent = Budget.start(cpu_ms=0.0, wall_ms=1000.0)
    assert spent.spent() and spent.limit(200.0) == 1.0  # a late call returns at once
    with pytest.raises(OutOfTime):
        spent.check()
    # EXPERT's: CPU_FACTOR times the per-call limit to think, within THINK_SHARE of the
    # WALL_FACTOR times it that bounds the decision.
    expert = decision_budget(200.0)
    assert expert.cpu_ms == 200.0 * CPU_FACTOR
    assert expert.wall_ms == 200.0 * WALL_FACTOR * THINK_SHARE


@pytest.mark.parametrize("preset", ["robbers", "rummikub", "rummy"])
def test_expert_with_no_time_left_still_acts_legally(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bots.expert as expert

    monkeypatch.setattr(expert, "decision_budget", lambda _ms: Budget.start(0.0, 0.0))
    options: dict[str, object] = {"players": 2, "rounds": 1}
    if preset == "rummy":
        options["match_format"] = "rounds"
    rules = ruleset(preset, options)
    state, _ = new_game(rules, "spent")
    for _ in range(40):
        if state.outcome is not None:
            break
        seat = state.on_turn
        action = choose_action(EXPERT, view(state, seat), rules, random.Random(1), time_limit_ms=5)
        state, _ = apply(state, action)  # raises if the engine refuses it


def test_guessed_hands_hold_the_cards_a_seat_took_face_up() -> None:
    rules = ruleset("rummy", {"players": 2, "match_format": "rounds", "rounds": 1})
    state, _ = new_game(rules, "took")
    state = arrange(
        state,
        hands={0: ["5H", "6H", "KS"], 1: ["2C", "3D", "9S"]},
        stock=["QD", "JD", "4S"],
        discard=["4C", "7H"],
        on_turn=0,
    )
    state, _ = apply(state, Draw(0, "discard"))
    state, _ = apply(state, Discard(0, "KS"))
    seen = read_view(view(state, 1), rules)
    seven = parse_card("7H")
    assert seen.took == {0: (seven,)}
    pool = unseen(seen)
    assert known_cards(seen, pool) == {0: Counter([seven])}
    rng = random.Random(5)
    for _ in range(20):
        hands = sample_hands(seen, rng, pool=pool)
        assert hands[0][seven] == 1 and hands[0].total() == 3  # 5H 6H 7H, as it happens
    # Once 7H is seen elsewhere (here: in the viewer's own hand), it is known no more.
    moved = arrange(state, hands={1: ["7H", "2C", "3D"]}, on_turn=1)
    seen = read_view(view(moved, 1), rules)
    assert known_cards(seen, unseen(seen)) == {0: Counter()}

"""R-PLAYABLE and RR-MATCH as properties, over every preset with random accepted
options (engine.simulate.random_rules):

- in every state that is not over, the seat on turn has a legal action and a Timeout
  applies;
- every action ``legal_actions`` lists is accepted by ``apply``;
- a bounded random playout ends with an Outcome;
- ``Outcome.winners`` are exactly the first places of ``Outcome.ranking``, and the
  winners by the rules of the format.

The default keeps the suite quick; ``ENGINE_PLAYABLE_EXAMPLES=2000`` digs deeper.
"""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Action, Commit, Timeout, UpdateDraft
from engine.errors import EngineError
from engine.game import apply, legal_actions, new_game
from engine.policy import choose
from engine.rules import PRESETS, RuleSet
from engine.simulate import option_stream, random_rules
from engine.state import GameState, MatchOutcome
from engine.views import view

PLAYOUT_ACTIONS = 30_000  # long matches are legitimate (target 100 under plus/minus scoring)
SETTINGS = settings(
    max_examples=int(os.environ.get("ENGINE_PLAYABLE_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def draft_of(rng: random.Random, state: GameState) -> list[list[str]]:
    """The table with one hand card added to a random meld (often invalid)."""
    rows = [list(m.codes) for m in state.table]
    hand = [c.code for c in state.seats[state.on_turn].hand]
    if rows and hand:
        rng.choice(rows).append(rng.choice(hand))
    elif hand:
        rows.append(rng.sample(hand, k=min(3, len(hand))))
    return rows


def next_action(rng: random.Random, state: GameState, rules: RuleSet) -> Action:
    seat = state.on_turn
    roll = rng.random()
    if roll < 0.6:
        return choose(view(state, seat), rules)
    if roll < 0.85:
        return rng.choice(legal_actions(state, seat))
    if roll < 0.9:
        return Timeout(seat)
    if roll < 0.95:
        return UpdateDraft(seat, draft_of(rng, state))
    return Commit(seat, draft_of(rng, state))


def check_playable(state: GameState) -> None:
    seat = state.on_turn
    options = legal_actions(state, seat)
    assert options, f"no legal action in phase {state.phase}"
    for action in options:
        try:
            apply(state, action)
        except EngineError as exc:  # pragma: no cover - a failure
            raise AssertionError(f"legal_actions listed {action}, apply said {exc!r}") from exc
    apply(state, Timeout(seat))


def regular_totals(state: GameState) -> list[int]:
    totals = [s.total for s in state.seats]
    for r in state.results:
        if r.extra:
            for i, score in enumerate(r.scores):
                totals[i] -= score or 0
    return totals


def check_outcome(state: GameState, out: MatchOutcome) -> None:
    rules = state.rules
    winners = out.winners
    assert winners, "a match always has a winner"
    assert set(out.ranking[: len(winners)]) == set(winners)
    assert sorted(out.ranking) == list(range(state.players))
    alive = [i for i, s in enumerate(state.seats) if not s.resigned]
    assert set(winners) <= set(alive) or not alive
    sign = -1 if out.higher_wins else 1
    if out.termination in ("rounds", "target"):
        best = min(sign * out.totals[i] for i in alive)
        assert all(sign * out.totals[w] == best for w in winners), out
        if out.termination == "rounds":
            assert out.rounds_played >= rules.rounds
    elif out.termination == "outs":
        assert all(out.outs[w] == max(out.outs[i] for i in alive) for w in winners), out
    elif out.termination == "extra_round":
        regular = regular_totals(state)
        best = min(sign * regular[i] for i in alive)
        assert all(sign * regular[w] == best for w in winners), (out, regular)
        assert sum(1 for r in state.results if r.extra) == 1
    else:
        assert out.termination == "resignation" and len(alive) <= 1


@SETTINGS
@given(
    name=st.sampled_from(sorted(PRESETS)),
    options_seed=st.integers(0, 2**32),
    seed=st.integers(0, 2**32),
    choices=st.randoms(use_true_random=False),
)
def test_every_accepted_option_set_plays_to_an_outcome(
    name: str, options_seed: int, seed: int, choices: random.Random
) -> None:
    rules = random_rules(option_stream(options_seed), name)
    state, _ = new_game(rules, seed)
    for step in range(PLAYOUT_ACTIONS):
        if state.outcome is not None:
            break
        if step % 7 == 0:
            check_playable(state)
        try:
            state, _ = apply(state, next_action(choices, state, rules))
        except EngineError:
            continue
    assert state.outcome is not None, f"no outcome after {PLAYOUT_ACTIONS} actions: {rules}"
    check_outcome(state, state.outcome)

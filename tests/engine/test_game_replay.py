"""A match is its rules, seed and action log: replay reproduces it exactly (DESIGN)."""

from __future__ import annotations

import json

import pytest

from engine.actions import (
    Action,
    Commit,
    Discard,
    Draw,
    Pass,
    Reclaim,
    Resign,
    Timeout,
    Undo,
    UpdateDraft,
    action_from_dict,
    action_to_dict,
)
from engine.errors import BadInput
from engine.game import apply, new_game
from engine.policy import choose
from engine.replay import replay
from engine.rules import ruleset
from engine.views import view


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("robbers", {"players": 3, "rounds": 1}),
        ("rummikub", {"players": 2, "draw_two_river": True}),
        ("rummy", {"players": 2, "target_score": 30}),
    ],
)
def test_replay_of_a_whole_match_is_exact(name: str, options: dict[str, object]) -> None:
    rules = ruleset(name, options)
    state, events = new_game(rules, "replay")
    log: list[dict[str, object]] = []
    step = 0
    while state.outcome is None:
        step += 1
        action: Action = choose(view(state, state.on_turn), rules)
        if step % 7 == 0:
            action = Timeout(state.on_turn)
        state, more = apply(state, action)
        events.extend(more)
        log.append(json.loads(json.dumps(action_to_dict(action))))
    again, again_events = replay(rules, "replay", log)
    assert again == state
    assert again_events == events


def test_actions_round_trip_through_their_json_form() -> None:
    actions: list[Action] = [
        Commit(0, [["4S", "5S", "6S"]], [(0, "7H")]),
        UpdateDraft(1, [["*:7D", "7S"]]),
        Draw(0),
        Draw(1, "discard"),
        Draw(2, "river", 3),
        Discard(0, "KH"),
        Undo(1),
        Pass(2),
        Timeout(0),
        Resign(1),
        Reclaim(1),
    ]
    for action in actions:
        data = json.loads(json.dumps(action_to_dict(action)))
        assert action_from_dict(data) == action
        assert hash(action_from_dict(data)) == hash(action)
        assert eval(repr(action)) == action  # a repr pastes back


def test_malformed_actions_are_bad_input() -> None:
    for data in (
        {"kind": "fly", "seat": 0},
        {"kind": "draw", "seat": "zero"},
        {"kind": "draw", "seat": 0, "source": "hat"},
        {"kind": "commit", "seat": 0, "table": "4S 5S 6S"},
        {"kind": "commit", "seat": 0, "table": [[4]]},
        {"kind": "commit", "seat": 0, "table": [["4S"] * 500]},
        {"kind": "draw", "seat": 0, "source": "river"},
    ):
        with pytest.raises(BadInput):
            action_from_dict(data)

"""engine.snapshot: every state met in real playouts round-trips exactly through JSON,
and a snapshot that does not fit the engine's classes is refused, never half-read."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.errors import EngineError
from engine.game import apply, legal_actions, new_game
from engine.policy import choose
from engine.rules import ruleset
from engine.simulate import option_stream, random_rules
from engine.snapshot import SNAPSHOT_VERSION, OutdatedSnapshot, SnapshotError, from_dict, to_dict
from engine.state import GameState
from engine.views import view


def playout(rules: Any, seed: str, limit: int = 400) -> list[GameState]:
    """Every state of one policy playout (the start, each move, the end)."""
    state, _ = new_game(rules, seed)
    states = [state]
    while state.outcome is None and len(states) < limit:
        seat = state.on_turn
        try:
            state, _ = apply(state, choose(view(state, seat), rules))
        except EngineError as exc:
            if exc.after is not None:
                state = exc.after
            else:
                state, _ = apply(state, legal_actions(state, seat)[0])
        states.append(state)
    return states


CASES = [
    ("robbers", {"players": 3, "rounds": 1}),
    ("vatikan", {"players": 2, "rounds": 1, "discard_pile": True}),
    ("rummikub", {"players": 2, "draw_two_river": True}),
    ("rummy", {"players": 2, "target_score": 30}),
]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_every_state_of_a_playout_round_trips_through_json(
    name: str, options: dict[str, Any]
) -> None:
    states = playout(ruleset(name, options), f"snap-{name}")
    assert len(states) > 20
    for state in states:
        text = json.dumps(to_dict(state))
        assert from_dict(json.loads(text)) == state


@pytest.mark.parametrize("n", range(6))
def test_states_under_random_options_round_trip(n: int) -> None:
    name = ["robbers", "rummikub", "rummy"][n % 3]
    rules = random_rules(option_stream(f"snap-opts-{n}"), name)
    for state in playout(rules, f"snap-opts-{n}", limit=150):
        assert from_dict(json.loads(json.dumps(to_dict(state)))) == state


def test_a_finished_match_keeps_its_results_and_outcome() -> None:
    states = playout(ruleset("rummy", {"players": 2, "target_score": 30}), "snap-end", 5000)
    end = states[-1]
    assert end.outcome is not None and end.results
    back = from_dict(json.loads(json.dumps(to_dict(end))))
    assert back.outcome == end.outcome and back.results == end.results


def test_the_snapshot_is_documented_json() -> None:
    state = playout(ruleset("robbers", {"players": 2}), "snap-doc", 3)[-1]
    data = to_dict(state)
    assert data["version"] == SNAPSHOT_VERSION
    assert data["state"]["seed"] == state.seed.hex()
    assert data["state"]["seats"][0]["hand"] == [c.code for c in state.seats[0].hand]
    assert data["state"]["current"]["touched"] is False


def test_another_version_is_refused_as_outdated() -> None:
    data = to_dict(playout(ruleset("robbers", {"players": 2}), "snap-old", 2)[-1])
    with pytest.raises(OutdatedSnapshot):
        from_dict({**data, "version": SNAPSHOT_VERSION - 1})
    with pytest.raises(OutdatedSnapshot):
        from_dict({"state": data["state"]})


@pytest.mark.parametrize(
    "spoil",
    [
        lambda s: s["current"].pop("touched"),  # a field the engine gained since
        lambda s: s["current"].update(ghost=1),  # a field the engine lost
        lambda s: s.update(phase="nap"),  # outside the Literal
        lambda s: s.update(turn="3"),  # wrong type
        lambda s: s["seats"][0].update(opened=1),  # an int is not a bool
    ],
)
def test_a_snapshot_that_does_not_fit_the_classes_is_refused(spoil: Any) -> None:
    data = json.loads(json.dumps(to_dict(playout(ruleset("robbers", {}), "snap-bad", 2)[-1])))
    spoil(data["state"])
    with pytest.raises(SnapshotError):
        from_dict(data)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_the_compiled_codecs_agree_with_the_reference_ones(
    name: str, options: dict[str, Any]
) -> None:
    # The snapshot codecs are compiled per type (issue 12); the reference ones define them.
    from engine.snapshot import _decode, _decoder, _encode, _encode_reference

    for state in playout(ruleset(name, options), f"snap-same-{name}", limit=200):
        encoded = _encode(state)
        assert encoded == _encode_reference(state)
        assert json.dumps(encoded) == json.dumps(_encode_reference(state))
        data = json.loads(json.dumps(encoded))
        assert _decoder(GameState)(data) == _decode(GameState, data, "state") == state


@pytest.mark.parametrize(
    "spoil",
    [
        lambda s: s["seats"][0].update(hand=["ZZ"]),  # not a card
        lambda s: s["seats"][0].update(hand="AS"),  # not a list
        lambda s: s.update(seed=3),  # not hex
        lambda s: s["current"].update(seat=True),  # a bool is not an int
        lambda s: s.update(seats={}),  # not a list
        lambda s: s.update(current=[]),  # not an object
    ],
)
def test_the_compiled_decoder_refuses_what_the_reference_one_refuses(spoil: Any) -> None:
    from engine.snapshot import _decoder

    data = json.loads(json.dumps(to_dict(playout(ruleset("robbers", {}), "snap-bad2", 2)[-1])))
    spoil(data["state"])
    with pytest.raises(Exception):  # noqa: B017 - any refusal; from_dict then explains it
        _decoder(GameState)(data["state"])
    with pytest.raises((SnapshotError, EngineError, ValueError)):
        from_dict(data)

"""Replay: a match is its rules, seed and action log (DESIGN "State and events").

``replay`` rebuilds the state and every event from scratch; the server checks a
stored state against it, and tests check it for every simulated game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.actions import Action, action_from_dict
from engine.errors import EngineError
from engine.events import Event
from engine.game import apply, new_game
from engine.rules import RuleSet
from engine.state import GameState


def replay(
    rules: RuleSet, seed: bytes | int | str, actions: Iterable[Action | Mapping[str, Any]]
) -> tuple[GameState, list[Event]]:
    """The state after ``actions`` (objects or their JSON form) and all events since the
    start. Raises the EngineError of the first action that does not apply (a log is
    only ever made of applied actions, so that means the log or the engine changed).

    RR-FAIL Decision: a commit rejected by the rules marks the turn as one that touched
    the table; the server logs it, and it replays to the marked state (``exc.after``)."""
    state, events = new_game(rules, seed)
    for item in actions:
        action = action_from_dict(item) if isinstance(item, Mapping) else item
        try:
            state, more = apply(state, action)
        except EngineError as exc:
            if exc.after is None:
                raise
            state, more = exc.after, []
        events.extend(more)
    return state, events

"""A move's events are stored and published as built, without a JSON round trip
(issue 12): ``store.self_sufficient`` must give payloads already in the form the round
trip gives (lists, string keys, JSON scalars), for every preset's whole match, or the
published event would differ from the stored one re-read."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from engine.errors import EngineError
from engine.events import Event
from engine.game import apply, legal_actions, new_game
from engine.policy import choose
from engine.rules import PRESETS
from engine.views import view
from matches.models import Match
from matches.store import _event_rows, self_sufficient


def same(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down (a tuple is not its list)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def moves(preset: str, seed: str) -> list[list[Event]]:
    rules = PRESETS[preset]
    now = datetime(2026, 12, 2, tzinfo=UTC)
    state, events = new_game(rules, seed)
    out = [self_sufficient(None, state, events, now)]
    while state.outcome is None and len(out) < 5000:
        try:
            after, events = apply(state, choose(view(state, state.on_turn), rules))
        except EngineError:
            after, events = apply(state, legal_actions(state, state.on_turn)[0])
        out.append(self_sufficient(state, after, events, now))
        state = after
    return out


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_event_payload_is_its_json_round_trip(preset: str) -> None:
    for events in moves(preset, f"payloads-{preset}"):
        final, _ = _event_rows(Match(last_seq=0), events, None, final=True)
        tripped, _ = _event_rows(Match(last_seq=0), events, None)
        for row, again in zip(final, tripped, strict=True):
            assert same(row.public, again.public), (row.type, row.public)
            assert same(row.private, again.private), (row.type, row.private)
            assert same(json.loads(json.dumps(row.public)), row.public)


def test_a_tuple_or_a_number_key_would_be_seen() -> None:
    assert not same({"a": (1, 2)}, {"a": [1, 2]})
    assert not same({"0": {1: "x"}}, {"0": {"1": "x"}})

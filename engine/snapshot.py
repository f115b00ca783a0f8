"""Versioned, JSON-safe snapshots of a :class:`~engine.state.GameState` (issue 14).

A match is its rules, seed and action log (DESIGN "State and events"); the server keeps
a snapshot of the state only to save replaying on every move. A snapshot is::

    {"version": SNAPSHOT_VERSION, "state": <the GameState encoded>}

and the encoding is generic over the engine's frozen dataclasses, driven by their type
hints:

- a dataclass is an object of its fields by name (every field, defaults included);
- a :class:`~engine.cards.Card` is its text code (``"10H"``, ``"*"``);
- tuples and frozensets are lists (frozensets sorted by their encoded JSON);
- ``bytes`` is lowercase hex; an ``Enum`` is its value; ``None``, bool, int and str as is.

``from_dict`` decodes by the same hints and rejects what does not fit them (an unknown or
missing field, a wrong type, a value outside a ``Literal``), so a snapshot either
round-trips exactly (``from_dict(to_dict(s)) == s``) or fails loudly.

``SNAPSHOT_VERSION``: bump it whenever a state class changes (a field added, removed,
renamed or retyped in engine.state, engine.rules, engine.melds or engine.cards). A
snapshot of another version is refused by :func:`from_dict` (:class:`OutdatedSnapshot`);
the server then rebuilds the state by replaying the match's seed and action log and
stores a new snapshot (matches.selectors.load_state). Version 0 means "no snapshot"
(a match stored as a pickle before snapshots existed).
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, Literal, Union

from engine.cards import Card
from engine.state import GameState

# 1: the first JSON snapshot (TurnState.touched, RuleSet.timeout_penalty and
#    timeout_commits_valid_draft included).
# 2: TurnState.held_before removed (unused since the twin-discard rule reads the hand).
SNAPSHOT_VERSION = 2


class SnapshotError(ValueError):
    """A snapshot that does not decode into a state of the current engine."""


class OutdatedSnapshot(SnapshotError):
    """A snapshot of another SNAPSHOT_VERSION: rebuild the state by replay instead."""


def to_dict(state: GameState) -> dict[str, Any]:
    """The JSON-safe snapshot of ``state`` (hidden information included: server-side only)."""
    return {"version": SNAPSHOT_VERSION, "state": _encode(state)}


def from_dict(data: Mapping[str, Any]) -> GameState:
    """The state of a snapshot made by :func:`to_dict` with this SNAPSHOT_VERSION."""
    version = data.get("version") if isinstance(data, Mapping) else None
    if version != SNAPSHOT_VERSION:
        raise OutdatedSnapshot(f"snapshot version {version!r}, the engine's is {SNAPSHOT_VERSION}")
    state = _decode(GameState, data.get("state"), "state")
    assert isinstance(state, GameState)
    return state


def _encode(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, enum.Enum):
        return _encode(value.value)
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    if isinstance(value, frozenset):
        items = [_encode(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise SnapshotError(f"cannot snapshot a {type(value).__name__}")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(hint: Any, data: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return data
    if origin in (Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        arms = [a for a in args if a is not type(None)]
        if len(arms) != 1:
            raise SnapshotError(f"{where}: ambiguous union {hint}")
        return _decode(arms[0], data, where)
    if origin is Literal:
        if data not in args or type(data) not in {type(a) for a in args}:
            raise SnapshotError(f"{where}: {data!r} is not one of {args}")
        return data
    if origin is tuple:
        if not isinstance(data, list):
            raise SnapshotError(f"{where}: expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
        if len(args) != len(data):
            raise SnapshotError(f"{where}: expected {len(args)} items")
        return tuple(
            _decode(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, data, strict=True))
        )
    if origin is frozenset:
        if not isinstance(data, list):
            raise SnapshotError(f"{where}: expected a list")
        return frozenset(_decode(args[0], v, f"{where}[]") for v in data)
    if hint is Card:
        if not isinstance(data, str):
            raise SnapshotError(f"{where}: expected a card code")
        return Card.parse(data)
    if hint is bytes:
        if not isinstance(data, str):
            raise SnapshotError(f"{where}: expected hex")
        return bytes.fromhex(data)
    if hint is bool:
        if type(data) is not bool:
            raise SnapshotError(f"{where}: expected a bool")
        return data
    if hint in (int, str):
        if type(data) is not hint:
            raise SnapshotError(f"{where}: expected {hint.__name__}")
        return data
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(data)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(data, dict):
            raise SnapshotError(f"{where}: expected an object")
        names = [f.name for f in dataclasses.fields(hint)]
        if set(data) != set(names):
            raise SnapshotError(f"{where}: fields {sorted(set(data) ^ set(names))} differ")
        hints = _hints(hint)
        return hint(**{n: _decode(hints[n], data[n], f"{where}.{n}") for n in names})
    raise SnapshotError(f"{where}: cannot decode a {hint}")

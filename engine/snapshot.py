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
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Literal, Union

from engine.cards import Card
from engine.state import GameState

# 1: the first JSON snapshot (TurnState.touched, RuleSet.timeout_penalty and
#    timeout_commits_valid_draft included).
# 2: TurnState.held_before removed (unused since the twin-discard rule reads the hand).
# 3: RuleSet.joker_to_new_set and unopened_pays_each (issue 28).
SNAPSHOT_VERSION = 3


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
    raw = data.get("state")
    try:
        state = _decoder(GameState)(raw)
    except Exception:  # the reference decoder says exactly what is wrong
        state = _decode(GameState, raw, "state")
    assert isinstance(state, GameState)
    return state


def _encode(value: Any) -> Any:
    """The JSON-safe form of ``value``, by an encoder compiled once per type
    (:func:`_encode_reference` is the definition it follows)."""
    try:
        encoder = _ENCODERS[type(value)]
    except KeyError:
        encoder = _compile_encoder(type(value))
    return encoder(value)


# -- compiled codecs: the same encoding, without per-call introspection -----------------------
#
# A snapshot is encoded and decoded on every move, so the codecs below are built once per
# type (per type hint for decoding) from the same rules as ``_encode_reference`` and
# ``_decode``. A compiled decoder accepts exactly what ``_decode`` accepts and builds the
# same value; when it fails, ``from_dict`` runs ``_decode`` for the precise error.

_ENCODERS: dict[type, Callable[[Any], Any]] = {}
_DECODERS: dict[Any, Callable[[Any], Any]] = {}
_CARDS: dict[str, Card] = {}  # card code -> card (cards are frozen values)


def _identity(value: Any) -> Any:
    return value


def _encode_card(value: Card) -> str:
    return value.code


def _encode_bytes(value: bytes) -> str:
    return value.hex()


def _encode_tuple(value: tuple[Any, ...]) -> list[Any]:
    return [_encode(v) for v in value]


def _frozenset_key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _encode_frozenset(value: frozenset[Any]) -> list[Any]:
    return sorted((_encode(v) for v in value), key=_frozenset_key)


def _encode_enum(value: enum.Enum) -> Any:
    return _encode(value.value)


def _compile_encoder(cls: type) -> Callable[[Any], Any]:
    """The encoder of values of exactly type ``cls``, in ``_encode_reference``'s order."""
    encoder: Callable[[Any], Any]
    if cls is type(None) or issubclass(cls, (bool, int, str)):
        encoder = _identity
    elif issubclass(cls, Card):
        encoder = _encode_card
    elif issubclass(cls, enum.Enum):
        encoder = _encode_enum
    elif issubclass(cls, bytes):
        encoder = _encode_bytes
    elif issubclass(cls, tuple):
        encoder = _encode_tuple
    elif issubclass(cls, frozenset):
        encoder = _encode_frozenset
    elif dataclasses.is_dataclass(cls):
        names = tuple(f.name for f in dataclasses.fields(cls))

        def encoder(value: Any) -> dict[str, Any]:
            return {name: _encode(getattr(value, name)) for name in names}

    else:
        raise SnapshotError(f"cannot snapshot a {cls.__name__}")
    _ENCODERS[cls] = encoder
    return encoder


def _decoder(hint: Any) -> Callable[[Any], Any]:
    """The compiled decoder of ``hint`` (raises on anything ``_decode`` refuses)."""
    try:
        return _DECODERS[hint]
    except KeyError:
        pass
    if hint is not Card and isinstance(hint, type) and dataclasses.is_dataclass(hint):
        # Registered before its fields are compiled: a dataclass may nest itself.
        fields: list[tuple[str, Callable[[Any], Any]]] = []
        decoder = _DECODERS[hint] = _dataclass_decoder(hint, fields)
        try:
            hints = _hints(hint)
            fields.extend((f.name, _decoder(hints[f.name])) for f in dataclasses.fields(hint))
        except BaseException:
            del _DECODERS[hint]  # never a decoder of some of its fields
            raise
        return decoder
    decoder = _compile_decoder(hint)
    _DECODERS[hint] = decoder
    return decoder


def _dataclass_decoder(
    cls: type, fields: list[tuple[str, Callable[[Any], Any]]]
) -> Callable[[Any], Any]:
    names = frozenset(f.name for f in dataclasses.fields(cls))
    if any(not f.init for f in dataclasses.fields(cls)):
        raise SnapshotError(f"cannot decode a {cls}")

    def decode(data: Any) -> Any:
        if not isinstance(data, dict) or data.keys() != names:
            raise SnapshotError("not this dataclass")
        return cls(**{name: field(data[name]) for name, field in fields})

    return decode


def _compile_decoder(hint: Any) -> Callable[[Any], Any]:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return _identity
    if origin in (Union, types.UnionType):
        arms = [a for a in args if a is not type(None)]
        if len(arms) != 1:
            raise SnapshotError(f"ambiguous union {hint}")
        arm = _decoder(arms[0])
        if type(None) not in args:
            return arm

        def optional(data: Any) -> Any:
            return None if data is None else arm(data)

        return optional
    if origin is Literal:
        literal_types = frozenset(type(a) for a in args)

        def literal(data: Any) -> Any:
            if data not in args or type(data) not in literal_types:
                raise SnapshotError("not a literal")
            return data

        return literal
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])

            def variadic(data: Any) -> tuple[Any, ...]:
                if not isinstance(data, list):
                    raise SnapshotError("not a list")
                return tuple([item(v) for v in data])

            return variadic
        items = tuple(_decoder(a) for a in args)

        def fixed(data: Any) -> tuple[Any, ...]:
            if not isinstance(data, list) or len(data) != len(items):
                raise SnapshotError("not a list of its size")
            return tuple([f(v) for f, v in zip(items, data, strict=True)])

        return fixed
    if origin is frozenset:
        member = _decoder(args[0])

        def members(data: Any) -> frozenset[Any]:
            if not isinstance(data, list):
                raise SnapshotError("not a list")
            return frozenset([member(v) for v in data])

        return members
    if hint is Card:
        return _decode_card
    if hint is bytes:
        return _decode_bytes
    if hint in (bool, int, str):

        def exact(data: Any) -> Any:
            if type(data) is not hint:
                raise SnapshotError("another type")
            return data

        return exact
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint
    raise SnapshotError(f"cannot decode a {hint}")


def _decode_card(data: Any) -> Card:
    try:
        return _CARDS[data]
    except (KeyError, TypeError):
        pass
    if not isinstance(data, str):
        raise SnapshotError("not a card code")
    card = Card.parse(data)
    if type(data) is str:
        _CARDS[data] = card
    return card


def _decode_bytes(data: Any) -> bytes:
    if not isinstance(data, str):
        raise SnapshotError("not hex")
    return bytes.fromhex(data)


def _encode_reference(value: Any) -> Any:
    """The definition of the encoding (``_encode`` compiles it per type)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, enum.Enum):
        return _encode_reference(value.value)
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, tuple):
        return [_encode_reference(v) for v in value]
    if isinstance(value, frozenset):
        items = [_encode_reference(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: _encode_reference(getattr(value, f.name)) for f in dataclasses.fields(value)
        }
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

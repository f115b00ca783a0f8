"""Actions: what a seat (or the clock) does to a game. Small frozen, hashable values.

Each action names the acting ``seat``. Actions are built from client input, so their
constructors normalise lists to tuples and reject absurd shapes (BadInput); whether
an action is legal is decided by :func:`engine.game.apply`. ``to_dict`` /
:func:`action_from_dict` give the JSON form the server keeps in a match's action log
(a match is its rules, seed and that log: :func:`engine.replay.replay`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from engine.errors import BadInput, Code
from engine.turn import MAX_MELDS

DrawSource = Literal["stock", "discard", "river"]
Table: TypeAlias = tuple[tuple[str, ...], ...]
# A meld never holds more than 14 cards; a draft may hold junk melds while being edited,
# but nothing larger than the whole deck (3 decks + 6 jokers).
MAX_DRAFT_MELD = 162


def _table(value: object, what: str) -> Table:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise BadInput(Code.BAD_INPUT, f"{what} is a list of melds, each a list of card codes")
    if len(value) > MAX_MELDS:
        raise BadInput(Code.BAD_INPUT, f"{what} of {len(value)} melds is more than can exist")
    out: list[tuple[str, ...]] = []
    for i, meld in enumerate(value):
        if isinstance(meld, (str, bytes)) or not isinstance(meld, Sequence):
            raise BadInput(Code.BAD_INPUT, f"meld {i} must be a list of card codes", meld_index=i)
        if len(meld) > MAX_DRAFT_MELD:
            raise BadInput(Code.BAD_INPUT, f"meld {i} has {len(meld)} cards", meld_index=i)
        for code in meld:
            if not isinstance(code, str):
                raise BadInput(
                    Code.UNKNOWN_CARD, f"meld {i}: not a card code: {code!r}", meld_index=i
                )
        out.append(tuple(meld))
    return tuple(out)


def _seat(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(Code.BAD_INPUT, f"a seat is a whole number, not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Commit:
    """Commit the whole new table (RR-TURN A, CR-TURN meld/lay-off step).

    ``joker_swaps`` names redemptions as (turn-start meld index, card code) pairs
    (RR-JOKER); leave it empty to let the engine find them.
    """

    seat: int
    # Typed as sequences so callers may pass lists; always stored as tuples (hashable).
    table: Sequence[Sequence[str]]
    joker_swaps: Sequence[tuple[int, str]] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat))
        object.__setattr__(self, "table", _table(self.table, "a table"))
        swaps: list[tuple[int, str]] = []
        raw: object = self.joker_swaps
        if isinstance(raw, (str, bytes)) or not isinstance(raw, Sequence) or len(raw) > 20:
            raise BadInput(Code.BAD_INPUT, "joker swaps are a short list of (meld, card) pairs")
        for item in raw:
            if isinstance(item, Mapping):
                item = (item.get("meldIndex"), item.get("card"))
            if (
                isinstance(item, (str, bytes))
                or not isinstance(item, Sequence)
                or len(item) != 2
                or isinstance(item[0], bool)
                or not isinstance(item[0], int)
                or not isinstance(item[1], str)
            ):
                raise BadInput(Code.BAD_INPUT, f"a joker swap is (meld index, card): {item!r}")
            swaps.append((item[0], item[1]))
        object.__setattr__(self, "joker_swaps", tuple(swaps))


@dataclass(frozen=True, slots=True)
class UpdateDraft:
    """Show the in-progress table live (T-DRAFT); not validated as melds."""

    seat: int
    table: Sequence[Sequence[str]]  # stored as tuples

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat))
        object.__setattr__(self, "table", _table(self.table, "a draft"))


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw (RR-TURN B, RR-DISCARD, RK-RIVER, CR-TURN). ``river_index``: the oldest river
    tile taken (its key tile) when ``source`` is "river"."""

    seat: int
    source: DrawSource = "stock"
    river_index: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat))
        source = str(self.source).lower()
        if source not in ("stock", "discard", "river"):
            raise BadInput(Code.BAD_INPUT, f"draw from stock, discard or river, not {source!r}")
        object.__setattr__(self, "source", source)
        if source == "river":
            if self.river_index is None:
                raise BadInput(Code.BAD_INPUT, "a river draw names the river_index of its key tile")
            object.__setattr__(self, "river_index", _seat(self.river_index))
        elif self.river_index is not None:
            raise BadInput(Code.BAD_INPUT, "river_index belongs to a river draw only")


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card (RR-DISCARD, RK-RIVER, CR-TURN)."""

    seat: int
    card: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat))
        if not isinstance(self.card, str):
            raise BadInput(Code.UNKNOWN_CARD, f"not a card code: {self.card!r}")


@dataclass(frozen=True, slots=True)
class Undo:
    """One step back (CR-TURN); elsewhere drop the draft or a river take."""

    seat: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat))


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass with an empty stock (RR-STOCK-OUT, RK-END)."""

    seat: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat))


@dataclass(frozen=True, slots=True)
class Timeout:
    """The turn's deadline passed (T-EXPIRY); sent by the server's clock for the seat on
    turn."""

    seat: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat))


@dataclass(frozen=True, slots=True)
class Resign:
    """The seat's player leaves (T-ASYNC); allowed at any time, on turn or not."""

    seat: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat))


@dataclass(frozen=True, slots=True)
class Reclaim:
    """A player takes back a seat a bot took over after timeouts (T-ASYNC); any time."""

    seat: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat))


Action: TypeAlias = Commit | UpdateDraft | Draw | Discard | Undo | Pass | Timeout | Resign | Reclaim

_KINDS: dict[str, type[Any]] = {
    "commit": Commit,
    "draft": UpdateDraft,
    "draw": Draw,
    "discard": Discard,
    "undo": Undo,
    "pass": Pass,
    "timeout": Timeout,
    "resign": Resign,
    "reclaim": Reclaim,
}
_NAMES = {cls: name for name, cls in _KINDS.items()}


def action_kind(action: Action) -> str:
    """The action's name in its JSON form: commit, draft, draw, discard, undo, pass, …"""
    return _NAMES[type(action)]


def action_to_dict(action: Action) -> dict[str, Any]:
    """The JSON form of an action (for the action log)."""
    out: dict[str, Any] = {"kind": action_kind(action), "seat": action.seat}
    if isinstance(action, (Commit, UpdateDraft)):
        out["table"] = [list(m) for m in action.table]
    if isinstance(action, Commit) and action.joker_swaps:
        out["jokerSwaps"] = [{"meldIndex": i, "card": c} for i, c in action.joker_swaps]
    if isinstance(action, Draw):
        out["source"] = action.source
        if action.river_index is not None:
            out["riverIndex"] = action.river_index
    if isinstance(action, Discard):
        out["card"] = action.card
    return out


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Parse the JSON form of an action; raises BadInput."""
    if not isinstance(data, Mapping):
        raise BadInput(Code.BAD_INPUT, "an action is an object with a kind and a seat")
    kind = data.get("kind")
    if kind not in _KINDS:
        raise BadInput(Code.BAD_INPUT, f"unknown action kind {kind!r}")
    seat = data.get("seat")
    try:
        if kind == "commit":
            return Commit(seat, data.get("table"), data.get("jokerSwaps") or ())  # type: ignore[arg-type]
        if kind == "draft":
            return UpdateDraft(seat, data.get("table"))  # type: ignore[arg-type]
        if kind == "draw":
            return Draw(seat, data.get("source", "stock"), data.get("riverIndex"))  # type: ignore[arg-type]
        if kind == "discard":
            return Discard(seat, data.get("card"))  # type: ignore[arg-type]
    except TypeError as exc:  # pragma: no cover - dataclass arity
        raise BadInput(Code.BAD_INPUT, str(exc)) from None
    cls = _KINDS[str(kind)]
    action: Action = cls(seat)
    return action

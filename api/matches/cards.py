"""Cards and melds as GraphQL values (RULES.md R-CODE): what every table, hand and event
shows."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any

import strawberry

from engine.cards import JOKER_CODE, parse_card


@strawberry.enum(
    description="What a meld is. A draft meld (T-DRAFT) may be INVALID while being edited."
)
class MeldKind(Enum):
    RUN = "run"
    GROUP = "group"
    INVALID = "invalid"


@strawberry.type(description="A card (RULES.md R-CODE). A joker has no rank or suit.")
class Card:
    code: str = strawberry.field(description='The card\'s code: "7H", "10S", "AD" or "*".')
    rank: int | None = strawberry.field(description="1 (ace) .. 13 (king); null for a joker.")
    suit: str | None = strawberry.field(description="S, H, D or C; null for a joker.")
    represents: str | None = strawberry.field(
        description="For a joker in a meld: the card it stands for."
    )


@functools.lru_cache(maxsize=1024)
def card(text: str) -> Card:
    """A Card from a code, or from a meld's annotated joker ``*:7D``. One instance per
    code and process, shared by every response that shows the card: a Card is a value,
    nothing changes it once made (issue 12: building them anew for every table of every
    event and view was 3% of a web process's CPU per turn). An unknown code raises, and
    is not kept."""
    code, _, represents = text.partition(":")
    if code == JOKER_CODE:
        return Card(code=JOKER_CODE, rank=None, suit=None, represents=represents or None)
    parsed = parse_card(code)
    return Card(code=code, rank=parsed.rank, suit=parsed.suit, represents=None)


def cards(codes: Sequence[str] | None) -> list[Card]:
    return [card(c) for c in codes or ()]


@strawberry.type(description="A meld on the table (or in a draft).")
class Meld:
    cards: list[Card]
    kind: MeldKind
    placed_by: list[int] | None = strawberry.field(
        description="The seat that placed each card, in order (classic rummy lay-offs)."
    )
    points: int | None = None


def meld(data: Mapping[str, Any]) -> Meld:
    return Meld(
        cards=cards(data["cards"]),
        kind=MeldKind(data["kind"]),
        placed_by=list(data.get("placedBy") or []) or None,
        points=data.get("points"),
    )


def draft_meld(codes: Sequence[str]) -> Meld:
    # A draft is shown as it is, unvalidated (T-DRAFT); cards a client typed wrongly
    # never reach a draft (the engine refuses unknown codes).
    return Meld(cards=[card(c) for c in codes], kind=MeldKind.INVALID, placed_by=None)

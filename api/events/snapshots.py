"""The match's public state after a move (``MatchSnapshot``: the ``after`` of every event
that ends a move), and the small readers of a stored event's payload values.

Every event that ends a move also carries ``after`` (counts, turn, deadline, seats, and
the table when it changed) and, for the viewer whose hand the move changed, ``myHand``:
after one ``match`` query a client can follow the game from the events alone
(``matches.services`` adds both when it stores the events).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import strawberry

from api.matches.cards import Card, Meld, card, cards, draft_meld, meld
from api.matches.enums import TurnPhase, phase
from engine import payloads


@strawberry.type(description="A seat's public counts after a move.")
class SeatSnapshot:
    index: int
    hand_count: int
    opened: bool
    score: int


@strawberry.type(
    description=(
        "The match's public state after the move this event ends: what a client needs "
        "to stay in step without re-querying `match`."
    )
)
class MatchSnapshot:
    turn: int = strawberry.field(description="The turn number to send with the next move.")
    on_turn: int | None = strawberry.field(description="The seat on turn; null when over.")
    phase: TurnPhase
    deadline: datetime | None
    stock_count: int
    discard_count: int
    discard_top: Card | None
    river: list[Card]
    seats: list[SeatSnapshot]
    table: list[Meld] | None = strawberry.field(
        description="The table, when the move changed it (else null: unchanged)."
    )
    draft: list[Meld] | None = strawberry.field(description="The live draft; null: none.")


def opt_card(code: object) -> Card | None:
    return card(code) if isinstance(code, str) and code else None


def melds(table: Sequence[Mapping[str, Any]] | None) -> list[Meld]:
    return [meld(m) for m in table or ()]


def drafts(draft: Sequence[Sequence[str]] | None) -> list[Meld]:
    return [draft_meld(m) for m in draft or ()]


def time_of(text: object) -> datetime | None:
    return datetime.fromisoformat(text) if isinstance(text, str) and text else None


def snapshot(data: payloads.After | None) -> MatchSnapshot | None:
    if not data:
        return None
    return MatchSnapshot(
        turn=data["turn"],
        on_turn=data["onTurn"],
        phase=phase(data["phase"]),
        deadline=time_of(data["deadline"]),
        stock_count=data["stockCount"],
        discard_count=data["discardCount"],
        discard_top=opt_card(data["discardTop"]),
        river=cards(data["river"]),
        seats=[
            SeatSnapshot(
                index=s["index"], hand_count=s["handCount"], opened=s["opened"], score=s["score"]
            )
            for s in data["seats"]
        ],
        table=melds(data["table"]) if data["table"] is not None else None,
        draft=drafts(draft) if (draft := data.get("draft")) is not None else None,
    )

"""Domain rejections as data (API.md "Errors"): the `Rejection` type every mutation
union ends with, and the mapping from the engine's and services' errors onto it.

A rejection means nothing changed on the server. `RejectionCode` is the union of every
domain's codes (`engine.errors.Code`, `matches.errors.MatchCode`,
`accounts.errors.AccountCode`, `matches.notifications.devices.NotificationCode`,
`tournaments.errors.TournamentCode`, `matches.errors.ChatCode`,
`matches.errors.ChallengeCode`), so a code any of them raises always has a name here.
"""

from __future__ import annotations

from enum import Enum, StrEnum
from typing import cast

import strawberry

from accounts.errors import AccountCode
from api.matches.cards import Card
from engine.errors import Code, MeldReason
from matches.errors import ChallengeCode, ChatCode, MatchCode
from matches.notifications.devices import NotificationCode
from tournaments.errors import TournamentCode

DOMAIN_CODES: tuple[type[StrEnum], ...] = (
    Code,
    MatchCode,
    AccountCode,
    NotificationCode,
    TournamentCode,
    ChatCode,
    ChallengeCode,
)
# The server's codes were the engine's until issue 12; the schema keeps their places:
# each stands before the engine code named here.
SCHEMA_PLACE = {
    "STALE_TURN": "NOT_YOUR_TURN",
    "MATCH_FULL": "NOT_A_PLAYER",
    "TURN_EXPIRED": "INVALID_MELD",
    "HINT_NOT_ALLOWED": "BAD_OPTION",
}


def _schema_order() -> list[StrEnum]:
    out: list[StrEnum] = []
    for code in Code:
        out += [m for m in MatchCode if SCHEMA_PLACE.get(m.name) == code.name]
        out.append(code)
    out += [m for m in MatchCode if m.name not in SCHEMA_PLACE]
    return out + [c for d in DOMAIN_CODES if d not in (Code, MatchCode) for c in d]


# Built from the domains' codes at import time: the functional Enum API (mypy types its
# result as an Enum instance when the members are not a literal, hence the cast).
def _enum(name: str, members: dict[str, str]) -> type[Enum]:
    return cast(type[Enum], Enum(name, members))


RejectionCode = strawberry.enum(
    _enum("RejectionCode", {c.name: c.value for c in _schema_order()}),
    name="RejectionCode",
    description="Why a mutation changed nothing; a client can act on each code.",
)

MeldReasonCode = strawberry.enum(
    _enum("MeldReasonCode", {r.name: r.value for r in MeldReason}),
    name="MeldReason",
    description="Why a meld is invalid (RULES.md R-EXPLAIN).",
)


@strawberry.type(description="A domain rejection: nothing changed on the server.")
class Rejection:
    code: RejectionCode  # type: ignore[valid-type]
    message: str
    reason: str | None = strawberry.field(
        default=None, description="For INVALID_MELD: one of the MeldReason codes."
    )
    meld_index: int | None = None
    missing_card: str | None = strawberry.field(
        default=None,
        deprecation_reason="Use missingCards: a gap may need several cards (R-EXPLAIN).",
    )
    rule: str | None = strawberry.field(
        default=None, description="The RULES.md rule id that was enforced."
    )
    missing_cards: list[Card] | None = strawberry.field(
        default=None, description="For GAP: every card the gap needs, lowest first."
    )
    points: int | None = strawberry.field(
        default=None,
        description="For OPENING_TOO_LOW: the points the play's new melds make (RR-OPEN).",
    )
    points_needed: int | None = strawberry.field(
        default=None, description="For OPENING_TOO_LOW: the points an opening needs."
    )


def rejection(code: StrEnum | str, message: str, **extra: object) -> Rejection:
    """A Rejection for a code of any domain (services use this too)."""
    return Rejection(code=RejectionCode(str(code)), message=message, **extra)  # type: ignore[arg-type]

"""Domain rejections as data (API.md "Errors"): the `Rejection` type every mutation
union ends with, and the mapping from the engine's and services' errors onto it.

A rejection means nothing changed on the server. `RejectionCode` is the union of every
domain's codes (`engine.errors.Code`, `accounts.errors.AccountCode`), so a code any of
them raises always has a name here.
"""

from __future__ import annotations

from enum import Enum, StrEnum
from typing import cast

import strawberry

from accounts.errors import AccountCode
from engine.errors import Code, EngineError, MeldReason

DOMAIN_CODES: tuple[type[StrEnum], ...] = (Code, AccountCode)


# Built from the domains' codes at import time: the functional Enum API (mypy types its
# result as an Enum instance when the members are not a literal, hence the cast).
def _enum(name: str, members: dict[str, str]) -> type[Enum]:
    return cast(type[Enum], Enum(name, members))


RejectionCode = strawberry.enum(
    _enum("RejectionCode", {c.name: c.value for d in DOMAIN_CODES for c in d}),
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
    missing_card: str | None = None
    rule: str | None = strawberry.field(
        default=None, description="The RULES.md rule id that was enforced."
    )


def rejection(code: StrEnum | str, message: str, **extra: object) -> Rejection:
    """A Rejection for a code of any domain (services use this too)."""
    return Rejection(code=RejectionCode(str(code)), message=message, **extra)  # type: ignore[arg-type]


def rejection_from_error(exc: EngineError) -> Rejection:
    """The Rejection a client gets for an engine error: same code, message and place."""
    return rejection(
        exc.code,
        exc.message,
        reason=str(exc.reason) if exc.reason is not None else None,
        meld_index=exc.meld_index,
        missing_card=exc.missing_card,
        rule=exc.rule or None,
    )

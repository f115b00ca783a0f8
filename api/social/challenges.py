"""Challenges: the ``Challenge`` type, ``challenge``, ``acceptChallenge``,
``declineChallenge``, ``cancelChallenge`` and ``myChallenges``. The rules are
``matches.challenges``'."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from enum import Enum
from typing import Annotated, Any

import strawberry
from strawberry.scalars import JSON

from accounts.social import UserNotFound
from api.accounts.users import UserType
from api.auth import require_user
from api.errors import bad_input
from api.events.snapshots import time_of
from api.matches.calls import call, not_found
from api.matches.match import Match, resolve_match
from api.rejections import Rejection, rejection
from matches import challenges
from matches.errors import Rejected
from matches.models import Challenge as ChallengeRow


@strawberry.enum(description="Where a challenge stands.")
class ChallengeStatus(Enum):
    PENDING = "PENDING"
    ACCEPTED = "ACCEPTED"
    DECLINED = "DECLINED"
    CANCELLED = "CANCELLED"
    EXPIRED = "EXPIRED"


@strawberry.type(description="A challenge to a match of two; accepted, it is the match.")
class Challenge:
    id: strawberry.ID
    challenger_id: strawberry.Private[int]
    challenged_id: strawberry.Private[int]
    ruleset: str
    options: JSON = strawberry.field(description="Rule option overrides of the match.")
    turn_seconds: int | None
    correspondence_hours: int | None
    ranked: bool
    status: ChallengeStatus
    created_at: datetime | None
    expires_at: datetime | None = strawberry.field(description="Unanswered then: EXPIRED.")
    match_id: strawberry.ID | None = strawberry.field(description="Once accepted: its match.")

    @strawberry.field
    async def challenger(self) -> UserType | None:
        return await UserType.resolve_reference(strawberry.ID(str(self.challenger_id)))

    @strawberry.field
    async def challenged(self) -> UserType | None:
        return await UserType.resolve_reference(strawberry.ID(str(self.challenged_id)))

    @strawberry.field(description="Once accepted: the match, as the viewer may see it.")
    async def match(self, info: strawberry.Info) -> Match | None:
        if self.match_id is None:
            return None
        return await resolve_match(info, self.match_id)


def challenge_of(p: Mapping[str, Any]) -> Challenge:
    """The type of a challenge as notices carry it (``challenges.challenge_payload``)."""
    status = str(p.get("status", "PENDING"))
    return Challenge(
        id=strawberry.ID(str(p["id"])),
        challenger_id=int(p["challenger"]["id"]),
        challenged_id=int(p["challenged"]["id"]),
        ruleset=str(p.get("ruleset", "")),
        options=JSON(p.get("options") or {}),
        turn_seconds=p.get("turnSeconds"),
        correspondence_hours=p.get("correspondenceHours"),
        ranked=bool(p.get("ranked")),
        status=ChallengeStatus(status)
        if status in ChallengeStatus.__members__
        else ChallengeStatus.PENDING,
        created_at=time_of(p.get("createdAt")),
        expires_at=time_of(p.get("expiresAt")),
        match_id=strawberry.ID(p["matchId"]) if p.get("matchId") else None,
    )


def _challenge(row: ChallengeRow) -> Challenge:
    return challenge_of(challenges.challenge_payload(row))


ChallengeResult = Annotated[Challenge | Rejection, strawberry.union("ChallengeResult")]


def _result(result: ChallengeRow | Rejected) -> Challenge | Rejection:
    if isinstance(result, Rejected):
        return rejection(result.code, result.message, rule=result.rule)
    return _challenge(result)


def _create(user: Any, username: str, **settings: Any) -> Challenge | Rejection:
    return _result(challenges.challenge_create(user=user, username=username, **settings))


def _answer(kind: str, user: Any, challenge_id: str) -> Challenge | Rejection:
    write = {
        "accept": challenges.challenge_accept,
        "decline": challenges.challenge_decline,
        "cancel": challenges.challenge_cancel,
    }[kind]
    return _result(write(challenge_id=challenge_id, user=user))


def _mine(user: Any) -> list[Challenge]:
    return [_challenge(c) for c in challenges.my_challenges(user=user)]


@strawberry.type
class ChallengeQuery:
    @strawberry.field(description="Your open challenges, made and received, newest first.")
    async def my_challenges(self, info: strawberry.Info) -> list[Challenge]:
        return await call(_mine, user=require_user(info))


@strawberry.type
class ChallengeMutation:
    @strawberry.mutation(
        description=(
            "Challenge a player to a match of two: they get CHALLENGE_RECEIVED on "
            "myEvents and accept or decline before it expires. NOT_ALLOWED (yourself, a "
            "block between you, too many open), BAD_OPTION (the match's settings)."
        )
    )
    async def challenge(
        self,
        info: strawberry.Info,
        username: str,
        ruleset: str = "robbers",
        options: JSON | None = None,
        turn_seconds: int | None = None,
        correspondence_hours: int | None = None,
        ranked: bool = False,
    ) -> ChallengeResult:
        user = require_user(info)
        if options is not None and not isinstance(options, dict):
            raise bad_input("options must be a JSON object of option names to values")
        try:
            return await call(
                _create,
                user=user,
                username=username,
                ruleset_name=ruleset,
                options=options,
                turn_seconds=turn_seconds,
                correspondence_hours=correspondence_hours,
                ranked=ranked,
            )
        except UserNotFound as exc:
            raise not_found(str(exc)) from None

    @strawberry.mutation(
        description=(
            "Accept a challenge made to you: the match begins, both seated "
            "(challenge.match). CHALLENGE_EXPIRED, CHALLENGE_CLOSED, NOT_ALLOWED."
        )
    )
    async def accept_challenge(self, info: strawberry.Info, id: strawberry.ID) -> ChallengeResult:
        return await call(_answer, kind="accept", user=require_user(info), challenge_id=str(id))

    @strawberry.mutation(description="Decline a challenge made to you; the challenger is told.")
    async def decline_challenge(self, info: strawberry.Info, id: strawberry.ID) -> ChallengeResult:
        return await call(_answer, kind="decline", user=require_user(info), challenge_id=str(id))

    @strawberry.mutation(description="Withdraw a challenge you made; the other player is told.")
    async def cancel_challenge(self, info: strawberry.Info, id: strawberry.ID) -> ChallengeResult:
        return await call(_answer, kind="cancel", user=require_user(info), challenge_id=str(id))

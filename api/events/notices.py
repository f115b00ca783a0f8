"""The user's notifications (``myEvents``): ``UserEvent`` is an interface with one object
type per kind; ``payload: JSON`` stays for old clients, deprecated."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from enum import Enum
from typing import Any

import strawberry
from strawberry.scalars import JSON

from api.accounts.ratings import RatingValue, rating_value
from api.events.match_events import PAYLOAD_DEPRECATION
from api.events.snapshots import time_of
from api.matches.enums import AbortReason, BotLevel, TakeoverReason
from api.matches.outcomes import MatchOutcome, match_outcome
from api.social.challenges import Challenge, challenge_of
from matches.store import abort_code


@strawberry.enum(description="The kind of a notification; UserEvent.type as an enum.")
class UserEventKind(Enum):
    MATCH_STARTED = "MATCH_STARTED"
    YOUR_TURN = "YOUR_TURN"
    TURN_REMINDER = "TURN_REMINDER"
    SEAT_TAKEN_OVER = "SEAT_TAKEN_OVER"
    MATCH_ENDED = "MATCH_ENDED"
    MATCH_ABORTED = "MATCH_ABORTED"
    RATING_CHANGED = "RATING_CHANGED"
    TOURNAMENT_ROUND_STARTED = "TOURNAMENT_ROUND_STARTED"
    TOURNAMENT_WITHDRAWN = "TOURNAMENT_WITHDRAWN"
    TOURNAMENT_ENDED = "TOURNAMENT_ENDED"
    TOURNAMENT_CANCELLED = "TOURNAMENT_CANCELLED"
    CHALLENGE_RECEIVED = "CHALLENGE_RECEIVED"
    CHALLENGE_ACCEPTED = "CHALLENGE_ACCEPTED"
    CHALLENGE_DECLINED = "CHALLENGE_DECLINED"
    CHALLENGE_CANCELLED = "CHALLENGE_CANCELLED"
    CHALLENGE_EXPIRED = "CHALLENGE_EXPIRED"
    OTHER = "OTHER"


@strawberry.interface(description="A notification for the user (myEvents).")
class UserEvent:
    type: str = strawberry.field(description="The kind as a string (see `kind`).")
    kind: UserEventKind
    match_id: strawberry.ID | None
    at: datetime | None = strawberry.field(description="When the server made the notification.")
    payload: JSON = strawberry.field(deprecation_reason=PAYLOAD_DEPRECATION)


@strawberry.type(description="MATCH_STARTED: a match of yours was dealt (also from the queue).")
class MatchStartedNotice(UserEvent):
    pass


@strawberry.type(description="YOUR_TURN, or TURN_REMINDER when the turn's time runs short.")
class TurnNotice(UserEvent):
    turn: int
    seat: int
    deadline: datetime | None


@strawberry.type(description="SEAT_TAKEN_OVER: a bot plays your seat now (reclaimSeat).")
class SeatTakenOver(UserEvent):
    seat: int
    reason: TakeoverReason | None
    bot: BotLevel | None
    since: datetime | None


@strawberry.type(description="MATCH_ENDED: how a match of yours ended.")
class MatchEndedNotice(UserEvent):
    winners: list[int]
    outcome: MatchOutcome | None


@strawberry.type(description="MATCH_ABORTED: a match of yours ended without a result.")
class MatchAbortedNotice(UserEvent):
    reason: str = strawberry.field(description="Why, in English (for a person; see reasonCode).")
    reason_code: AbortReason = strawberry.field(description="Why, as a code to switch on.")


@strawberry.type(description="RATING_CHANGED: a ranked match moved your rating.")
class RatingChanged(UserEvent):
    ruleset: str
    tempo: str
    rank: int | None
    before: RatingValue | None
    after: RatingValue | None


@strawberry.type(
    description=(
        "A tournament of yours: TOURNAMENT_ROUND_STARTED (matchId: your table's match, "
        "or `bye`), TOURNAMENT_WITHDRAWN (reason), TOURNAMENT_ENDED (your place and "
        "points), TOURNAMENT_CANCELLED (reason)."
    )
)
class TournamentNotice(UserEvent):
    tournament_id: strawberry.ID
    round: int | None
    bye: bool | None
    place: int | None
    points: float | None
    reason: str | None


@strawberry.type(
    description=(
        "A challenge of yours: CHALLENGE_RECEIVED (answer it: acceptChallenge, "
        "declineChallenge), CHALLENGE_ACCEPTED (matchId: the match), CHALLENGE_DECLINED, "
        "CHALLENGE_CANCELLED, CHALLENGE_EXPIRED."
    )
)
class ChallengeNotice(UserEvent):
    challenge: Challenge


_CHALLENGE_KINDS = frozenset(
    {
        UserEventKind.CHALLENGE_RECEIVED,
        UserEventKind.CHALLENGE_ACCEPTED,
        UserEventKind.CHALLENGE_DECLINED,
        UserEventKind.CHALLENGE_CANCELLED,
        UserEventKind.CHALLENGE_EXPIRED,
    }
)

_TOURNAMENT_KINDS = frozenset(
    {
        UserEventKind.TOURNAMENT_ROUND_STARTED,
        UserEventKind.TOURNAMENT_WITHDRAWN,
        UserEventKind.TOURNAMENT_ENDED,
        UserEventKind.TOURNAMENT_CANCELLED,
    }
)


@strawberry.type(description="A notification of a kind this server version has no type for.")
class OtherNotice(UserEvent):
    pass


def _member(enum: Any, text: object) -> Any:
    value = str(text or "").upper()
    return enum(value) if value in enum.__members__ else None


def user_event(data: Mapping[str, Any]) -> UserEvent:
    """The typed notification of a published user event (type, matchId, payload)."""
    kind_text = str(data.get("type", ""))
    p: Mapping[str, Any] = data.get("payload") or {}
    kind = _member(UserEventKind, kind_text) or UserEventKind.OTHER
    match_id = data.get("matchId")
    common: dict[str, Any] = {
        "type": kind_text,
        "kind": kind,
        "match_id": strawberry.ID(str(match_id)) if match_id else None,
        "at": time_of(data.get("at")),
        "payload": p,
    }
    if kind == UserEventKind.MATCH_STARTED:
        return MatchStartedNotice(**common)
    if kind in (UserEventKind.YOUR_TURN, UserEventKind.TURN_REMINDER):
        return TurnNotice(
            **common,
            turn=p.get("turn", 0),
            seat=p.get("seat", 0),
            deadline=time_of(p.get("deadline")),
        )
    if kind == UserEventKind.SEAT_TAKEN_OVER:
        return SeatTakenOver(
            **common,
            seat=p.get("seat", 0),
            reason=_member(TakeoverReason, p.get("reason")),
            bot=_member(BotLevel, p.get("bot")),
            since=time_of(p.get("since")),
        )
    if kind == UserEventKind.MATCH_ENDED:
        outcome = p.get("outcome")
        return MatchEndedNotice(
            **common,
            winners=list(p.get("winners") or []),
            outcome=match_outcome(outcome) if isinstance(outcome, Mapping) else None,
        )
    if kind == UserEventKind.MATCH_ABORTED:
        return MatchAbortedNotice(
            **common, reason=str(p.get("reason", "")), reason_code=AbortReason(abort_code(p))
        )
    if kind == UserEventKind.RATING_CHANGED:
        return RatingChanged(
            **common,
            ruleset=str(p.get("ruleset", "")),
            tempo=str(p.get("tempo", "")),
            rank=p.get("rank"),
            before=rating_value(p.get("before")),
            after=rating_value(p.get("after")),
        )
    if kind in _CHALLENGE_KINDS and "id" in p:
        return ChallengeNotice(**common, challenge=challenge_of(p))
    if kind in _TOURNAMENT_KINDS:
        points = p.get("points12")
        return TournamentNotice(
            **common,
            tournament_id=strawberry.ID(str(p.get("tournamentId", ""))),
            round=p.get("round"),
            bye=p.get("bye"),
            place=p.get("place"),
            points=points / 12 if isinstance(points, int) else None,
            reason=p.get("reason"),
        )
    return OtherNotice(**common)


SCHEMA_TYPES = [
    MatchStartedNotice,
    TurnNotice,
    SeatTakenOver,
    MatchEndedNotice,
    MatchAbortedNotice,
    RatingChanged,
    TournamentNotice,
    ChallengeNotice,
    OtherNotice,
]

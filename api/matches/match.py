"""The `Match` entity and its `Seat`s (API.md "Core schema"), built from a
:class:`matches.selectors.MatchView` (the match as one viewer may see it), and how the
federation gateway looks either up (`resolve_reference`): as the `match` query does.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

import strawberry
from graphql import GraphQLError
from strawberry.scalars import JSON

from api.accounts.rating_changes import RatingChange, match_rating_changes
from api.accounts.users import UserType
from api.auth import get_user
from api.matches.calls import call
from api.matches.cards import Card, Meld, card, cards, draft_meld, meld
from api.matches.enums import (
    BotLevel,
    MatchStatus,
    SeatController,
    TakeoverReason,
    TurnPhase,
    phase,
)
from api.matches.legal import LegalActions, legal_actions
from api.matches.outcomes import MatchOutcome, RoundResult, match_outcome, round_result
from matches import selectors
from matches.selectors import MatchView


@strawberry.type(description="The turn being played.")
class Turn:
    number: int = strawberry.field(description="Send this back as `turn` with every move.")
    seat: int
    phase: str = strawberry.field(
        description="play, discard, key, draw or meld.", deprecation_reason="Use phaseKind."
    )
    phase_kind: TurnPhase = strawberry.field(
        description="What the seat on turn does next (the enum of `phase`)."
    )
    deadline: datetime | None
    draft: list[Meld] | None = strawberry.field(description="The live, unvalidated table.")


@strawberry.federation.type(keys=["matchId index"], description="A seat of a match.")
class Seat:
    match_id: strawberry.ID
    index: int
    user_id: strawberry.ID | None
    username: str | None
    bot: BotLevel | None = strawberry.field(description="Seated as a bot of this level.")
    hand_count: int
    opened: bool
    score: int
    rounds_won: int
    resigned: bool
    bot_playing: bool = strawberry.field(
        description="A bot plays this seat now (timeouts, resignation, takeover: see controller)."
    )
    timeouts: int
    controller: SeatController | None = strawberry.field(
        default=None,
        description=(
            "Who plays the seat: PLAYER (its person), BOT (seated as a bot) or TAKEOVER "
            "(a bot plays a person's seat; see controllerSince and takeoverReason). "
            "Null for an empty seat."
        ),
    )
    controller_since: datetime | None = strawberry.field(
        default=None, description="Since when the controller plays the seat."
    )
    takeover_reason: TakeoverReason | None = strawberry.field(
        default=None, description="For TAKEOVER: why a bot plays the seat."
    )
    # The seated user's join date, when the seat was read with its user (no query then).
    user_joined: strawberry.Private[datetime | None] = None

    @strawberry.field(description="The seated player; null for a bot or an empty seat.")
    async def user(self) -> UserType | None:
        if self.user_id is None:
            return None
        if self.username is not None and self.user_joined is not None:
            return UserType(id=self.user_id, username=self.username, joined_at=self.user_joined)
        return await UserType.resolve_reference(self.user_id)

    @classmethod
    async def resolve_reference(cls, info: strawberry.Info, **representation: Any) -> Seat | None:
        # The representation comes as sent: {"matchId": ..., "index": ...}.
        index = representation.get("index")
        if isinstance(index, bool) or not isinstance(index, int):
            return None
        return await resolve_seat(info, representation.get("matchId"), index)


def seat(match_id: int, data: Mapping[str, Any]) -> Seat:
    return Seat(
        match_id=strawberry.ID(str(match_id)),
        index=data["index"],
        user_id=strawberry.ID(str(data["userId"])) if data.get("userId") else None,
        username=data.get("username"),
        bot=BotLevel(data["bot"]) if data.get("bot") else None,
        hand_count=data.get("handCount", 0),
        opened=data.get("opened", False),
        score=data.get("score", 0),
        rounds_won=data.get("roundsWon", 0),
        resigned=data.get("resigned", False),
        bot_playing=bool(data.get("botPlaying", False)),
        timeouts=data.get("timeouts", 0),
        controller=SeatController(data["controller"]) if data.get("controller") else None,
        controller_since=(
            datetime.fromisoformat(data["controllerSince"]) if data.get("controllerSince") else None
        ),
        takeover_reason=TakeoverReason(data["takeover"]) if data.get("takeover") else None,
        user_joined=datetime.fromisoformat(data["userJoined"]) if data.get("userJoined") else None,
    )


@strawberry.federation.type(keys=["id"], description="A match as the viewer may see it.")
class Match:
    id: strawberry.ID
    ruleset: str
    options: JSON = strawberry.field(description="Every rule option of the match.")
    status: MatchStatus
    ranked: bool
    private: bool
    players: int
    turn_seconds: int | None
    correspondence_hours: int | None
    created_at: datetime
    seats: list[Seat]
    my_seat: int | None = strawberry.field(description="The viewer's seat; null if not seated.")
    table: list[Meld]
    stock_count: int
    discard_top: Card | None
    discard_count: int
    river: list[Card]
    turn: Turn | None
    round: int
    my_hand: list[Card] | None = strawberry.field(description="Only for a seated viewer.")
    drawn_cards: list[Card] | None = strawberry.field(
        description="Cards the viewer drew from the stock this turn (RK-RIVER)."
    )
    last_seq: int = strawberry.field(description="The seq of the match's latest event.")
    winner: Seat | None
    winners: list[Seat]
    legal: JSON | None = strawberry.field(
        description="What the viewer may do now.", deprecation_reason="Use legalActions."
    )
    outcome: JSON | None = strawberry.field(deprecation_reason="Use result.")
    rounds: JSON = strawberry.field(
        description="Each finished round's result.", deprecation_reason="Use roundResults."
    )
    legal_actions: LegalActions = strawberry.field(
        description="What the viewer may do now (every viewer: see onTurn)."
    )
    result: MatchOutcome | None = strawberry.field(description="How the match ended.")
    round_results: list[RoundResult] = strawberry.field(description="Each finished round.")
    view: JSON | None = strawberry.field(
        description="The engine's whole view for this viewer (what bots play from)."
    )
    invite_code: str | None = strawberry.field(
        default=None,
        description="A private match's invitation (for joinMatch and invite links); "
        "only its seated players see it, null for everyone else and for public matches.",
    )

    @strawberry.field(
        description=(
            "How this match moved each rated player's rating, in seat order: set once a "
            "ranked match is FINISHED (as MatchEnded.ratingChanges); empty otherwise."
        )
    )
    async def rating_changes(
        self,
    ) -> list[RatingChange]:
        if not self.ranked or self.status != MatchStatus.FINISHED:
            return []
        return await match_rating_changes(str(self.id))

    @classmethod
    async def resolve_reference(cls, info: strawberry.Info, id: strawberry.ID) -> Match | None:
        return await resolve_match(info, id)


def match(data: MatchView) -> Match:
    """The GraphQL Match of a MatchView."""
    v = data.view or {}
    seats = [seat(data.id, s) for s in data.seats]
    by_index = {s.index: s for s in seats}
    on_turn = v.get("onTurn")
    turn = None
    if on_turn is not None and data.status == "ACTIVE":
        turn = Turn(
            number=data.turn,
            seat=on_turn,
            phase=v.get("phase", ""),
            phase_kind=phase(v.get("phase")),
            deadline=datetime.fromisoformat(data.deadline) if data.deadline else None,
            draft=[draft_meld(m) for m in v["draft"]] if v.get("draft") is not None else None,
        )
    winners = [by_index[i] for i in data.winners if i in by_index]
    return Match(
        invite_code=data.invite_code,
        id=strawberry.ID(str(data.id)),
        ruleset=data.ruleset,
        options=JSON(data.options),
        status=MatchStatus(data.status),
        ranked=data.ranked,
        private=data.private,
        players=data.players,
        turn_seconds=data.turn_seconds,
        correspondence_hours=data.correspondence_hours,
        created_at=datetime.fromisoformat(data.created_at),
        seats=seats,
        my_seat=data.seat,
        table=[meld(m) for m in v.get("table", [])],
        stock_count=v.get("stockCount", 0),
        discard_top=card(v["discardTop"]) if v.get("discardTop") else None,
        discard_count=v.get("discardCount", 0),
        river=cards(v.get("river")),
        turn=turn,
        round=data.round,
        my_hand=cards(v["hand"]) if v.get("hand") is not None else None,
        drawn_cards=cards(v["drawnCards"]) if "drawnCards" in v else None,
        last_seq=data.last_seq,
        winner=winners[0] if len(winners) == 1 else None,
        winners=winners,
        legal=v.get("legal"),
        outcome=v.get("outcome"),
        rounds=v.get("rounds", []),
        legal_actions=legal_actions(data),
        result=match_outcome(v["outcome"]) if v.get("outcome") else None,
        round_results=[round_result(r) for r in v.get("rounds", [])],
        view=JSON(data.view) if data.view is not None else None,
    )


def _viewed(match_id: object, user: Any) -> MatchView:
    return selectors.match_view(match=selectors.match_get(match_id=match_id, user=user), user=user)


async def resolve_match(info: strawberry.Info, match_id: object) -> Match | None:
    try:
        view = await call(_viewed, match_id=match_id, user=get_user(info))
        return match(view.for_client())
    except GraphQLError as exc:
        if (exc.extensions or {}).get("code") == "NOT_FOUND":
            return None
        raise


async def resolve_seat(info: strawberry.Info, match_id: object, index: int) -> Seat | None:
    found = await resolve_match(info, match_id)
    if found is None:
        return None
    return next((s for s in found.seats if s.index == index), None)

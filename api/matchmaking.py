"""Ranked matchmaking over GraphQL (API.md): `enqueue`, `dequeue`, `queueStatus`.

Thin resolvers over `matches.matchmaking` (STYLE 15). Enqueueing again with the same
request keeps the ticket and its waiting time; with another request it replaces it. A
table found is announced by `myEvents` (MATCH_STARTED with the match's id).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

import strawberry
from asgiref.sync import sync_to_async
from django.utils import timezone

from api.accounts.ratings import Tempo
from api.auth import require_user
from api.errors import bad_input
from api.rejections import Rejection, rejection
from matches import matchmaking
from matches.errors import InvalidRequest, Rejected
from matches.models import QueueTicket as TicketRow


@strawberry.input(description="What a ranked match is wanted for.")
class QueueInput:
    ruleset: str = "robbers"
    players: int = strawberry.field(description="Players at the table, the user included.")
    tempo: Tempo = Tempo.LIVE


@strawberry.type(name="QueueTicket", description="The viewer's place in the ranked queue.")
class QueueTicket:
    ruleset: str
    players: int
    tempo: Tempo
    queued_at: datetime
    waited_seconds: float
    ordinal: float = strawberry.field(description="The rating the table is formed by.")
    search_range: float = strawberry.field(
        description="How far from `ordinal` opponents are accepted now (it widens with time)."
    )
    bots_at: datetime = strawberry.field(
        description="From then on, seats no player fills go to bots of a matching level."
    )

    @classmethod
    def of(cls, row: TicketRow) -> QueueTicket:
        now = timezone.now()
        return cls(
            ruleset=row.ruleset,
            players=row.players,
            tempo=Tempo(row.tempo),
            queued_at=row.created_at,
            waited_seconds=max(0.0, (now - row.created_at).total_seconds()),
            ordinal=row.ordinal,
            search_range=matchmaking.search_range(row, now),
            bots_at=row.bots_after,
        )


QueueResult = Annotated[QueueTicket | Rejection, strawberry.union("QueueResult")]


def _enqueue(user: Any, data: QueueInput) -> QueueTicket | Rejection:
    result = matchmaking.queue_enqueue(
        user=user, ruleset_name=data.ruleset, players=data.players, tempo=data.tempo.value
    )
    if isinstance(result, Rejected):
        return rejection(result.code, result.message)
    return QueueTicket.of(result)


def _status(user: Any) -> QueueTicket | None:
    row = matchmaking.queue_status(user=user)
    return QueueTicket.of(row) if row is not None else None


@strawberry.type
class MatchmakingQuery:
    @strawberry.field(description="The viewer's ticket in the ranked queue; null if not queued.")
    async def queue_status(self, info: strawberry.Info) -> QueueTicket | None:
        user = require_user(info)
        return await sync_to_async(_status)(user)


@strawberry.type
class MatchmakingMutation:
    @strawberry.mutation(
        description=(
            "Queue for a ranked match. Again with the same request: the ticket stays (and "
            "its waiting time); with another: it is replaced. NOT_ALLOWED while a live "
            "ranked match of yours is being played (for the LIVE tempo)."
        )
    )
    async def enqueue(self, info: strawberry.Info, input: QueueInput) -> QueueResult:
        user = require_user(info)
        try:
            return await sync_to_async(_enqueue)(user, input)
        except InvalidRequest as exc:
            raise bad_input(str(exc)) from None

    @strawberry.mutation(description="Leave the ranked queue; false if you were not in it.")
    async def dequeue(self, info: strawberry.Info) -> bool:
        user = require_user(info)
        return await sync_to_async(matchmaking.queue_dequeue)(user=user)

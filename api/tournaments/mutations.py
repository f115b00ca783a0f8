"""The tournament mutations: register, leave, and create (staff, or players where the
server allows it)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

import strawberry
from strawberry.scalars import JSON

from api.auth import require_user
from api.errors import bad_input
from api.matches.calls import call
from api.rejections import Rejection, rejection
from api.tournaments.types import Tournament, tournament
from matches.errors import Rejected
from tournaments import services
from tournaments.models import Tournament as TournamentRow

TournamentResult = Annotated[Tournament | Rejection, strawberry.union("TournamentResult")]


@strawberry.input(description="A new tournament (createTournament).")
class CreateTournamentInput:
    name: str
    starts_at: datetime = strawberry.field(description="Registration is open until then.")
    ruleset: str = "robbers"
    options: JSON | None = None
    table_size: int = 4
    rounds: int = 3
    turn_seconds: int | None = strawberry.field(
        default=None, description="A live clock; or correspondenceDays (one of the two)."
    )
    correspondence_days: int | None = None
    round_minutes: int = 60
    rated: bool = False
    min_players: int | None = strawberry.field(default=None, description="Default: tableSize.")
    max_players: int | None = None
    description: str = ""


def to_result(result: TournamentRow | Rejected) -> Tournament | Rejection:
    if isinstance(result, Rejected):
        return rejection(result.code, result.message, rule=result.rule)
    return tournament(result)


def _create(user: Any, data: CreateTournamentInput) -> Tournament | Rejection:
    return to_result(
        services.tournament_create(
            by=user,
            name=data.name,
            starts_at=data.starts_at,
            ruleset_name=data.ruleset,
            options=data.options,  # type: ignore[arg-type]
            table_size=data.table_size,
            rounds=data.rounds,
            turn_seconds=data.turn_seconds,
            correspondence_days=data.correspondence_days,
            round_minutes=data.round_minutes,
            rated=data.rated,
            min_players=data.min_players,
            max_players=data.max_players,
            description=data.description,
        )
    )


def _join(user: Any, tournament_id: object) -> Tournament | Rejection:
    return to_result(services.tournament_join(tournament_id=tournament_id, user=user))


def _leave(user: Any, tournament_id: object) -> Tournament | Rejection:
    return to_result(services.tournament_leave(tournament_id=tournament_id, user=user))


@strawberry.type
class TournamentMutation:
    @strawberry.mutation(
        description=(
            "Register for a tournament (again: harmless). REGISTRATION_CLOSED once it "
            "began, TOURNAMENT_FULL at its maximum."
        )
    )
    async def join_tournament(self, info: strawberry.Info, id: strawberry.ID) -> TournamentResult:
        user = require_user(info)
        return await call(_join, user=user, tournament_id=id)

    @strawberry.mutation(
        description=(
            "Unregister before the start; withdraw while it runs (you are not paired "
            "again; resign a running match to leave it too). NOT_A_PLAYER, NOT_ALLOWED."
        )
    )
    async def leave_tournament(self, info: strawberry.Info, id: strawberry.ID) -> TournamentResult:
        user = require_user(info)
        return await call(_leave, user=user, tournament_id=id)

    @strawberry.mutation(
        description=(
            "Create a tournament: staff, or any player where the server allows it "
            "(else NOT_ALLOWED); BAD_OPTION for settings it refuses."
        )
    )
    async def create_tournament(
        self, info: strawberry.Info, input: CreateTournamentInput
    ) -> TournamentResult:
        user = require_user(info)
        if input.options is not None and not isinstance(input.options, dict):
            raise bad_input("options must be a JSON object of option names to values")
        return await call(_create, user=user, data=input)

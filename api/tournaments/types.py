"""The ``Tournament`` type and its parts. A tournament is public: anyone sees it all.
Points are numbers of points (a shared place gives fractions: 4.5)."""

from __future__ import annotations

from datetime import datetime
from enum import Enum
from typing import Any

import strawberry
from strawberry.scalars import JSON

from api.accounts.users import UserType
from api.auth import get_user
from api.matches.calls import call
from api.matches.match import Match, resolve_match
from tournaments import selectors
from tournaments.models import Tournament as TournamentRow


@strawberry.enum(description="Where a tournament stands.")
class TournamentStatus(Enum):
    SCHEDULED = "SCHEDULED"
    RUNNING = "RUNNING"
    FINISHED = "FINISHED"
    CANCELLED = "CANCELLED"


def points(twelfths: int) -> float:
    return twelfths / 12


@strawberry.type(description="Points by place at a table of one size, best place first.")
class PlacePoints:
    table_size: int
    points: list[int]


@strawberry.type(description="A player's line of the standings.")
class Standing:
    rank: int = strawberry.field(description="1 is first; equal points and tie-break share.")
    user: UserType
    points: float
    tiebreak: float = strawberry.field(description="The opponents' points (Buchholz).")
    played: int
    byes: int
    forfeits: int
    withdrawn: bool


def standing(s: selectors.Standing) -> Standing:
    return Standing(
        rank=s.rank,
        user=UserType.from_model(s.user),
        points=points(s.points_12),
        tiebreak=points(s.tiebreak_12),
        played=s.played,
        byes=s.byes,
        forfeits=s.forfeits,
        withdrawn=s.withdrawn,
    )


@strawberry.type(description="How one player did at a table, once the round closed.")
class TableResult:
    user: UserType
    seat: int
    place: int | None = strawberry.field(description="1 is best; equal places share.")
    points: float
    forfeit: bool = strawberry.field(
        description="No move of their own in the match: 0 points (a bot played the seat)."
    )


@strawberry.type(description="A table of a round: an ordinary, public match.")
class TournamentTable:
    index: int
    match_id: strawberry.ID
    players: list[UserType] = strawberry.field(description="In seat order.")
    results: list[TableResult] | None = strawberry.field(description="Null until the round closed.")
    adjudicated: bool = strawberry.field(
        description="Stopped at the round's deadline and placed by its current totals."
    )

    @strawberry.field(description="The table's match as the viewer may see it.")
    async def match(self, info: strawberry.Info) -> Match | None:
        return await resolve_match(info, self.match_id)


def table(view: selectors.TableView) -> TournamentTable:
    by_id = {u.pk: u for u in view.players}
    results = None
    if view.results is not None:
        results = [
            TableResult(
                user=UserType.from_model(by_id[r["userId"]]),
                seat=r["seat"],
                place=r.get("place"),
                points=points(r["points12"]),
                forfeit=bool(r["forfeit"]),
            )
            for r in view.results
            if r["userId"] in by_id
        ]
    return TournamentTable(
        index=view.index,
        match_id=strawberry.ID(view.match_id),
        players=[UserType.from_model(u) for u in view.players],
        results=results,
        adjudicated=view.adjudicated,
    )


@strawberry.type(description="A round of a tournament.")
class TournamentRound:
    number: int
    started_at: datetime
    deadline: datetime = strawberry.field(
        description="Matches still running then are adjudicated by their current totals."
    )
    ended_at: datetime | None
    tables: list[TournamentTable]
    byes: list[UserType] = strawberry.field(description="Players sitting out (a second place).")


def round_of(view: selectors.RoundView) -> TournamentRound:
    return TournamentRound(
        number=view.number,
        started_at=view.started_at,
        deadline=view.deadline,
        ended_at=view.ended_at,
        tables=[table(t) for t in view.tables],
        byes=[UserType.from_model(u) for u in view.byes],
    )


def _registered(row: TournamentRow, user: Any) -> bool:
    return selectors.is_registered(row, user)


def _standings(row: TournamentRow) -> list[Standing]:
    return [standing(s) for s in selectors.standings(row)]


def _rounds(row: TournamentRow, number: int | None) -> list[TournamentRound]:
    return [round_of(r) for r in selectors.rounds(row, number)]


def _my_table(row: TournamentRow, user: Any) -> TournamentTable | None:
    found = selectors.my_table(row, user)
    return table(found) if found is not None else None


@strawberry.type(description="A Swiss tournament (tables of 2 to 4 players).")
class Tournament:
    row: strawberry.Private[TournamentRow]
    id: strawberry.ID
    name: str
    description: str
    ruleset: str
    options: JSON = strawberry.field(description="Rule option overrides of its matches.")
    table_size: int
    round_count: int = strawberry.field(description="How many rounds are played.")
    turn_seconds: int | None = strawberry.field(description="The live clock of its matches.")
    correspondence_days: int | None = strawberry.field(
        description="Or correspondence play: days per move."
    )
    round_minutes: int = strawberry.field(
        description="A round ends this long after its start at the latest (adjudication)."
    )
    rated: bool
    starts_at: datetime = strawberry.field(description="Registration is open until then.")
    min_players: int = strawberry.field(description="Fewer registered at the start: cancelled.")
    max_players: int | None
    status: TournamentStatus
    current_round: int = strawberry.field(description="0 before the first round.")
    cancel_reason: str | None
    place_points: list[PlacePoints]
    rules: str = strawberry.field(description="The tournament's rules, as players read them.")

    @strawberry.field(description="Registered players (withdrawn ones included).")
    async def player_count(self) -> int:
        return await call(selectors.player_count, tournament=self.row)

    @strawberry.field(description="Whether the viewer is registered (and not withdrawn).")
    async def registered(self, info: strawberry.Info) -> bool:
        return await call(_registered, row=self.row, user=get_user(info))

    @strawberry.field(description="Every registered player, best first.")
    async def standings(self) -> list[Standing]:
        return await call(_standings, row=self.row)

    @strawberry.field(description="The rounds so far with their tables (or round `number`).")
    async def rounds(self, number: int | None = None) -> list[TournamentRound]:
        return await call(_rounds, row=self.row, number=number)

    @strawberry.field(description="The viewer's table in the current round; null if none.")
    async def my_table(self, info: strawberry.Info) -> TournamentTable | None:
        return await call(_my_table, row=self.row, user=get_user(info))


def tournament(row: TournamentRow) -> Tournament:
    sizes = sorted({row.table_size, *range(2, row.table_size)}, reverse=True)
    return Tournament(
        row=row,
        id=strawberry.ID(str(row.pk)),
        name=row.name,
        description=row.description,
        ruleset=row.ruleset,
        options=JSON(row.options),
        table_size=row.table_size,
        round_count=row.rounds,
        turn_seconds=row.turn_seconds,
        correspondence_days=row.correspondence_days,
        round_minutes=row.round_minutes,
        rated=row.rated,
        starts_at=row.starts_at,
        min_players=row.min_players,
        max_players=row.max_players,
        status=TournamentStatus(row.status),
        current_round=row.current_round,
        cancel_reason=row.cancel_reason or None,
        place_points=[PlacePoints(table_size=n, points=row.place_points(n)) for n in sizes],
        rules=selectors.rules_text(row),
    )

"""The tournament queries: a page of tournaments (a Relay connection) and one."""

from __future__ import annotations

import base64

import strawberry
from graphql import GraphQLError

from api.errors import bad_input
from api.matches.calls import call, enum_value
from api.pagination import PageInfo
from api.tournaments.types import Tournament, TournamentStatus, tournament
from tournaments import selectors


@strawberry.type
class TournamentEdge:
    cursor: str
    node: Tournament


@strawberry.type(description="A page of tournaments.")
class TournamentConnection:
    edges: list[TournamentEdge]
    page_info: PageInfo


def cursor_of(position: int) -> str:
    return base64.urlsafe_b64encode(f"tournaments:{position}".encode()).decode()


def position_of(cursor: str | None) -> int | None:
    """The position an ``after`` cursor names; BAD_INPUT for one this list did not make."""
    if cursor is None:
        return None
    try:
        kind, _, number = base64.urlsafe_b64decode(cursor.encode()).decode().partition(":")
        if kind != "tournaments":
            raise ValueError(cursor)
        return int(number)
    except (ValueError, UnicodeDecodeError):
        raise bad_input("after is not a cursor of this list") from None


def _page(status: str | None, first: int, after: int | None) -> TournamentConnection:
    rows, more = selectors.tournament_list(status=status, first=first, after=after)
    start = after or 0
    edges = [
        TournamentEdge(cursor=cursor_of(start + i + 1), node=tournament(row))
        for i, row in enumerate(rows)
    ]
    return TournamentConnection(
        edges=edges,
        page_info=PageInfo(
            has_next_page=more,
            has_previous_page=start > 0,
            start_cursor=edges[0].cursor if edges else None,
            end_cursor=edges[-1].cursor if edges else None,
        ),
    )


def _one(tournament_id: object) -> Tournament:
    return tournament(selectors.tournament_get(tournament_id=tournament_id))


@strawberry.type
class TournamentQuery:
    @strawberry.field(
        description=(
            "Tournaments: SCHEDULED and RUNNING ones soonest first, FINISHED and CANCELLED "
            "ones latest first; without a status, those to come and running first."
        )
    )
    async def tournaments(
        self,
        status: TournamentStatus | None = None,
        first: int = 20,
        after: str | None = None,
    ) -> TournamentConnection:
        return await call(
            _page,
            status=enum_value(status) if status else None,
            first=first,
            after=position_of(after),
        )

    @strawberry.field(description="A tournament with its standings and rounds; null if unknown.")
    async def tournament(self, id: strawberry.ID) -> Tournament | None:
        try:
            return await call(_one, tournament_id=id)
        except GraphQLError as exc:
            if (exc.extensions or {}).get("code") == "NOT_FOUND":
                return None
            raise

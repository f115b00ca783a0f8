"""The root fields of ratings (API.md): `leaderboard` and `player`. Resolvers only call
`accounts.ratings` (STYLE 15).

Everyone may read ratings and the leaderboard: they are public, like a username.
"""

from __future__ import annotations

import strawberry
from asgiref.sync import sync_to_async

from accounts import ratings
from api.accounts.ratings import Rating, Tempo
from api.accounts.users import UserType
from api.errors import bad_input
from api.pagination import PageInfo


@strawberry.type(description="A place on the leaderboard.")
class LeaderboardEntry:
    rank: int = strawberry.field(description="The place, from 1.")
    user: UserType
    rating: Rating


@strawberry.type
class LeaderboardEdge:
    cursor: str
    node: LeaderboardEntry


@strawberry.type
class LeaderboardConnection:
    edges: list[LeaderboardEdge]
    page_info: PageInfo


def _leaderboard(ruleset: str, tempo: str, first: int, after: str | None) -> LeaderboardConnection:
    entries, more = ratings.leaderboard(ruleset=ruleset, tempo=tempo, first=first, after=after)
    edges = [
        LeaderboardEdge(
            cursor=e.cursor,
            node=LeaderboardEntry(
                rank=e.rank,
                user=UserType.from_model(e.user),
                rating=Rating.of(e.rating),
            ),
        )
        for e in entries
    ]
    return LeaderboardConnection(
        edges=edges,
        page_info=PageInfo(
            has_next_page=more,
            has_previous_page=bool(after),
            start_cursor=edges[0].cursor if edges else None,
            end_cursor=edges[-1].cursor if edges else None,
        ),
    )


@strawberry.type
class RatingsQuery:
    @strawberry.field(
        description=(
            "The best players of a rule set and tempo by conservative rating (ordinal), "
            "best first. Bots are never on it."
        )
    )
    async def leaderboard(
        self,
        ruleset: str,
        tempo: Tempo = Tempo.LIVE,
        first: int | None = 50,
        after: str | None = None,
    ) -> LeaderboardConnection:
        try:
            return await sync_to_async(_leaderboard)(
                ruleset, tempo.value, 50 if first is None else first, after
            )
        except ValueError as exc:
            raise bad_input(str(exc)) from None

    @strawberry.field(description="A player by username, with its ratings; null if unknown.")
    async def player(self, username: str) -> UserType | None:
        user = await sync_to_async(ratings.player_by_username)(username=username)
        return UserType.from_model(user) if user is not None else None

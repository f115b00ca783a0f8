"""Ratings over GraphQL (API.md): `leaderboard`, `player`, the `Rating` type and the
`Tempo` enum. Resolvers only call `accounts.ratings` (STYLE 15).

Everyone may read ratings and the leaderboard: they are public, like a username.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any

import strawberry
from asgiref.sync import sync_to_async

from accounts import ratings
from accounts.models import Tempo as TempoValue
from api.errors import bad_input
from api.match_types import PageInfo

if TYPE_CHECKING:
    from api.accounts import UserType

# api.accounts defines User and may refer back to Rating (User.ratings): a lazy reference.
LazyUser = Annotated["UserType", strawberry.lazy("api.accounts")]


@strawberry.enum(description="How fast a rated match is played; each has its own rating.")
class Tempo(Enum):
    LIVE = TempoValue.LIVE.value
    CORRESPONDENCE = TempoValue.CORRESPONDENCE.value


@strawberry.type(
    description=(
        "An OpenSkill (Plackett-Luce) rating in one rule set and tempo. `ordinal` is the "
        "conservative rating mu - 3 sigma that the leaderboard is ordered by; `provisional` "
        "until sigma is small enough to trust."
    )
)
class Rating:
    ruleset: str
    tempo: Tempo
    mu: float
    sigma: float
    ordinal: float
    games: int
    provisional: bool

    @classmethod
    def of(cls, value: ratings.RatingValue) -> Rating:
        return cls(
            ruleset=value.ruleset,
            tempo=Tempo(value.tempo),
            mu=value.mu,
            sigma=value.sigma,
            ordinal=value.ordinal,
            games=value.games,
            provisional=value.provisional,
        )


@strawberry.type(description="A place on the leaderboard.")
class LeaderboardEntry:
    rank: int = strawberry.field(description="The place, from 1.")
    user: LazyUser
    rating: Rating


@strawberry.type
class LeaderboardEdge:
    cursor: str
    node: LeaderboardEntry


@strawberry.type
class LeaderboardConnection:
    edges: list[LeaderboardEdge]
    page_info: PageInfo


def _user_type() -> Any:
    # Imported late: api.accounts may in turn refer to Rating (User.ratings).
    from api.accounts import UserType

    return UserType


def _leaderboard(ruleset: str, tempo: str, first: int, after: str | None) -> LeaderboardConnection:
    user_type = _user_type()
    entries, more = ratings.leaderboard(ruleset=ruleset, tempo=tempo, first=first, after=after)
    edges = [
        LeaderboardEdge(
            cursor=e.cursor,
            node=LeaderboardEntry(
                rank=e.rank,
                user=user_type.from_model(e.user),
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


async def user_ratings(user_id: int) -> list[Rating]:
    """The `User.ratings` field: every rating of a user, by rule set then tempo."""
    values = await sync_to_async(ratings.ratings_of_user)(user_id=user_id)
    return [Rating.of(v) for v in values]


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
    async def player(self, username: str) -> LazyUser | None:
        user = await sync_to_async(ratings.player_by_username)(username=username)
        return _user_type().from_model(user) if user is not None else None

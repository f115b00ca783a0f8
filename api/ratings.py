"""Ratings over GraphQL (API.md): `leaderboard`, `player`, the `Rating` type and the
`Tempo` enum. Resolvers only call `accounts.ratings` (STYLE 15).

Everyone may read ratings and the leaderboard: they are public, like a username.
"""

from __future__ import annotations

from collections.abc import Mapping
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


@strawberry.type(description="A rating: mu, sigma and the ordinal shown.")
class RatingValue:
    mu: float
    sigma: float
    ordinal: float
    provisional: bool | None


def rating_value(d: object) -> RatingValue | None:
    if not isinstance(d, Mapping):
        return None
    return RatingValue(
        mu=float(d.get("mu", 0)),
        sigma=float(d.get("sigma", 0)),
        ordinal=float(d.get("ordinal", 0)),
        provisional=d.get("provisional"),
    )


@strawberry.type(
    description=(
        "How a ranked match moved one player's rating (`MatchEnded.ratingChanges`, "
        "`Match.ratingChanges`). Bots' ratings never move; they are not listed."
    )
)
class RatingChange:
    seat: int = strawberry.field(description="The player's seat in the match.")
    user_id: strawberry.ID
    ruleset: str
    tempo: Tempo
    rank: int = strawberry.field(description="The finishing place, from 1; ties share one.")
    before: RatingValue
    after: RatingValue

    @strawberry.field(description="The player; null if the account was deleted since.")
    async def user(self) -> LazyUser | None:
        from api.accounts import UserType

        return await UserType.resolve_reference(self.user_id)


def rating_change(d: Mapping[str, Any]) -> RatingChange:
    """A ``ratingChanges`` entry (``matches.results.change_payload``) as its type."""
    zero = {"mu": 0.0, "sigma": 0.0, "ordinal": 0.0}
    before = rating_value(d.get("before") or zero)
    after = rating_value(d.get("after") or zero)
    assert before is not None and after is not None
    return RatingChange(
        seat=int(d["seat"]),
        user_id=strawberry.ID(str(d["userId"])),
        ruleset=str(d.get("ruleset", "")),
        tempo=Tempo(d.get("tempo", TempoValue.LIVE.value)),
        rank=int(d.get("rank") or 0),
        before=before,
        after=after,
    )


async def match_rating_changes(match_id: str) -> list[RatingChange]:
    """The `Match.ratingChanges` field: what a finished ranked match moved, by seat."""
    from matches.results import rating_changes_of

    entries = await sync_to_async(rating_changes_of)(public_id=match_id)
    return [rating_change(e) for e in entries]


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

"""Ratings as values (API.md): the `Rating` type, the `Tempo` enum and `RatingValue`.
Resolvers only call `accounts.ratings` (STYLE 15).

Everyone may read ratings: they are public, like a username.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

import strawberry
from asgiref.sync import sync_to_async

from accounts import ratings
from accounts.models import Tempo as TempoValue


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


async def user_ratings(user_id: int) -> list[Rating]:
    """The `User.ratings` field: every rating of a user, by rule set then tempo."""
    values = await sync_to_async(ratings.ratings_of_user)(user_id=user_id)
    return [Rating.of(v) for v in values]

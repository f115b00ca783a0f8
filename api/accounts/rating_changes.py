"""How a ranked match moved each player's rating (`MatchEnded.ratingChanges`,
`Match.ratingChanges`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import strawberry
from asgiref.sync import sync_to_async

from accounts.models import Tempo as TempoValue
from api.accounts.ratings import RatingValue, Tempo, rating_value
from api.accounts.users import UserType


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
    async def user(self) -> UserType | None:
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

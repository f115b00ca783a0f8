"""Correspondence play over GraphQL (API.md): `setVacation` and `registerDevice`, and
the viewer's vacation allowance. Thin resolvers over ``matches.correspondence``; input
out of bounds (a vacation beyond the yearly allowance) is a BAD_INPUT error.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import strawberry
from channels.db import database_sync_to_async

from api.auth import require_user
from api.errors import bad_input
from matches import correspondence
from matches.errors import InvalidRequest


@strawberry.type(description="The viewer's vacation: clocks of correspondence turns stop.")
class Vacation:
    ends_at: datetime | None = strawberry.field(description="null: not on vacation")
    days_left: int = strawberry.field(description="days that may still be booked this year")


def _vacation(user: Any) -> Vacation:
    from django.utils import timezone

    now = timezone.now()
    return Vacation(
        ends_at=correspondence.clock_paused_until(user.pk, now),
        days_left=correspondence.vacation_days_left(user=user, now=now),
    )


@strawberry.type
class CorrespondenceQuery:
    @strawberry.field(description="The viewer's vacation and allowance (signed in).")
    async def my_vacation(self, info: strawberry.Info) -> Vacation:
        user = require_user(info)
        return await database_sync_to_async(_vacation)(user)


@strawberry.type
class CorrespondenceMutation:
    @strawberry.mutation(
        description=(
            "Go on vacation for `days` days from now (0 ends it): the clocks of your "
            "correspondence turns stop meanwhile. At most 30 days a year (a setting)."
        )
    )
    async def set_vacation(self, info: strawberry.Info, days: int) -> bool:
        user = require_user(info)
        try:
            await database_sync_to_async(correspondence.set_vacation)(user=user, days=days)
        except InvalidRequest as exc:
            raise bad_input(str(exc)) from None
        return True

    @strawberry.mutation(
        description="Store a push token (platform: ios, android, web) for your notices.",
        deprecation_reason="Use addPushDevice (it takes Web Push subscriptions and a locale).",
    )
    async def register_device(self, info: strawberry.Info, platform: str, push_token: str) -> bool:
        user = require_user(info)
        try:
            await database_sync_to_async(correspondence.register_device)(
                user=user, platform=platform, push_token=push_token
            )
        except InvalidRequest as exc:
            raise bad_input(str(exc)) from None
        return True

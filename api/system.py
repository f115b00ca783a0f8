"""Fields about the server itself: its version and clock.

Clients use `serverTime` to correct their own clock before showing turn deadlines.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator
from datetime import UTC, datetime

import strawberry
from django.conf import settings

from api.errors import bad_input

MIN_INTERVAL_MS = 100
MAX_INTERVAL_MS = 60_000
MAX_TICKS = 3_600


@strawberry.type
class SystemQuery:
    @strawberry.field(description="Version of the server software.")
    def server_version(self) -> str:
        return str(settings.VERSION)

    @strawberry.field(description="The server's current time (UTC).")
    def server_time(self) -> datetime:
        return datetime.now(UTC)


@strawberry.type
class SystemSubscription:
    @strawberry.subscription(
        description=(
            "The server's time (UTC), first at once and then every `intervalMs` "
            "milliseconds, `count` times in all."
        )
    )
    async def server_time(
        self, count: int = 10, interval_ms: int = 1000
    ) -> AsyncGenerator[datetime, None]:
        if not 1 <= count <= MAX_TICKS:
            raise bad_input(f"count must be between 1 and {MAX_TICKS}")
        if not MIN_INTERVAL_MS <= interval_ms <= MAX_INTERVAL_MS:
            raise bad_input(f"intervalMs must be between {MIN_INTERVAL_MS} and {MAX_INTERVAL_MS}")
        for tick in range(count):
            if tick:
                await asyncio.sleep(interval_ms / 1000)
            yield datetime.now(UTC)

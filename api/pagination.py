"""Relay pagination's ``PageInfo``, shared by every connection (matches, the leaderboard)."""

from __future__ import annotations

import strawberry


@strawberry.federation.type(
    shareable=True,
    description=(
        "Where a page of a connection is (Relay). @shareable: another subgraph with Relay "
        "connections defines the same type."
    ),
)
class PageInfo:
    has_next_page: bool = strawberry.field(
        description="When paginating forwards, are there more items?"
    )
    has_previous_page: bool = strawberry.field(
        description="When paginating backwards, are there more items?"
    )
    start_cursor: str | None = strawberry.field(
        description="When paginating backwards, the cursor to continue."
    )
    end_cursor: str | None = strawberry.field(
        description="When paginating forwards, the cursor to continue."
    )

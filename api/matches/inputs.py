"""The input types of the match mutations."""

from __future__ import annotations

import strawberry
from strawberry.scalars import JSON

from api.matches.enums import BotLevel


@strawberry.input
class JokerSwapInput:
    meld_index: int = strawberry.field(description="The meld's index at the turn's start.")
    card: str = strawberry.field(description="The card put in the joker's place.")


@strawberry.input
class CreateMatchInput:
    ruleset: str = "robbers"
    options: JSON | None = strawberry.field(
        default=None, description="Rule option overrides (RULES.md names)."
    )
    seats: int = strawberry.field(description="Players, 2..5 (preset limits apply).")
    bots: list[BotLevel] | None = strawberry.field(
        default=None, description="Bots seated at creation, after the creator."
    )
    turn_seconds: int | None = None
    correspondence_hours: int | None = None
    ranked: bool = False
    private: bool = False

"""The match mutations (API.md): create, join, seat a bot, start, resign, reclaim, and
every move of a turn.

Resolvers are thin (STYLE 15): authenticate, call one ``matches`` service in a worker
thread (:func:`api.matches.calls.call`), map the result. A service's ``Rejected``
becomes a ``Rejection`` (data); ``MatchNotFound`` a NOT_FOUND error and
``InvalidRequest`` a BAD_INPUT error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import strawberry

from api.auth import require_user
from api.errors import bad_input
from api.matches.calls import call, enum_value
from api.matches.cards import cards
from api.matches.enums import BotLevel, DrawSource, ReportReason
from api.matches.inputs import CreateMatchInput, JokerSwapInput
from api.matches.match import Match, match
from api.rejections import Rejection, rejection
from matches import services
from matches.errors import Rejected
from matches.selectors import MatchView

MatchResult = Annotated[Match | Rejection, strawberry.union("MatchResult")]
TurnResult = Annotated[Match | Rejection, strawberry.union("TurnResult")]
DraftResult = Annotated[Match | Rejection, strawberry.union("DraftResult")]


def to_result(result: MatchView | Rejected) -> Match | Rejection:
    if isinstance(result, Rejected):
        return rejection(
            result.code,
            result.message,
            reason=result.reason,
            meld_index=result.meld_index,
            missing_card=result.missing_card,
            rule=result.rule,
            missing_cards=cards(result.missing_cards) or None,
            points=result.points,
            points_needed=result.points_needed,
        )
    return match(result.for_client())


def _swaps(swaps: Sequence[JokerSwapInput] | None) -> list[tuple[int, str]]:
    return [(s.meld_index, s.card) for s in swaps or ()]


@strawberry.type
class MatchMutation:
    @strawberry.mutation(description="A new match, with the caller in seat 0.")
    async def create_match(self, info: strawberry.Info, input: CreateMatchInput) -> MatchResult:
        user = require_user(info)
        if input.options is not None and not isinstance(input.options, dict):
            raise bad_input("options must be a JSON object of option names to values")
        result = await call(
            services.match_create,
            user=user,
            ruleset_name=input.ruleset,
            options=input.options,
            seats=input.seats,
            bots=[enum_value(b) for b in input.bots or ()],
            turn_seconds=input.turn_seconds,
            correspondence_hours=input.correspondence_hours,
            ranked=input.ranked,
            private=input.private,
        )
        return to_result(result)

    @strawberry.mutation(
        description="Take a free seat of a waiting match (a private one: with its inviteCode)."
    )
    async def join_match(
        self, info: strawberry.Info, match_id: strawberry.ID, invite_code: str | None = None
    ) -> MatchResult:
        user = require_user(info)
        return to_result(
            await call(services.match_join, match_id=match_id, user=user, invite_code=invite_code)
        )

    @strawberry.mutation(description="Seat a bot (the creator, before the start).")
    async def add_bot(
        self, info: strawberry.Info, match_id: strawberry.ID, level: BotLevel
    ) -> MatchResult:
        user = require_user(info)
        return to_result(
            await call(
                services.match_add_bot, match_id=match_id, user=user, level=enum_value(level)
            )
        )

    @strawberry.mutation(description="Deal (the creator, once every seat is taken).")
    async def start_match(self, info: strawberry.Info, match_id: strawberry.ID) -> MatchResult:
        user = require_user(info)
        return to_result(await call(services.match_start, match_id=match_id, user=user))

    @strawberry.mutation(description="Leave a waiting match, or resign a running one.")
    async def resign(self, info: strawberry.Info, match_id: strawberry.ID) -> MatchResult:
        user = require_user(info)
        return to_result(await call(services.match_resign, match_id=match_id, user=user))

    @strawberry.mutation(description="Take the seat back from the bot that played it.")
    async def reclaim_seat(self, info: strawberry.Info, match_id: strawberry.ID) -> MatchResult:
        user = require_user(info)
        return to_result(await call(services.match_reclaim, match_id=match_id, user=user))

    @strawberry.mutation(
        description=(
            "Keep your hand in this order (exactly your hand's cards), on turn or not; "
            "kept across turns, cards drawn later go last. myHand follows it."
        )
    )
    async def set_rack_order(
        self, info: strawberry.Info, match_id: strawberry.ID, cards: list[str]
    ) -> MatchResult:
        user = require_user(info)
        return to_result(
            await call(services.match_set_rack_order, match_id=match_id, user=user, cards=cards)
        )

    @strawberry.mutation(
        description=(
            "Report a player to the moderators; false if there is no such player. `lines`: "
            "seqs of their chat lines in the match (matchId), copied into the report."
        )
    )
    async def report_player(
        self,
        info: strawberry.Info,
        username: str,
        reason: ReportReason,
        match_id: strawberry.ID | None = None,
        text: str | None = None,
        lines: list[int] | None = None,
    ) -> bool:
        user = require_user(info)
        return await call(
            services.player_report,
            user=user,
            username=username,
            match_id=match_id,
            reason=enum_value(reason),
            text=text,
            lines=lines or (),
        )

    @strawberry.mutation(description="Show the in-progress table live (not validated).")
    async def update_draft(
        self, info: strawberry.Info, match_id: strawberry.ID, turn: int, table: list[list[str]]
    ) -> DraftResult:
        user = require_user(info)
        return to_result(
            await call(
                services.match_update_draft, match_id=match_id, turn=turn, table=table, user=user
            )
        )

    @strawberry.mutation(description="Commit the whole new table.")
    async def commit_turn(
        self,
        info: strawberry.Info,
        match_id: strawberry.ID,
        turn: int,
        table: list[list[str]],
        joker_swaps: list[JokerSwapInput] | None = None,
        idempotency_key: str | None = None,
    ) -> TurnResult:
        user = require_user(info)
        result = await call(
            services.match_commit_turn,
            match_id=match_id,
            turn=turn,
            table=table,
            joker_swaps=_swaps(joker_swaps),
            idempotency_key=idempotency_key,
            user=user,
        )
        return to_result(result)

    @strawberry.mutation(description="Draw a card (or river tiles: riverIndex names the key).")
    async def draw(
        self,
        info: strawberry.Info,
        match_id: strawberry.ID,
        turn: int,
        source: DrawSource = DrawSource.STOCK,
        river_index: int | None = None,
        idempotency_key: str | None = None,
    ) -> TurnResult:
        user = require_user(info)
        result = await call(
            services.match_draw,
            match_id=match_id,
            turn=turn,
            source=str(enum_value(source)).lower(),
            river_index=river_index,
            idempotency_key=idempotency_key,
            user=user,
        )
        return to_result(result)

    @strawberry.mutation(description="Discard a card.")
    async def discard(
        self,
        info: strawberry.Info,
        match_id: strawberry.ID,
        turn: int,
        card: str,
        idempotency_key: str | None = None,
    ) -> TurnResult:
        user = require_user(info)
        result = await call(
            services.match_discard,
            match_id=match_id,
            turn=turn,
            card=card,
            idempotency_key=idempotency_key,
            user=user,
        )
        return to_result(result)

    @strawberry.mutation(description="Pass on an empty stock (RR-STOCK-OUT, RK-END).")
    async def pass_turn(
        self,
        info: strawberry.Info,
        match_id: strawberry.ID,
        turn: int,
        idempotency_key: str | None = None,
    ) -> TurnResult:
        user = require_user(info)
        result = await call(
            services.match_pass,
            match_id=match_id,
            turn=turn,
            idempotency_key=idempotency_key,
            user=user,
        )
        return to_result(result)

    @strawberry.mutation(description="One step back (classic rummy), or drop the draft.")
    async def undo(self, info: strawberry.Info, match_id: strawberry.ID, turn: int) -> TurnResult:
        user = require_user(info)
        return to_result(await call(services.match_undo, match_id=match_id, turn=turn, user=user))

"""Blocks and follows: ``blockUser``, ``unblockUser``, ``followUser``,
``unfollowUser`` (each answers the other player, or a Rejection); ``me.blocked`` and
``me.following`` are fields of ``User`` (``api.accounts.users``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import strawberry

from accounts import social
from accounts.errors import AccountError
from api.accounts.users import UserType
from api.auth import require_user
from api.matches.calls import call, not_found
from api.rejections import Rejection, rejection

UserResult = Annotated[UserType | Rejection, strawberry.union("UserResult")]


def _apply(write: Callable[..., Any], user: Any, username: str) -> UserType | Rejection:
    try:
        return UserType.from_model(write(user=user, username=username))
    except AccountError as exc:
        return rejection(exc.code, exc.message)


async def _run(write: Callable[..., Any], user: Any, username: str) -> UserResult:
    try:
        return await call(_apply, write=write, user=user, username=username)
    except social.UserNotFound as exc:
        raise not_found(str(exc)) from None


@strawberry.type
class FriendsMutation:
    @strawberry.mutation(
        description=(
            "Block a player: they cannot challenge you, invite you, join your table, "
            "chat to you or be matched with you, and do not see your open matches; "
            "their follow of you ends. NOT_ALLOWED for yourself."
        )
    )
    async def block_user(self, info: strawberry.Info, username: str) -> UserResult:
        return await _run(social.block_create, require_user(info), username)

    @strawberry.mutation(description="Unblock a player (not blocked: harmless).")
    async def unblock_user(self, info: strawberry.Info, username: str) -> UserResult:
        return await _run(social.block_delete, require_user(info), username)

    @strawberry.mutation(
        description=(
            "Follow a player (me.following: online, playing). NOT_ALLOWED for yourself "
            "or a player who blocked you."
        )
    )
    async def follow_user(self, info: strawberry.Info, username: str) -> UserResult:
        return await _run(social.follow_create, require_user(info), username)

    @strawberry.mutation(description="Stop following a player (not followed: harmless).")
    async def unfollow_user(self, info: strawberry.Info, username: str) -> UserResult:
        return await _run(social.follow_delete, require_user(info), username)

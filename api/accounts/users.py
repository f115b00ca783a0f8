"""The `User` entity (a federation entity: `resolve_reference`). Public: anyone may see
its fields, ratings included, except the viewer's own push devices and notification
settings (``api.notifications``), blocked players and follows, null for anyone else."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

import strawberry
from django.conf import settings

from accounts import social
from accounts.models import User as UserModel
from api.accounts.ratings import Rating, user_ratings
from api.auth import get_user
from api.matches.calls import call
from api.notifications import NotificationSettings, PushDevice, viewer_devices, viewer_settings
from matches import presence, selectors


@strawberry.federation.type(
    name="User", keys=["id"], description="A player. Public: anyone may see these fields."
)
class UserType:
    id: strawberry.ID
    username: str
    joined_at: datetime

    @classmethod
    def from_model(cls, user: UserModel) -> UserType:
        return cls(
            id=strawberry.ID(str(user.pk)), username=user.username, joined_at=user.date_joined
        )

    @strawberry.field(description="The player's ratings, one per rule set and tempo played rated.")
    async def ratings(self) -> list[Rating]:
        return await user_ratings(int(self.id))

    @strawberry.field(description="Players you blocked (yours only: null for others).")
    async def blocked(self, info: strawberry.Info) -> list[UserType] | None:
        viewer = get_user(info)
        if viewer is None or str(viewer.pk) != str(self.id):
            return None
        return await call(_blocked, user=viewer)

    @strawberry.field(
        description=(
            "Players you follow, who of them is online and which public matches they "
            "play now (yours only: null for others)."
        )
    )
    async def following(self, info: strawberry.Info) -> list[Friend] | None:
        viewer = get_user(info)
        if viewer is None or str(viewer.pk) != str(self.id):
            return None
        return await call(_friends, user=viewer)

    @strawberry.field(description="Your push devices (the viewer's only: null for others).")
    async def push_devices(self, info: strawberry.Info) -> list[PushDevice] | None:
        return await viewer_devices(info, int(self.id))

    @strawberry.field(
        description="Your notification settings (the viewer's only: null for others)."
    )
    async def notification_settings(self, info: strawberry.Info) -> NotificationSettings | None:
        return await viewer_settings(info, int(self.id))

    @classmethod
    async def resolve_reference(cls, id: strawberry.ID, **_: Any) -> UserType | None:
        """The entity resolver of the federation gateway (`_entities`)."""
        try:
            pk = int(id)
        except (TypeError, ValueError):
            return None
        user = await UserModel.objects.filter(pk=pk).afirst()
        return cls.from_model(user) if user is not None else None


@strawberry.type(description="A running public match a followed player plays: watch it.")
class FriendMatch:
    id: strawberry.ID = strawberry.field(description="The match's id (match(id), matchEvents).")
    ruleset: str
    players: int
    ranked: bool
    started_at: datetime | None


@strawberry.type(description="A player you follow.")
class Friend:
    user: UserType
    online: bool = strawberry.field(description="Seen in the last few minutes.")
    last_seen_at: datetime | None
    playing: list[FriendMatch] = strawberry.field(description="Public matches they play now.")


def _blocked(user: Any) -> list[UserType]:
    return [UserType.from_model(u) for u in social.blocked_users(user=user)]


def _friends(user: Any) -> list[Friend]:
    followed = social.followed_users(user=user)
    ids = [u.pk for u in followed]
    seen = presence.seen_at(ids)
    playing = selectors.public_matches_of(ids)
    now = time.time()
    out = []
    for friend in followed:
        at = seen.get(friend.pk)
        out.append(
            Friend(
                user=UserType.from_model(friend),
                online=at is not None and now - at <= settings.ONLINE_SECONDS,
                last_seen_at=datetime.fromtimestamp(at, tz=UTC) if at is not None else None,
                playing=[
                    FriendMatch(
                        id=strawberry.ID(m.public_id),
                        ruleset=m.ruleset,
                        players=m.players,
                        ranked=m.ranked,
                        started_at=m.started_at,
                    )
                    for m in playing.get(friend.pk, [])
                ],
            )
        )
    return out

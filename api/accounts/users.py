"""The `User` entity (a federation entity: `resolve_reference`). Public: anyone may see
its fields, ratings included, except the viewer's own push devices and notification
settings (``api.notifications``), null for anyone else."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import strawberry

from accounts.models import User as UserModel
from api.accounts.ratings import Rating, user_ratings
from api.notifications import NotificationSettings, PushDevice, viewer_devices, viewer_settings


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

"""Notifications over GraphQL: the viewer's push devices and settings, the VAPID key.

``vapidPublicKey`` (root), ``addPushDevice`` / ``removePushDevice``,
``setNotificationSettings``, and on ``User`` (the viewer only: null for anyone else)
``pushDevices`` and ``notificationSettings``. Thin resolvers over
``matches.notifications.devices``; what it refuses is a ``Rejection`` (BAD_INPUT,
BAD_ENDPOINT) and nothing changed. ``registerDevice`` (``api.correspondence``) stays,
deprecated.
"""

from __future__ import annotations

from datetime import datetime
from enum import Enum
from typing import Annotated, Any

import strawberry
from asgiref.sync import sync_to_async

from api.auth import get_user, require_user
from api.rejections import Rejection, rejection
from matches.notifications import devices
from matches.notifications.kinds import KINDS
from matches.notifications.models import NotificationSettings as SettingsRow
from matches.notifications.models import PushDevice as DeviceRow
from matches.notifications.webpush import public_key


@strawberry.enum(description="Where a device's pushes go.")
class PushPlatform(Enum):
    ANDROID = "android"
    IOS = "ios"
    WEB = "web"


@strawberry.enum(
    description=(
        "What a notice is about: YOUR_TURN (a short delay after the turn starts, only "
        "while you are away from the match), TURN_REMINDER (80% of a correspondence "
        "turn gone), LAST_CHANCE (before a deadline that would hand your seat to a bot; "
        "never held by quiet hours), MATCH_STARTED, MATCH_ENDED, SEAT_TAKEN_OVER, INVITED "
        "(a challenge to answer), TOURNAMENT_ENDED (your place), TOURNAMENT_CANCELLED."
    )
)
class NotificationKind(Enum):
    # The same names as matches.notifications.kinds.KINDS, in its order (a test checks).
    YOUR_TURN = "YOUR_TURN"
    TURN_REMINDER = "TURN_REMINDER"
    LAST_CHANCE = "LAST_CHANCE"
    MATCH_STARTED = "MATCH_STARTED"
    MATCH_ENDED = "MATCH_ENDED"
    SEAT_TAKEN_OVER = "SEAT_TAKEN_OVER"
    INVITED = "INVITED"
    TOURNAMENT_ENDED = "TOURNAMENT_ENDED"
    TOURNAMENT_CANCELLED = "TOURNAMENT_CANCELLED"


@strawberry.type(description="A device the viewer's pushes go to.")
class PushDevice:
    id: strawberry.ID
    platform: PushPlatform
    created_at: datetime
    last_success_at: datetime | None = strawberry.field(
        description="When a push service last accepted a notice for it."
    )
    locale: str | None = strawberry.field(description="The language of its notices.")

    @classmethod
    def from_row(cls, row: DeviceRow) -> PushDevice:
        try:
            platform = PushPlatform(row.platform)
        except ValueError:  # registerDevice took other names; shown as the closest
            platform = PushPlatform.ANDROID
        return cls(
            id=strawberry.ID(str(row.pk)),
            platform=platform,
            created_at=row.created_at,
            last_success_at=row.last_success_at,
            locale=row.locale or None,
        )


@strawberry.type(description="One kind of notice, by channel.")
class NotificationKindSetting:
    kind: NotificationKind
    push: bool
    email: bool = strawberry.field(description="Listed in the e-mail digest.")


@strawberry.type(description="Hours when non-urgent pushes wait (times of day, HH:MM).")
class QuietHours:
    start: str
    end: str


@strawberry.type(description="The viewer's choices about notices.")
class NotificationSettings:
    kinds: list[NotificationKindSetting]
    quiet_hours: QuietHours | None = strawberry.field(
        description="In `timeZone`; null: none. The last-chance alarm never waits."
    )
    time_zone: str = strawberry.field(description="An IANA time zone, e.g. Europe/Madrid.")
    while_watching: bool = strawberry.field(
        description="Push about a match even while you watch it (default: only when away)."
    )
    digest: bool = strawberry.field(
        description="The e-mail digest (a few a day at most; never one mail per move)."
    )
    language: str | None = strawberry.field(
        description="en, es or nl; null: each device's own locale."
    )

    @classmethod
    def from_row(cls, row: SettingsRow) -> NotificationSettings:
        push_off, email_off = set(row.push_off or ()), set(row.email_off or ())
        quiet = None
        if row.quiet_start is not None and row.quiet_end is not None:
            quiet = QuietHours(
                start=row.quiet_start.strftime("%H:%M"), end=row.quiet_end.strftime("%H:%M")
            )
        return cls(
            kinds=[
                NotificationKindSetting(
                    kind=NotificationKind[k], push=k not in push_off, email=k not in email_off
                )
                for k in KINDS
            ],
            quiet_hours=quiet,
            time_zone=row.time_zone,
            while_watching=row.while_watching,
            digest=row.digest,
            language=row.language or None,
        )


@strawberry.input(description="A browser's PushSubscription (its toJSON()).")
class WebPushSubscriptionInput:
    endpoint: str
    p256dh: str = strawberry.field(description="keys.p256dh, URL-safe base64")
    auth: str = strawberry.field(description="keys.auth, URL-safe base64")


@strawberry.input(description="A device: `token` for ANDROID and IOS, `webPush` for WEB.")
class PushDeviceInput:
    platform: PushPlatform
    token: str | None = strawberry.field(
        default=None,
        description="The FCM registration token, or the APNs device token (hex) of an iOS app.",
    )
    web_push: WebPushSubscriptionInput | None = None
    locale: str | None = strawberry.field(
        default=None, description="The device's language (e.g. es-AR): its notices' language."
    )


@strawberry.input(description="One kind's channels; an omitted channel is left as it is.")
class NotificationKindSettingInput:
    kind: NotificationKind
    push: bool | None = None
    email: bool | None = None


@strawberry.input
class QuietHoursInput:
    start: str = strawberry.field(description="HH:MM in the time zone")
    end: str = strawberry.field(description="HH:MM; before start: across midnight")


@strawberry.input(description="What to change; an omitted field is left as it is.")
class NotificationSettingsInput:
    kinds: list[NotificationKindSettingInput] | None = None
    quiet_hours: QuietHoursInput | None = strawberry.field(
        default=strawberry.UNSET, description="null removes the quiet hours"
    )
    time_zone: str | None = None
    while_watching: bool | None = None
    digest: bool | None = None
    language: str | None = strawberry.field(
        default=strawberry.UNSET, description="en, es, nl; null: each device's locale"
    )


PushDeviceResult = Annotated[PushDevice | Rejection, strawberry.union("PushDeviceResult")]
NotificationSettingsResult = Annotated[
    NotificationSettings | Rejection, strawberry.union("NotificationSettingsResult")
]


def _refusal(exc: devices.Refused) -> Rejection:
    return rejection(exc.code, exc.message)


async def viewer_devices(info: strawberry.Info, user_id: int) -> list[PushDevice] | None:
    """``User.pushDevices``: the viewer's own devices, newest first; null for others."""
    viewer = get_user(info)
    if viewer is None or viewer.pk != user_id:
        return None
    rows = [row async for row in DeviceRow.objects.filter(user_id=user_id).order_by("-created_at")]
    return [PushDevice.from_row(row) for row in rows]


async def viewer_settings(info: strawberry.Info, user_id: int) -> NotificationSettings | None:
    """``User.notificationSettings``: the viewer's own; null for others."""
    viewer = get_user(info)
    if viewer is None or viewer.pk != user_id:
        return None
    row = await sync_to_async(devices.settings_row)(viewer)
    return NotificationSettings.from_row(row)


@strawberry.type
class NotificationsQuery:
    @strawberry.field(
        description=(
            "The server's VAPID public key (URL-safe base64): what a browser subscribes "
            "with (`applicationServerKey`). null: this server sends no Web Push."
        )
    )
    def vapid_public_key(self) -> str | None:
        return public_key()


@strawberry.type
class NotificationsMutation:
    @strawberry.mutation(
        description=(
            "Send your notices to this device too (a token or subscription already stored "
            "moves to you). At most 10 devices: adding one more drops the one unused "
            "longest. A Web Push endpoint must be an https URL of a public address: "
            "BAD_ENDPOINT."
        )
    )
    async def add_push_device(
        self, info: strawberry.Info, input: PushDeviceInput
    ) -> PushDeviceResult:
        user = require_user(info)
        web = input.web_push
        keys = (
            devices.WebPushKeys(endpoint=web.endpoint, p256dh=web.p256dh, auth=web.auth)
            if web is not None
            else None
        )

        def run() -> PushDevice | Rejection:
            try:
                row = devices.add_device(
                    user=user,
                    platform=input.platform.value,
                    token=input.token,
                    web_push=keys,
                    locale=input.locale,
                )
            except devices.Refused as exc:
                return _refusal(exc)
            return PushDevice.from_row(row)

        return await sync_to_async(run)()

    @strawberry.mutation(description="Stop sending to one of your devices; false if none.")
    async def remove_push_device(self, info: strawberry.Info, id: strawberry.ID) -> bool:
        user = require_user(info)
        try:
            pk = int(id)
        except (TypeError, ValueError):
            return False
        return await sync_to_async(devices.remove_device)(user=user, device_id=pk)

    @strawberry.mutation(description="Change your notification settings; what is omitted stays.")
    async def set_notification_settings(
        self, info: strawberry.Info, input: NotificationSettingsInput
    ) -> NotificationSettingsResult:
        user = require_user(info)
        push: dict[str, bool] = {}
        email: dict[str, bool] = {}
        for item in input.kinds or ():
            kind = str(item.kind.value)
            if item.push is not None:
                push[kind] = item.push
            if item.email is not None:
                email[kind] = item.email
        changes: dict[str, Any] = {
            "push": push,
            "email": email,
            "time_zone": input.time_zone,
            "while_watching": input.while_watching,
            "digest": input.digest,
        }
        if input.quiet_hours is None:
            changes["clear_quiet_hours"] = True
        elif input.quiet_hours is not strawberry.UNSET:
            changes["quiet_hours"] = (input.quiet_hours.start, input.quiet_hours.end)
        if input.language is not strawberry.UNSET:
            changes["language"] = input.language or ""

        def run() -> NotificationSettings | Rejection:
            try:
                row = devices.set_settings(user=user, **changes)
            except devices.Refused as exc:
                return _refusal(exc)
            return NotificationSettings.from_row(row)

        return await sync_to_async(run)()

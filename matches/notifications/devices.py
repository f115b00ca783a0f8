"""A user's devices and settings, written for the API (``addPushDevice``,
``removePushDevice``, ``setNotificationSettings``, ``registerDevice``).

Every function applies completely or raises :class:`Refused` (a code and a message a
client can act on) before changing anything.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import time
from enum import StrEnum
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from matches.notifications.dispatch import is_apns_token
from matches.notifications.endpoints import EndpointRefused, check_endpoint
from matches.notifications.kinds import KINDS
from matches.notifications.models import (
    NotificationSettings,
    PushDevice,
    PushPlatform,
)
from matches.notifications.texts import LANGUAGES

MAX_TOKEN = 1024
MAX_KEY = 128


class NotificationCode(StrEnum):
    """The notifications' rejection codes (part of the API's RejectionCode)."""

    BAD_ENDPOINT = "BAD_ENDPOINT"


class Refused(ValueError):
    """Nothing changed: ``code`` (BAD_INPUT, BAD_ENDPOINT) and why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class WebPushKeys:
    endpoint: str
    p256dh: str
    auth: str


def _b64url(value: str, what: str, sizes: Iterable[int]) -> str:
    import base64
    import binascii

    value = (value or "").strip()
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise Refused("BAD_INPUT", f"{what} is not URL-safe base64") from None
    if len(raw) not in set(sizes):
        raise Refused("BAD_INPUT", f"{what} has the wrong length")
    return value.rstrip("=")


def add_device(
    *,
    user: Any,
    platform: str,
    token: str | None = None,
    web_push: WebPushKeys | None = None,
    locale: str | None = None,
) -> PushDevice:
    """Store a device for the user's pushes; a token or endpoint already stored moves to
    this user (it is one device). A user keeps at most ``NOTIFY_MAX_DEVICES``: adding
    one more removes the one unused longest. Raises Refused."""
    platform = (platform or "").strip().lower()
    if platform not in PushPlatform.values:
        raise Refused("BAD_INPUT", "platform is ANDROID, IOS or WEB")
    p256dh = auth = ""
    if platform == PushPlatform.WEB:
        if web_push is None:
            raise Refused("BAD_INPUT", "a WEB device needs webPush { endpoint p256dh auth }")
        address = (web_push.endpoint or "").strip()
        if not 1 <= len(address) <= MAX_TOKEN:
            raise Refused("BAD_INPUT", f"the endpoint has 1..{MAX_TOKEN} characters")
        try:
            check_endpoint(address)
        except EndpointRefused as exc:
            raise Refused(NotificationCode.BAD_ENDPOINT, str(exc)) from None
        p256dh = _b64url(web_push.p256dh, "p256dh", [65])
        auth = _b64url(web_push.auth, "auth", [16])
    else:
        address = (token or "").strip()
        if not 1 <= len(address) <= MAX_TOKEN or not address.isascii() or " " in address:
            raise Refused("BAD_INPUT", f"token has 1..{MAX_TOKEN} characters, no spaces")
        if platform == PushPlatform.IOS and len(address) == 64 and not is_apns_token(address):
            raise Refused("BAD_INPUT", "an APNs device token is hexadecimal")
    lang = (locale or "").strip()[:16]
    with transaction.atomic():
        device, _ = PushDevice.objects.update_or_create(
            platform=platform,
            token=address,
            defaults={"user": user, "p256dh": p256dh, "auth": auth, "locale": lang},
        )
        _keep_newest(user)
    return device


def _keep_newest(user: Any) -> None:
    limit = int(settings.NOTIFY_MAX_DEVICES)
    devices = PushDevice.objects.filter(user=user).order_by("-updated_at", "-pk")
    extra = list(devices.values_list("pk", flat=True)[limit:])
    if extra:
        PushDevice.objects.filter(pk__in=extra).delete()


def register_device(*, user: Any, platform: str, push_token: str) -> PushDevice:
    """``registerDevice`` (deprecated): a token for ios, android or another short name
    (stored; only ios and android are pushed to). Raises Refused."""
    platform = (platform or "").strip().lower()
    push_token = (push_token or "").strip()
    if not 1 <= len(platform) <= 16 or not platform.isascii():
        raise Refused("BAD_INPUT", "platform is a short name (ios, android, web), 1..16")
    if not 1 <= len(push_token) <= 512:
        raise Refused("BAD_INPUT", "pushToken has 1..512 characters")
    with transaction.atomic():
        device, _ = PushDevice.objects.update_or_create(
            platform=platform, token=push_token, defaults={"user": user}
        )
        _keep_newest(user)
    return device


def remove_device(*, user: Any, device_id: int) -> bool:
    """Delete one of the user's devices; False when they have none with that id."""
    deleted, _ = PushDevice.objects.filter(pk=device_id, user=user).delete()
    return bool(deleted)


def settings_row(user: Any) -> NotificationSettings:
    """The user's settings (an unsaved row of defaults for a user who never set any)."""
    row = NotificationSettings.objects.filter(user=user).first()
    return row if row is not None else NotificationSettings(user=user)


def _kinds(values: Iterable[str]) -> list[str]:
    out = []
    for value in values:
        if value not in KINDS:
            raise Refused("BAD_INPUT", f"unknown notification kind {value!r}")
        out.append(value)
    return sorted(set(out), key=KINDS.index)


def _clock(value: str, what: str) -> time:
    try:
        parsed = time.fromisoformat(value.strip())
    except (AttributeError, ValueError):
        raise Refused("BAD_INPUT", f"{what} is a time of day like 22:00") from None
    return parsed.replace(second=0, microsecond=0, tzinfo=None)


def set_settings(
    *,
    user: Any,
    push: dict[str, bool] | None = None,
    email: dict[str, bool] | None = None,
    quiet_hours: tuple[str, str] | None = None,
    clear_quiet_hours: bool = False,
    time_zone: str | None = None,
    while_watching: bool | None = None,
    digest: bool | None = None,
    language: str | None = None,
) -> NotificationSettings:
    """Change what is given (None: unchanged) and return the settings. ``push`` and
    ``email`` map kinds to on/off. Raises Refused for an unknown kind, a time that is
    not a time of day, an unknown time zone or language."""
    row = settings_row(user)
    if push:
        off = set(row.push_off or ())
        for kind in _kinds(push):
            (off.discard if push[kind] else off.add)(kind)
        row.push_off = [k for k in KINDS if k in off]
    if email:
        off = set(row.email_off or ())
        for kind in _kinds(email):
            (off.discard if email[kind] else off.add)(kind)
        row.email_off = [k for k in KINDS if k in off]
    if clear_quiet_hours:
        row.quiet_start = row.quiet_end = None
    elif quiet_hours is not None:
        row.quiet_start = _clock(quiet_hours[0], "quietHours.start")
        row.quiet_end = _clock(quiet_hours[1], "quietHours.end")
    if time_zone is not None:
        try:
            ZoneInfo(time_zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise Refused(
                "BAD_INPUT", f"unknown time zone {time_zone!r} (e.g. Europe/Madrid)"
            ) from None
        row.time_zone = time_zone
    if while_watching is not None:
        row.while_watching = while_watching
    if digest is not None:
        row.digest = digest
    if language is not None:
        if language and language not in LANGUAGES:
            raise Refused("BAD_INPUT", f"language is one of {', '.join(LANGUAGES)}, or empty")
        row.language = language
    row.updated_at = timezone.now()
    row.save()
    return row

"""The seam between a notice and a push service: the :class:`Message` a device gets, the
:class:`Outcome` of one send, and the :class:`Channel` each service implements.

Channels: Web Push (``webpush``: web), FCM HTTP v1 (``fcm``: android, and iOS devices
registered with an FCM token), APNs (``apns``: iOS devices registered with an APNs
token). Each is on when its settings are given (``enabled``), and answers every send
with an outcome; what follows (a retry, pruning the device) is decided in one place,
``matches.notifications.delivery``.
"""

from __future__ import annotations

import email.utils
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Literal, Protocol

from matches.notifications.kinds import Urgency
from matches.notifications.models import PushDevice

Status = Literal["sent", "gone", "retry", "failed"]


@dataclass(frozen=True, slots=True)
class Message:
    """One notice as one device gets it (already in the device's language)."""

    kind: str
    title: str
    body: str
    match_id: str | None  # the public match id, as the API names matches
    url: str  # the web client's deep link: /#/match/<id>
    ttl: int  # seconds a push service may keep it while the device is offline
    urgency: Urgency
    collapse_key: str
    badge: int | None = None  # matches where it is the user's turn (iOS badge)
    data: dict[str, str] = field(default_factory=dict)  # ruleset, opponents, turn...
    sent_at: datetime = field(default_factory=lambda: datetime.now(UTC))

    def payload(self) -> dict[str, str]:
        """Everything as flat strings: FCM's ``data``, the fields beside APNs' ``aps``,
        and (with the title and body) the Web Push JSON."""
        out = {"kind": self.kind, "url": self.url, **self.data}
        if self.match_id is not None:
            out["matchId"] = self.match_id
        if self.badge is not None:
            out["badge"] = str(self.badge)
        return out

    @property
    def expires_at(self) -> int:
        """The Unix time after which it is worthless (APNs' ``apns-expiration``)."""
        return int(self.sent_at.timestamp()) + self.ttl


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a push service answered: ``sent``; ``gone`` (the device no longer exists:
    delete it); ``retry`` (429, 5xx, a network error; ``retry_after`` seconds when the
    service said); ``failed`` (refused for good)."""

    status: Status
    code: int | None = None
    error: str = ""
    retry_after: float | None = None


class Channel(Protocol):
    name: str

    def enabled(self) -> bool:
        """Whether this server is configured to send through it."""

    def send(self, device: PushDevice, message: Message) -> Outcome:
        """Send ``message`` to ``device``; never raises for what the service answers."""


def retry_after(value: str | None, now: datetime | None = None) -> float | None:
    """A ``Retry-After`` header's delay in seconds (delay-seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


def by_status(code: int, *, gone: frozenset[int], header: str | None, error: str) -> Outcome:
    """The outcome of an HTTP answer: 2xx sent, ``gone`` codes gone, 429 and 5xx retry
    (honouring ``Retry-After``), anything else failed."""
    if 200 <= code < 300:
        return Outcome("sent", code)
    if code in gone:
        return Outcome("gone", code, error)
    if code == 429 or code >= 500:
        return Outcome("retry", code, error, retry_after(header))
    return Outcome("failed", code, error)

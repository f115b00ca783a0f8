"""Notifications of correspondence play: "your turn" and the 80% reminder.

Every notice goes to the user's ``myEvents`` subscription (``matches.publishing``) and
to each sender named in ``NOTIFICATION_SENDERS``: by default an email (Django's
``EMAIL_BACKEND``) and a push to each registered device through ``PUSH_BACKEND``. A
sender is any class with ``send(user, notice)``; a push backend any class with
``push(device, notice)`` (the default only logs: a real one calls APNs/FCM).
A failing sender is logged and skipped: a notice is best effort, the clock is not.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.conf import settings
from django.core.mail import send_mail
from django.utils import timezone
from django.utils.module_loading import import_string

from matches import publishing
from matches.models import Match, MatchStatus, PushDevice, Seat
from matches.seats import seat_control

log = logging.getLogger(__name__)

YOUR_TURN = "YOUR_TURN"
TURN_REMINDER = "TURN_REMINDER"
KINDS = frozenset({YOUR_TURN, TURN_REMINDER})


@dataclass(frozen=True, slots=True)
class Notice:
    kind: str
    match_id: int
    title: str
    body: str
    payload: dict[str, Any] = field(default_factory=dict)


class Sender(Protocol):
    def send(self, user: Any, notice: Notice) -> bool:
        """Deliver ``notice`` to ``user``; whether anything was sent."""


class PushBackend(Protocol):
    def push(self, device: PushDevice, notice: Notice) -> None:
        """Deliver ``notice`` to one device."""


class EmailSender:
    def send(self, user: Any, notice: Notice) -> bool:
        if not getattr(user, "email", ""):
            return False
        send_mail(notice.title, notice.body, settings.DEFAULT_FROM_EMAIL, [user.email])
        return True


class LogPushBackend:
    def push(self, device: PushDevice, notice: Notice) -> None:
        log.info("push to %s device %s: %s", device.platform, device.pk, notice.title)


class PushSender:
    def __init__(self) -> None:
        self.backend: PushBackend = import_string(settings.PUSH_BACKEND)()

    def send(self, user: Any, notice: Notice) -> bool:
        devices = list(PushDevice.objects.filter(user=user))
        for device in devices:
            self.backend.push(device, notice)
        return bool(devices)


def senders() -> list[Sender]:
    return [import_string(path)() for path in settings.NOTIFICATION_SENDERS]


def notify_turn(*, match_id: int, turn: int, kind: str) -> int:
    """Tell the human on turn ``turn`` (``kind``: YOUR_TURN or TURN_REMINDER), if the
    turn is still running and theirs; the number of senders that delivered."""
    if kind not in KINDS:
        raise ValueError(f"unknown notice {kind!r}")
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != MatchStatus.ACTIVE or match.turn != turn:
        return 0
    if match.on_turn is None:
        return 0
    row = Seat.objects.filter(match=match, index=match.on_turn).select_related("user").first()
    if row is None or row.user is None or seat_control(row).person is None:
        return 0
    deadline = match.deadline.isoformat() if match.deadline else None
    payload = {"turn": turn, "seat": row.index, "deadline": deadline}
    if kind == TURN_REMINDER:
        # YOUR_TURN reached myEvents when the turn started (matches.services).
        event = {
            "type": kind,
            "matchId": match_id,
            "at": timezone.now().isoformat(),
            "payload": payload,
        }
        publishing.publish_user_event(row.user.pk, event)
        title = f"Your turn in match {match_id} runs out soon"
        body = f"Make your move before {deadline} or the turn is played for you."
    else:
        title = f"Your turn in match {match_id}"
        body = f"It is your turn (turn {turn}); make your move before {deadline}."
    notice = Notice(kind, match_id, title, body, payload)
    delivered = 0
    for sender in senders():
        try:
            delivered += bool(sender.send(row.user, notice))
        except Exception:
            log.exception(
                "%s could not send %s for match %s", type(sender).__name__, kind, match_id
            )
    return delivered

"""Deciding who is told what, and queueing it: a notice, then a delivery per device.

:func:`notify_turn` (the ``matches.notify`` task: YOUR_TURN, TURN_REMINDER,
LAST_CHANCE) first checks that the turn is still the user's and that they did not act
since it started; :func:`notify_users` does the same for the notices of a whole match
(MATCH_STARTED, MATCH_ENDED, SEAT_TAKEN_OVER, INVITED). Both end in :func:`notice`:

1. at most once: the notice's ``key`` (kind, match, turn) is unique per user;
2. the e-mail digest: the notice is an item of the user's next digest when they want
   e-mail of that kind (``matches.notifications.digest`` sends it, a few a day at most);
3. push, unless the user turned that kind off, or watches the match right now (a live
   ``matchEvents`` subscription, ``matches.presence.watching``; the setting
   "while watching" and the urgent kinds push anyway): a :class:`Delivery` per device,
   queued now, or ``WAITING`` until the user's quiet hours end (the last-chance alarm
   never waits). A newer notice of a kind replaces the waiting ones of that kind.

The deliveries' tasks (``notifications.deliver``) are queued by name after commit.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from matches import presence, publishing
from matches.models import Match, MatchAction, MatchStatus, Seat
from matches.notifications.apns import ApnsChannel
from matches.notifications.fcm import FcmChannel
from matches.notifications.kinds import (
    LAST_CHANCE,
    MATCH_ENDED,
    TEST,
    TURN_KINDS,
    TURN_REMINDER,
    URGENT,
)
from matches.notifications.models import (
    Delivery,
    DeliveryStatus,
    Notice,
    PushDevice,
    PushPlatform,
)
from matches.notifications.preferences import Prefs, prefs_for
from matches.notifications.push import Channel
from matches.notifications.webpush import WebPushChannel
from matches.queueing import Task, notify_queue, send_all
from matches.seats import seat_control
from matches.selectors import load_state, match_rules

log = logging.getLogger(__name__)

DELIVER_TASK = "notifications.deliver"
DELIVER_PRIORITY = 6  # after the clock's expiries and the turn notices (matches.queueing)


def channel_for(device: PushDevice) -> Channel | None:
    """The channel a device's notices go through, if this server has it configured:
    web to Web Push, android to FCM, ios to APNs for an APNs token (hex) or FCM for an
    FCM registration token. None for a platform name ``registerDevice`` took that none
    serves, or a service without settings."""
    channel: Channel
    if device.platform == PushPlatform.WEB:
        if not (device.p256dh and device.auth):
            return None
        channel = WebPushChannel()
    elif device.platform == PushPlatform.ANDROID:
        channel = FcmChannel()
    elif device.platform == PushPlatform.IOS:
        channel = ApnsChannel() if is_apns_token(device.token) else FcmChannel()
    else:
        return None
    return channel if channel.enabled() else None


def is_apns_token(token: str) -> bool:
    return len(token) >= 64 and all(c in "0123456789abcdefABCDEF" for c in token)


def deliver_task(delivery_id: int, countdown: float | None = None) -> Task:
    options: dict[str, Any] = {"priority": DELIVER_PRIORITY, "queue": notify_queue()}
    if countdown:
        options["countdown"] = countdown
    return (DELIVER_TASK, [delivery_id], options)


def queue_deliveries(delivery_ids: Iterable[int]) -> None:
    """Queue the deliveries' tasks after the current transaction commits."""
    tasks = [deliver_task(pk) for pk in delivery_ids]
    if tasks:
        transaction.on_commit(lambda: send_all(tasks))


def notice(
    kind: str,
    *,
    user_id: int,
    match: Match | None = None,
    turn: int | None = None,
    payload: Mapping[str, Any] | None = None,
    key: str | None = None,
    skip: str = "",
    now: datetime | None = None,
) -> Notice | None:
    """Make the notice and its deliveries (see the module notes); None when the user
    was told this already (same key). ``skip``: a reason the caller found not to push."""
    now = now or timezone.now()
    prefs = prefs_for(user_id)
    if key is None:
        key = f"{kind}:{match.pk if match is not None else ''}:{turn if turn is not None else ''}"
    why = skip or _why_not_pushed(kind, match.pk if match is not None else None, user_id, prefs)
    # What the player watched as it happened is no news for their digest.
    email = why != "watching" and kind != TEST and prefs.emails(kind) and _has_email(user_id)
    with transaction.atomic():
        try:
            with transaction.atomic():
                made = Notice.objects.create(
                    user_id=user_id,
                    kind=kind,
                    key=key[:120],
                    match=match,
                    turn=turn,
                    payload=dict(payload or {}),
                    created_at=now,
                    email_pending=email,
                    skipped=why,
                )
        except IntegrityError:
            return None
        if made.skipped:
            return made
        queued = _deliveries(made, prefs, now)
        if not queued and not made.skipped:
            made.skipped = "no device"
            made.save(update_fields=["skipped"])
    return made


def _has_email(user_id: int) -> bool:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.filter(pk=user_id).exclude(email="").exists()


def _why_not_pushed(kind: str, match_id: int | None, user_id: int, prefs: Prefs) -> str:
    if not prefs.pushes(kind) and kind != TEST:
        return "off"
    if kind in URGENT or prefs.while_watching or match_id is None:
        return ""
    if presence.watching(match_id, user_id):
        return "watching"
    return ""


def _deliveries(made: Notice, prefs: Prefs, now: datetime) -> list[int]:
    """Make a delivery per device of the user (the newest ``NOTIFY_MAX_DEVICES``) and
    queue those not held by quiet hours; the ids queued."""
    devices = list(
        PushDevice.objects.filter(user_id=made.user_id).order_by("-updated_at")[
            : settings.NOTIFY_MAX_DEVICES
        ]
    )
    if not devices:
        return []
    wait_until = prefs.push_at(made.kind, now)
    # A newer notice of a kind replaces the older ones still waiting (one per kind).
    Delivery.objects.filter(
        device__in=devices, notice__kind=made.kind, status=DeliveryStatus.WAITING
    ).update(status=DeliveryStatus.DROPPED, error="replaced by a newer notice")
    rows = Delivery.objects.bulk_create(
        [
            Delivery(
                notice=made,
                device=device,
                status=DeliveryStatus.WAITING if wait_until else DeliveryStatus.QUEUED,
                not_before=wait_until,
                created_at=now,
            )
            for device in devices
        ]
    )
    if wait_until is not None:
        made.skipped = "quiet hours"
        made.save(update_fields=["skipped"])
        return [row.pk for row in rows]
    queue_deliveries(row.pk for row in rows)
    return [row.pk for row in rows]


def notify_turn(*, match_id: int, turn: int, kind: str, since_seq: int | None = None) -> str:
    """Tell the person on turn ``turn`` of the match (``kind``: YOUR_TURN, TURN_REMINDER,
    LAST_CHANCE), if the turn still runs, is theirs, and they did not act in it since
    ``since_seq`` (the match's last event when the turn started); what happened, in a
    word. The last-chance alarm goes only to a seat this expiry would hand to a bot."""
    if kind not in TURN_KINDS:
        raise ValueError(f"unknown turn notice {kind!r}")
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != MatchStatus.ACTIVE or match.turn != turn:
        return "turn over"
    if match.on_turn is None:
        return "no seat on turn"
    row = Seat.objects.filter(match=match, index=match.on_turn).select_related("user").first()
    if row is None or row.user_id is None or seat_control(row).person is None:
        return "no person on turn"
    if since_seq is not None and match.last_seq > since_seq:
        acted = MatchAction.objects.filter(match=match, seq__gt=since_seq, user_id=row.user_id)
        if acted.exists():
            return "acted"
    if kind == LAST_CHANCE and not _takeover_at_expiry(match, row.index):
        return "no takeover at the deadline"
    deadline = match.deadline.isoformat() if match.deadline else None
    payload = {"turn": turn, "seat": row.index, "deadline": deadline}
    if kind == TURN_REMINDER:
        # YOUR_TURN reached myEvents when the turn started (matches.store).
        event = {
            "type": kind,
            "matchId": match_id,
            "at": timezone.now().isoformat(),
            "payload": payload,
        }
        publishing.publish_user_event(row.user_id, event)
    made = notice(kind, user_id=row.user_id, match=match, turn=turn, payload=payload)
    if made is None:
        return "told already"
    return made.skipped or "queued"


def _takeover_at_expiry(match: Match, seat: int) -> bool:
    state = load_state(match)
    if state is None or seat >= len(state.seats):
        return False
    me = state.seats[seat]
    return not me.bot and me.timeouts + 1 >= match_rules(match).max_timeouts


def notify_users(
    *, kind: str, match_id: int, user_ids: Iterable[int], payload: Mapping[str, Any]
) -> int:
    """Tell each user of ``user_ids`` a notice of ``kind`` about the match; how many
    notices were made. A match that ended is not pushed to a user who was there at the
    end (subscribed, or any request since shortly before it)."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return 0
    made = 0
    seen: dict[tuple[int, int], float] = {}
    users = sorted(set(user_ids))
    if kind == MATCH_ENDED and match.finished_at is not None:
        seen = presence.last_seen([(match.pk, u) for u in users])
    margin = timedelta(seconds=2 * presence.heartbeat_interval() + 1)
    for user_id in users:
        skip = ""
        if kind == MATCH_ENDED and match.finished_at is not None:
            was_there = seen.get((match.pk, user_id), 0.0)
            if was_there >= (match.finished_at - margin).timestamp():
                skip = "watching"
        key = f"{kind}:{match.pk}:{payload.get('key', '')}"
        if notice(kind, user_id=user_id, match=match, payload=payload, key=key, skip=skip):
            made += 1
    return made


def send_test(device: PushDevice, now: datetime | None = None) -> Delivery:
    """The admin's "send a test notification": a TEST notice to this one device, now
    (quiet hours and settings do not apply)."""
    import uuid

    now = now or timezone.now()
    with transaction.atomic():
        made = Notice.objects.create(
            user_id=device.user_id, kind=TEST, key=f"TEST:{uuid.uuid4().hex}", created_at=now
        )
        row = Delivery.objects.create(notice=made, device=device, created_at=now)
        queue_deliveries([row.pk])
    return row

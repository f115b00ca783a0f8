"""Sending one delivery (a notice to one device), at most once, and what follows.

:func:`deliver` claims the row (``QUEUED`` or ``RETRY`` to ``SENDING``, one conditional
UPDATE: a duplicate task, or a second worker, finds nothing to claim), composes the
message as things stand now (a notice no longer true is ``DROPPED``), sends it through
the device's channel and records the outcome:

- ``sent``: ``SENT``, the device's ``last_success_at``;
- ``gone`` (Web Push 404/410, FCM ``UNREGISTERED``, APNs 410 ``Unregistered`` or 400
  ``BadDeviceToken``): the device is deleted with its deliveries;
- ``retry`` (429, 5xx, the network): ``RETRY`` and a countdown, the service's
  ``Retry-After`` when it gave one, else an exponential backoff; after
  ``NOTIFY_MAX_ATTEMPTS`` attempts, or once the notice's time to live is over, ``FAILED``;
- ``failed``: ``FAILED`` with the service's reason.

A crash between the claim and the record leaves the row ``SENDING``: it is not sent
again (at most once). Logs name the device by id, never its token or endpoint.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import F
from django.utils import timezone

from matches.notifications.compose import about as about_notice
from matches.notifications.compose import message as compose_message
from matches.notifications.dispatch import channel_for, deliver_task
from matches.notifications.metrics import count
from matches.notifications.models import Delivery, DeliveryStatus, PushDevice
from matches.notifications.preferences import prefs_for
from matches.queueing import send_all

log = logging.getLogger(__name__)

BACKOFF_SECONDS = 5.0
MAX_WAIT_SECONDS = 3600.0


@dataclass(frozen=True, slots=True)
class Result:
    status: str  # sent, gone, retry, failed, dropped, claimed
    countdown: float | None = None


def backoff(attempts: int) -> float:
    return float(min(MAX_WAIT_SECONDS, BACKOFF_SECONDS * 2.0 ** max(0, attempts - 1)))


def deliver(delivery_id: int, now: datetime | None = None) -> Result:
    """Send the delivery once (see the module notes); a ``retry`` result carries the
    countdown of its next attempt, which the caller queues."""
    claimed = Delivery.objects.filter(
        pk=delivery_id, status__in=[DeliveryStatus.QUEUED, DeliveryStatus.RETRY]
    ).update(status=DeliveryStatus.SENDING, attempts=F("attempts") + 1)
    if not claimed:
        return Result("claimed")
    row = Delivery.objects.select_related("notice__match", "device").get(pk=delivery_id)
    now = now or timezone.now()
    notice, device = row.notice, row.device
    about = about_notice(notice)
    if not about.current:
        _record(row, DeliveryStatus.DROPPED, error="no longer true")
        return Result("dropped")
    channel = channel_for(device)
    if channel is None:
        _record(row, DeliveryStatus.FAILED, error=f"no push service for {device.platform}")
        return Result("failed")
    message = compose_message(notice, about, device, prefs_for(notice.user_id), now)
    outcome = channel.send(device, message)
    if outcome.status == "sent":
        _record(row, DeliveryStatus.SENT, code=outcome.code)
        PushDevice.objects.filter(pk=device.pk).update(last_success_at=now)
        count(channel.name, "sent")
        return Result("sent")
    if outcome.status == "gone":
        log.info(
            "%s device %s of user %s is gone (%s): deleted",
            channel.name, device.pk, device.user_id, outcome.code,
        )  # fmt: skip
        PushDevice.objects.filter(pk=device.pk).delete()
        count(channel.name, "pruned")
        return Result("gone")
    if outcome.status == "retry":
        wait = outcome.retry_after if outcome.retry_after is not None else backoff(row.attempts)
        wait = max(1.0, min(MAX_WAIT_SECONDS, wait))
        expires = notice.created_at + timedelta(seconds=message.ttl)
        if row.attempts < settings.NOTIFY_MAX_ATTEMPTS and now + timedelta(seconds=wait) < expires:
            _record(
                row,
                DeliveryStatus.RETRY,
                code=outcome.code,
                error=outcome.error,
                not_before=now + timedelta(seconds=wait),
            )
            count(channel.name, "retried")
            log.info(
                "%s push to device %s answered %s: retry in %.0f s",
                channel.name, device.pk, outcome.code, wait,
            )  # fmt: skip
            return Result("retry", wait)
    _record(row, DeliveryStatus.FAILED, code=outcome.code, error=outcome.error)
    count(channel.name, "failed")
    # The service's text stays in the delivery row (the admin): a push service's answer
    # may quote its endpoint, which is a secret of the device.
    log.warning("%s push to device %s failed (%s)", channel.name, device.pk, outcome.code)
    return Result("failed")


def _record(
    row: Delivery,
    status: str,
    *,
    code: int | None = None,
    error: str = "",
    not_before: datetime | None = None,
) -> None:
    Delivery.objects.filter(pk=row.pk).update(
        status=status,
        status_code=code,
        error=error[:200],
        not_before=not_before,
        updated_at=timezone.now(),
    )


def requeue(delivery_id: int, countdown: float) -> None:
    """Queue the next attempt of a delivery (best effort: the sweep repairs a loss)."""
    send_all([deliver_task(delivery_id, countdown)])

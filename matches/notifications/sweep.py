"""The notifications' periodic work (beat's ``notifications.sweep``, every
``NOTIFY_SWEEP_SECONDS``): pushes whose quiet hours ended, deliveries whose task was
lost, the e-mail digests that are due, and notices older than a month.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from matches.notifications.delivery import requeue
from matches.notifications.digest import send_due
from matches.notifications.dispatch import deliver_task
from matches.notifications.models import Delivery, DeliveryStatus, Digest, Notice
from matches.queueing import send_all

BATCH = 500
# A queued delivery whose task has not claimed it this long after it was due was lost
# (a flushed broker, a killed worker before the claim): queue it again.
LOST_AFTER = timedelta(minutes=5)
# Notices and digests are kept this long (the admin's history; a digest's count needs
# only a day).
KEEP = timedelta(days=30)


def release_waiting(now: datetime) -> int:
    """Queue the pushes held by quiet hours that have ended: per device and kind only
    the newest (the older ones are replaced: ``DROPPED``); how many were queued."""
    due = list(
        Delivery.objects.filter(status=DeliveryStatus.WAITING, not_before__lte=now)
        .order_by("-notice__created_at")
        .values_list("pk", "device_id", "notice__kind")[:BATCH]
    )
    keep: dict[tuple[int, str], int] = {}
    for pk, device, kind in due:
        keep.setdefault((device, kind), pk)
    older = [pk for pk, device, kind in due if keep[(device, kind)] != pk]
    if older:
        Delivery.objects.filter(pk__in=older, status=DeliveryStatus.WAITING).update(
            status=DeliveryStatus.DROPPED, error="replaced by a newer notice"
        )
    queued = []
    for pk in keep.values():
        if Delivery.objects.filter(pk=pk, status=DeliveryStatus.WAITING).update(
            status=DeliveryStatus.QUEUED, not_before=None
        ):
            queued.append(pk)
    send_all([deliver_task(pk) for pk in queued])
    return len(queued)


def requeue_lost(now: datetime) -> int:
    """Queue again the deliveries whose task went missing (see ``LOST_AFTER``)."""
    stale = now - LOST_AFTER
    lost = list(
        Delivery.objects.filter(
            Q(status=DeliveryStatus.QUEUED, updated_at__lt=stale)
            | Q(status=DeliveryStatus.RETRY, not_before__lt=stale)
        ).values_list("pk", flat=True)[:BATCH]
    )
    for pk in lost:
        requeue(pk, 0)
    return len(lost)


def forget_old(now: datetime) -> int:
    """Delete notices (with their deliveries) and digests older than ``KEEP`` (a batch):
    a notice is made for every turn of a person, watched or not."""
    old = now - KEEP
    notices = list(
        Notice.objects.filter(created_at__lt=old, email_pending=False)
        .order_by()
        .values_list("pk", flat=True)[:BATCH]
    )
    deleted, _ = Notice.objects.filter(pk__in=notices).delete()
    Digest.objects.filter(sent_at__lt=old).delete()
    return len(notices) if deleted else 0


def sweep(now: datetime | None = None) -> dict[str, int]:
    now = now or timezone.now()
    return {
        "released": release_waiting(now),
        "requeued": requeue_lost(now),
        "digests": send_due(now),
        "forgotten": forget_old(now),
    }

"""The notifications' Celery tasks (ids in, explicit names, no logic: that is in
``dispatch``, ``delivery`` and ``sweep``). The turn's notice keeps its old name and
module, ``matches.notify`` in ``matches.tasks``.
"""

from __future__ import annotations

from typing import Any

from celery import Task, shared_task
from django.db import OperationalError

from matches.notifications.delivery import deliver as deliver_one
from matches.notifications.dispatch import notify_users
from matches.notifications.sweep import sweep as sweep_all

RETRY: dict[str, Any] = {
    "autoretry_for": (OperationalError,),
    "retry_backoff": True,
    "retry_backoff_max": 30,
    "max_retries": 5,
}


@shared_task(name="notifications.deliver", bind=True, **RETRY)
def deliver(self: Task, delivery_id: int) -> str:
    """Send one delivery, at most once; a 429 or 5xx is tried again after the service's
    Retry-After (or a backoff) as a new attempt of the same delivery."""
    result = deliver_one(delivery_id)
    if result.status == "retry" and result.countdown is not None:
        # A countdown task of its own; the row says RETRY until it runs, and the sweep
        # queues it again if this message is lost.
        raise self.retry(countdown=result.countdown, max_retries=None)
    return result.status


@shared_task(name="notifications.notify", **RETRY)
def notify(kind: str, match_id: int, user_ids: list[int], payload: dict[str, Any]) -> int:
    """Tell these users a notice of ``kind`` about the match (MATCH_STARTED, ...)."""
    return notify_users(kind=kind, match_id=match_id, user_ids=user_ids, payload=payload)


@shared_task(name="notifications.sweep", **RETRY)
def sweep() -> dict[str, int]:
    """Beat's sweep: quiet hours ended, lost deliveries, due digests."""
    return sweep_all()

"""The clock's Celery tasks (STYLE 16): ids in, explicit names, no logic (that is in
``matches.deadlines`` and ``matches.notifications``), idempotent by re-checking under
the match lock, retried only on a lost database connection or a deadlock."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from matches import deadlines, notifications

RETRY = {
    "autoretry_for": (OperationalError,),
    "retry_backoff": True,
    "retry_backoff_max": 30,
    "max_retries": 5,
}


@shared_task(name="matches.expire_turn", **RETRY)
def expire_turn(match_id: int, turn: int) -> str:
    """Apply the deadline of ``turn`` (T-EXPIRY) once; a duplicate finds it STALE_TURN."""
    return deadlines.expire_turn(match_id=match_id, turn=turn)


@shared_task(name="matches.sweep_deadlines", **RETRY)
def sweep_deadlines() -> dict[str, int]:
    """Beat's sweep: past deadlines, reminders, stalled bots, disconnected players."""
    return deadlines.sweep()


@shared_task(name="matches.notify", **RETRY)
def notify(match_id: int, turn: int, kind: str) -> int:
    """Tell the player on turn ``turn`` (YOUR_TURN, TURN_REMINDER) if it is still theirs;
    the number of senders that delivered."""
    return notifications.notify_turn(match_id=match_id, turn=turn, kind=kind)

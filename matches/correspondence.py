"""Correspondence play (T-ASYNC): vacations, which pause a player's clocks, and the
device tokens that push notifications go to.

Vacation (``setVacation(days)``), exactly:

- ``days > 0`` puts the player on vacation from now until ``now + days`` days; if they
  are on one already its end moves to ``now + days`` (its start stays). ``days == 0``
  ends a vacation now (nothing happens without one).
- Bound: the days of vacation in the rolling 365 days up to now, each vacation counted
  as its length in days rounded up after a grace hour (only the part inside the window;
  ending early gives the unused whole days back), may not exceed
  ``VACATION_DAYS_PER_YEAR``.
- While on vacation the player's correspondence clocks do not run:
  a turn of theirs that starts during the vacation gets its whole time from the end of
  the vacation (``matches.clock.start_clock``); a turn of theirs running when the
  vacation starts, moves or ends has its deadline (and its reminder) moved by exactly the
  change of the pause: ``deadline += max(new_end, now) - max(old_end, now)``. So the time
  that was left when the clock stopped is what is left when it starts again.
- Live matches are not affected, nor a seat a bot has taken over. A player on vacation
  may still move; moving does not end the vacation.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F
from django.utils import timezone

import matches.notifications.devices as devices
from matches.clock import clock_paused_until
from matches.errors import InvalidRequest
from matches.locks import lock_matches
from matches.models import MatchStatus, Seat, Vacation
from matches.notifications.models import PushDevice
from matches.seats import person_plays_q

__all__ = [
    "clock_paused_until",
    "register_device",
    "set_vacation",
    "vacation_days_left",
]

DAY = timedelta(days=1)
WINDOW = timedelta(days=365)
GRACE = timedelta(hours=1)


def _days(start: datetime, end: datetime, window_start: datetime) -> int:
    # Whole days, rounded up after a grace hour: moving a vacation's end a moment after
    # booking it must not cost a day for the moment.
    length = end - max(start, window_start) - GRACE
    return max(0, math.ceil(length / DAY))


def vacation_days_left(*, user: Any, now: datetime | None = None) -> int:
    """Vacation days the user may still book (running vacation counted as booked)."""
    now = now or timezone.now()
    window_start = now - WINDOW
    used = sum(
        _days(v.starts_at, v.ends_at, window_start)
        for v in Vacation.objects.filter(user=user, ends_at__gt=window_start)
    )
    return max(0, settings.VACATION_DAYS_PER_YEAR - used)


def set_vacation(*, user: Any, days: int) -> datetime | None:
    """Start, move or end (``days == 0``) the user's vacation; the new end, or None when
    no vacation runs. Raises InvalidRequest for a negative ``days`` or one beyond the
    yearly bound (see the module notes)."""
    if isinstance(days, bool) or not isinstance(days, int) or days < 0:
        raise InvalidRequest("days is a whole number of days, 0 to end a vacation")
    limit = settings.VACATION_DAYS_PER_YEAR
    if days > limit:
        raise InvalidRequest(f"a vacation is at most {limit} days")
    with transaction.atomic():
        # One user's vacation changes one at a time: their row is the lock.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        now = timezone.now()
        running = (
            Vacation.objects.filter(user=user, starts_at__lte=now, ends_at__gt=now)
            .order_by("-ends_at")
            .first()
        )
        old_end = running.ends_at if running is not None else now
        new_end = now + days * DAY
        if running is None and days == 0:
            return None
        window_start = now - WINDOW
        others = Vacation.objects.filter(user=user, ends_at__gt=window_start)
        if running is not None:
            others = others.exclude(pk=running.pk)
        used = sum(_days(v.starts_at, v.ends_at, window_start) for v in others)
        start = running.starts_at if running is not None else now
        wanted = _days(start, new_end, window_start)
        if used + wanted > limit:
            raise InvalidRequest(
                f"that is more than the {limit} vacation days a year: {limit - used} are "
                "left (a running vacation counts from its start)"
            )
        if running is not None:
            running.ends_at = new_end
            running.save(update_fields=["ends_at"])
        else:
            Vacation.objects.create(user=user, starts_at=now, ends_at=new_end)
        _shift_clocks(user, max(new_end, now) - max(old_end, now))
        return new_end if days else None


def _shift_clocks(user: Any, shift: timedelta) -> None:
    """Move the deadlines of the user's running correspondence turns by ``shift``."""
    if not shift:
        return
    match_ids = list(
        Seat.objects.filter(
            person_plays_q(),
            user=user,
            index=F("match__on_turn"),
            match__status=MatchStatus.ACTIVE,
            match__correspondence_hours__isnull=False,
            match__turn_seconds__isnull=True,
            match__deadline__isnull=False,
        ).values_list("match_id", flat=True)
    )
    for match in lock_matches(sorted(match_ids)):
        if match.deadline is None or match.status != MatchStatus.ACTIVE:
            continue
        match.deadline += shift
        if match.remind_at is not None:
            match.remind_at += shift
        if match.last_chance_at is not None:
            match.last_chance_at += shift
        match.save(update_fields=["deadline", "remind_at", "last_chance_at", "updated_at"])


def register_device(*, user: Any, platform: str, push_token: str) -> PushDevice:
    """Store a push token for the user (``registerDevice``, deprecated for
    ``addPushDevice``: ``matches.notifications.devices``). Raises InvalidRequest for an
    empty or oversized platform or token."""
    try:
        return devices.register_device(user=user, platform=platform, push_token=push_token)
    except devices.Refused as exc:
        raise InvalidRequest(exc.message) from None

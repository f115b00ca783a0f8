"""The clock of a turn (T-EXPIRY, RR-TIMER, RK-TIMER): how long a turn may take, when
it runs out, and the vacations that pause a correspondence clock.

The deadline of a turn lives in the database (``Match.deadline``); the services set it
with :func:`start_clock` when a turn starts, under the match lock. What applies it when
it passes (an ETA task, the sweeper) is ``matches.deadlines``, above the services.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from matches.models import Match, Vacation


def turn_duration(match: Match) -> timedelta | None:
    """How long one turn of ``match`` may take; None when untimed."""
    if match.turn_seconds:
        return timedelta(seconds=match.turn_seconds)
    if match.correspondence_hours:
        return timedelta(hours=match.correspondence_hours)
    return None


def is_correspondence(match: Match) -> bool:
    return bool(match.correspondence_hours) and not match.turn_seconds


def clock_paused_until(user_id: int, now: datetime) -> datetime | None:
    """The end of the user's vacation running at ``now``, or None
    (``matches.correspondence`` books vacations)."""
    return (
        Vacation.objects.filter(user_id=user_id, starts_at__lte=now, ends_at__gt=now)
        .order_by("-ends_at")
        .values_list("ends_at", flat=True)
        .first()
    )


def start_clock(match: Match, now: datetime, *, player_id: int | None) -> datetime | None:
    """The deadline of the turn of ``match.on_turn`` that starts ``now``; also sets
    ``match.remind_at`` and ``match.last_chance_at`` (correspondence only).
    ``player_id``: the person who plays that seat themselves
    (``matches.seats.Control.person``), None when a bot does. Called under the match
    lock, before the match row is saved.

    A correspondence turn of a player on vacation starts when the vacation ends
    (:mod:`matches.correspondence`): the whole turn's time is left when they come back.
    """
    duration = turn_duration(match)
    match.remind_at = None
    match.last_chance_at = None
    if duration is None:
        return None
    start = now
    if is_correspondence(match) and player_id is not None:
        start = max(now, clock_paused_until(player_id, now) or now)
    deadline = start + duration
    if is_correspondence(match):
        match.remind_at = deadline - duration * (1 - settings.REMINDER_FRACTION)
        # The last-chance alarm: an hour before the deadline (a tenth of a shorter turn).
        ahead = min(timedelta(seconds=settings.NOTIFY_LAST_CHANCE_SECONDS), duration / 10)
        match.last_chance_at = deadline - ahead
    return deadline


def turn_expired(match: Match, now: datetime | None = None) -> bool:
    """Whether the current turn's deadline has passed (a move now is TURN_EXPIRED)."""
    return match.deadline is not None and match.deadline <= (now or timezone.now())

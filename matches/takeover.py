"""Seat takeover (T-ASYNC): a bot plays a human's seat so that the others can finish.

Three ways a bot takes a seat over, each announced by a SEAT_CHANGED event:

- ``max_timeouts`` expired turns in a row: the engine marks the seat ``bot``
  (``change: bot_took_over, reason: timeouts``);
- a resignation: the engine marks the seat ``resigned`` (``change: resigned``);
- a player of a live *timed* match (T-TAKEOVER) with no subscription of the match and
  no request for ``PRESENCE_GRACE_SECONDS`` (:mod:`matches.presence`): the sweeper's
  ``matches.deadlines.take_over_disconnected``, through
  ``matches.services.match_take_over`` (``reason: disconnected``). An untimed match
  never hands a seat to a bot for being offline.

The player is told (:func:`tell_player`): a ``SEAT_TAKEN_OVER`` event on ``myEvents``
and a notice (push, and an item of their e-mail digest: ``notifications.notify``, queued
by name), except after their own resignation.

:func:`record_seat_events` mirrors each of these onto the ``Seat`` row in the same
transaction: ``takeover`` (why), ``takeover_level`` (``BOT_TAKEOVER_LEVEL``),
``takeover_at`` (since when) and ``abandoned``, which the ratings read at the end of a
ranked match to score the player last (the engine already ranks a resigned seat
last). ``reclaimSeat`` clears them (not after a resignation: a resigned seat stays the
bot's). Who plays a seat is read from both by ``matches.seats.seat_control``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from matches import publishing
from matches.clock import is_correspondence
from matches.models import Match, MatchEvent, MatchStatus, Seat
from matches.queueing import queue_bot_turn, queue_user_notice

log = logging.getLogger(__name__)

TIMEOUTS = "timeouts"
RESIGNED = "resigned"
DISCONNECTED = "disconnected"
SEAT_TAKEN_OVER = "SEAT_TAKEN_OVER"


def set_takeover(row: Seat, reason: str) -> None:
    """Record on ``row`` (in the database and on the object) that a bot plays it now for
    ``reason``, or (``reason == ""``) that its person plays it again."""
    level = settings.BOT_TAKEOVER_LEVEL if reason else ""
    fields: dict[str, Any] = {
        "takeover": reason,
        "takeover_level": level,
        "abandoned": bool(reason),
        "takeover_at": timezone.now() if reason else None,
    }
    Seat.objects.filter(pk=row.pk).update(**fields)
    for name, value in fields.items():
        setattr(row, name, value)


After = Callable[[Callable[[], None]], None]  # registers what to do after commit


def record_seat_events(
    match: Match,
    seats: Sequence[Seat],
    rows: Sequence[MatchEvent],
    *,
    later: After = transaction.on_commit,
) -> None:
    """Mirror the engine's seat changes and expiries onto the seat rows, in the database
    and on ``seats`` (the match's rows by index, as the caller read them), inside the
    transaction that stored ``rows`` (after the match row was saved); after commit
    (``later``), tell the player and queue the bot of a seat resigned while on turn."""
    for event in rows:
        index = event.public.get("seat")
        if index is None or not 0 <= index < len(seats):
            continue
        seat = seats[index]
        if event.type == "TURN_EXPIRED":
            Seat.objects.filter(pk=seat.pk).update(timeouts=F("timeouts") + 1)
            seat.timeouts += 1
        if event.type != "SEAT_CHANGED":
            continue
        human = seat.user_id is not None and not seat.bot_level
        change = event.public.get("change")
        if change == "bot_took_over" and event.public.get("reason") == TIMEOUTS:
            if human:
                set_takeover(seat, TIMEOUTS)
                tell_player(match, index, TIMEOUTS, seat.user_id, later=later)
        elif change == RESIGNED:
            if human:
                set_takeover(seat, RESIGNED)
            if match.status == MatchStatus.ACTIVE and match.on_turn == index:
                queue_takeover_bot(match, later=later)
        elif change == "reclaimed" and human:
            set_takeover(seat, "")


def tell_player(
    match: Match,
    seat: int,
    reason: str,
    user_id: int | None,
    *,
    later: After = transaction.on_commit,
) -> None:
    """After commit (``later``), tell the person ``user_id`` of ``seat`` that a bot plays
    it now (myEvents and the notification senders); best effort, like every notice."""
    if user_id is None:
        return
    match_id = match.pk
    payload = {
        "seat": seat,
        "reason": reason.upper(),
        "bot": settings.BOT_TAKEOVER_LEVEL,
        "since": timezone.now().isoformat(),
    }

    def send() -> None:
        event = {
            "type": SEAT_TAKEN_OVER,
            "matchId": match_id,
            "at": timezone.now().isoformat(),
            "payload": payload,
        }
        publishing.publish_user_event(user_id, event)
        # One notice per takeover (its time tells two takeovers of a seat apart).
        notice = {"reason": payload["reason"], "key": f"{seat}:{payload['since']}"}
        queue_user_notice(SEAT_TAKEN_OVER, match_id, [user_id], notice)

    later(send)


def queue_takeover_bot(match: Match, *, later: After = transaction.on_commit) -> None:
    """After commit (``later``), queue the move of the bot that just took over the seat
    on turn."""
    match_id, turn, think = match.pk, match.turn, not is_correspondence(match)
    later(lambda: queue_bot_turn(match_id, turn, think=think))

"""Seat takeover (T-ASYNC): a bot plays a human's seat so that the others can finish.

Three ways a bot takes a seat over, each announced by a SEAT_CHANGED event:

- ``max_timeouts`` expired turns in a row: the engine marks the seat ``bot``
  (``change: bot_took_over, reason: timeouts``);
- a resignation: the engine marks the seat ``resigned`` (``change: resigned``);
- a player of a live *timed* match (T-TAKEOVER) with no subscription of the match and
  no request for ``PRESENCE_GRACE_SECONDS`` (:mod:`matches.presence`):
  :func:`take_over_disconnected`, from the sweeper, through
  ``matches.services.match_take_over`` (``reason: disconnected``). An untimed match
  never hands a seat to a bot for being offline.

The player is told (:func:`tell_player`): a ``SEAT_TAKEN_OVER`` event on ``myEvents``
and a notice through ``matches.notifications``' senders (e-mail, push), except after
their own resignation.

:func:`record_seat_events` mirrors each of these onto the ``Seat`` row in the same
transaction: ``takeover`` (why), ``takeover_level`` (``BOT_TAKEOVER_LEVEL``),
``takeover_at`` (since when) and ``abandoned``, which the ratings read at the end of a
ranked match to score the player last (the engine already ranks a resigned seat
last). ``reclaimSeat`` clears them (not after a resignation: a resigned seat stays the
bot's).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from datetime import UTC, datetime

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from matches.models import Match, MatchEvent, MatchStatus, Seat

log = logging.getLogger(__name__)

TIMEOUTS = "timeouts"
RESIGNED = "resigned"
DISCONNECTED = "disconnected"


def record_seat_events(match: Match, rows: Sequence[MatchEvent]) -> None:
    """Mirror the engine's seat changes and expiries onto the seat rows (called by
    ``matches.services`` inside the transaction that stored ``rows``, after the match
    row was saved), and queue the bot of a seat resigned while on turn."""
    level = settings.BOT_TAKEOVER_LEVEL
    for row in rows:
        seat = row.public.get("seat")
        if row.type == "TURN_EXPIRED" and seat is not None:
            Seat.objects.filter(match=match, index=seat).update(timeouts=F("timeouts") + 1)
        if row.type != "SEAT_CHANGED" or seat is None:
            continue
        change = row.public.get("change")
        humans = Seat.objects.filter(match=match, index=seat, user__isnull=False, bot_level="")
        now = timezone.now()
        if change == "bot_took_over" and row.public.get("reason") == TIMEOUTS:
            humans.update(takeover=TIMEOUTS, takeover_level=level, abandoned=True, takeover_at=now)
            tell_player(match, seat, TIMEOUTS)
        elif change == RESIGNED:
            humans.update(takeover=RESIGNED, takeover_level=level, abandoned=True, takeover_at=now)
            if match.status == MatchStatus.ACTIVE and match.on_turn == seat:
                queue_takeover_bot(match)
        elif change == "reclaimed":
            humans.update(takeover="", takeover_level="", abandoned=False, takeover_at=None)


SEAT_TAKEN_OVER = "SEAT_TAKEN_OVER"


def tell_player(match: Match, seat: int, reason: str) -> None:
    """After commit, tell the person of ``seat`` that a bot plays it now (myEvents and
    the notification senders); best effort, like every notice."""
    user_id = (
        Seat.objects.filter(match=match, index=seat, bot_level="")
        .values_list("user_id", flat=True)
        .first()
    )
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
        from accounts.models import User
        from matches import notifications, publishing

        event = {"type": SEAT_TAKEN_OVER, "matchId": match_id, "payload": payload}
        publishing.publish_user_event(user_id, event)
        user = User.objects.filter(pk=user_id).first()
        if user is None:
            return
        why = "you were away" if reason == DISCONNECTED else "your turns ran out"
        notice = notifications.Notice(
            SEAT_TAKEN_OVER,
            match_id,
            f"A bot plays your seat in match {match_id}",
            f"A bot plays your seat because {why}; reclaim it at the start of a turn.",
            payload,
        )
        for sender in notifications.senders():
            try:
                sender.send(user, notice)
            except Exception:
                log.exception("%s could not tell user %s", type(sender).__name__, user_id)

    transaction.on_commit(send)


def queue_takeover_bot(match: Match) -> None:
    """After commit, queue the move of the bot that just took over the seat on turn."""
    from matches.deadlines import is_correspondence, queue_bot_turn

    match_id, turn, think = match.pk, match.turn, not is_correspondence(match)
    transaction.on_commit(lambda: queue_bot_turn(match_id, turn, think=think))


def take_over_disconnected(now: datetime) -> int:
    """Let a bot take the seat of every live (not correspondence) player whose presence
    is older than the grace period; the number of seats taken over."""
    from matches import presence
    from matches.errors import Rejected
    from matches.services import match_take_over

    candidates = list(
        Seat.objects.filter(
            match__status=MatchStatus.ACTIVE,
            match__correspondence_hours__isnull=True,
            # T-TAKEOVER: an untimed match never takes a seat for being offline.
            match__turn_seconds__isnull=False,
            user__isnull=False,
            bot_level="",
            takeover="",
        ).values_list("match_id", "user_id", "index")
    )
    if not candidates:
        return 0
    try:
        seen = presence.last_seen([(m, u) for m, u, _ in candidates])
    except Exception:
        log.exception("presence could not be read; no takeover this sweep")
        return 0
    cutoff = time.time() - settings.PRESENCE_GRACE_SECONDS
    taken = 0
    for match_id, user_id, index in candidates:
        last = seen.get((match_id, user_id))
        if last is None or last > cutoff or _reclaimed_since(match_id, index, cutoff):
            continue
        result = match_take_over(match_id=match_id, seat=index, reason=DISCONNECTED)
        if not isinstance(result, Rejected):
            taken += 1
            log.info("a bot took over seat %s of match %s (disconnected)", index, match_id)
    return taken


def _reclaimed_since(match_id: int, seat: int, cutoff: float) -> bool:
    """A reclaim (over HTTP, say) within the grace period counts as being there."""
    since = datetime.fromtimestamp(cutoff, tz=UTC)
    return MatchEvent.objects.filter(
        match_id=match_id,
        type="SEAT_CHANGED",
        public__seat=seat,
        public__change="reclaimed",
        created_at__gt=since,
    ).exists()

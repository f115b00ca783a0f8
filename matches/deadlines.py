"""What moves a match on by itself (a driver, above the services): expired turns,
correspondence reminders, stalled bot turns, seats whose player went away.

The deadline of a turn lives in the database (``Match.deadline``), set by the services
when the turn starts (``matches.clock.start_clock``). It is applied by
``matches.services.match_timeout``, which re-checks under the match lock that the turn
is still current and its deadline past, so however often it is asked, a turn expires
once. Two things ask:

- an ETA task, ``matches.expire_turn(match_id, turn)`` (:func:`expire_turn`), queued
  after commit for a deadline at most ``DEADLINE_TASK_MAX_SECONDS`` away (live play;
  ``matches.queueing`` says why long deadlines get no task);
- the sweeper, ``matches.sweep_deadlines`` (:func:`sweep`), run by Celery beat every
  ``DEADLINE_SWEEP_SECONDS``: it applies every deadline already past (correspondence
  deadlines, and live ones whose task was lost with a killed worker or a flushed
  broker), sends the 80% reminders of correspondence turns and their last-chance
  alarms, re-queues bot turns whose task was lost and lets a bot take over the seat of
  a live player who disconnected (T-TAKEOVER, :func:`take_over_disconnected`).

Bot seats: when a turn starts with a bot on turn, ``bots.play_turn(match_id, turn)`` is
queued (after commit, ``matches.queueing``), with ``BOT_THINK_SECONDS`` of countdown in
live play and none in correspondence; it plays through the same service as a human
(``matches.bot_turns``) and queues itself again while the same bot is still on turn.
"""

from __future__ import annotations

import functools
import logging
import time
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from matches import presence
from matches.clock import turn_expired
from matches.errors import MatchCode, MatchNotFound, Rejected
from matches.locks import match_status_turn
from matches.models import Match, MatchEvent, MatchStatus, Seat
from matches.queueing import queue_bot_turn, queue_expiry, queue_notice
from matches.seats import bot_plays_q, person_plays_q
from matches.services import match_take_over, match_timeout
from matches.takeover import DISCONNECTED

log = logging.getLogger(__name__)

# A sweep applies at most this many deadlines; the next sweep takes the rest.
SWEEP_BATCH = 500


def expire_turn(*, match_id: int, turn: int) -> str:
    """Apply the deadline of ``turn`` if it is still current and past (idempotent); an
    early delivery (clock skew, a deadline moved by a vacation) is queued again.

    Most expiries find their turn over (a bot or a person moved in time): one plain read
    says so, without the lock and its transaction; the service re-checks under the lock
    whatever this read lets through."""
    current = match_status_turn(match_id)
    if current is None:
        return "no such match"
    if current[0] == MatchStatus.ACTIVE and current[1] != turn:
        return str(MatchCode.STALE_TURN)  # what the service would answer
    try:
        result = match_timeout(match_id=match_id, turn=turn)
    except MatchNotFound:
        return "no such match"
    if not isinstance(result, Rejected):
        return "expired"
    match = Match.objects.filter(pk=match_id).only("status", "turn", "deadline").first()
    if (
        match is not None
        and match.status == MatchStatus.ACTIVE
        and match.turn == turn
        and match.deadline is not None
        and not turn_expired(match)
    ):
        queue_expiry(match_id, turn, match.deadline)
        return "not yet"
    return str(result.code)


def sweep(now: datetime | None = None) -> dict[str, int]:
    """One sweep (``matches.sweep_deadlines``): expire past deadlines, remind, re-queue
    stalled bots, take over disconnected live seats. Returns what it did, by kind."""
    now = now or timezone.now()
    done = {"expired": 0, "reminded": 0, "alarmed": 0, "bots": 0, "takeovers": 0}
    due = list(
        Match.objects.filter(status=MatchStatus.ACTIVE, deadline__lte=now)
        .order_by("deadline")
        .values_list("pk", "turn")[:SWEEP_BATCH]
    )
    for match_id, turn in due:
        try:
            if not isinstance(match_timeout(match_id=match_id, turn=turn), Rejected):
                done["expired"] += 1
        except Exception:  # one broken match must not stop the sweep of the others
            log.exception("could not expire turn %s of match %s", turn, match_id)
    done["reminded"] = send_reminders(now)
    done["alarmed"] = send_last_chances(now)
    done["bots"] = requeue_stalled_bots(now)
    done["takeovers"] = take_over_disconnected(now)
    return done


def overdue_deadlines(now: datetime | None = None) -> tuple[int, float]:
    """How many active matches have a turn deadline already past, and by how many seconds
    the oldest one is (0 when none): the clock's backlog, for ``/metrics`` and
    ``manage.py liveness``. Normally a deadline is applied within a sweep of passing."""
    now = now or timezone.now()
    past = Match.objects.filter(status=MatchStatus.ACTIVE, deadline__lt=now)
    count = past.count()
    if not count:
        return 0, 0.0
    oldest = past.order_by("deadline").values_list("deadline", flat=True).first()
    return count, (now - oldest).total_seconds() if oldest is not None else 0.0


def send_reminders(now: datetime) -> int:
    """Queue the 80% reminder of each correspondence turn due one, once per turn."""
    return _notify_once_per_turn(now, "remind_at", "reminded_turn", "TURN_REMINDER")


def send_last_chances(now: datetime) -> int:
    """Queue the last-chance alarm (LAST_CHANCE) of each correspondence turn due one,
    once per turn; the notice itself goes only to a seat that this expiry would hand to
    a bot (``matches.notifications.dispatch``)."""
    return _notify_once_per_turn(now, "last_chance_at", "last_chance_turn", "LAST_CHANCE")


def _notify_once_per_turn(now: datetime, due_at: str, done_turn: str, kind: str) -> int:
    """Queue ``kind`` for each active match whose ``due_at`` has come before its deadline
    and whose turn has not had it yet: the conditional update of ``done_turn`` claims the
    turn, so two sweeps never both send it."""
    not_yet = Q(**{f"{done_turn}__isnull": True})
    due = list(
        Match.objects.filter(status=MatchStatus.ACTIVE, deadline__gt=now, **{f"{due_at}__lte": now})
        .filter(not_yet | ~Q(**{done_turn: F("turn")}))
        .values_list("pk", "turn")[:SWEEP_BATCH]
    )
    sent = 0
    for match_id, turn in due:
        claimed = (
            Match.objects.filter(pk=match_id, turn=turn, status=MatchStatus.ACTIVE)
            .filter(not_yet | ~Q(**{done_turn: turn}))
            .update(**{done_turn: turn})
        )
        if claimed:
            transaction.on_commit(functools.partial(queue_notice, match_id, turn, kind))
            sent += 1
    return sent


def requeue_stalled_bots(now: datetime) -> int:
    """Queue the move of every bot on turn whose match has not changed for
    ``BOT_STALL_SECONDS`` (its task was lost); a duplicate is harmless."""
    stalled = now - timedelta(seconds=settings.BOT_STALL_SECONDS)
    rows = list(
        Seat.objects.filter(
            match__status=MatchStatus.ACTIVE,
            match__updated_at__lt=stalled,
            index=F("match__on_turn"),
        )
        .filter(bot_plays_q())
        .values_list("match_id", "match__turn")[:SWEEP_BATCH]
    )
    for match_id, turn in rows:
        queue_bot_turn(match_id, turn, think=False)
        log.warning("re-queued the stalled bot turn %s of match %s", turn, match_id)
    return len(rows)


def take_over_disconnected(now: datetime) -> int:
    """Let a bot take the seat of every live (not correspondence) player whose presence
    is older than the grace period; the number of seats taken over."""
    candidates = list(
        Seat.objects.filter(
            person_plays_q(),
            match__status=MatchStatus.ACTIVE,
            match__correspondence_hours__isnull=True,
            # T-TAKEOVER: an untimed match never takes a seat for being offline.
            match__turn_seconds__isnull=False,
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

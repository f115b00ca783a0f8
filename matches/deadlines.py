"""Turn deadlines (T-EXPIRY, RR-TIMER, RK-TIMER) and what moves a match on by itself:
bot seats, expired turns, correspondence reminders, seats whose player went away.

The deadline of a turn lives in the database (``Match.deadline``), set by
``matches.services`` when the turn starts (:func:`start_clock`). It is applied by
``matches.services.match_timeout``, which re-checks under the match lock that the turn
is still current and its deadline past, so however often it is asked, a turn expires
once. Two things ask:

- an ETA task, ``matches.expire_turn(match_id, turn)``, queued after commit for a
  deadline at most ``DEADLINE_TASK_MAX_SECONDS`` away (live play). Celery keeps an ETA
  task unacknowledged in the memory of the worker that fetched it: if that worker dies,
  Redis hands the task out again only after its visibility timeout (an hour), and a
  countdown longer than that would be delivered again and again. So long
  (correspondence) deadlines get no task at all;
- the sweeper, ``matches.sweep_deadlines``, run by Celery beat every
  ``DEADLINE_SWEEP_SECONDS``: it applies every deadline already past (correspondence
  deadlines, and live ones whose task was lost with a killed worker or a flushed
  broker), sends the 80% reminders of correspondence turns, re-queues bot turns whose
  task was lost and lets a bot take over the seat of a live player who disconnected.

Bot seats: when a turn starts with a bot on turn, ``bots.play_turn(match_id, turn)`` is
queued (after commit), with ``BOT_THINK_SECONDS`` of countdown in live play and none in
correspondence; it plays through the same service as a human (``match_act``) and queues
itself again while the same bot is still on turn (draw, then discard).

Tasks are queued by name (``send_task``): ``matches`` does not import ``bots.tasks``.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from matches.models import Match, MatchStatus, Seat

log = logging.getLogger(__name__)

EXPIRE_TASK = "matches.expire_turn"
BOT_TASK = "bots.play_turn"
NOTIFY_TASK = "matches.notify"
# A sweep applies at most this many deadlines; the next sweep takes the rest.
SWEEP_BATCH = 500


# -- the clock of a turn ---------------------------------------------------------------


def turn_duration(match: Match) -> timedelta | None:
    """How long one turn of ``match`` may take; None when untimed."""
    if match.turn_seconds:
        return timedelta(seconds=match.turn_seconds)
    if match.correspondence_hours:
        return timedelta(hours=match.correspondence_hours)
    return None


def is_correspondence(match: Match) -> bool:
    return bool(match.correspondence_hours) and not match.turn_seconds


def start_clock(match: Match, now: datetime) -> datetime | None:
    """The deadline of the turn of ``match.on_turn`` that starts ``now``; also sets
    ``match.remind_at`` (correspondence only). Called by ``matches.services`` under the
    match lock, before the match row is saved.

    A correspondence turn of a player on vacation starts when the vacation ends
    (:mod:`matches.correspondence`): the whole turn's time is left when they come back.
    """
    from matches.correspondence import clock_paused_until

    duration = turn_duration(match)
    match.remind_at = None
    if duration is None:
        return None
    start = now
    if is_correspondence(match) and match.on_turn is not None:
        row = Seat.objects.filter(match=match, index=match.on_turn).first()
        if row is not None and row.user_id is not None and not row.takeover:
            start = max(now, clock_paused_until(row.user_id, now) or now)
    deadline = start + duration
    if is_correspondence(match):
        match.remind_at = deadline - duration * (1 - settings.REMINDER_FRACTION)
    return deadline


def turn_expired(match: Match, now: datetime | None = None) -> bool:
    """Whether the current turn's deadline has passed (a move now is TURN_EXPIRED)."""
    return match.deadline is not None and match.deadline <= (now or timezone.now())


# -- queueing, after commit -------------------------------------------------------------


def _send(name: str, args: list[Any], **options: Any) -> None:
    from matches.publishing import in_background

    def send() -> None:
        current_app.send_task(name, args=args, queue=settings.GAME_TASK_QUEUE, **options)

    # the sweeper finds what a lost message left undone
    in_background(send, f"{name}{tuple(args)}")


def queue_bot_turn(match_id: int, turn: int, *, think: bool) -> None:
    """Queue ``bots.play_turn`` now (call it after commit). ``think``: live play, where a
    bot waits ``BOT_THINK_SECONDS`` before it moves."""
    countdown = settings.BOT_THINK_SECONDS if think else 0
    _send(BOT_TASK, [match_id, turn], countdown=countdown or None)


def queue_expiry(match_id: int, turn: int, deadline: datetime | None) -> None:
    """Queue ``matches.expire_turn`` at ``deadline`` if it is near (live play); a later
    deadline is left to the sweeper (see the module notes)."""
    if deadline is None:
        return
    horizon = timedelta(seconds=settings.DEADLINE_TASK_MAX_SECONDS)
    if deadline - timezone.now() <= horizon:
        _send(EXPIRE_TASK, [match_id, turn], eta=deadline)


def _long_turn(deadline: datetime | None) -> bool:
    """A turn too long for an ETA task is correspondence play (no think time, notices)."""
    if deadline is None:
        return False
    return deadline - timezone.now() > timedelta(seconds=settings.DEADLINE_TASK_MAX_SECONDS)


def on_turn_started(
    sender: Any,
    *,
    match_id: int,
    turn: int,
    seat: int,
    deadline: datetime | None,
    bot: bool,
    **kwargs: Any,
) -> None:
    """``matches.services.turn_started`` (sent after commit): queue the bot's move, the
    turn's expiry, and a correspondence player's "your turn" notice."""
    correspondence = _long_turn(deadline)
    if bot:
        queue_bot_turn(match_id, turn, think=not correspondence)
    queue_expiry(match_id, turn, deadline)
    if correspondence and not bot:
        _send(NOTIFY_TASK, [match_id, turn, "YOUR_TURN"])


def connect() -> None:
    """Connect the receivers (``MatchesConfig.ready``)."""
    from matches.services import turn_started

    turn_started.connect(on_turn_started, dispatch_uid="matches.deadlines.on_turn_started")


# -- what the tasks call --------------------------------------------------------------------


def expire_turn(*, match_id: int, turn: int) -> str:
    """Apply the deadline of ``turn`` if it is still current and past (idempotent); an
    early delivery (clock skew, a deadline moved by a vacation) is queued again."""
    from matches.errors import MatchNotFound, Rejected
    from matches.services import match_timeout

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
    from matches.errors import Rejected
    from matches.services import match_timeout
    from matches.takeover import take_over_disconnected

    now = now or timezone.now()
    done = {"expired": 0, "reminded": 0, "bots": 0, "takeovers": 0}
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
    done["bots"] = requeue_stalled_bots(now)
    done["takeovers"] = take_over_disconnected(now)
    return done


def send_reminders(now: datetime) -> int:
    """Queue the 80% reminder of each correspondence turn due one, once per turn: the
    conditional update claims the turn, so two sweeps never both send it."""
    due = list(
        Match.objects.filter(status=MatchStatus.ACTIVE, remind_at__lte=now, deadline__gt=now)
        .filter(Q(reminded_turn__isnull=True) | ~Q(reminded_turn=F("turn")))
        .values_list("pk", "turn")[:SWEEP_BATCH]
    )
    sent = 0
    for match_id, turn in due:
        claimed = (
            Match.objects.filter(pk=match_id, turn=turn, status=MatchStatus.ACTIVE)
            .filter(Q(reminded_turn__isnull=True) | ~Q(reminded_turn=turn))
            .update(reminded_turn=turn)
        )
        if claimed:
            transaction.on_commit(
                lambda m=match_id, t=turn: _send(NOTIFY_TASK, [m, t, "TURN_REMINDER"])
            )
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
        .filter(~Q(bot_level="") | ~Q(takeover=""))
        .values_list("match_id", "match__turn")[:SWEEP_BATCH]
    )
    for match_id, turn in rows:
        queue_bot_turn(match_id, turn, think=False)
        log.warning("re-queued the stalled bot turn %s of match %s", turn, match_id)
    return len(rows)

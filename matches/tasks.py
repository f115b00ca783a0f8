"""The Celery tasks of the clock and the bot seats (STYLE 16, drivers at the top of the
floor plan): ids in, explicit names, no logic (that is in ``matches.deadlines``,
``matches.bot_turns`` and ``matches.notifications``), idempotent by re-checking under
the match lock, retried only on a lost database connection or a deadlock.

The names are what queued messages carry, in a running broker too: they never change.
``bots.play_turn`` keeps the name it had when it lived in ``bots/`` (``bots`` knows
only the engine now; it does not import Django or ``matches``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from celery import Task, shared_task
from django.conf import settings
from django.db import OperationalError

from config import fast_paths
from matches import archive, bot_turns, challenges, deadlines
from matches.notifications.dispatch import notify_turn

RETRY: dict[str, Any] = {
    "autoretry_for": (OperationalError,),
    "retry_backoff": True,
    "retry_backoff_max": 30,
    "max_retries": 5,
}


@shared_task(name="matches.expire_turn", bind=True, **RETRY)  # type: ignore[untyped-decorator]  # celery ships no type hints
def expire_turn(self: Task, match_id: int, turn: int) -> str:
    """Apply the deadline of ``turn`` (T-EXPIRY) once; a duplicate finds it STALE_TURN.
    Then, if this task runs within ``EXPIRY_INLINE_WITHIN_MS`` of its deadline (its ETA),
    play up to ``EXPIRY_INLINE_BOT_MOVES`` bot moves due after it here, as the bot task
    does (``bot_turns.playing_bots_inline``); a later one queues the bot turn instead.

    Each way has its cost (issue 12, bench/worker_bench.py, 200 matches, 5 s turns, 2
    pool processes). Queued, every cycle of a match of one person and three bots is two
    tasks, not one: 7.5 ms of worker CPU per action against 5.5 played here (run for
    run, ``--spread``), and over capacity when the machine is slow (bot move p99 2.7 s
    at 10.8 ms per action). Played here, the expiries due meanwhile wait behind these
    bot moves: with the matches started together, lateness p99 went from 55 to about
    210 ms; on a loaded machine always playing them reached 3.1 s, hence the limit."""
    inline = int(getattr(settings, "EXPIRY_INLINE_BOT_MOVES", 0))
    if not fast_paths.chosen("bot_inline"):
        inline = 0
    if inline <= 0 or _late(self.request, getattr(settings, "EXPIRY_INLINE_WITHIN_MS", 0)):
        return deadlines.expire_turn(match_id=match_id, turn=turn)
    return bot_turns.playing_bots_inline(
        lambda: deadlines.expire_turn(match_id=match_id, turn=turn), max_moves=inline
    )


def _late(request: Any, within_ms: int) -> bool:
    """The task runs later than ``within_ms`` after its ETA (its turn's deadline), or was
    sent without one (nothing says it is on time). Run in-process (called directly) it
    is on time."""
    if request.called_directly:
        return False
    eta = request.eta
    if not eta:
        return True
    when = datetime.fromisoformat(eta) if isinstance(eta, str) else eta
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return (datetime.now(UTC) - when).total_seconds() * 1000 > within_ms


@shared_task(name="matches.sweep_deadlines", **RETRY)  # type: ignore[untyped-decorator]  # celery ships no type hints
def sweep_deadlines() -> dict[str, int]:
    """Beat's sweep: past deadlines, reminders, stalled bots, disconnected players, and
    challenges nobody answered in time."""
    done = deadlines.sweep()
    done["challenges"] = challenges.challenges_expire()
    return done


@shared_task(name="matches.notify", **RETRY)  # type: ignore[untyped-decorator]  # celery ships no type hints
def notify(match_id: int, turn: int, kind: str, since_seq: int | None = None) -> str:
    """Tell the player on turn ``turn`` (YOUR_TURN, TURN_REMINDER, LAST_CHANCE) if it is
    still theirs and they did not act since ``since_seq``; what happened, in a word.
    (Messages queued before ``since_seq`` existed carry three arguments.)"""
    return notify_turn(match_id=match_id, turn=turn, kind=kind, since_seq=since_seq)


# A deadlock victim or a lost connection is retried sooner than the clock's.
@shared_task(  # type: ignore[untyped-decorator]  # celery ships no type hints
    name="bots.play_turn",
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    retry_backoff_max=10,
    max_retries=5,
)
def play_turn(match_id: int, turn: int) -> str:
    """Play the next action of the bot on turn ``turn`` of the match, if it still is (and,
    with the fast paths, the bots' moves due at once after it:
    ``bot_turns.playing_bots_inline``; else each is a task of its own)."""
    if not fast_paths.chosen("bot_inline"):
        return bot_turns.play_turn(match_id=match_id, turn=turn)
    return bot_turns.playing_bots_inline(lambda: bot_turns.play_turn(match_id=match_id, turn=turn))


@shared_task(name="matches.archive_match", **RETRY)  # type: ignore[untyped-decorator]  # celery ships no type hints
def archive_match(match_id: int) -> bool:
    """Pack the logs of a match that is over (``matches.archive.pack``), once; whether it
    packed now (a duplicate finds it packed)."""
    return archive.pack(match_id)


@shared_task(name="matches.sweep_archive", **RETRY)  # type: ignore[untyped-decorator]  # celery ships no type hints
def sweep_archive() -> int:
    """Beat's net under ``archive_match``: pack the matches over that it missed."""
    return archive.sweep()

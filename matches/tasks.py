"""The Celery tasks of the clock and the bot seats (STYLE 16, drivers at the top of the
floor plan): ids in, explicit names, no logic (that is in ``matches.deadlines``,
``matches.bot_turns`` and ``matches.notifications``), idempotent by re-checking under
the match lock, retried only on a lost database connection or a deadlock.

The names are what queued messages carry, in a running broker too: they never change.
``bots.play_turn`` keeps the name it had when it lived in ``bots/`` (``bots`` knows
only the engine now; it does not import Django or ``matches``).
"""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from matches import bot_turns, deadlines, notifications

RETRY: dict[str, Any] = {
    "autoretry_for": (OperationalError,),
    "retry_backoff": True,
    "retry_backoff_max": 30,
    "max_retries": 5,
}


@shared_task(name="matches.expire_turn", **RETRY)
def expire_turn(match_id: int, turn: int) -> str:
    """Apply the deadline of ``turn`` (T-EXPIRY) once; a duplicate finds it STALE_TURN.
    Nothing else: the bot turn it starts is queued (``bots.play_turn``, which plays the
    bot moves due after it inline). Played here, those moves held a worker process
    that other matches' expiries, due meanwhile, waited for (issue 12, worker_bench at
    50 matches: lateness p99 1.8 s with them, 0.3 s without).

    Over capacity that turns unstable: queued bot moves wait longer than a turn, every
    bot turn expires, and the expiries double (worker_bench at 200 matches: 0 bot
    moves). ``EXPIRY_INLINE_BOT_MOVES`` (default 0) plays that many inline instead, as
    round 1 did with 16 (57.8 bot moves/s there, lateness p99 5.6 s)."""
    inline = int(getattr(settings, "EXPIRY_INLINE_BOT_MOVES", 0))
    if inline <= 0:
        return deadlines.expire_turn(match_id=match_id, turn=turn)
    return bot_turns.playing_bots_inline(
        lambda: deadlines.expire_turn(match_id=match_id, turn=turn), max_moves=inline
    )


@shared_task(name="matches.sweep_deadlines", **RETRY)
def sweep_deadlines() -> dict[str, int]:
    """Beat's sweep: past deadlines, reminders, stalled bots, disconnected players."""
    return deadlines.sweep()


@shared_task(name="matches.notify", **RETRY)
def notify(match_id: int, turn: int, kind: str) -> int:
    """Tell the player on turn ``turn`` (YOUR_TURN, TURN_REMINDER) if it is still theirs;
    the number of senders that delivered."""
    return notifications.notify_turn(match_id=match_id, turn=turn, kind=kind)


@shared_task(  # a deadlock victim or a lost connection is retried sooner than the clock's
    name="bots.play_turn",
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    retry_backoff_max=10,
    max_retries=5,
)
def play_turn(match_id: int, turn: int) -> str:
    """Play the next action of the bot on turn ``turn`` of the match, if it still is (and
    the bots' moves due at once after it: ``bot_turns.playing_bots_inline``)."""
    return bot_turns.playing_bots_inline(lambda: bot_turns.play_turn(match_id=match_id, turn=turn))

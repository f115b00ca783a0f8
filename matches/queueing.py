"""Queueing the clock's and the bots' tasks, after commit.

Tasks are sent by name (``send_task``) to ``GAME_TASK_QUEUE``: the task modules
(``matches.tasks``) sit above the services that queue them, and a name is what a
queued message carries anyway. Each send runs through ``publishing.in_background``, so
a hung broker holds the caller at most ``AFTER_COMMIT_WAIT``; what a lost message left
undone the sweeper (``matches.deadlines``) finds and queues again.

Priorities (the Redis transport's, 0 first): the clock's expiry goes before everything
else, a notice next, a bot's move last. An ETA task waits in the broker like any other
until a worker fetches it (and then in the worker until its time), so behind a queue of
bot moves an expiry would be fetched after its deadline; with its priority it is
fetched at once. A bot's move loses nothing by waiting behind an expiry: the expiry is
what ends a turn on time.

Live deadlines get an ETA task; a deadline further than ``DEADLINE_TASK_MAX_SECONDS``
away (correspondence) gets none: Celery keeps an ETA task unacknowledged in the memory
of the worker that fetched it, and Redis hands it out again after its visibility
timeout (an hour), so a longer countdown would be delivered again and again. The
sweeper applies those.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.utils import timezone

from matches.publishing import in_background

EXPIRE_TASK = "matches.expire_turn"
BOT_TASK = "bots.play_turn"
NOTIFY_TASK = "matches.notify"
NOTIFY_USERS_TASK = "notifications.notify"
ARCHIVE_TASK = "matches.archive_match"  # matches.archive: a match that is over, packed
# Redis priorities: 0 is fetched first (kombu's default steps are 0, 3, 6, 9).
EXPIRE_PRIORITY = 0
NOTIFY_PRIORITY = 3
BOT_PRIORITY = 6


Task = tuple[str, list[Any], dict[str, Any]]  # name, args, send options


def send(name: str, args: list[Any], **options: Any) -> None:
    """Send task ``name`` now (call it after commit), best effort (:func:`send_all`)."""
    send_all([(name, args, options)])


def send_all(tasks: list[Task]) -> None:
    """Send ``tasks`` now (call it after commit), best effort, in one trip to the broker
    (one Redis pipeline: kombu's ``Producer.batch``) from one hand-over to the sending
    thread: a turn's bot move and expiry were two of each (issue 12).

    Nobody waits for the result of a task queued here, so the worker stores none
    (``ignore_result``: storing one was a Redis SET and PUBLISH per task, 7.7% of a worker
    process's CPU under bench/worker_bench.py, issue 12); a caller of ``apply_async``
    still gets its own. A pipeline that fails sends none of its tasks: the error is logged
    and the sweeper (``matches.deadlines``) queues again what was lost."""
    if not tasks:
        return

    def call() -> None:
        app = current_app
        queue = settings.GAME_TASK_QUEUE
        if len(tasks) == 1:
            name, args, options = tasks[0]
            options = {"queue": queue, **options}
            app.send_task(name, args=args, ignore_result=True, **options)
            return
        with app.producer_or_acquire() as producer, producer.batch():
            for name, args, options in tasks:
                options = {"queue": queue, **options}
                app.send_task(name, args=args, ignore_result=True, producer=producer, **options)

    in_background(call, ", ".join(f"{name}{tuple(args)}" for name, args, _ in tasks))


class BotTurns:
    """The bot turns a worker task started that are due at once, to be played by it
    (``pending``: (match id, turn), in order), and the expiry task of each such turn,
    held back (``expiries``): a turn the task plays to its end at once needs none; the
    task sends the others' (``matches.bot_turns.playing_bots_inline``)."""

    def __init__(self) -> None:
        self.pending: list[tuple[int, int]] = []
        self.expiries: dict[tuple[int, int], list[Task]] = {}

    def expiry(self, match_id: int, turn: int) -> list[Task]:
        """The held-back expiry of the turn (taken out), if there is one."""
        return self.expiries.pop((match_id, turn), [])


# Bot turns started inside ``collecting_bot_turns`` (a worker's task), to be played there.
_collected: ContextVar[BotTurns | None] = ContextVar("bot_turns", default=None)


@contextmanager
def collecting_bot_turns() -> Iterator[BotTurns]:
    """Within the block, a bot turn due at once (no think time) is collected, (match id,
    turn), instead of queued, with its expiry held back: a worker task that started it
    plays it itself next (``matches.bot_turns.playing_bots_inline``), without a trip
    through the broker."""
    token = _collected.set(BotTurns())
    try:
        collected = _collected.get()
        assert collected is not None
        yield collected
    finally:
        _collected.reset(token)


def queue_bot_turn(match_id: int, turn: int, *, think: bool) -> None:
    """Queue ``bots.play_turn`` now (call it after commit). ``think``: live play, where a
    bot waits ``BOT_THINK_SECONDS`` before it moves."""
    send_all(_bot_task(match_id, turn, think=think))


def _bot_task(match_id: int, turn: int, *, think: bool) -> list[Task]:
    """The bot turn's task, or none if a worker task collects it to play it itself."""
    countdown = settings.BOT_THINK_SECONDS if think else 0
    collected = _collected.get()
    if collected is not None and not countdown:
        collected.pending.append((match_id, turn))
        return []
    return [
        (BOT_TASK, [match_id, turn], {"countdown": countdown or None, "priority": BOT_PRIORITY})
    ]


def queue_expiry(match_id: int, turn: int, deadline: datetime | None) -> None:
    """Queue ``matches.expire_turn`` at ``deadline`` if it is near (live play); a later
    deadline is left to the sweeper (see the module notes)."""
    send_all(_expiry_task(match_id, turn, deadline))


def _expiry_task(match_id: int, turn: int, deadline: datetime | None) -> list[Task]:
    if deadline is None:
        return []
    horizon = timedelta(seconds=settings.DEADLINE_TASK_MAX_SECONDS)
    if deadline - timezone.now() > horizon:
        return []
    return [(EXPIRE_TASK, [match_id, turn], {"eta": deadline, "priority": EXPIRE_PRIORITY})]


def queue_notice(match_id: int, turn: int, kind: str) -> None:
    """Queue ``matches.notify`` (TURN_REMINDER, LAST_CHANCE) now (after commit)."""
    send_all([_notice_task(match_id, turn, kind)])


def _notice_task(
    match_id: int, turn: int, kind: str, *, since_seq: int | None = None, delay: float = 0
) -> Task:
    args: list[Any] = [match_id, turn, kind]
    if since_seq is not None:
        args.append(since_seq)
    options: dict[str, Any] = {"priority": NOTIFY_PRIORITY}
    if delay > 0:
        options["countdown"] = delay
    return (NOTIFY_TASK, args, options)


def notify_queue() -> str:
    """The queue of the pushes' deliveries (``NOTIFY_TASK_QUEUE``, else the game's): they
    wait on push services, which a deployment may keep away from the clock's workers."""
    return str(getattr(settings, "NOTIFY_TASK_QUEUE", "") or settings.GAME_TASK_QUEUE)


def queue_user_notice(
    kind: str, match_id: int, user_ids: list[int], payload: dict[str, Any]
) -> None:
    """Queue ``notifications.notify`` (MATCH_STARTED, MATCH_ENDED, SEAT_TAKEN_OVER,
    INVITED) now (after commit), ``NOTIFY_DELAY_SECONDS`` ahead: a player who opens the
    match at once is found watching it and gets no push."""
    send_all([user_notice_task(kind, match_id, user_ids, payload)])


def user_notice_task(
    kind: str, match_id: int, user_ids: list[int], payload: dict[str, Any]
) -> Task:
    options: dict[str, Any] = {"priority": NOTIFY_PRIORITY}
    delay = float(getattr(settings, "NOTIFY_DELAY_SECONDS", 0))
    if delay > 0:
        options["countdown"] = delay
    return (NOTIFY_USERS_TASK, [kind, match_id, sorted(set(user_ids)), dict(payload)], options)


def long_turn(deadline: datetime | None) -> bool:
    """A turn too long for an ETA task is correspondence play (no think time, notices)."""
    if deadline is None:
        return False
    return deadline - timezone.now() > timedelta(seconds=settings.DEADLINE_TASK_MAX_SECONDS)


def turn_started(
    *,
    match_id: int,
    turn: int,
    seat: int,
    deadline: datetime | None,
    bot: bool,
    seq: int | None = None,
) -> None:
    """A turn started (after commit; ``seq``: the match's last event then): queue the
    bot's move, the turn's expiry, and a person's "your turn" notice, which looks
    ``NOTIFY_DELAY_SECONDS`` later whether they are away from the match and have not
    acted (``matches.notifications.dispatch.notify_turn``)."""
    correspondence = long_turn(deadline)
    tasks = _bot_task(match_id, turn, think=not correspondence) if bot else []
    expiry = _expiry_task(match_id, turn, deadline)
    collected = _collected.get()
    if bot and not tasks and collected is not None:
        # Collected: its expiry waits until the task has played it (issue 12: most bot
        # turns end at once, and each expiry task sent was one the worker received and
        # found over).
        collected.expiries[(match_id, turn)] = expiry
    else:
        tasks += expiry
    if not bot:
        delay = float(getattr(settings, "NOTIFY_DELAY_SECONDS", 0))
        tasks.append(_notice_task(match_id, turn, "YOUR_TURN", since_seq=seq, delay=delay))
    send_all(tasks)

"""Publishing after commit: a match's new events to the match's topic, and per-user
notifications ("your turn", "match started", "match over") to each user's topic, for the
``matchEvents`` and ``myEvents`` subscriptions (Redis pub/sub, ``config.pubsub``: one
message per match and move, whatever the number of subscribers).

Messages carry the stored event rows with their private parts: they travel only
between server processes (through Redis) and every subscription shapes each event
for its own viewer (``matches.selectors.shape_event``) before it leaves the server.

Publishing is best effort: it runs after the commit, so a failure must not turn a
stored move into an error, and a hung Redis must not hold the client's answer. Each
publish (and each task queued after a commit, :func:`in_background`) runs in a thread
of its own kind; the caller waits for it at most ``AFTER_COMMIT_WAIT`` seconds (in
normal operation it is done in milliseconds, so events still go out before the answer).
A subscriber that missed an event fetches it from the database when the next one
arrives (a gap), or on resubscribing with ``after``.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import contextmanager
from typing import Any

from django.db import transaction

from config import pubsub
from config.pubsub import USER_EVENT, match_topic, user_topic

log = logging.getLogger(__name__)

AFTER_COMMIT_WAIT = 1.0  # seconds a request waits for its publish or task to be sent
MAX_PENDING = 1000  # sends waiting behind a hung Redis; more are dropped (the log has them)


class _Background:
    """One thread that runs sends in order; callers wait a bounded time for theirs."""

    def __init__(self, name: str) -> None:
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
        self.lock = threading.Lock()
        self.pending = 0
        self.name = name

    def run(self, fn: Callable[[], None], what: str) -> None:
        with self.lock:
            if self.pending >= MAX_PENDING:
                log.warning("%s: %d sends pending, dropped %s", self.name, self.pending, what)
                return
            self.pending += 1

        def call() -> None:
            try:
                fn()
            except Exception:  # a stored move stays stored; the log and the sweeper repair
                log.exception("%s: could not send %s", self.name, what)
            finally:
                with self.lock:
                    self.pending -= 1

        future = self.executor.submit(call)
        try:
            future.result(timeout=AFTER_COMMIT_WAIT)
        except FutureTimeout:
            log.warning("%s: %s not sent within %.1fs", self.name, what, AFTER_COMMIT_WAIT)


_publisher = _Background("publish")
_enqueuer = _Background("enqueue")


def in_background(fn: Callable[[], None], what: str) -> None:
    """Queue a Celery task after a commit (``fn`` sends it) without a hung broker holding
    the caller beyond ``AFTER_COMMIT_WAIT``; a lost task is repaired by the sweeper.
    Messages of an open :func:`batched` go out first: they were sent before it."""
    _flush_batch()
    _enqueuer.run(fn, what)


_batch = threading.local()


@contextmanager
def batched() -> Iterator[None]:
    """Within it, this thread's messages (:func:`publish_match_events`,
    :func:`publish_user_event`) are kept, in order, and handed to the publisher thread
    in one go at its end (or before a task is queued, :func:`in_background`): a move's
    events and its notices (YOUR_TURN, ...) cost one hand-over and one run of the
    publisher's event loop, not one each, and a hung Redis holds the caller
    ``AFTER_COMMIT_WAIT`` once for all of them. Nested, the outermost one sends."""
    if getattr(_batch, "sends", None) is not None:
        yield
        return
    _batch.sends = []
    try:
        yield
    finally:
        _flush_batch()
        _batch.sends = None


def _flush_batch() -> None:
    sends = getattr(_batch, "sends", None)
    if sends:
        _batch.sends = []
        _publish(sends)


def _send(topic: str, message: dict[str, Any]) -> None:
    sends = getattr(_batch, "sends", None)
    if sends is not None:
        sends.append((topic, message))
    else:
        _publish([(topic, message)])


def _publish(sends: Sequence[tuple[str, dict[str, Any]]]) -> None:
    what = "to " + ", ".join(topic for topic, _ in sends)
    _publisher.run(functools.partial(pubsub.publish, sends), what)


def publish_match_events(public_id: str, rows: Sequence[Mapping[str, Any]]) -> None:
    """Send a batch of stored event rows (seq, type, public, private) to the match."""
    if rows:
        _send(match_topic(public_id), {"events": list(rows)})


def publish_user_event(user_id: int, event: Mapping[str, Any]) -> None:
    """Send one notification (type, matchId, payload) to one user's sockets."""
    _send(user_topic(user_id), {"type": USER_EVENT, "event": dict(event)})


def publish_group(group: str, message: Mapping[str, Any]) -> None:
    """Send ``message`` (its ``type`` names its kind) to the pub/sub topic ``group``: for
    the live streams of other apps (a tournament's events, a match's chat), which name
    their own topics."""
    _send(group, dict(message))


def notify_after_commit(notices: Sequence[tuple[int, Mapping[str, Any]]]) -> None:
    """After the current transaction commits, send each (user id, event) notice to that
    user's ``myEvents`` (event: type, matchId (the row's key or None), payload); a
    rolled-back transaction sends nothing."""
    pending = [(user_id, dict(event)) for user_id, event in notices]
    if not pending:
        return

    def send() -> None:
        with batched():
            for user_id, event in pending:
                publish_user_event(user_id, event)

    transaction.on_commit(send)

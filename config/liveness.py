"""Liveness of the Celery worker and beat (issue 26): a process that is alive but does
nothing is found, and restarted.

A worker can stay up without consuming (a hung Redis once left it so, config/broker.py),
and beat could hang on a send; neither exits, so a supervisor that only restarts what
exits never helps. Each of them runs a watchdog (two threads) that, every
``LIVENESS_HEARTBEAT_SECONDS``:

- asks the broker: a worker sends itself a heartbeat task (``config.worker_heartbeat``,
  through its own direct queue, ``worker_direct``, to the same consumer as its work),
  beat sends Redis a ``PING``;
- looks at its last progress: the worker the last heartbeat task it *received* (a
  consumer without prefetch credit, or whose pool is stuck, receives nothing), beat the
  last task it published;
- while it is healthy, writes ``<LIVENESS_DIR>/<kind>.<pid>.json`` (and the time of its
  last progress into Redis, ``rummy:liveness:<kind>``, for ``/metrics`` and
  ``manage.py liveness``).

Healthy means: progress within ``LIVENESS_SECONDS``, or the broker not answering now or
not for that long yet (a Redis outage is no reason to restart anyone: they reconnect by
themselves). A process that is not is *stalled*: it logs why and stops itself (the usual
shutdown, so that the messages it held go back to Redis; ``os._exit`` if that does not
end it soon), and whatever supervises it starts it again. A frozen process (its
watchdog too) stops writing its file: ``make run`` (scripts/run.py) and Kubernetes
(``manage.py liveness worker``) restart a process whose file is older than
``LIVENESS_SECONDS``.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import os
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

HEARTBEAT_TASK = "config.worker_heartbeat"
REDIS_KEY = "rummy:liveness:{kind}"
REDIS_KEY_TTL = 24 * 3600
REDIS_TIMEOUT_SECONDS = 2.0
EXIT_GRACE_SECONDS = 10.0  # a stalled process that did not stop by itself this long: _exit
EXIT_CODE = 70  # EX_SOFTWARE


def _settings() -> Any:
    from django.conf import settings

    return settings


def alive_file(kind: str, pid: int | None = None) -> Path:
    """The file a healthy ``kind`` process (``worker``, ``beat``) of ``pid`` keeps fresh."""
    return Path(_settings().LIVENESS_DIR) / f"{kind}.{pid or os.getpid()}.json"


def redis_client() -> Any:
    import redis

    return redis.Redis.from_url(
        _settings().REDIS_URL,
        socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
        socket_timeout=REDIS_TIMEOUT_SECONDS,
    )


_shared: Any = None


def shared_client() -> Any:
    """One client (a pool of connections) for the watchdog of this process."""
    global _shared
    if _shared is None:
        _shared = redis_client()
    return _shared


def last_progress(kinds: tuple[str, ...] = ("worker", "beat")) -> dict[str, float | None]:
    """The time (Unix seconds) of the last progress each kind reported to Redis, any
    process of it (None: none in the last day). Raises Redis' errors."""
    client = redis_client()
    try:
        values = client.mget([REDIS_KEY.format(kind=kind) for kind in kinds])
    finally:
        client.close()
    return {
        kind: float(value) if value else None for kind, value in zip(kinds, values, strict=True)
    }


class Watchdog:
    """The watchdog of the module notes: two daemon threads. One asks the broker again
    and again (``ask_broker`` returns whether it answered; it may take a socket
    timeout and a retry or two); the other judges every period from what the first
    found, so that a hung broker never holds the judging. ``progress`` is set by the
    process."""

    def __init__(self, kind: str, ask_broker: Callable[[], bool]) -> None:
        settings = _settings()
        self.kind = kind
        self.ask_broker = ask_broker
        self.period = float(settings.LIVENESS_HEARTBEAT_SECONDS)
        self.bound = float(settings.LIVENESS_SECONDS)
        self.progress = time.time()
        self.answering_since: float | None = None  # every ask since then was answered
        self.asking_since: float | None = None  # an ask under way
        self.stopping = threading.Event()
        self.file = alive_file(kind)
        atexit.register(self.file.unlink, missing_ok=True)

    def start(self) -> None:
        for name, loop in (("ask", self._ask_loop), ("judge", self._judge_loop)):
            threading.Thread(target=loop, name=f"liveness-{self.kind}-{name}", daemon=True).start()

    def _ask_loop(self) -> None:
        while not self.stopping.is_set():
            self.asking_since = time.time()
            try:
                answered = self.ask_broker()
            except Exception:
                answered = False
            now = time.time()
            self.asking_since = None
            if not answered:
                self.answering_since = None
            else:
                if self.answering_since is None:
                    self.answering_since = now
                self._report(self.progress)
            self.stopping.wait(self.period)

    def _judge_loop(self) -> None:
        while not self.stopping.wait(self.period):
            try:
                self.check()
            except Exception:  # the watchdog must outlive any one failure of its own
                log.exception("liveness check of the %s failed", self.kind)

    def stop(self) -> None:
        self.stopping.set()
        self.file.unlink(missing_ok=True)

    def broker_answers(self, now: float) -> bool:
        """The broker answered every ask for ``bound`` seconds, and none is hanging now."""
        asking = self.asking_since
        if asking is not None and now - asking > self.period:
            return False
        return self.answering_since is not None and now - self.answering_since > self.bound

    def check(self, now: float | None = None) -> None:
        now = time.time() if now is None else now
        silent = now - self.progress
        if silent > self.bound and self.broker_answers(now):
            self.stalled(silent)
            return
        self.file.parent.mkdir(parents=True, exist_ok=True)
        scratch = self.file.with_suffix(".tmp")
        scratch.write_text(
            json.dumps({"pid": os.getpid(), "kind": self.kind, "progress": self.progress})
        )
        scratch.replace(self.file)  # its mtime is what the probes read

    def _report(self, progress: float) -> None:
        try:
            shared_client().set(REDIS_KEY.format(kind=self.kind), repr(progress), ex=REDIS_KEY_TTL)
        except Exception as exc:  # only a figure for /metrics; the next check tries again
            log.info("could not report the %s's liveness to Redis: %s", self.kind, exc)

    def stalled(self, silent: float) -> None:
        log.critical(
            "%s: no progress for %.0f s while the broker answered: stopping, so that it "
            "is started again",
            self.kind,
            silent,
        )
        self.stopping.set()
        self.file.unlink(missing_ok=True)
        # The usual shutdown first (the worker gives back the messages it holds); one
        # whose pool hangs would wait on it for ever: then its pool goes, and itself.
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(EXIT_GRACE_SECONDS)
        log.critical("%s did not stop within %.0f s: exiting", self.kind, EXIT_GRACE_SECONDS)
        from billiard.process import active_children

        for child in active_children():
            if child.pid:
                with contextlib.suppress(OSError):
                    os.kill(child.pid, signal.SIGKILL)
        os._exit(EXIT_CODE)


# --- the worker ------------------------------------------------------------------------

_worker_watchdog: Watchdog | None = None


def start_worker_watchdog(app: Any, hostname: str) -> None:
    """Called in the worker's main process once its consumer is ready."""
    global _worker_watchdog
    from celery.utils.nodenames import worker_direct

    queue = worker_direct(hostname)
    # One the worker receives this late is discarded unseen (as a stale one would be
    # after a restart): it no longer says anything about now.
    expires = float(_settings().LIVENESS_SECONDS)

    def send_heartbeat() -> bool:
        try:
            app.send_task(
                HEARTBEAT_TASK, queue=queue, expires=expires, ignore_result=True, retry=False
            )
        except Exception as exc:
            log.info("worker heartbeat not sent: %s", exc)
            return False
        return True

    if _worker_watchdog is None:
        _worker_watchdog = Watchdog("worker", send_heartbeat)
        _worker_watchdog.start()


def heartbeat_received() -> None:
    """A heartbeat task reached this worker's consumer (its ``task_received``)."""
    if _worker_watchdog is not None:
        _worker_watchdog.progress = time.time()


def stop_worker_watchdog() -> None:
    global _worker_watchdog
    if _worker_watchdog is not None:
        _worker_watchdog.stop()
        _worker_watchdog = None


# --- beat ------------------------------------------------------------------------------

_beat_watchdog: Watchdog | None = None


def start_beat_watchdog() -> None:
    """Called in beat once it starts (``beat_init``)."""
    global _beat_watchdog

    def ping() -> bool:
        try:
            return bool(shared_client().ping())
        except Exception:
            return False

    if _beat_watchdog is None:
        _beat_watchdog = Watchdog("beat", ping)
        _beat_watchdog.start()


def beat_published() -> None:
    """Beat published a task (its ``after_task_publish``)."""
    if _beat_watchdog is not None:
        _beat_watchdog.progress = time.time()


def stop_beat_watchdog() -> None:
    global _beat_watchdog
    if _beat_watchdog is not None:
        _beat_watchdog.stop()
        _beat_watchdog = None


# --- the probes ------------------------------------------------------------------------


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def file_ages(kind: str, now: float | None = None) -> dict[int, float]:
    """Seconds since each running ``kind`` process on this machine last found itself
    healthy, by pid (files of processes that are gone are skipped)."""
    now = time.time() if now is None else now
    ages: dict[int, float] = {}
    for path in Path(_settings().LIVENESS_DIR).glob(f"{kind}.*.json"):
        try:
            pid = int(path.name.split(".")[1])
            mtime = path.stat().st_mtime
        except (ValueError, OSError):
            continue
        if _pid_alive(pid):
            ages[pid] = now - mtime
    return ages

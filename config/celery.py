"""The Celery app, shared by the worker, beat and the web processes that queue tasks."""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.signals import (
    after_task_publish,
    beat_init,
    task_postrun,
    task_prerun,
    task_received,
    worker_init,
    worker_process_init,
    worker_process_shutdown,
    worker_ready,
    worker_shutdown,
    worker_shutting_down,
)

from config import fast_paths

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("rummy")
# Every CELERY_* setting in config/settings.py configures this app.
app.config_from_object("django.conf:settings", namespace="CELERY")
# kombu's Redis transport with the fix of config/broker.py (a worker survives a Redis
# restart); the broker URL stays redis://. Keep trying to reconnect for as long as it
# takes (the default gives up after 100 attempts, a few minutes of Redis away).
app.conf.broker_transport = "config.broker:Transport"
app.conf.broker_connection_max_retries = None
# A hung Redis (the process alive, nothing answering) must not hold a sender forever:
# without socket timeouts a publish waits on the dead connection for good.
app.conf.broker_transport_options = {"socket_timeout": 5, "socket_connect_timeout": 2}
app.conf.redis_socket_timeout = 5
app.conf.redis_socket_connect_timeout = 2
# A worker fetches one message per pool process ahead, no more: what waits goes on waiting
# in the broker, where the clock's expiries overtake bot moves by priority
# (matches.queueing) instead of queueing behind a batch the worker took already.
app.conf.worker_prefetch_multiplier = 1
# Every installed app's tasks module: matches.tasks holds the clock's and the bot seats'.
app.autodiscover_tasks()

DB_REUSE_NEVER = 2**62  # CELERY_DB_REUSE_MAX, read by celery.fixups.django: "never close"


@app.on_after_configure.connect  # type: ignore[untyped-decorator]  # celery ships no type hints
def _configure_fast_paths(sender: Celery, **_: Any) -> None:
    if fast_paths.chosen("worker_connections"):
        # Read by celery.fixups.django when the worker starts (see below).
        sender.conf["CELERY_DB_REUSE_MAX"] = DB_REUSE_NEVER


@app.task(name="config.ping")  # type: ignore[untyped-decorator]  # celery ships no type hints
def ping() -> str:
    """Answer "pong": a worker is consuming the queue and results come back."""
    return "pong"


# --- liveness (config/liveness.py) -------------------------------------------------------
# Each worker also consumes a queue of its own (``<hostname>.dq2``), through which its
# watchdog sends it heartbeats: the same consumer, prefetch credit and pool as its work.
app.conf.worker_direct = True


@app.task(name="config.worker_heartbeat", ignore_result=True)  # type: ignore[untyped-decorator]  # celery ships no type hints
def worker_heartbeat() -> None:
    """Nothing to do: receiving it is the proof (``config.liveness``)."""


def _on_worker_ready(sender: Any = None, **_: Any) -> None:
    from config import liveness

    task_received.connect(_on_task_received, weak=False)
    liveness.start_worker_watchdog(app, sender.hostname)


def _on_task_received(request: Any = None, **_: Any) -> None:
    if request is not None and request.name == "config.worker_heartbeat":
        from config import liveness

        liveness.heartbeat_received()


def _on_worker_shutting_down(**_: Any) -> None:
    from config import liveness

    liveness.stop_worker_watchdog()


def _on_beat_init(**_: Any) -> None:
    from config import liveness

    after_task_publish.connect(_on_beat_published, weak=False)
    liveness.start_beat_watchdog()


def _on_beat_published(**_: Any) -> None:
    from config import liveness

    liveness.beat_published()


worker_ready.connect(_on_worker_ready, weak=False)
worker_shutting_down.connect(_on_worker_shutting_down, weak=False)
beat_init.connect(_on_beat_init, weak=False)


# A worker process runs task after task, one at a time: it keeps one database connection
# between them (a new PostgreSQL session per task cost more than the task itself, issue
# 12). Celery's Django fixup closes every connection before and after each task unless
# CELERY_DB_REUSE_MAX is set, whatever CONN_MAX_AGE says (bench/worker_bench.py counted
# 530 sessions for 519 actions); with a pool in a prefork child it closes the whole pool,
# whose threads then open new connections for the next task. So: no pool in a worker
# (its processes run one task at a time; the pool is for the web's threads), the fixup's
# closing off, and Django's own per-request rule instead, before and after each task
# (``close_old_connections``: a connection past CONN_MAX_AGE, or one that raised a
# database error, is closed; CONN_HEALTH_CHECKS tests a kept one before its next use,
# so a worker survives a PostgreSQL restart).
WORKER_DB_CONN_MAX_AGE = 600


def keep_database_connections(**_: Any) -> None:
    from django.conf import settings

    fast_paths.log_at_start("worker")
    if not fast_paths.chosen("worker_connections"):
        return
    databases: dict[str, dict[str, Any]] = settings.DATABASES
    for db in databases.values():
        options = db.get("OPTIONS", {})
        if options.pop("pool", None) is not None or db.get("CONN_MAX_AGE") == 0:
            db["CONN_MAX_AGE"] = db.get("CONN_MAX_AGE") or WORKER_DB_CONN_MAX_AGE
            db["CONN_HEALTH_CHECKS"] = True


def close_old_database_connections(**_: Any) -> None:
    if fast_paths.chosen("worker_connections"):
        from django.db import close_old_connections

        close_old_connections()


task_prerun.connect(close_old_database_connections, weak=False)
task_postrun.connect(close_old_database_connections, weak=False)
# worker_init: the solo and thread pools run tasks in the worker's process;
# worker_process_init: each prefork child (the parent holds no connection to keep).
worker_init.connect(keep_database_connections, weak=False)
worker_process_init.connect(keep_database_connections, weak=False)


def close_database_connections(**_: Any) -> None:
    """A stopping worker ends its kept database sessions itself (a test database can
    then be dropped at once; a server sees the session end, not a broken socket)."""
    from django.db import connections

    connections.close_all()


worker_shutdown.connect(close_database_connections, weak=False)
worker_process_shutdown.connect(close_database_connections, weak=False)

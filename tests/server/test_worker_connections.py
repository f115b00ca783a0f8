"""A worker process keeps its PostgreSQL session from task to task (issue 12).

Celery's Django fixup closes every connection before and after each task unless told
otherwise (``config.celery``), and a new session cost PostgreSQL more CPU than the task
itself. Counted with ``pg_stat_database.sessions`` against a real prefork worker."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from config.celery import app
from matches.queueing import EXPIRE_TASK
from tests.deploy.cluster import TcpProxy
from tests.server.game_workers import WAIT, Processes, game_processes

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("game_settings"),
    pytest.mark.fast_path("worker_connections"),
]

TASKS = 24


def sessions() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        row = cursor.fetchone()
    assert row is not None
    return int(row[0])


def run_tasks(procs: Processes, count: int) -> list[Any]:
    """``count`` expiry tasks of a match that does not exist: one query each."""
    results = [
        app.send_task(EXPIRE_TASK, args=[10**9 + i, 1], queue=procs.queue) for i in range(count)
    ]  # fmt: skip
    return [result.get(timeout=WAIT) for result in results]


def test_a_worker_runs_many_tasks_on_the_sessions_it_opened_once(procs: Processes) -> None:
    assert run_tasks(procs, 4) == ["no such match"] * 4  # each pool process connected
    before = sessions()

    assert run_tasks(procs, TASKS) == ["no such match"] * TASKS

    # Two pool processes: at most a session each if one had not connected yet; a
    # session per task (the fixup's default) would be 24 or more.
    assert sessions() - before <= 2


def test_a_kept_session_that_died_is_replaced_before_the_next_task_uses_it(
    postgres: dict[str, Any], redis_url: str, tmp_path: Path
) -> None:
    proxy = TcpProxy(postgres.get("HOST") or "127.0.0.1", int(postgres.get("PORT") or 5432))
    try:
        behind = dict(postgres, HOST="127.0.0.1", PORT=proxy.port)
        with game_processes(behind, redis_url, tmp_path, beat=False) as group:
            assert run_tasks(group, 4) == ["no such match"] * 4
            proxy.cut()  # every kept session is dropped, as by a PostgreSQL restart
            proxy.restore()
            # The health check (CONN_HEALTH_CHECKS) finds the dead session and opens a
            # new one; without it each task would fail on the dead one, retries and all.
            assert run_tasks(group, 4) == ["no such match"] * 4
    finally:
        proxy.close()

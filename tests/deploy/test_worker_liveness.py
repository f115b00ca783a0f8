"""Liveness of the worker and beat (issue 26, config/liveness.py), with real processes
really stopped: a worker that receives nothing while Redis answers stops by itself; the
probes (`manage.py liveness worker|beat|system`) fail for a frozen worker or beat and
for overdue deadlines, and pass while it is Redis that hangs."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest

from tests.deploy.cluster import ROOT, Processes, RedisServer, probe_app, wait_for
from tests.server.game_workers import game_env

BOUND = 8  # LIVENESS_SECONDS of these processes


@pytest.fixture
def group(postgres: dict[str, Any], own_redis: RedisServer, tmp_path: Path) -> Iterator[Processes]:
    env = game_env(postgres, own_redis.url, "fault-liveness", tmp_path / "mail")
    env.update(
        LIVENESS_DIR=str(tmp_path / "liveness"),
        LIVENESS_SECONDS=str(BOUND),
        LIVENESS_HEARTBEAT_SECONDS="1",
        DEADLINE_OVERDUE_LIMIT_SECONDS="3",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    processes = Processes(env, tmp_path)
    try:
        yield processes
    finally:
        for process in processes.children.values():
            for child in [process.pid, *(c.pid for c in _pool(process.pid))]:
                with _gone():
                    os.kill(child, signal.SIGCONT)
        processes.stop()


class _gone:
    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, *_: Any) -> bool:
        return kind is not None and issubclass(kind, (ProcessLookupError, psutil.Error))


def _pool(pid: int) -> list[psutil.Process]:
    try:
        return list(psutil.Process(pid).children(recursive=True))
    except psutil.Error:
        return []


def liveness(group: Processes, what: str) -> tuple[int, dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, "manage.py", "liveness", what],
        cwd=ROOT, env=group.env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    line = (done.stdout or done.stderr).strip().splitlines()[-1]
    return done.returncode, json.loads(line.removeprefix("CommandError: "))


def test_a_worker_whose_pool_is_frozen_stops_by_itself(group: Processes) -> None:
    hostname = group.worker("worker", "fault-liveness")
    worker = group.children["worker"]
    probe = probe_app(group.env["REDIS_URL"])
    try:
        wait_for("the worker's first liveness file", lambda: liveness(group, "worker")[0] == 0)
        # when: its pool processes hang and it takes as much work as its prefetch allows
        for child in _pool(worker.pid):
            child.suspend()
        for _ in range(2):
            probe.send_task("config.ping", queue="fault-liveness")
        stopped_at = time.monotonic()

        # then: it receives no heartbeat, says so, and stops (to be started again)
        wait_for(f"the worker to stop\n{group.logs()}", lambda: worker.poll() is not None, 120)
        assert time.monotonic() - stopped_at > BOUND  # not before the bound
        assert worker.returncode != 0
        assert "worker: no progress for" in group.logs()
        assert hostname
    finally:
        probe.close()


def test_the_probes_pass_while_redis_hangs_and_fail_for_a_frozen_worker_and_beat(
    group: Processes, own_redis: RedisServer
) -> None:
    group.worker("worker", "fault-liveness")
    group.beat()
    for what in ("worker", "beat", "system"):
        wait_for(f"{what} to be live\n{group.logs()}", lambda w=what: liveness(group, w)[0] == 0)

    # when Redis hangs longer than the bound, the worker and beat are not to blame
    own_redis.freeze()
    try:
        time.sleep(BOUND + 4)  # the fault's length, not a wait on a result
        for what in ("worker", "beat"):
            code, figures = liveness(group, what)
            assert code == 0, (what, figures, group.logs())
    finally:
        own_redis.thaw()
    assert group.alive("worker") and group.alive("beat")

    # when the worker and beat themselves hang, their probes fail after the bound
    for name in ("worker", "beat"):
        os.kill(group.children[name].pid, signal.SIGSTOP)
    time.sleep(BOUND + 1)  # the fault's length
    for what in ("worker", "beat"):
        code, figures = liveness(group, what)
        assert code == 1, (what, figures)
        assert max(figures["ages"].values()) > BOUND
    # and the system's too, once a deadline is overdue beyond its limit
    code, figures = liveness(group, "system")
    assert code == 1 and figures["worker_age"] > BOUND, figures

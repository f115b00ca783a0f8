"""Real Celery processes for the bot, deadline and correspondence tests (issue 6).

Each group of processes consumes a queue of its own (``GAME_TASK_QUEUE``), so that no
other worker of the test session (``live_worker``) takes their tasks: the test process
queues to it too (the ``game_settings`` fixture). Settings are short: no bot think time,
a sweep every second, a 3-second presence grace, e-mail written to files, digests without delay.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
T = TypeVar("T")
WAIT = 90.0  # a bound on waiting on a slow machine, never an assertion about speed


def database_url(db: dict[str, Any]) -> str:
    user = db.get("USER") or ""
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    return f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


def game_env(
    postgres: dict[str, Any], redis_url: str, queue: str, mail_dir: Path
) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("RUMMY_VAR_DIR", None)
    env.update(
        DATABASE_URL=database_url(postgres),
        REDIS_URL=redis_url,
        GAME_TASK_QUEUE=queue,
        BOT_THINK_SECONDS="0",
        DEADLINE_SWEEP_SECONDS="1",
        BOT_STALL_SECONDS="5",
        PRESENCE_HEARTBEAT_SECONDS="0.5",
        PRESENCE_GRACE_SECONDS="3",
        EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
        EMAIL_FILE_PATH=str(mail_dir),
        # A digest as soon as there is something to say (still two a day at most).
        NOTIFY_DIGEST_DELAY_SECONDS="0",
        NOTIFY_SWEEP_SECONDS="1",
        ARCHIVE_SWEEP_SECONDS="1",
    )
    return env


def settings_for(queue: str, mail_dir: Path) -> dict[str, Any]:
    """The same settings for the test process (it queues tasks after its commits)."""
    return {
        "GAME_TASK_QUEUE": queue,
        "BOT_THINK_SECONDS": 0,
        "PRESENCE_GRACE_SECONDS": 3,
        "EMAIL_FILE_PATH": str(mail_dir),
    }


class Processes:
    """A group of worker and beat processes on one queue."""

    def __init__(self, env: dict[str, str], workdir: Path) -> None:
        self.env = env
        self.workdir = workdir
        self.queue = env["GAME_TASK_QUEUE"]
        self.children: dict[str, subprocess.Popen[bytes]] = {}

    def worker(self, name: str, *, pool: str = "prefork", concurrency: int = 2) -> str:
        """Start a worker; its hostname once it answers a ping."""
        from config.celery import app

        hostname = f"{name}-{uuid.uuid4().hex[:8]}@test"
        log = (self.workdir / f"{name}.log").open("ab")
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "--app", "config", "worker",
             "--pool", pool, "--concurrency", str(concurrency), "--queues", self.queue,
             "--loglevel", "INFO", "--without-mingle", "--without-gossip",
             "--hostname", hostname],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        self.children[hostname] = process
        deadline = time.monotonic() + WAIT
        while not app.control.ping(destination=[hostname], timeout=0.5):
            if process.poll() is not None:
                pytest.fail(f"worker {name} exited with {process.returncode}: {self.logs()}")
            if time.monotonic() > deadline:
                pytest.fail(f"worker {name} did not answer a ping: {self.logs()}")
        return hostname

    def beat(self) -> None:
        log = (self.workdir / "beat.log").open("ab")
        self.children["beat"] = subprocess.Popen(
            [sys.executable, "-m", "celery", "--app", "config", "beat", "--loglevel", "INFO",
             "--schedule", str(self.workdir / "beat-schedule")],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip

    def kill(self, name: str) -> None:
        """SIGKILL a process and its pool, as a crash would."""
        process = self.children.pop(name)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()

    def stop(self) -> None:
        for process in self.children.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.children.values():
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)  # pool processes left behind
        self.children.clear()

    def logs(self) -> str:
        return "\n".join(
            f"--- {p.name}\n{p.read_text(errors='replace')[-4000:]}"
            for p in sorted(self.workdir.glob("*.log"))
        )


@contextmanager
def game_processes(
    postgres: dict[str, Any],
    redis_url: str,
    workdir: Path,
    *,
    worker: bool = True,
    beat: bool = True,
    **env: str,
) -> Iterator[Processes]:
    """Worker and beat processes on a queue of their own; ``env``: more settings."""
    queue = f"game-test-{uuid.uuid4().hex[:10]}"
    mail = workdir / "mail"
    mail.mkdir(parents=True, exist_ok=True)
    group = Processes({**game_env(postgres, redis_url, queue, mail), **env}, workdir)
    try:
        if worker:
            group.worker("worker")
        if beat:
            group.beat()
        yield group
    finally:
        group.stop()


def wait_for(what: str, check: Callable[[], T | None], timeout: float = WAIT) -> T:
    """Poll ``check`` until it returns something truthy; fail after ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.2)

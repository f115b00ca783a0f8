"""Issue 32: the web client on `make run`'s defaults, as a new user meets it: no
DATABASE_URL, no REDIS_URL (SQLite and the Redis `make run` starts), a worker and beat.
Register, play a few turns against a bot, reload, play on (scenarios.mjs `firstrun`).
Every logged-in request once answered 500 there while every test ran on PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import psutil
import pytest

from tests.browser.conftest import ARTIFACTS, run_scenario
from tests.conftest import LiveServer
from tests.e2e.test_run_command import READY_TIMEOUT, SERVER_VARIABLES, free_port

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def defaults(web_build: Path, tmp_path: Path) -> Iterator[LiveServer]:
    """`make run` with no settings but where to listen and keep its files."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in SERVER_VARIABLES}
    env.update(HOST="127.0.0.1", PORT=str(port), RUMMY_VAR_DIR=str(tmp_path / "var"))
    log = tmp_path / "run.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["make", "--no-print-directory", "run"],
            cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    server = LiveServer(f"http://127.0.0.1:{port}")
    server.log_path, server.process = log, process
    try:
        deadline = time.monotonic() + READY_TIMEOUT
        while True:
            assert process.poll() is None, f"make run exited:\n{server.log_text()[-4000:]}"
            try:
                if httpx.get(f"{server}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, f"not ready:\n{server.log_text()[-4000:]}"
            time.sleep(0.25)
        yield server
    finally:
        if process.poll() is None:
            for child in psutil.Process(process.pid).children(recursive=True):
                child.kill()
            process.kill()
            process.wait()


def test_a_new_user_plays_reloads_and_plays_on_with_the_defaults(defaults: LiveServer) -> None:
    line = run_scenario(defaults, "firstrun")

    assert line.startswith("ok firstrun")
    assert (ARTIFACTS / "firstrun.png").stat().st_size > 10_000
    assert (Path(defaults.log_path).parent / "var" / "db.sqlite3").exists()
    log = defaults.log_text()
    assert "Internal Server Error" not in log and "Traceback" not in log, log[-4000:]
    # The start-up says which fast paths need PostgreSQL and run their plain twin here.
    assert "on sqlite the plain twin of" in log

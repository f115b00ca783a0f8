"""Browser tests: the built web client in Debian's chromium (playwright-core), against the
real server process (uvicorn on the test PostgreSQL and Redis) with a real Celery worker.

The client is built first when its sources changed (`make web`, which runs `npm ci` when
node_modules is missing or stale); then a server of its own starts, since WhiteNoise finds
the build's files when the server starts. Screenshots of each test's final state are
written to var/browser/.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import LiveServer, _database_url, start_asgi_server

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "var" / "browser"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def web_build() -> Path:
    if shutil.which("npm") is None or shutil.which("node") is None:
        pytest.fail("the browser tests need node and npm (Debian: apt-get install nodejs npm)")
    if not Path(CHROMIUM).exists():
        pytest.fail("the browser tests need Debian's chromium (apt-get install chromium)")
    subprocess.run(["make", "--no-print-directory", "web"], cwd=ROOT, check=True)
    index = ROOT / "web" / "dist" / "index.html"
    assert index.exists(), "make web did not build the client"
    return index


def _vapid_key() -> str:
    import base64

    from cryptography.hazmat.primitives.asymmetric import ec

    raw = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
    return base64.urlsafe_b64encode(raw.to_bytes(32, "big")).decode().rstrip("=")


# The ranked queue seats bots for the missing seats after this wait (the server process
# stamps each ticket with it): long enough to see the ticket and leave the queue, short
# enough for a ranked match against a bot to start within the test.
QUEUE_BOT_FILL_SECONDS = "8"


# Web Push on (the notification toggle, tests/browser/push.mjs): a key of the session's
# own; the test browser's stubbed subscriptions are on loopback, allowed here.
PUSH_ENV = {"NOTIFY_ALLOW_LOCAL_ENDPOINTS": "1", "VAPID_PRIVATE_KEY": _vapid_key()}


@pytest.fixture(scope="session")
def web_server(
    web_build: Path, postgres: dict[str, Any], redis_url: str, live_worker: Any
) -> Iterator[LiveServer]:
    # Players may create tournaments here: the `together` scenario makes one through the API.
    with start_asgi_server(
        postgres,
        redis_url,
        MATCHMAKING_BOT_FILL_SECONDS=QUEUE_BOT_FILL_SECONDS,
        TOURNAMENTS_BY_PLAYERS="1",
        **PUSH_ENV,
    ) as server:
        yield server


@pytest.fixture
def beat(postgres: dict[str, Any], redis_url: str, live_worker: Any) -> Iterator[None]:
    """A real Celery beat for one test: its matchmaking tick (every second here) goes to
    the session's worker, which forms the ranked tables. Only the tests of the queue run
    it, so that its deadline sweeps touch no other test's matches."""
    env = dict(os.environ, DATABASE_URL=_database_url(postgres), REDIS_URL=redis_url,
               MATCHMAKING_TICK_SECONDS="1")  # fmt: skip
    env.pop("RUMMY_VAR_DIR", None)
    with tempfile.TemporaryDirectory(prefix="rummy-beat-") as workdir:
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "--app", "config", "beat", "--loglevel", "WARNING",
             "--schedule", str(Path(workdir) / "beat-schedule")],
            cwd=ROOT, env=env,
        )  # fmt: skip
        try:
            yield
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _scenario_env(server: LiveServer) -> dict[str, str]:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return {
        "PATH": "/usr/bin:/bin:/usr/local/bin",
        "HOME": str(ARTIFACTS),
        "BASE_URL": str(server),
        "ARTIFACTS": str(ARTIFACTS),
        "CHROMIUM": CHROMIUM,
    }


def _node_scenario(
    server: LiveServer, name: str, timeout: float
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["node", str(Path(__file__).with_name("scenarios.mjs")), name],
        cwd=ROOT, env=_scenario_env(server), capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip


def _closing_line(server: LiveServer, name: str, done: subprocess.CompletedProcess[str]) -> str:
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"scenario {name} failed:\n{output}\n{server.log_text()[-3000:]}"
    lines = [line for line in done.stdout.splitlines() if line.startswith(f"ok {name}")]
    assert lines, output
    return lines[-1]


def run_scenario(server: LiveServer, name: str, timeout: float = 300) -> str:
    """Run one scenario of scenarios.mjs; its closing line ("ok NAME: ...")."""
    return _closing_line(server, name, _node_scenario(server, name, timeout))


# The scenarios of test_web_client.py that run side by side, each in a chromium of its
# own with users and matches of its own, against the one server and worker: they spend
# most of their time waiting (on bots' thinking time, turn clocks, live events), so a few
# at once take little longer than the longest alone. Longest first (one after another,
# under load: rummikub 107 s, rummy 71 s, reclaim 21 s, timer 20 s, the rest 11-18 s).
# `ranked` is not among them: it needs Celery beat, whose sweeps only its own test may see.
PARALLEL_SCENARIOS = (
    "rummikub", "rummy", "reclaim", "timer", "two", "together", "lobby", "reconnect", "invalid",
)  # fmt: skip
# How many chromiums at once (BROWSER_SCENARIOS_AT_ONCE=1: one after another, as before).
SCENARIOS_AT_ONCE = int(os.environ.get("BROWSER_SCENARIOS_AT_ONCE", "2"))


class ScenarioRuns:
    """Those of PARALLEL_SCENARIOS whose tests were collected, started when the first of
    their tests asks, SCENARIOS_AT_ONCE at a time; each test waits for its own and asserts
    on it (a scenario's timeout counts from its own start)."""

    def __init__(self, server: LiveServer, names: list[str], timeout: float = 300) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self.server = server
        self.pool = ThreadPoolExecutor(max_workers=SCENARIOS_AT_ONCE, thread_name_prefix="scenario")
        self.runs = {
            name: self.pool.submit(_node_scenario, server, name, timeout) for name in names
        }

    def closing_line(self, name: str) -> str:
        return _closing_line(self.server, name, self.runs[name].result())

    def close(self) -> None:
        for run in self.runs.values():
            run.cancel()
        self.pool.shutdown(wait=True)


@pytest.fixture(scope="session")
def scenario_runs(request: pytest.FixtureRequest, web_server: LiveServer) -> Iterator[ScenarioRuns]:
    wanted = {
        item.callspec.params["name"]
        for item in request.session.items
        if "scenario_runs" in getattr(item, "fixturenames", ()) and hasattr(item, "callspec")
    }
    runs = ScenarioRuns(web_server, [name for name in PARALLEL_SCENARIOS if name in wanted])
    try:
        yield runs
    finally:
        runs.close()

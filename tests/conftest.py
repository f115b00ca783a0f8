"""Fixtures shared by the server and end-to-end tests.

Pure tests (tests/engine, tests/bots) need none of this and no server.

Services: `make test` (scripts/test.py) starts PostgreSQL and Redis, points DATABASE_URL
and REDIS_URL at them and sets RUMMY_TEST_SERVICES=1. Run outside it, the fixtures below
skip the tests that need a service, so `uv run pytest tests/engine` works anywhere.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent


def require_services(reason: str) -> None:
    """Skip the calling test when run without `make test`'s services, fail under it."""
    if os.environ.get("RUMMY_TEST_SERVICES") == "1":
        pytest.fail(f"{reason}, although RUMMY_TEST_SERVICES=1")
    pytest.skip(f"{reason}: run it through `make test` (scripts/test.py)")


def pytest_runtest_setup(item: pytest.Item) -> None:
    """``@pytest.mark.fast_path(name, ...)``: a test of the fast twin of these pieces
    (config/fast_paths.py), skipped when the run's FAST_PATHS leaves one of them off."""
    for marker in item.iter_markers("fast_path"):
        from config import fast_paths

        off = [name for name in marker.args if not fast_paths.chosen(name)]
        if off:
            pytest.skip(f"FAST_PATHS leaves {', '.join(off)} off")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests that use the PostgreSQL test database only through a server process (e2e)
    still need it created: pytest-django creates it only for tests marked django_db."""
    for item in items:
        uses_database = "postgres" in getattr(item, "fixturenames", ())
        if uses_database and item.get_closest_marker("django_db") is None:
            item.add_marker(pytest.mark.django_db)


@pytest.fixture(params=["fast", "plain"])
def twin(request: pytest.FixtureRequest, settings: Any) -> str:
    """Every seam's fast twin, then its plain one (``settings.FAST_PATHS`` all, then
    none; config/fast_paths.py), for a test that holds the two to the same behaviour.
    Only what reads the setting per call follows it: not the web process's request path,
    chosen at its start."""
    from config import fast_paths

    settings.FAST_PATHS = fast_paths.parse("1" if request.param == "fast" else "0")
    return str(request.param)


@pytest.fixture
def fast_twins(settings: Any) -> None:
    """Every seam's fast twin (``settings.FAST_PATHS`` all), whatever the run's value:
    for a test that holds a fast twin to what the plain one (the ORM's) gives."""
    from config import fast_paths

    settings.FAST_PATHS = fast_paths.parse("1")


@pytest.fixture(autouse=True)
def _database_known_reachable() -> Iterator[None]:
    """A test that takes the database away (readyz, a broken connection) leaves this
    process's outage state (api.availability) as it found it: reachable."""
    yield
    from api import availability

    availability.note_up()


@pytest.fixture(scope="session")
def redis_url() -> str:
    """The URL of the test Redis (Celery broker and live events)."""
    if not os.environ.get("REDIS_URL"):
        require_services("REDIS_URL is not set")
    return str(settings.REDIS_URL)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None) -> Iterator[None]:
    """pytest-django's, and before it drops the test database, every connection this
    process still has open to it closed. Threads of the process's own keep theirs:
    asgiref's sync thread (``sync_to_async`` outside a request), a request thread kept
    by ``config.asgi.RequestThreads``; Django closes a connection in the thread that
    opened it, which at the end of a run no longer works on anything. Left open, they
    made the drop fail ("being accessed by other users") at the end of every full run."""
    yield
    import gc

    import psycopg

    for obj in gc.get_objects():
        # type(), not isinstance(): a dead weak proxy among the objects raises on that.
        if issubclass(type(obj), psycopg.Connection) and not obj.closed:
            obj.close()


@pytest.fixture(scope="session")
def postgres(django_db_setup: None) -> dict[str, Any]:
    """The settings of the PostgreSQL test database, once pytest-django has created it."""
    from django.db import connections

    db = connections["default"]
    if db.vendor != "postgresql":
        require_services(f"the test database is {db.vendor}, not PostgreSQL")
    return dict(db.settings_dict)


def _database_url(db: dict[str, Any]) -> str:
    user = db.get("USER") or ""
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    return f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


@pytest.fixture(scope="session")
def live_worker(postgres: dict[str, Any], redis_url: str) -> Iterator[subprocess.Popen[bytes]]:
    """A real Celery worker process on the test database and the test Redis.

    Tests that queue tasks touching the database need `@pytest.mark.django_db(transaction=True)`
    so that what they write is committed, and visible to the worker.
    """
    from config.celery import app

    env = dict(os.environ, DATABASE_URL=_database_url(postgres), REDIS_URL=redis_url)
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "--app", "config", "worker", "--pool", "solo",
         "--loglevel", "WARNING", "--without-mingle", "--without-gossip",
         "--hostname", f"test-worker-{os.getpid()}@%h"],
        cwd=ROOT,
        env=env,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not app.control.ping(timeout=0.5):
            if process.poll() is not None:
                pytest.fail(f"the Celery worker exited with code {process.returncode}")
            if time.monotonic() > deadline:
                pytest.fail("the Celery worker did not answer a ping within 60s")
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer(str):
    """The base URL of a running server (`http://127.0.0.1:PORT`), with its log file."""

    log_path: Path
    process: subprocess.Popen[bytes]

    @property
    def ws_url(self) -> str:
        return "ws" + self[len("http") :] + "/graphql"

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace")


# Limits of the shared test server: every test client comes from 127.0.0.1 and many tests
# share it, so the per-address limits are far above production's; tests of the limits
# themselves start a server of their own with low ones (`start_asgi_server`).
ASGI_SERVER_ENV = {
    "RATE_LIMIT_MUTATIONS_IP": "100000/1",
    "RATE_LIMIT_MUTATIONS_USER": "1000/1",
    "RATE_LIMIT_WS_MESSAGES_CONNECTION": "1000/1",
    "RATE_LIMIT_WS_MESSAGES_USER": "1000/1",
    "LOGIN_FAILURES_IP": "100000/60",
    "RATE_LIMIT_REGISTRATIONS_IP": "100000/60",
    "RATE_LIMIT_WS_SENT_CONNECTION": "100000/1",
    "RATE_LIMIT_WS_REPLAYED_IP": "10000000/60",
}


@contextmanager
def start_asgi_server(postgres: dict[str, Any], redis_url: str, **env: str) -> Iterator[LiveServer]:
    """Run the real ASGI application (uvicorn) on the test database and Redis.

    `env` adds or overrides environment variables (settings) of the server process.
    Waits until /readyz answers 200; stops the server on exit.
    """
    import httpx

    port = _free_port()
    log_file = Path(tempfile.mkstemp(prefix="rummy-asgi-", suffix=".log")[1])
    server_env = dict(
        os.environ, DATABASE_URL=_database_url(postgres), REDIS_URL=redis_url, **ASGI_SERVER_ENV
    )
    server_env.update(env)
    server_env.pop("RUMMY_VAR_DIR", None)
    with log_file.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.asgi:application",
             "--host", "127.0.0.1", "--port", str(port), "--no-access-log",
             "--log-level", "warning", "--lifespan", "off"],
            cwd=ROOT, env=server_env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
    server = LiveServer(f"http://127.0.0.1:{port}")
    server.log_path, server.process = log_file, process
    try:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None:
                pytest.fail(f"the ASGI server exited with {process.returncode}:\n"
                            f"{server.log_text()}")  # fmt: skip
            try:
                if httpx.get(f"{server}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the ASGI server was not ready within 90s:\n{server.log_text()}")
            time.sleep(0.1)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log_file.unlink(missing_ok=True)


# The same for in-process tests (Django's test client is 127.0.0.1 too, and a fast machine
# may well run more than 20 mutations of one user in a second). Tests of the limits set
# their own values with pytest-django's `settings` fixture, which undoes them afterwards.
GENEROUS_LIMITS = {
    "RATE_LIMIT_MUTATIONS_IP": (100_000, 1),
    "RATE_LIMIT_MUTATIONS_USER": (1000, 1),
    "RATE_LIMIT_WS_MESSAGES_CONNECTION": (1000, 1),
    "RATE_LIMIT_WS_MESSAGES_USER": (1000, 1),
    "LOGIN_FAILURES_IP": (100_000, 60),
    "RATE_LIMIT_REGISTRATIONS_IP": (100_000, 60),
    "RATE_LIMIT_WS_SENT_CONNECTION": (100_000, 1),
    "RATE_LIMIT_WS_REPLAYED_IP": (10_000_000, 60),
}


@pytest.fixture(scope="session", autouse=True)
def _generous_limits() -> None:
    for name, value in GENEROUS_LIMITS.items():
        setattr(settings, name, value)


@pytest.fixture(scope="session")
def asgi_server(postgres: dict[str, Any], redis_url: str) -> Iterator[LiveServer]:
    """The real ASGI app (uvicorn subprocess) on the test PostgreSQL and Redis; its URL.

    Shared by the session. It sees only committed data: tests that write through the ORM
    and then call the server need `@pytest.mark.django_db(transaction=True)`; tests that
    only talk to it need no database marker at all.
    """
    with start_asgi_server(postgres, redis_url) as server:
        yield server


# --- GraphQL over Django's test client -------------------------------------------------


class GraphQLClient:
    """Posts GraphQL to /graphql through Django's test client (in process, no server).

    `token` sends `Authorization: Bearer <token>`; `call` returns (status, parsed body).
    """

    def __init__(self, client: Any) -> None:
        self.client = client

    def call(
        self, query: str, variables: dict[str, Any] | None = None, token: str | None = None
    ) -> tuple[int, Any]:
        import json

        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
        response = self.client.post(
            "/graphql",
            data=json.dumps({"query": query, "variables": variables or {}}),
            content_type="application/json",
            **headers,
        )
        return response.status_code, response.json()

    def data(
        self, query: str, variables: dict[str, Any] | None = None, token: str | None = None
    ) -> Any:
        """The `data` of a successful call; fails the test on any error."""
        status, body = self.call(query, variables, token)
        assert status == 200 and not body.get("errors"), body
        return body["data"]


@pytest.fixture
def gql(client: Any) -> GraphQLClient:
    return GraphQLClient(client)


def error_codes(body: dict[str, Any]) -> list[str]:
    """The extensions.code of each error of a GraphQL response body."""
    return [(e.get("extensions") or {}).get("code") for e in body.get("errors") or []]


@pytest.fixture
def clean_limits(redis_url: str) -> Iterator[None]:
    """Forget every rate-limit and login-throttle count in the test Redis, before and after."""
    import redis

    client = redis.Redis.from_url(redis_url)

    def clear() -> None:
        keys = list(client.scan_iter("rummy:limit:*", count=1000))
        if keys:
            client.delete(*keys)

    clear()
    yield
    clear()
    client.close()

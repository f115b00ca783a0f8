"""Fixtures shared by the server and end-to-end tests.

Pure tests (tests/engine, tests/bots) need none of this and no server.

Services: `make test` (scripts/test.py) starts PostgreSQL and Redis, points DATABASE_URL
and REDIS_URL at them and sets RUMMY_TEST_SERVICES=1. Run outside it, the fixtures below
skip the tests that need a service, so `uv run pytest tests/engine` works anywhere.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
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


@pytest.fixture(scope="session")
def redis_url() -> str:
    """The URL of the test Redis (Celery broker and Channels layer)."""
    if not os.environ.get("REDIS_URL"):
        require_services("REDIS_URL is not set")
    return str(settings.REDIS_URL)


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

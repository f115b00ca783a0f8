import socket
import time
from typing import Any

import pytest
from django.db import connections
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db


def _closed_port() -> int:
    # A port that was just free: nothing listens there.
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_healthz_answers_without_checking_dependencies(client: Client) -> None:
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_readyz_is_200_when_database_and_redis_answer(
    client: Client, postgres: dict[str, Any], redis_url: str
) -> None:
    response = client.get("/readyz")

    assert response.status_code == 200, response.content
    assert response.json() == {"status": "ok", "checks": {"database": "ok", "redis": "ok"}}


@pytest.mark.django_db(transaction=True)
def test_readyz_is_503_naming_the_database_when_it_is_down(
    client: Client, postgres: dict[str, Any], redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given: the database server is unreachable (the connection points at a closed port)
    connection = connections["default"]
    connection.close()
    monkeypatch.setitem(connection.settings_dict, "PORT", str(_closed_port()))
    connection.close_pool()  # the pool (DATABASE_POOL) is rebuilt with the closed port

    # when
    response = client.get("/readyz")

    # then
    connection.close()
    connection.close_pool()  # and rebuilt with the real one by the next test
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["checks"]["redis"] == "ok"
    assert body["checks"]["database"].startswith("OperationalError")


def test_readyz_is_503_naming_redis_when_it_is_down(
    client: Client, postgres: dict[str, Any]
) -> None:
    with override_settings(REDIS_URL=f"redis://127.0.0.1:{_closed_port()}/0"):
        response = client.get("/readyz")

    assert response.status_code == 503
    body = response.json()
    assert body["checks"]["database"] == "ok"
    assert body["checks"]["redis"].startswith("ConnectionError")


def test_health_endpoints_refuse_writes(client: Client) -> None:
    assert client.post("/healthz").status_code == 405
    assert client.post("/readyz").status_code == 405


def test_probes_answer_any_host_over_plain_http(client: Client, settings: Any) -> None:
    # given: production settings that would redirect to HTTPS and check the Host header
    settings.SECURE_SSL_REDIRECT = True

    # when: the orchestrator probes the pod by its IP
    response = client.get("/healthz", HTTP_HOST="10.1.2.3:8000")

    # then
    assert response.status_code == 200
    assert client.get("/graphql", HTTP_HOST="10.1.2.3:8000").status_code == 400


def _gauges(client: Client) -> dict[str, float]:
    text = client.get("/metrics").content.decode()
    return {
        name: float(value)
        for name, _, value in (line.partition(" ") for line in text.splitlines())
        if name and not name.startswith("#") and "{" not in name
    }


def test_metrics_show_overdue_deadlines_and_the_last_worker_heartbeat(
    client: Client, postgres: dict[str, Any], live_worker: Any
) -> None:
    """Issue 26: the clock's backlog and the worker's liveness, for alerts."""
    from datetime import timedelta

    from django.utils import timezone

    from accounts.models import User
    from matches.models import Match, MatchStatus

    # given: a match whose turn deadline passed two minutes ago (this test's transaction:
    # no worker sees it to apply it)
    before = _gauges(client).get("rummy_deadlines_overdue", 0)
    owner = User.objects.create_user("overdue-owner", password=None)
    Match.objects.create(
        ruleset="robbers",
        players=2,
        created_by=owner,
        status=MatchStatus.ACTIVE,
        deadline=timezone.now() - timedelta(seconds=120),
    )

    # when
    gauges = _gauges(client)

    # then
    assert gauges["rummy_deadlines_overdue"] == before + 1
    assert gauges["rummy_deadline_overdue_seconds"] >= 120
    # and the session's worker reports its heartbeats (every 5 s)
    deadline = time.monotonic() + 60
    while gauges.get("rummy_worker_heartbeat_age_seconds") is None:
        assert time.monotonic() < deadline, "no worker heartbeat in /metrics"
        time.sleep(0.5)
        gauges = _gauges(client)
    assert 0 <= gauges["rummy_worker_heartbeat_age_seconds"] < 30

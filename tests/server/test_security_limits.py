"""Limits an attacker could get around (issue 14, Security 4-6): registrations per
address, the admin login's failure throttle, and websockets outliving their token."""

from __future__ import annotations

import json
import secrets
from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone

from accounts.models import Token, User
from accounts.services import token_create

pytestmark = pytest.mark.django_db(transaction=True)

REGISTER = (
    'mutation($u: String!) { register(username: $u, password: "pw-unused-1xyz") { __typename } }'
)


@pytest.fixture(autouse=True)
def _redis(settings: Any, redis_url: str) -> None:
    settings.REDIS_URL = redis_url
    # Production settings serve static files from a manifest that tests do not build.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


def an_address() -> str:
    """A client address of this test only (the limits' counters live in the shared Redis)."""
    return f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.{secrets.randbelow(250) + 1}"


def test_registrations_from_one_address_are_limited(settings: Any) -> None:
    settings.RATE_LIMIT_REGISTRATIONS_IP = (3, 600)
    client, other = Client(REMOTE_ADDR=an_address()), Client(REMOTE_ADDR=an_address())

    def register(c: Client, name: str) -> Any:
        body = json.dumps({"query": REGISTER, "variables": {"u": name}})
        return c.post("/graphql", data=body, content_type="application/json").json()

    # when: one address registers four accounts, another one
    answers = [register(client, f"farm{i}") for i in range(4)]
    elsewhere = register(other, "honest")

    # then: the fourth is RATE_LIMITED before any account is made; the other address is fine
    assert [a["data"]["register"]["__typename"] for a in answers[:3]] == ["AuthPayload"] * 3
    assert answers[3]["errors"][0]["extensions"]["code"] == "RATE_LIMITED", answers[3]
    assert answers[3]["errors"][0]["extensions"]["retryAfter"] >= 1
    assert elsewhere["data"]["register"]["__typename"] == "AuthPayload"
    assert not User.objects.filter(username="farm3").exists()


def test_the_admin_login_is_throttled_like_the_graphql_login(settings: Any) -> None:
    settings.LOGIN_FAILURES_USERNAME = (10, 900)
    User.objects.create_superuser("boss", password="the-right-one-9")
    client = Client(REMOTE_ADDR=an_address())

    def log_in(password: str) -> Any:
        return client.post(
            "/admin/login/?next=/admin/",
            {"username": "boss", "password": password, "next": "/admin/"},
        )

    # when: 30 wrong passwords, then the right one
    wrong = [log_in(f"wrong-{i}").status_code for i in range(30)]
    right = log_in("the-right-one-9")

    # then: the first ten are judged (the form again), the rest and the right one refused
    assert wrong[:10] == [200] * 10
    assert set(wrong[10:]) == {429}
    assert right.status_code == 429 and int(right["Retry-After"]) >= 1
    assert client.get("/admin/").status_code == 302  # not logged in
    # and the GraphQL login of that username is refused too: the same counters
    body = json.dumps(
        {
            "query": 'mutation { login(username: "boss", password: "the-right-one-9") '
            "{ __typename } }"
        }
    )
    answer = Client(REMOTE_ADDR=an_address()).post(
        "/graphql", data=body, content_type="application/json"
    )
    assert answer.json()["errors"][0]["extensions"]["code"] == "RATE_LIMITED"


def test_the_admin_login_still_works_under_the_limit(settings: Any) -> None:
    settings.LOGIN_FAILURES_USERNAME = (10, 900)
    User.objects.create_superuser("chief", password="the-right-one-9")
    client = Client(REMOTE_ADDR=an_address())
    for i in range(3):
        client.post("/admin/login/", {"username": "chief", "password": f"no-{i}"})

    # when
    right = client.post(
        "/admin/login/?next=/admin/",
        {"username": "chief", "password": "the-right-one-9", "next": "/admin/"},
    )

    # then
    assert right.status_code == 302
    assert client.get("/admin/").status_code == 200


async def test_an_open_websocket_is_closed_with_4403_when_its_token_expires() -> None:
    from config.asgi import application

    # given: a token that expires in two seconds, on an acknowledged socket
    def short_token() -> str:
        raw = token_create(user=User.objects.create_user("brief", password="pw-unused-1"))
        Token.objects.filter(user__username="brief").update(
            expires_at=timezone.now() + timedelta(seconds=2)
        )
        return raw

    raw = await database_sync_to_async(short_token)()
    ws = WebsocketCommunicator(application, "/graphql", subprotocols=["graphql-transport-ws"])
    assert (await ws.connect())[0]
    await ws.send_json_to(
        {"type": "connection_init", "payload": {"authorization": f"Bearer {raw}"}}
    )
    assert (await ws.receive_json_from(timeout=10))["type"] == "connection_ack"
    await ws.send_json_to({"type": "ping"})
    assert (await ws.receive_json_from(timeout=10))["type"] == "pong"

    # when: the expiry passes (a bound on waiting, not a timing assertion)
    closed = await ws.receive_output(timeout=15)

    # then
    assert closed["type"] == "websocket.close" and closed["code"] == 4403, closed
    await ws.disconnect()

"""Bad input is a coded error, never a 500 and never a zombie socket (issue 14, "Bad
input"): NUL characters in strings, HTTP bodies that are not a JSON object, websocket
frames that are not one, and the rate limiter's shared Redis client under threads.
Issue 26: a subscribe whose payload is not an operation, JSON nested a thousand levels
deep, an empty selection, a subscription over HTTP, and `_entities` by the thousand."""

from __future__ import annotations

import json
import logging
import threading
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts.models import User
from accounts.services import token_create

pytestmark = pytest.mark.django_db(transaction=True)

NUL = "a\x00b"


@pytest.fixture(autouse=True)
def _redis(settings: Any, redis_url: str) -> None:
    settings.REDIS_URL = redis_url
    settings.RATE_LIMIT_MUTATIONS_USER = (0, 1)
    settings.RATE_LIMIT_MUTATIONS_IP = (0, 1)


def post(body: bytes, token: str | None = None, content_type: str = "application/json") -> Any:
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return Client(raise_request_exception=False).post(
        "/graphql", data=body, content_type=content_type, **headers
    )


@pytest.mark.parametrize(
    ("query", "variables"),
    [
        ('mutation($u: String!) { login(username: $u, password: "x") { __typename } }', {}),
        (
            'mutation($u: String!) { register(username: $u, password: "pw-unused-1xx") '
            "{ __typename } }",
            {},
        ),
        ("query($u: String!) { player(username: $u) { id } }", {}),
        ("query($u: String!) { openMatches(ruleset: $u) { edges { cursor } } }", {}),
        ("query($u: String!) { leaderboard(ruleset: $u) { edges { cursor } } }", {}),
        ('mutation($u: String!) { registerDevice(platform: "ios", pushToken: $u) }', {}),
        (
            'mutation($u: String!) { draw(matchId: "AAAAAAAAAAAA", turn: 1, '
            "idempotencyKey: $u) { __typename } }",
            {},
        ),
        ("query($u: ID!) { match(id: $u) { id } }", {}),
        ('query { player(username: "a\\u0000b") { id } }', None),
        (
            "mutation($o: JSON) { createMatch(input: {seats: 2, options: $o}) { __typename } }",
            {"o": {"rounds\x00": 1}},
        ),
    ],
)
def test_a_nul_character_in_a_string_argument_is_bad_input(
    query: str, variables: dict[str, Any] | None
) -> None:
    token = token_create(user=User.objects.create_user("nul", password="pw-unused-1"))
    if variables == {}:
        variables = {"u": NUL}

    # when
    response = post(json.dumps({"query": query, "variables": variables or {}}).encode(), token)

    # then: a coded BAD_INPUT error, no traceback, no internal error
    assert response.status_code == 200, response.content
    body = response.json()
    assert [e["extensions"]["code"] for e in body["errors"]] == ["BAD_INPUT"], body
    assert "NUL" in body["errors"][0]["message"]


@pytest.mark.parametrize(
    "body", [b"null", b"42", b'"a query"', b"[1, 2]", b"true", b"\xff\xfe{}", b'{"query": 1}']
)
def test_an_http_body_that_is_not_a_json_object_is_bad_input(body: bytes) -> None:
    # when
    response = post(body)

    # then: a GraphQL-shaped JSON error, not an HTML 500
    assert response.status_code == 400, (response.status_code, response.content[:200])
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["errors"][0]["extensions"]["code"] == "BAD_INPUT"


async def _socket() -> WebsocketCommunicator:
    from config.asgi import application

    ws = WebsocketCommunicator(application, "/graphql", subprotocols=["graphql-transport-ws"])
    assert (await ws.connect())[0]
    await ws.send_json_to({"type": "connection_init", "payload": {}})
    assert (await ws.receive_json_from(timeout=10))["type"] == "connection_ack"
    return ws


@pytest.mark.parametrize("frame", ["null", "[1,2]", '"str"', "42", '{"type": 7}'])
async def test_a_websocket_frame_that_is_not_a_message_closes_the_socket_with_4400(
    frame: str,
) -> None:
    # given: an acknowledged socket
    ws = await _socket()

    # when
    await ws.send_to(text_data=frame)

    # then: it is closed with 4400, not left open and deaf
    closed = await ws.receive_output(timeout=10)
    assert closed["type"] == "websocket.close" and closed["code"] == 4400, closed
    await ws.disconnect()


def test_the_rate_limiters_redis_client_is_shared_safely_between_threads(
    settings: Any, redis_url: str
) -> None:
    from api import limits

    escapes: list[BaseException] = []

    def count(i: int) -> None:
        try:
            limits.hit("thread-test", i, (1000, 60))
        except BaseException as exc:
            escapes.append(exc)

    # when: eight threads use a fresh client at once, many times over
    for trial in range(150):
        limits._client = None  # as at a process's first requests
        threads = [threading.Thread(target=count, args=(trial * 8 + i,)) for i in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    # then: no command died on a client another thread replaced and closed
    assert escapes == []


# -- issue 26 -----------------------------------------------------------------------------


def graphql(query: str, variables: dict[str, Any] | None = None) -> Any:
    return post(json.dumps({"query": query, "variables": variables or {}}).encode())


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    "message",
    [
        {"id": "1", "type": "subscribe", "payload": None},
        {"id": "1", "type": "subscribe", "payload": "x"},
        {"id": "1", "type": "subscribe", "payload": []},
        {"id": "1", "type": "subscribe", "payload": 5},
        {"id": "1", "type": "subscribe"},
        {"id": "1", "type": "subscribe", "payload": {"query": 5}},
        {"id": "1", "type": "subscribe", "payload": {"query": "{ me { id } }", "variables": "x"}},
        {"id": ["1"], "type": "subscribe", "payload": {"query": "{ me { id } }"}},
        {"id": 1, "type": "complete"},
        {"type": "ping", "payload": "x"},
    ],
)
async def test_a_message_whose_parts_are_not_what_the_protocol_says_closes_with_4400(
    message: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    ws = await _socket()

    await ws.send_json_to(message)

    # then: closed with 4400 at once, not left open and deaf (a zombie)
    closed = await ws.receive_output(timeout=10)
    assert closed["type"] == "websocket.close" and closed["code"] == 4400, closed
    await ws.disconnect()
    assert not errors_logged(caplog)


async def test_a_deeply_nested_websocket_frame_closes_with_4400() -> None:
    ws = await _socket()
    deep = "[" * 20_000 + "]" * 20_000  # 40 KB, under the size limit
    frame = '{"id": "1", "type": "subscribe", "payload": {"query": "{ me { id } }", '
    frame += '"variables": {"a": ' + deep + "}}}"

    await ws.send_to(text_data=frame)

    closed = await ws.receive_output(timeout=10)
    assert closed == {
        "type": "websocket.close",
        "code": 4400,
        "reason": "The JSON is nested too deeply.",
    }
    await ws.disconnect()


@pytest.mark.parametrize("levels", [100, 1_000, 10_000])
def test_an_http_body_nested_deeply_is_bad_input(
    levels: int, caplog: pytest.LogCaptureFixture
) -> None:
    deep = "[" * levels + "]" * levels
    body = '{"query": "query($a: JSON) { me { id } }", "variables": {"a": ' + deep + "}}"

    response = post(body.encode())

    assert response.status_code == 400, response.content[:300]
    error = response.json()["errors"][0]
    assert error["extensions"]["code"] == "BAD_INPUT"
    assert error["message"] == "The JSON is nested too deeply."
    assert not errors_logged(caplog)


def test_an_empty_selection_is_bad_input(caplog: pytest.LogCaptureFixture) -> None:
    response = graphql("{ me { } }")

    assert response.status_code == 200, response.content
    [error] = response.json()["errors"]
    assert error["extensions"]["code"] == "BAD_INPUT", error
    assert error["message"].startswith("Syntax Error")
    assert not errors_logged(caplog)


def test_a_subscription_over_http_is_bad_input(caplog: pytest.LogCaptureFixture) -> None:
    response = graphql("subscription { serverTime(count: 1) }")

    assert response.status_code == 200, response.content
    [error] = response.json()["errors"]
    assert error["extensions"]["code"] == "BAD_INPUT", error
    assert "websocket" in error["message"]
    assert not errors_logged(caplog)


ENTITIES = "query($r: [_Any!]!) { _entities(representations: $r) { __typename } }"
TWO_ENTITIES = (
    "query($r: [_Any!]!, $s: [_Any!]!) { a: _entities(representations: $r) { __typename } "
    "b: _entities(representations: $s) { __typename } }"
)


def representations(count: int) -> list[dict[str, str]]:
    return [{"__typename": "Match", "id": f"x{i:011d}"} for i in range(count)]


def test_entities_are_limited_per_request(settings: Any) -> None:
    # a gateway's page of them is answered
    answered = graphql(ENTITIES, {"r": representations(settings.GRAPHQL_MAX_ENTITIES)})
    assert answered.status_code == 200 and "errors" not in answered.json(), answered.content[:300]

    # one more is QUERY_TOO_COMPLEX before any is looked up
    refused = graphql(ENTITIES, {"r": representations(settings.GRAPHQL_MAX_ENTITIES + 1)})
    [error] = refused.json()["errors"]
    assert error["extensions"]["code"] == "QUERY_TOO_COMPLEX", error
    assert refused.json()["data"] is None

    # and so are two fields that ask for more together (aliases do not multiply it)
    half = representations(settings.GRAPHQL_MAX_ENTITIES // 2 + 1)
    both = graphql(TWO_ENTITIES, {"r": half, "s": half})
    assert both.json()["errors"][0]["extensions"]["code"] == "QUERY_TOO_COMPLEX"

import json
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from config.asgi import application

SERVER_VERSION_QUERY = "query { serverVersion serverTime }"
SERVER_TIME_SUBSCRIPTION = (
    "subscription Clock($count: Int!) { serverTime(count: $count, intervalMs: 100) }"
)


def post_graphql(client: Client, query: str, variables: dict[str, Any] | None = None) -> Any:
    response = client.post(
        "/graphql",
        data=json.dumps({"query": query, "variables": variables or {}}),
        content_type="application/json",
    )
    return response.status_code, response.json()


def test_server_version_over_http(client: Client) -> None:
    # when
    status, body = post_graphql(client, SERVER_VERSION_QUERY)

    # then
    assert status == 200
    assert body["data"]["serverVersion"] == settings.VERSION
    assert body["data"]["serverTime"].endswith("+00:00")


async def _connect(subprotocol: str = "graphql-transport-ws") -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(application, "/graphql", subprotocols=[subprotocol])
    connected, chosen = await communicator.connect()
    assert connected
    assert chosen == subprotocol
    return communicator


# The consumer closes stale database connections before each message (channels'
# aclose_old_connections); with a connection left in that thread by an earlier test, that
# touches the database, which pytest-django refuses outside a django_db test.
@pytest.mark.django_db
async def test_subscription_streams_server_time_over_a_websocket(redis_url: str) -> None:
    # given
    communicator = await _connect()
    await communicator.send_json_to({"type": "connection_init", "payload": {}})
    assert await communicator.receive_json_from(timeout=5) == {"type": "connection_ack"}

    # when
    await communicator.send_json_to(
        {"id": "1", "type": "subscribe",
         "payload": {"query": SERVER_TIME_SUBSCRIPTION, "variables": {"count": 2}}}
    )  # fmt: skip

    # then
    first = await communicator.receive_json_from(timeout=5)
    second = await communicator.receive_json_from(timeout=5)
    done = await communicator.receive_json_from(timeout=5)
    assert first["type"] == second["type"] == "next"
    assert first["payload"]["data"]["serverTime"] < second["payload"]["data"]["serverTime"]
    assert done == {"id": "1", "type": "complete"}
    await communicator.disconnect()


@pytest.mark.django_db
async def test_out_of_range_subscription_arguments_are_bad_input(redis_url: str) -> None:
    communicator = await _connect()
    await communicator.send_json_to({"type": "connection_init"})
    await communicator.receive_json_from(timeout=5)

    await communicator.send_json_to(
        {"id": "1", "type": "subscribe",
         "payload": {"query": SERVER_TIME_SUBSCRIPTION, "variables": {"count": 0}}}
    )  # fmt: skip

    message = await communicator.receive_json_from(timeout=5)
    assert message["type"] in {"error", "next"}
    errors = message["payload"] if message["type"] == "error" else message["payload"]["errors"]
    assert errors[0]["extensions"]["code"] == "BAD_INPUT"
    await communicator.disconnect()


@pytest.mark.django_db
async def test_only_the_graphql_transport_ws_protocol_is_spoken(redis_url: str) -> None:
    communicator = WebsocketCommunicator(application, "/graphql", subprotocols=["graphql-ws"])

    connected, _ = await communicator.connect()

    # The legacy protocol is refused: the socket is closed with 4406 before any message.
    if connected:
        closed = await communicator.receive_output(timeout=5)
        assert closed == {"type": "websocket.close", "code": 4406, "reason": closed.get("reason")}
    await communicator.disconnect()

"""Websocket behaviour of a real server process: protocol, connection_init timeout,
ping/pong and keep-alive, message size and rate limits. Each refusal closes only the
offending socket; the server keeps serving."""

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets
from websockets.asyncio.client import ClientConnection

from tests.conftest import LiveServer, start_asgi_server

TRANSPORT_WS = websockets.Subprotocol("graphql-transport-ws")


@pytest.fixture(scope="module")
def ws_server(postgres: dict[str, Any], redis_url: str) -> Iterator[LiveServer]:
    with start_asgi_server(
        postgres,
        redis_url,
        WS_CONNECTION_INIT_TIMEOUT_SECONDS="1",
        WS_KEEPALIVE_SECONDS="1",
        WS_MAX_MESSAGE_BYTES="4096",
        RATE_LIMIT_WS_MESSAGES_CONNECTION="8/86400",  # a day: no window ends mid-test
    ) as server:
        yield server


async def close_code(ws: ClientConnection) -> int | None:
    """Read until the server closes the socket; its close code."""
    with pytest.raises(websockets.ConnectionClosed) as closed:
        while True:
            await asyncio.wait_for(ws.recv(), timeout=30)
    return closed.value.rcvd.code if closed.value.rcvd else None


async def init(ws: ClientConnection) -> None:
    await ws.send(json.dumps({"type": "connection_init", "payload": {}}))
    while True:  # skip the server's keep-alive pings
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
        if message["type"] != "ping":
            assert message == {"type": "connection_ack"}
            return


def still_serves(server: str) -> None:
    response = httpx.post(f"{server}/graphql", json={"query": "{ serverVersion }"}, timeout=30)
    assert response.status_code == 200


async def test_no_connection_init_closes_with_4408(ws_server: LiveServer) -> None:
    async with websockets.connect(ws_server.ws_url, subprotocols=[TRANSPORT_WS]) as ws:
        assert await close_code(ws) == 4408


async def test_the_legacy_graphql_ws_protocol_is_refused(ws_server: LiveServer) -> None:
    legacy = websockets.Subprotocol("graphql-ws")
    try:
        ws = await websockets.connect(ws_server.ws_url, subprotocols=[legacy])
    except websockets.InvalidHandshake:
        pass  # refusing the handshake outright would do as well
    else:
        assert ws.subprotocol != "graphql-ws"
        assert await close_code(ws) == 4406
    still_serves(ws_server)


async def test_ping_is_answered_with_pong(ws_server: LiveServer) -> None:
    async with websockets.connect(ws_server.ws_url, subprotocols=[TRANSPORT_WS]) as ws:
        await init(ws)

        await ws.send(json.dumps({"type": "ping"}))

        while (message := json.loads(await asyncio.wait_for(ws.recv(), 30)))["type"] == "ping":
            pass
        assert message == {"type": "pong"}


async def test_the_server_sends_keep_alive_pings(ws_server: LiveServer) -> None:
    async with websockets.connect(ws_server.ws_url, subprotocols=[TRANSPORT_WS]) as ws:
        await init(ws)

        message = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))

        assert message == {"type": "ping"}


async def test_an_oversized_message_closes_with_1009(ws_server: LiveServer) -> None:
    async with websockets.connect(ws_server.ws_url, subprotocols=[TRANSPORT_WS]) as ws:
        await init(ws)
        query = "{ serverVersion }" + " " * 5000

        await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": {"query": query}}))

        assert await close_code(ws) == 1009
    still_serves(ws_server)


async def test_a_flood_of_messages_closes_with_4429(ws_server: LiveServer) -> None:
    async with websockets.connect(ws_server.ws_url, subprotocols=[TRANSPORT_WS]) as ws:
        await init(ws)  # message 1 of 8

        for _ in range(10):
            try:
                await ws.send(json.dumps({"type": "ping"}))
            except websockets.ConnectionClosed:
                break

        assert await close_code(ws) == 4429
    still_serves(ws_server)


async def test_subscriptions_still_stream_on_a_well_behaved_socket(ws_server: LiveServer) -> None:
    subscription = "subscription { serverTime(count: 2, intervalMs: 100) }"
    async with websockets.connect(ws_server.ws_url, subprotocols=[TRANSPORT_WS]) as ws:
        await init(ws)

        await ws.send(
            json.dumps({"id": "1", "type": "subscribe", "payload": {"query": subscription}})
        )

        kinds = []
        while "complete" not in kinds:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
            if message["type"] != "ping":
                kinds.append(message["type"])
        assert kinds == ["next", "next", "complete"]

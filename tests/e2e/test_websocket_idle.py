"""An idle websocket stays open: a signed-in socket (its process then listens to Redis
pub/sub, ``config.pubsub``) with nothing to send for longer than a Redis client's socket
timeout (5 s) still delivers afterwards (redis-py 8's default socket timeout tore idle
sockets down when a blocking read used it)."""

import asyncio
import json

import pytest
import websockets

from tests.conftest import LiveServer
from tests.e2e.conftest import register

TRANSPORT_WS = websockets.Subprotocol("graphql-transport-ws")
SUBSCRIPTION = "subscription { serverTime(count: 2, intervalMs: 8000) }"


async def test_idle_subscription_survives_the_redis_read_timeout(asgi_server: LiveServer) -> None:
    # given: a signed-in socket with a subscription that stays silent for 8 s between its
    # two messages
    me = await register(asgi_server, "idle")
    await me.close()
    async with websockets.connect(asgi_server.ws_url, subprotocols=[TRANSPORT_WS]) as ws:
        init = {"authorization": f"Bearer {me.token}"}
        await ws.send(json.dumps({"type": "connection_init", "payload": init}))
        ticks: list[str] = []
        await ws.send(
            json.dumps({"id": "1", "type": "subscribe", "payload": {"query": SUBSCRIPTION}})
        )
        # when: we wait through the silence
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=60)
            except websockets.ConnectionClosed as closed:
                pytest.fail(f"the idle socket was closed: {closed}")
            message = json.loads(raw)
            if message["type"] == "ping":
                await ws.send(json.dumps({"type": "pong"}))
            elif message["type"] == "next":
                ticks.append(message["payload"]["data"]["serverTime"])
            elif message["type"] == "complete":
                break
    # then: both messages arrived, the second after the idle stretch
    assert len(ticks) == 2

"""After a Redis restart a web process answers websockets at once (issue 14, faults 4):
the first authenticated ``connection_init`` gets its ``connection_ack`` and the first
anonymous subscription works, without a stale pooled connection holding them."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from websockets.asyncio.client import connect

from tests.conftest import start_asgi_server
from tests.deploy.cluster import RedisServer
from tests.e2e.conftest import register

ACK_BOUND = 10.0  # seconds; a stale connection held it for 20 s and more


async def _init(url: str, token: str | None) -> tuple[dict[str, Any], float]:
    payload = {"authorization": f"Bearer {token}"} if token else {}
    began = time.monotonic()
    async with connect(url, subprotocols=["graphql-transport-ws"]) as ws:  # type: ignore[list-item]
        await ws.send(json.dumps({"type": "connection_init", "payload": payload}))
        ack = json.loads(await asyncio.wait_for(ws.recv(), 60))
        elapsed = time.monotonic() - began
        if token is None:
            query = "subscription { serverTime(count: 1, intervalMs: 100) }"
            await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": {"query": query}}))
            first = json.loads(await asyncio.wait_for(ws.recv(), 30))
            assert first["type"] == "next" and not first["payload"].get("errors"), first
    return ack, elapsed


async def test_websockets_are_answered_at_once_after_a_redis_restart(
    postgres: dict[str, Any], own_redis: RedisServer
) -> None:
    with start_asgi_server(postgres, own_redis.url) as server:
        url = "ws" + server[len("http") :] + "/graphql"
        me = await register(server, "rr")
        await me.close()
        assert (await _init(url, me.token))[0] == {"type": "connection_ack"}
        assert (await _init(url, None))[0] == {"type": "connection_ack"}

        own_redis.kill()
        own_redis.start()

        ack, elapsed = await _init(url, me.token)
        assert ack == {"type": "connection_ack"}
        assert elapsed < ACK_BOUND
        ack, elapsed = await _init(url, None)
        assert ack == {"type": "connection_ack"}

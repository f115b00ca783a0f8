"""Redis going away under open websockets (issue 12): each socket's consumer closes it
with 4503 (the client reconnects after a pause) and logs one WARNING line, not an
"Exception in ASGI application" traceback (channels-redis' receive raised out of the
consumer, and the client saw 1011)."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from api.ws import CLOSE_UNAVAILABLE
from tests.conftest import start_asgi_server
from tests.deploy.cluster import WAIT, RedisServer
from tests.e2e.conftest import register

LOST = "live events are unreachable"


async def _open(url: str, token: str | None) -> ClientConnection:
    ws = await connect(url, subprotocols=["graphql-transport-ws"])  # type: ignore[list-item]
    payload = {"authorization": f"Bearer {token}"} if token else {}
    await ws.send(json.dumps({"type": "connection_init", "payload": payload}))
    assert json.loads(await asyncio.wait_for(ws.recv(), 60)) == {"type": "connection_ack"}
    # A live subscription too (serverTime ticks, no topic): every socket of the process
    # is told when its pub/sub connection breaks, not only those listening to a topic.
    query = "subscription { serverTime(count: 1000, intervalMs: 200) }"
    await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": {"query": query}}))
    assert json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] == "next"
    return ws


async def _closed_code(ws: ClientConnection) -> int | None:
    deadline = time.monotonic() + WAIT
    with pytest.raises(ConnectionClosed):
        while time.monotonic() < deadline:
            await asyncio.wait_for(ws.recv(), WAIT)
    return ws.close_code


async def test_sockets_close_with_4503_and_one_warning_when_redis_goes_away(
    postgres: dict[str, Any], own_redis: RedisServer
) -> None:
    with start_asgi_server(postgres, own_redis.url) as server:
        url = "ws" + server[len("http") :] + "/graphql"
        me = await register(server, "gone")
        await me.close()
        signed_in = await _open(url, me.token)
        anonymous = await _open(url, None)

        own_redis.kill()

        assert await _closed_code(signed_in) == CLOSE_UNAVAILABLE
        assert await _closed_code(anonymous) == CLOSE_UNAVAILABLE
        await asyncio.sleep(1.0)  # what the consumers log as they end
        log = server.log_text()
        assert "Traceback" not in log, log
        assert "Exception in ASGI application" not in log, log
        assert log.count(LOST) == 2, log

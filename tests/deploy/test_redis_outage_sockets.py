"""Websockets around a Redis outage (issue 26, point 9).

- While Redis is down, a new websocket is accepted and closed with 4503 (reconnect after
  a pause), as the README promises; it was refused with HTTP 403 at the upgrade, which a
  browser cannot tell from an authentication refusal.
- Once Redis is back, the first ``matchEvents`` subscription of a web process works: it
  answered "Internal server error." when its group join met a connection of the pool
  that the restart had left stale.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from api.ws import CLOSE_UNAVAILABLE
from tests.conftest import start_asgi_server
from tests.deploy.cluster import RedisServer
from tests.e2e.conftest import MATCH_EVENTS, new_match, register


async def _first_answer(url: str, token: str | None) -> Any:
    """What a client gets first: a message, a close code, or the HTTP refusal."""
    payload = {"authorization": f"Bearer {token}"} if token else {}
    try:
        async with connect(url, subprotocols=["graphql-transport-ws"]) as ws:  # type: ignore[list-item]
            await ws.send(json.dumps({"type": "connection_init", "payload": payload}))
            return json.loads(await asyncio.wait_for(ws.recv(), 60))
    except InvalidStatus as refused:
        return f"HTTP {refused.response.status_code}"
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None


async def test_a_new_websocket_is_closed_with_4503_while_redis_is_down(
    postgres: dict[str, Any], own_redis: RedisServer
) -> None:
    with start_asgi_server(postgres, own_redis.url) as server:
        url = "ws" + server[len("http") :] + "/graphql"
        me = await register(server, "down")
        await me.close()

        own_redis.kill()

        assert await _first_answer(url, None) == CLOSE_UNAVAILABLE
        assert await _first_answer(url, me.token) == CLOSE_UNAVAILABLE
        own_redis.start()
        assert await _first_answer(url, me.token) == {"type": "connection_ack"}


async def test_the_first_match_events_subscription_after_a_redis_restart_works(
    postgres: dict[str, Any], own_redis: RedisServer
) -> None:
    with start_asgi_server(postgres, own_redis.url) as server:
        a = await register(server, "back")
        b = await register(server, "back")
        started = await new_match(a, [b])
        # given: the web process has used its Redis connections (a subscription)
        sock = await a.socket()
        sub = await sock.subscribe(MATCH_EVENTS, id=started["id"], after=0)
        assert await sock.event(sub) is not None
        await sock.close()

        # when: Redis restarts, and the first subscription after it comes
        own_redis.kill()
        own_redis.start()
        sock = await a.socket()
        try:
            sub = await sock.subscribe(MATCH_EVENTS, id=started["id"], after=0)
            first = await sock.event(sub)
        finally:
            await sock.close()
            await a.close()
            await b.close()

        # then: its events, not "Internal server error."
        assert first is not None and first["seq"] == 1, first
        assert "Internal server error" not in server.log_text()

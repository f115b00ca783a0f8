"""Websockets around a Redis outage (issue 26, point 9).

- While Redis is down, a new websocket is accepted and closed with 4503 (reconnect after
  a pause), as the README promises; it was refused with HTTP 403 at the upgrade, which a
  browser cannot tell from an authentication refusal.
- Once Redis is back, the first ``matchEvents`` subscription of a web process works: it
  answered "Internal server error." when its group join met a connection of the pool
  that the outage had left stale. A Redis killed and started again on this host closes
  its connections, and redis-py's pool sees that before it hands one out; a Redis that
  comes back elsewhere behind the same address (a failover, a moved pod, a proxy or NAT
  that lost its state) leaves them half-open: a command sent on one is never answered,
  and the join waited the layer's socket timeout (30 s) before it failed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from api.ws import CLOSE_UNAVAILABLE
from tests.conftest import start_asgi_server
from tests.deploy.cluster import RedisServer, TcpProxy
from tests.e2e.conftest import MATCH_EVENTS, Client, Socket, new_match, register


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


async def _answer_or_close(sock: Socket, sub_id: str, timeout: float) -> Any:
    """A subscription's next message, or the socket's close code; None: neither came."""
    assert sock.reader is not None and sock.conn is not None
    message = asyncio.ensure_future(sock.queues[sub_id].get())
    done, _ = await asyncio.wait(
        {message, sock.reader}, timeout=timeout, return_when="FIRST_COMPLETED"
    )
    if message in done:
        return message.result()
    message.cancel()
    return sock.conn.close_code if sock.reader in done else None


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


async def test_the_first_match_events_subscription_over_stale_connections_works(
    postgres: dict[str, Any], redis_url: str
) -> None:
    target = urlsplit(redis_url)
    proxy = TcpProxy(target.hostname or "127.0.0.1", target.port or 6379)
    try:
        proxied = f"redis://127.0.0.1:{proxy.port}{target.path}"
        with start_asgi_server(postgres, proxied) as server:
            a = await register(server, "stale")
            b = await register(server, "stale")
            started = await new_match(a, [b])
            viewer = Client(server)  # spectators: no group joined at connection_init

            async def watching() -> tuple[Any, Any]:
                sock = await viewer.socket()
                sub = await sock.subscribe(MATCH_EVENTS, id=started["id"], after=0)
                return sock, await sock.next(sub, 60)

            # given: spectators watching, so that the web process's layer has pooled
            # connections (their group joins) and its receive is running
            watchers = await asyncio.gather(*(watching() for _ in range(3)))
            assert all(m["type"] == "next" and not m["payload"].get("errors") for _, m in watchers)

            # when: Redis is back behind the same address and every pooled connection
            # is half-open; a new spectator subscribes
            proxy.stall()
            subscribed = time.monotonic()
            sock, first = await watching()
            took = time.monotonic() - subscribed
            for each, _ in [*watchers, (sock, None)]:
                await each.close()
            await a.close()
            await b.close()
            await viewer.close()

            # then: its events, not "Internal server error.", and well before the
            # stale connection's socket timeout (30 s) would have ended its wait
            assert first["type"] == "next" and not first["payload"].get("errors"), first
            assert first["payload"]["data"]["matchEvents"]["seq"] == 1, first
            assert took < 15, took
            assert "Internal server error" not in server.log_text()
    finally:
        proxy.close()


async def test_a_crowd_of_anonymous_websockets_at_once_is_served(
    postgres: dict[str, Any], own_redis: RedisServer
) -> None:
    # given: a fresh web process, whose pub/sub hub has no connection yet
    with start_asgi_server(postgres, own_redis.url) as server:
        url = "ws" + server[len("http") :] + "/graphql"

        # when: more anonymous sockets than a Redis pool's connections start at once
        # (spectators of a popular match; each asks whether live events reach it)
        answers = await asyncio.gather(*(_first_answer(url, None) for _ in range(150)))

        # then: every one is acknowledged
        assert answers == [{"type": "connection_ack"}] * 150, {str(a) for a in answers}
        assert "unreachable" not in server.log_text()


async def test_a_new_matchs_first_subscription_over_a_half_open_hub_connection_recovers(
    postgres: dict[str, Any], redis_url: str
) -> None:
    """The hub's own connection half-open (Redis came back elsewhere behind the same
    address) and a match nobody in the process watched yet: its SUBSCRIBE is never
    answered. The subscription must not wait for ever: the hub counts the connection as
    broken, the sockets close with 4503, and the client's next socket gets the events."""
    target = urlsplit(redis_url)
    proxy = TcpProxy(target.hostname or "127.0.0.1", target.port or 6379)
    try:
        proxied = f"redis://127.0.0.1:{proxy.port}{target.path}"
        with start_asgi_server(postgres, proxied) as server:
            a = await register(server, "halfopen")
            b = await register(server, "halfopen")
            first_match = await new_match(a, [b])
            second_match = await new_match(a, [b])
            viewer = Client(server)
            # given: a spectator of the first match: the hub's connection stands
            watcher = await viewer.socket()
            sub = await watcher.subscribe(MATCH_EVENTS, id=first_match["id"], after=0)
            assert (await watcher.next(sub, 60))["type"] == "next"

            # when: that connection goes half-open, and a spectator of the second match
            # (a topic the hub has not subscribed to) comes
            proxy.stall()
            began = time.monotonic()
            sock = await viewer.socket()
            second = await sock.subscribe(MATCH_EVENTS, id=second_match["id"], after=0)
            answer = await _answer_or_close(sock, second, 20)
            took = time.monotonic() - began

            # then: an answer within seconds (the close that says "reconnect"), and the
            # client's next socket gets the match's events over a fresh connection
            assert answer == CLOSE_UNAVAILABLE or (
                isinstance(answer, dict) and answer.get("type") == "next"
            ), answer
            assert took < 15, took
            again = await viewer.socket()
            resumed = await again.subscribe(MATCH_EVENTS, id=second_match["id"], after=0)
            event = await again.next(resumed, 60)
            assert event["payload"]["data"]["matchEvents"]["seq"] == 1, event
            for each in (watcher, sock, again):
                with contextlib.suppress(Exception):
                    await each.close()
            await a.close()
            await b.close()
            await viewer.close()
    finally:
        proxy.close()

"""An ordinary client disconnect is not an error (issue 11, "logs a person can read").

Mobile clients vanish mid-stream all the time: a subway tunnel, an app put in the
background, a killed process. The server must shrug: no ERROR line and no traceback in
its log, and it goes on serving. The connections here are dropped abruptly (the TCP
socket aborted, no close frame), while subscriptions are streaming and while HTTP
requests are in flight, against the real uvicorn server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets
from websockets.asyncio.client import ClientConnection

from tests.conftest import LiveServer, start_asgi_server
from tests.e2e.conftest import CREATE, MATCH_EVENTS, MY_EVENTS, TIMEOUT, register

pytestmark = pytest.mark.django_db(transaction=True)

CLOCK = "subscription { serverTime(intervalMs: 100, count: 1000) }"
MATCH_QUERY = "query Match($id: ID!) { match(id: $id) { id status seats { index username } } }"
ERROR_LINE = re.compile(r"\b(ERROR|CRITICAL)\b|Traceback")


@pytest.fixture
def server(postgres: dict[str, Any], redis_url: str) -> Iterator[LiveServer]:
    """A server of this test's own: its log holds only what these disconnects caused."""
    with start_asgi_server(postgres, redis_url, WS_KEEPALIVE_SECONDS="1") as live:
        yield live


async def _socket(server: LiveServer, token: str) -> ClientConnection:
    conn = await websockets.connect(
        server.ws_url, subprotocols=[websockets.Subprotocol("graphql-transport-ws")]
    )
    await conn.send(
        json.dumps({"type": "connection_init", "payload": {"authorization": f"Bearer {token}"}})
    )
    ack = json.loads(await asyncio.wait_for(conn.recv(), TIMEOUT))
    assert ack["type"] == "connection_ack", ack
    return conn


async def _subscribe(conn: ClientConnection, sub_id: str, query: str, **variables: Any) -> None:
    message = {"id": sub_id, "type": "subscribe", "payload": {"query": query}}
    if variables:
        message["payload"] = {"query": query, "variables": variables}
    await conn.send(json.dumps(message))


async def _first_next(conn: ClientConnection, sub_id: str) -> None:
    """Wait until the subscription has streamed something: it is live, mid-stream."""
    while True:
        message = json.loads(await asyncio.wait_for(conn.recv(), TIMEOUT))
        if message.get("id") == sub_id and message["type"] == "next":
            return


def _abort(conn: ClientConnection) -> None:
    """Drop the TCP connection: no close frame, as when a phone loses its network."""
    conn.transport.abort()


async def _http_dropped(server: LiveServer, body: bytes, send: int | None = None) -> None:
    """POST to /graphql and close the socket before reading the answer (or, with `send`,
    after only that many bytes of the body)."""
    host, port = server[len("http://") :].split(":")
    _reader, writer = await asyncio.open_connection(host, int(port))
    head = (
        f"POST /graphql HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    writer.write(head + (body if send is None else body[:send]))
    await writer.drain()
    writer.transport.abort()
    with contextlib.suppress(Exception):
        await writer.wait_closed()


async def test_clients_that_vanish_mid_stream_leave_no_error_in_the_log(
    server: LiveServer,
) -> None:
    alice = await register(server, "gone")
    created = await alice.data(CREATE, input={"ruleset": "robbers", "seats": 2, "bots": ["EASY"]})
    match_id = created["createMatch"]["id"]

    # Several sockets, each with streaming subscriptions, dropped at once mid-stream.
    for _ in range(3):
        conns = []
        for _ in range(3):
            conn = await _socket(server, alice.token or "")
            await _subscribe(conn, "clock", CLOCK)
            await _subscribe(conn, "events", MATCH_EVENTS, id=match_id, after=0)
            await _subscribe(conn, "mine", MY_EVENTS)
            await _first_next(conn, "clock")
            conns.append(conn)
        for conn in conns:
            _abort(conn)
        # HTTP requests dropped before their answer, and one with half a body.
        query = json.dumps({"query": MATCH_QUERY, "variables": {"id": match_id}}).encode()
        await asyncio.gather(*(_http_dropped(server, query) for _ in range(5)))
        await _http_dropped(server, query, send=len(query) // 2)
        # A socket that closes normally while a subscription streams (the other path).
        conn = await _socket(server, alice.token or "")
        await _subscribe(conn, "clock", CLOCK)
        await _first_next(conn, "clock")
        await conn.close()

    # Let the server notice every drop (its keepalive ping, 1 s here, writes to each
    # socket) and finish the requests whose clients left.
    await asyncio.sleep(4)

    # It still serves, and its log has nothing alarming.
    async with httpx.AsyncClient(base_url=server, timeout=TIMEOUT) as http:
        response = await http.post(
            "/graphql",
            json={"query": MATCH_QUERY, "variables": {"id": match_id}},
            headers={"Authorization": f"Bearer {alice.token}"},
        )
    assert response.json()["data"]["match"]["id"] == match_id
    await alice.close()
    alarming = [line for line in server.log_text().splitlines() if ERROR_LINE.search(line)]
    assert not alarming, "\n".join(alarming) + "\n\n" + server.log_text()[-6000:]

"""A small GraphQL client for the play tests: HTTP (httpx) and graphql-transport-ws
(websockets) against the real server process (the `asgi_server` fixture).

Every response and websocket message a client receives is kept in `received`, so that a
test can scan everything a user was ever sent for what must not be there.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

import httpx
import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from websockets.asyncio.client import ClientConnection, connect

T = TypeVar("T")
TIMEOUT = 30.0  # generous: a bound on waiting, never an assertion about speed

REGISTER = """
mutation Register($username: String!, $password: String!) {
  register(username: $username, password: $password) {
    __typename
    ... on AuthPayload { token user { id username } }
    ... on Rejection { code message }
  }
}
"""

MATCH_BODY = """
    __typename id status ruleset ranked lastSeq round mySeat stockCount discardCount
    turn { number seat phase draft { cards { code } } }
    myHand { code rank suit }
    table { cards { code represents } kind }
    seats { index username bot handCount opened score }
    winners { index }
    view
"""
MATCH_FIELDS = f"""
  __typename
  ... on Match {{ {MATCH_BODY} }}
  ... on Rejection {{ code message reason meldIndex missingCard }}
"""

CREATE = f"""
mutation Create($input: CreateMatchInput!) {{ createMatch(input: $input) {{ {MATCH_FIELDS} }} }}
"""
JOIN = f"mutation Join($id: ID!) {{ joinMatch(matchId: $id) {{ {MATCH_FIELDS} }} }}"
START = f"mutation Start($id: ID!) {{ startMatch(matchId: $id) {{ {MATCH_FIELDS} }} }}"
RESIGN = f"mutation Resign($id: ID!) {{ resign(matchId: $id) {{ {MATCH_FIELDS} }} }}"
MATCH = f"query Match($id: ID!) {{ match(id: $id) {{ {MATCH_BODY} }} }}"
COMMIT = f"""
mutation Commit($id: ID!, $turn: Int!, $table: [[String!]!]!, $key: String) {{
  commitTurn(matchId: $id, turn: $turn, table: $table, idempotencyKey: $key) {{ {MATCH_FIELDS} }}
}}
"""
DRAW = f"""
mutation Draw($id: ID!, $turn: Int!, $source: DrawSource, $key: String) {{
  draw(matchId: $id, turn: $turn, source: $source, idempotencyKey: $key) {{ {MATCH_FIELDS} }}
}}
"""
DISCARD = f"""
mutation Discard($id: ID!, $turn: Int!, $card: String!) {{
  discard(matchId: $id, turn: $turn, card: $card) {{ {MATCH_FIELDS} }}
}}
"""
PASS = f"""
mutation Pass($id: ID!, $turn: Int!) {{ passTurn(matchId: $id, turn: $turn) {{ {MATCH_FIELDS} }} }}
"""
UNDO = f"""
mutation Undo($id: ID!, $turn: Int!) {{ undo(matchId: $id, turn: $turn) {{ {MATCH_FIELDS} }} }}
"""
DRAFT = f"""
mutation Draft($id: ID!, $turn: Int!, $table: [[String!]!]!) {{
  updateDraft(matchId: $id, turn: $turn, table: $table) {{ {MATCH_FIELDS} }}
}}
"""
MATCH_EVENTS = """
subscription Events($id: ID!, $after: Int) {
  matchEvents(matchId: $id, after: $after) { seq type matchId payload }
}
"""
MY_EVENTS = "subscription { myEvents { type matchId payload } }"


class Client:
    """One user (or an anonymous client) talking to the server over HTTP."""

    def __init__(self, base: str, token: str | None = None, name: str = "anonymous") -> None:
        self.base = base
        self.token = token
        self.name = name
        self.user_id: str | None = None
        self.received: list[Any] = []
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.http = httpx.AsyncClient(base_url=base, headers=headers, timeout=TIMEOUT)

    async def post(self, query: str, **variables: Any) -> dict[str, Any]:
        response = await self.http.post("/graphql", json={"query": query, "variables": variables})
        body: dict[str, Any] = response.json()
        self.received.append(body)
        return body

    async def data(self, query: str, **variables: Any) -> dict[str, Any]:
        body = await self.post(query, **variables)
        assert not body.get("errors"), body["errors"]
        data: dict[str, Any] = body["data"]
        return data

    async def socket(self) -> Socket:
        sock = Socket(self)
        await sock.open()
        return sock

    async def close(self) -> None:
        await self.http.aclose()


class Socket:
    """One graphql-transport-ws connection; several subscriptions may share it."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.conn: ClientConnection | None = None
        self.queues: defaultdict[str, asyncio.Queue[dict[str, Any]]] = defaultdict(asyncio.Queue)
        self.reader: asyncio.Task[None] | None = None

    async def open(self) -> None:
        url = "ws" + self.client.base[len("http") :] + "/graphql"
        self.conn = await connect(url, subprotocols=["graphql-transport-ws"])  # type: ignore[list-item]
        payload = {"authorization": f"Bearer {self.client.token}"} if self.client.token else {}
        await self.conn.send(json.dumps({"type": "connection_init", "payload": payload}))
        ack = json.loads(await asyncio.wait_for(self.conn.recv(), TIMEOUT))
        assert ack["type"] == "connection_ack", ack
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.conn is not None
        async for raw in self.conn:
            message = json.loads(raw)
            self.client.received.append(message)
            if message["type"] == "ping":
                await self.conn.send(json.dumps({"type": "pong"}))
            elif "id" in message:
                await self.queues[message["id"]].put(message)

    async def subscribe(self, query: str, **variables: Any) -> str:
        assert self.conn is not None
        sub_id = secrets.token_hex(4)
        await self.conn.send(
            json.dumps(
                {
                    "id": sub_id,
                    "type": "subscribe",
                    "payload": {"query": query, "variables": variables},
                }
            )
        )
        return sub_id

    async def next(self, sub_id: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next message of a subscription (next, error or complete)."""
        return await asyncio.wait_for(self.queues[sub_id].get(), timeout)

    async def event(self, sub_id: str, timeout: float = TIMEOUT) -> dict[str, Any] | None:
        """The next event's data of a subscription; None when it completed."""
        message = await self.next(sub_id, timeout)
        if message["type"] == "complete":
            return None
        assert message["type"] == "next", message
        assert not message["payload"].get("errors"), message
        data: dict[str, Any] = message["payload"]["data"]
        return next(iter(data.values()))

    async def stop(self, sub_id: str) -> None:
        assert self.conn is not None
        await self.conn.send(json.dumps({"id": sub_id, "type": "complete"}))

    async def close(self) -> None:
        if self.conn is not None:
            await self.conn.close()
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader


async def in_db(fn: Callable[..., T], *args: Any) -> T:
    """Run ORM code from an async test in a worker thread, closing its connection after
    (a thread's connection left open would keep the test database from being dropped)."""

    def run() -> T:
        try:
            return fn(*args)
        finally:
            connections.close_all()

    return await sync_to_async(run, thread_sensitive=False)(*())


async def register(base: str, prefix: str = "player") -> Client:
    name = f"{prefix}{secrets.token_hex(4)}"
    anon = Client(base)
    data = await anon.data(REGISTER, username=name, password=f"Pw-{secrets.token_hex(8)}")
    await anon.close()
    result = data["register"]
    assert result["__typename"] == "AuthPayload", result
    client = Client(base, result["token"], name)
    client.user_id = result["user"]["id"]
    return client


def result_of(data: dict[str, Any]) -> dict[str, Any]:
    value: dict[str, Any] = next(iter(data.values()))
    return value


async def new_match(
    creator: Client, others: list[Client], ruleset: str = "robbers", **options: Any
) -> dict[str, Any]:
    """Create, join and start a match of ``1 + len(others)`` players; its started view."""
    created = result_of(
        await creator.data(
            CREATE,
            input={"ruleset": ruleset, "options": options, "seats": 1 + len(others)},
        )
    )
    assert created["__typename"] == "Match", created
    for other in others:
        joined = result_of(await other.data(JOIN, id=created["id"]))
        assert joined["__typename"] == "Match", joined
    started = result_of(await creator.data(START, id=created["id"]))
    assert started["__typename"] == "Match", started
    return started


async def draw_in_turn(players: list[Client], match_id: str, moves: int) -> None:
    """Each player, in turn, draws from the stock ``moves`` times: a ranked match with two
    or more people is rated only once each of them made a few moves (RATING_MIN_MOVES)."""
    seat_of = {}
    for player in players:
        seat_of[(await player.data(MATCH, id=match_id))["match"]["mySeat"]] = player
    for _ in range(moves * len(players)):
        turn = (await players[0].data(MATCH, id=match_id))["match"]["turn"]
        mover = seat_of[turn["seat"]]
        drawn = await mover.data(DRAW, id=match_id, turn=turn["number"], source="STOCK")
        assert result_of(drawn)["__typename"] == "Match", drawn


async def play(client: Client, match_id: str, action: dict[str, Any], turn: int) -> dict[str, Any]:
    """Send one engine action (``action_to_dict`` form) through the matching mutation."""
    kind = action["kind"]
    if kind == "commit":
        data = await client.data(COMMIT, id=match_id, turn=turn, table=action["table"])
    elif kind == "draw":
        source = action["source"].upper()
        data = await client.data(DRAW, id=match_id, turn=turn, source=source)
    elif kind == "discard":
        data = await client.data(DISCARD, id=match_id, turn=turn, card=action["card"])
    elif kind == "pass":
        data = await client.data(PASS, id=match_id, turn=turn)
    elif kind == "undo":
        data = await client.data(UNDO, id=match_id, turn=turn)
    else:  # pragma: no cover
        raise AssertionError(f"unexpected action {action}")
    return result_of(data)


@pytest.fixture
async def two_players(asgi_server: str) -> AsyncIterator[tuple[Client, Client]]:
    a = await register(asgi_server, "alice")
    b = await register(asgi_server, "bob")
    yield a, b
    await a.close()
    await b.close()

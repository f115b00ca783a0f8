"""A complete small client of the rummy server (docs/first-game.md): register, create a
match with a bot, subscribe to its events, read `legalActions`, commit a table, draw,
handle a rejection, reconnect with `after`, and play to the end.

    python docs/first_game.py http://127.0.0.1:8000

Needs the `gql` library (`pip install "gql[httpx,websockets]"`). Every operation is
checked against schema.graphql before it is sent (gql validates documents locally when
it has the schema), so a typo fails here, not on the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import sys
from pathlib import Path
from typing import Any

from gql import Client, gql
from gql.transport.httpx import HTTPXAsyncTransport
from gql.transport.websockets import WebsocketsTransport
from graphql import DocumentNode, OperationDefinitionNode, parse, print_ast

# The server's schema (schema.graphql is its SDL as a federation subgraph; the
# directives a router defines are declared here so that graphql-core reads it).
FEDERATION = """
directive @link(url: String!, import: [String!]) repeatable on SCHEMA
directive @key(fields: String!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
directive @shareable repeatable on OBJECT | FIELD_DEFINITION
"""
SCHEMA = FEDERATION + (Path(__file__).resolve().parent.parent / "schema.graphql").read_text()

# The operations live in one document (first_game.graphql): the same text that
# tests/typed_client type-checks through generated TypeScript types.
OPERATIONS = {
    op.name.value: print_ast(DocumentNode(definitions=[op]))
    for op in parse(
        (Path(__file__).resolve().parent / "first_game.graphql").read_text()
    ).definitions
    if isinstance(op, OperationDefinitionNode) and op.name is not None
}
REGISTER = gql(OPERATIONS["Register"])
CREATE = gql(OPERATIONS["Create"])
START = gql(OPERATIONS["Start"])
MATCH = gql(OPERATIONS["Match"])
EVENTS = gql(OPERATIONS["Events"])
HINT = gql(OPERATIONS["Hint"])
COMMIT = gql(OPERATIONS["Commit"])
DRAW = gql(OPERATIONS["Draw"])
PASS = gql(OPERATIONS["Pass"])


def codes(melds: list[dict[str, Any]]) -> list[list[str]]:
    """A table as a move sends it: codes, a joker with what it stands for (``*:7S``)."""
    return [
        [
            f"*:{c['represents']}" if c["code"] == "*" and c["represents"] else c["code"]
            for c in m["cards"]
        ]
        for m in melds
    ]


class Game:
    """What the client knows, kept up to date from the events alone."""

    def __init__(self, match: dict[str, Any]) -> None:
        self.id = match["id"]
        self.seat = match["mySeat"]
        self.last_seq = match["lastSeq"]
        self.turn = match["turn"]
        self.hand = [c["code"] for c in match["myHand"]]
        self.table = codes(match["table"])
        self.rejections: list[str] = []
        self.reconnects = 0
        self.outcome: dict[str, Any] | None = None

    def apply(self, event: dict[str, Any]) -> None:
        assert event["seq"] == self.last_seq + 1, "events come in order, without gaps"
        self.last_seq = event["seq"]
        after = event["after"]
        if after:
            self.turn = {"number": after["turn"], "seat": after["onTurn"], "phase": after["phase"]}
            if after["table"] is not None:
                self.table = codes(after["table"])
        if event["myHand"] is not None:
            self.hand = [c["code"] for c in event["myHand"]]
        if event["__typename"] == "MatchEnded":
            self.outcome = event["outcome"]


async def play_turn(http: Any, game: Game, first: bool) -> None:
    turn = game.turn["number"]
    if first and game.hand:
        # A rejection is data: nothing changed on the server, the turn goes on.
        lonely = await http.execute(
            COMMIT,
            variable_values={"id": game.id, "turn": turn, "table": [*game.table, [game.hand[0]]]},
        )
        rejection = lonely["commitTurn"]
        assert rejection["__typename"] == "Rejection"
        game.rejections.append(f"{rejection['code']}/{rejection['reason']}")
        print(f"rejected as expected: {rejection['code']} {rejection['reason']}")
        print(f"  the server says: {rejection['message']}")
    hint = (await http.execute(HINT, variable_values={"id": game.id}))["hintPlay"]
    if hint["__typename"] == "Play" and hint["cards"] > 0:
        key = secrets.token_hex(8)  # a retry with the same key is answered, not replayed
        result = await http.execute(
            COMMIT,
            variable_values={
                "id": game.id,
                "turn": turn,
                "table": codes(hint["table"]),
                "key": key,
            },
        )
        if result["commitTurn"]["__typename"] == "Match":
            print(f"turn {turn}: committed {hint['cards']} card(s)")
            return
    drawn = await http.execute(
        DRAW, variable_values={"id": game.id, "turn": turn, "key": secrets.token_hex(8)}
    )
    if drawn["draw"]["__typename"] == "Rejection":
        await http.execute(PASS, variable_values={"id": game.id, "turn": turn})
        print(f"turn {turn}: passed ({drawn['draw']['code']})")
    else:
        print(f"turn {turn}: drew from the stock")


async def follow(base: str, token: str, http: Any, game: Game, stop_after: int | None) -> bool:
    """Follow the events from `game.last_seq` on; True when the match ended. The socket
    is read by a task of its own, so that moves sent meanwhile never hold it up."""
    ws = WebsocketsTransport(
        url=base.replace("http", "ws", 1) + "/graphql",
        init_payload={"authorization": f"Bearer {token}"},
        subprotocols=[WebsocketsTransport.GRAPHQLWS_SUBPROTOCOL],
    )
    events: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

    async def read(session: Any) -> None:
        variables = {"id": game.id, "after": game.last_seq}
        try:
            async for data in session.subscribe(EVENTS, variable_values=variables):
                await events.put(data["matchEvents"])
        finally:
            await events.put(None)

    async with Client(transport=ws, schema=SCHEMA) as session:
        reader = asyncio.create_task(read(session))
        seen = 0
        try:
            while (event := await events.get()) is not None:
                game.apply(event)
                seen += 1
                if event["__typename"] == "MatchEnded":
                    return True
                mine = game.turn["seat"] == game.seat
                if event["after"] and mine and game.turn["phase"] in ("PLAY", "DRAW"):
                    await play_turn(http, game, first=not game.rejections)
                if stop_after is not None and seen >= stop_after:
                    return False  # drop the socket as a flaky network would
        finally:
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader
    return game.outcome is not None


async def main(base: str) -> int:
    anonymous = HTTPXAsyncTransport(url=f"{base}/graphql")
    async with Client(transport=anonymous, schema=SCHEMA) as session:
        name = f"first{secrets.token_hex(4)}"
        registered = await session.execute(
            REGISTER, variable_values={"username": name, "password": f"Pw-{secrets.token_hex(8)}"}
        )
    token = registered["register"]["token"]
    transport = HTTPXAsyncTransport(
        url=f"{base}/graphql", headers={"Authorization": f"Bearer {token}"}
    )
    async with Client(transport=transport, schema=SCHEMA) as http:
        options = {"rounds": 1, "hand_size": 7, "opening_min": 0}
        created = await http.execute(
            CREATE,
            variable_values={
                "input": {"ruleset": "robbers", "seats": 2, "bots": ["EASY"], "options": options}
            },
        )
        match_id = created["createMatch"]["id"]
        await http.execute(START, variable_values={"id": match_id})
        match = (await http.execute(MATCH, variable_values={"id": match_id}))["match"]
        game = Game(match)
        print(f"match {match_id}: seat {game.seat}, legal now: {match['legalActions']}")
        if game.turn["seat"] == game.seat:
            await play_turn(http, game, first=True)
        # Follow a few events, lose the connection, reconnect with `after`, go on.
        ended = await follow(base, token, http, game, stop_after=5)
        while not ended:
            game.reconnects += 1
            print(f"reconnecting after seq {game.last_seq}")
            ended = await follow(base, token, http, game, stop_after=None)
        final = (await http.execute(MATCH, variable_values={"id": match_id}))["match"]
    assert final["status"] == "FINISHED" and final["lastSeq"] == game.last_seq
    assert sorted(c["code"] for c in final["myHand"]) == sorted(game.hand)
    print(f"match over: {game.outcome}; rejections {game.rejections}; reconnects {game.reconnects}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000")))

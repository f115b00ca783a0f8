"""One rule for errors (issue 11, point 4): what a player can cause in normal play is a
``Rejection``; what only a broken client sends is a coded GraphQL error; nothing a
client sends is a 500 or an ERROR traceback in the server's log."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.e2e.conftest import CREATE, Client, new_match, register, result_of

pytestmark = pytest.mark.django_db(transaction=True)

HINT = """
query Hint($id: ID!) {
  hintPlay(matchId: $id) {
    __typename
    ... on Play { cards }
    ... on Rejection { code message }
  }
}
"""
ENTITIES = """
query Entities($representations: [_Any!]!) {
  _entities(representations: $representations) { __typename ... on Match { id } }
}
"""


async def test_a_hint_in_ranked_play_is_a_hint_not_allowed_rejection(
    two_players: tuple[Client, Client],
) -> None:
    alice, bob = two_players
    created = result_of(
        await alice.data(CREATE, input={"ruleset": "robbers", "seats": 2, "ranked": True})
    )
    assert created["__typename"] == "Match", created
    await bob.data(
        "mutation J($id: ID!) { joinMatch(matchId: $id) { __typename } }", id=created["id"]
    )
    await alice.data(
        "mutation S($id: ID!) { startMatch(matchId: $id) { __typename } }", id=created["id"]
    )

    data = await alice.data(HINT, id=created["id"])

    assert data["hintPlay"]["__typename"] == "Rejection"
    assert data["hintPlay"]["code"] == "HINT_NOT_ALLOWED"


async def test_a_hint_in_casual_play_is_a_play(two_players: tuple[Client, Client]) -> None:
    alice, bob = two_players
    started = await new_match(alice, [bob], hand_size=7)

    data = await alice.data(HINT, id=started["id"])

    assert data["hintPlay"]["__typename"] == "Play"


@pytest.mark.parametrize(
    "time_control", [{"turnSeconds": 1}, {"turnSeconds": 10**8}, {"correspondenceHours": 0}]
)
async def test_an_out_of_range_time_control_is_a_bad_option_rejection(
    asgi_server: str, time_control: dict[str, Any]
) -> None:
    alice = await register(asgi_server, "alice")

    body = await alice.post(CREATE, input={"ruleset": "robbers", "seats": 2, **time_control})

    assert not body.get("errors"), body
    assert result_of(body["data"])["__typename"] == "Rejection"
    assert result_of(body["data"])["code"] == "BAD_OPTION"


@pytest.mark.parametrize(
    "representation",
    [
        {"__typename": "Match"},
        {"__typename": "Match", "id": {"nested": True}},
        {"__typename": "Seat", "matchId": "1"},
        {"__typename": "NoSuchType", "id": "1"},
        {"id": "1"},
        "a string",
        17,
    ],
)
async def test_a_malformed_entity_representation_is_a_coded_bad_input_error(
    asgi_server: str, representation: Any
) -> None:
    client = Client(asgi_server)
    tracebacks = asgi_server.log_text().count("Traceback")  # type: ignore[attr-defined]

    response = await client.http.post(
        "/graphql", json={"query": ENTITIES, "variables": {"representations": [representation]}}
    )

    body = response.json()
    assert response.status_code == 200, body
    assert body["errors"], body
    assert {e["extensions"]["code"] for e in body["errors"]} == {"BAD_INPUT"}, body
    assert asgi_server.log_text().count("Traceback") == tracebacks  # type: ignore[attr-defined]
    await client.close()


async def test_a_deeply_nested_60_kb_websocket_frame_closes_with_4400(asgi_server: str) -> None:
    """Issue 26, point 6: a frame of JSON nested 30,000 levels (60 KB, under the 64 KB
    frame limit) dropped the socket without a close code; it is refused with 4400, and
    the server logs no traceback."""
    tracebacks = asgi_server.log_text().count("Traceback")  # type: ignore[attr-defined]
    url = "ws" + asgi_server[len("http") :] + "/graphql"
    deep = "[" * 30_000 + "]" * 30_000
    frame = '{"id": "1", "type": "subscribe", "payload": {"query": "{ serverVersion }", '
    frame += '"variables": {"a": ' + deep + "}}}"
    assert 60_000 < len(frame) < 64 * 1024

    async with connect(url, subprotocols=["graphql-transport-ws"]) as ws:  # type: ignore[list-item]
        await ws.send(json.dumps({"type": "connection_init", "payload": {}}))
        assert json.loads(await asyncio.wait_for(ws.recv(), 30)) == {"type": "connection_ack"}
        await ws.send(frame)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await asyncio.wait_for(ws.recv(), 30)

    assert closed.value.rcvd is not None, closed.value
    assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (
        4400,
        "The JSON is nested too deeply.",
    )
    assert asgi_server.log_text().count("Traceback") == tracebacks  # type: ignore[attr-defined]

"""The `asgi_server` fixture: the real ASGI app in a uvicorn process, with bearer auth."""

import json

import httpx
import pytest
import websockets

from tests.conftest import LiveServer

REGISTER = "mutation { __typename }"


def test_the_server_is_ready_and_serves_graphql(asgi_server: LiveServer) -> None:
    response = httpx.post(f"{asgi_server}/graphql", json={"query": "{ serverVersion }"})

    assert response.status_code == 200
    assert response.json()["data"]["serverVersion"]


async def test_a_websocket_with_a_bad_token_is_closed_with_4403(asgi_server: LiveServer) -> None:
    async with websockets.connect(
        asgi_server.ws_url, subprotocols=[websockets.Subprotocol("graphql-transport-ws")]
    ) as ws:
        await ws.send(
            json.dumps({"type": "connection_init", "payload": {"authorization": "Bearer nope"}})
        )
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await ws.recv()

    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 4403

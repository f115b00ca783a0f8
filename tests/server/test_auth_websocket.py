"""Websocket authentication: connection_init carries the token; revocation closes."""

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from accounts import services
from accounts.models import User
from config.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long enough passphrase 7"
ME = {"id": "1", "type": "subscribe", "payload": {"query": "query { me { username } }"}}


@pytest.fixture
def token(redis_url: str) -> str:
    user = services.user_register(username="ada", password=PASSWORD)
    return services.token_create(user=user)


async def connect(payload: dict[str, Any] | None) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(
        application, "/graphql", subprotocols=["graphql-transport-ws"]
    )
    connected, _ = await communicator.connect()
    assert connected
    message: dict[str, Any] = {"type": "connection_init"}
    if payload is not None:
        message["payload"] = payload
    await communicator.send_json_to(message)
    return communicator


async def test_a_token_in_connection_init_authenticates_the_socket(token: str) -> None:
    # given
    ws = await connect({"authorization": f"Bearer {token}"})
    assert await ws.receive_json_from(timeout=30) == {"type": "connection_ack"}

    # when
    await ws.send_json_to(ME)

    # then
    result = await ws.receive_json_from(timeout=30)
    assert result == {"id": "1", "type": "next", "payload": {"data": {"me": {"username": "ada"}}}}
    await ws.disconnect()


async def test_no_token_is_an_anonymous_socket(redis_url: str) -> None:
    ws = await connect({})
    assert await ws.receive_json_from(timeout=30) == {"type": "connection_ack"}

    await ws.send_json_to(ME)

    result = await ws.receive_json_from(timeout=30)
    assert result["payload"] == {"data": {"me": None}}
    await ws.disconnect()


@pytest.mark.parametrize("authorization", ["Bearer wrong", "wrong", "Bearer ", 42])
async def test_a_bad_token_is_refused_with_4403(redis_url: str, authorization: object) -> None:
    ws = await connect({"authorization": authorization})

    closed = await ws.receive_output(timeout=30)

    assert closed["type"] == "websocket.close"
    assert closed["code"] == 4403
    await ws.disconnect()


async def test_a_ban_closes_the_users_open_sockets(token: str) -> None:
    # given
    ws = await connect({"authorization": f"Bearer {token}"})
    assert await ws.receive_json_from(timeout=30) == {"type": "connection_ack"}

    # when
    user = await User.objects.aget(username="ada")
    await sync_to_async(services.user_ban)(user=user)

    # then
    closed = await ws.receive_output(timeout=30)
    assert closed == {"type": "websocket.close", "code": 4403, "reason": "Token revoked"}
    await ws.disconnect()


async def test_revoking_another_token_leaves_the_socket_open(token: str) -> None:
    # given
    user = await User.objects.aget(username="ada")
    other = await sync_to_async(services.token_create)(user=user)
    ws = await connect({"authorization": f"Bearer {token}"})
    assert await ws.receive_json_from(timeout=30) == {"type": "connection_ack"}

    # when
    await sync_to_async(services.token_revoke)(raw=other)
    await ws.send_json_to(ME)

    # then
    result = await ws.receive_json_from(timeout=30)
    assert result["payload"] == {"data": {"me": {"username": "ada"}}}
    await ws.disconnect()


async def test_messages_are_limited_per_user_across_connections(
    token: str, settings: Any, clean_limits: None
) -> None:
    # given: 3 messages a day per user, whatever the connection (each allows 1000); a
    # connection_init is not the user's yet (the socket is anonymous until it is read)
    settings.RATE_LIMIT_WS_MESSAGES_USER = (3, 86_400)
    first = await connect({"authorization": f"Bearer {token}"})
    assert await first.receive_json_from(timeout=30) == {"type": "connection_ack"}
    second = await connect({"authorization": f"Bearer {token}"})
    assert await second.receive_json_from(timeout=30) == {"type": "connection_ack"}

    # when: two pings on each socket, each answered before the next is sent (two sockets
    # are two consumers: messages sent to both at once may be counted in either order)
    for ws in (first, second, first):
        await ws.send_json_to({"type": "ping"})
        assert await ws.receive_json_from(timeout=30) == {"type": "pong"}
    await second.send_json_to({"type": "ping"})

    # then: the user's 4th message closes its socket
    closed = await second.receive_output(timeout=30)
    assert closed == {"type": "websocket.close", "code": 4429, "reason": "Too many messages"}
    await first.disconnect()
    await second.disconnect()


async def test_a_password_change_closes_the_sockets_of_the_old_tokens_only(token: str) -> None:
    # given: a socket on the old token
    old = await connect({"authorization": f"Bearer {token}"})
    assert await old.receive_json_from(timeout=30) == {"type": "connection_ack"}

    # when: the password is changed (the service revokes, the API then hands a new token)
    user = await User.objects.aget(username="ada")
    await sync_to_async(services.user_change_password)(
        user=user, old_password=PASSWORD, new_password="another long passphrase 8"
    )
    fresh = await sync_to_async(services.token_create)(user=user)

    # then: the old socket is closed, as on a ban
    closed = await old.receive_output(timeout=30)
    assert closed == {"type": "websocket.close", "code": 4403, "reason": "Token revoked"}
    await old.disconnect()
    # and a socket on the new token works
    new = await connect({"authorization": f"Bearer {fresh}"})
    assert await new.receive_json_from(timeout=30) == {"type": "connection_ack"}
    await new.send_json_to(ME)
    result = await new.receive_json_from(timeout=30)
    assert result["payload"] == {"data": {"me": {"username": "ada"}}}
    await new.disconnect()

"""Websocket limits (issue 14): messages counted when they arrive, not when a lagging
server gets to them; a per-socket budget of what the server sends; replays counted."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
import redis
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from accounts.models import User
from accounts.services import token_create

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _redis(settings: Any, redis_url: str) -> None:
    settings.REDIS_URL = redis_url


async def _socket(token: str | None = None, client: str = "127.0.0.1") -> WebsocketCommunicator:
    from config.asgi import application

    ws = WebsocketCommunicator(application, "/graphql", subprotocols=["graphql-transport-ws"])
    ws.scope["client"] = (client, 40000)
    assert (await ws.connect())[0]
    payload = {"authorization": f"Bearer {token}"} if token else {}
    await ws.send_json_to({"type": "connection_init", "payload": payload})
    assert (await ws.receive_json_from(timeout=10))["type"] == "connection_ack"
    return ws


async def test_messages_are_counted_when_they_arrive_not_when_a_lagging_server_reads_them(
    settings: Any, redis_url: str
) -> None:
    # given: at most 5 messages a second per connection, an authenticated socket (its
    # per-user count goes to Redis), and the start of a fresh second
    settings.RATE_LIMIT_WS_MESSAGES_CONNECTION = (5, 1)
    settings.RATE_LIMIT_WS_MESSAGES_USER = (1000, 1)
    raw = await database_sync_to_async(token_create)(
        user=await database_sync_to_async(User.objects.create_user)("lag", password="pw-unused-1")
    )
    ws = await _socket(raw)
    await asyncio.sleep(1 - time.monotonic() % 1 + 0.3)  # 0.3 s into a second

    # when: Redis stalls for 0.95 s (the server lags behind its socket, past the next
    # second), the client sends 4 pings in this second and 4 more in the next one:
    # never more than 5 in a second
    stall = redis.Redis.from_url(redis_url)
    stall.execute_command("CLIENT", "PAUSE", 950, "ALL")
    stall.close()
    for _ in range(4):
        await ws.send_json_to({"type": "ping"})
    await asyncio.sleep(1 - time.monotonic() % 1 + 0.45)  # 0.45 s into the next second
    for _ in range(4):
        await ws.send_json_to({"type": "ping"})

    # then: every ping is answered; the socket is not closed with 4429
    answers: list[Any] = []
    for _ in range(8):
        try:
            answer = await ws.receive_output(timeout=10)
        except TimeoutError:
            answers.append("(nothing)")
            break
        answers.append(answer.get("text") or answer)
    assert all('"pong"' in str(a) for a in answers), answers
    await ws.disconnect()


async def test_a_socket_gets_at_most_its_message_budget(settings: Any) -> None:
    # given: a budget of 20 messages a second per socket
    settings.RATE_LIMIT_WS_SENT_CONNECTION = (20, 1)
    ws = await _socket()

    # when: five clocks of 10 ticks a second each run for three seconds
    for i in range(5):
        await ws.send_json_to(
            {"id": str(i), "type": "subscribe",
             "payload": {"query": "subscription { serverTime(count: 100, intervalMs: 100) }"}}
        )  # fmt: skip
    received = 0
    end = time.monotonic() + 3
    while time.monotonic() < end:
        if await ws.receive_nothing(timeout=0.05, interval=0.01):
            continue  # (a receive_output that times out would cancel the application)
        await ws.receive_output(timeout=5)
        received += 1

    # then: at most the budget of the (at most four) seconds touched, not 5 x 10 x 3
    assert 20 <= received <= 4 * 20, received
    await ws.disconnect()


async def test_replayed_events_count_against_the_address(settings: Any) -> None:
    import secrets

    from matches import services
    from matches.models import Match

    # given: a started public match with a few stored events
    def started() -> tuple[str, int]:
        a = User.objects.create_user("replay_a", password="pw-unused-1")
        b = User.objects.create_user("replay_b", password="pw-unused-1")
        created = services.match_create(user=a, seats=2)
        services.match_join(match_id=created.id, user=b)  # type: ignore[union-attr]
        services.match_start(match_id=created.id, user=a)  # type: ignore[union-attr]
        match = Match.objects.get(pk=created.id)  # type: ignore[union-attr]
        return match.public_id, match.last_seq

    public_id, stored = await database_sync_to_async(started)()
    assert stored >= 3
    # an address may have two full replays of it a minute
    settings.RATE_LIMIT_WS_REPLAYED_IP = (2 * stored, 60)
    ws = await _socket(client=f"10.77.{secrets.randbelow(250)}.{secrets.randbelow(250) + 1}")

    # when: it subscribes from the start three times
    query = "subscription($id: ID!) { matchEvents(matchId: $id, after: 0) { seq } }"
    firsts = []
    for i in range(3):
        await ws.send_json_to(
            {"id": str(i), "type": "subscribe",
             "payload": {"query": query, "variables": {"id": public_id}}}
        )  # fmt: skip
        firsts.append(await ws.receive_json_from(timeout=10))
        if firsts[-1]["type"] == "next" and firsts[-1]["payload"].get("data"):
            for _ in range(stored - 1):  # the rest of the replay
                assert (await ws.receive_json_from(timeout=10))["type"] == "next"

    # then: the first two replay the log, the third is RATE_LIMITED
    assert [f["payload"]["data"]["matchEvents"]["seq"] for f in firsts[:2]] == [1, 1], firsts
    third = firsts[2]
    assert third["type"] in ("error", "next"), third
    errors = third["payload"] if third["type"] == "error" else third["payload"]["errors"]
    assert errors[0]["extensions"]["code"] == "RATE_LIMITED", third
    await ws.disconnect()

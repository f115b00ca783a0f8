"""matchEvents in-process (Channels' WebsocketCommunicator on the real ASGI app, the real
Redis pub/sub): a client asking for more history than the server replays gets one
RESYNC event with its full view, then the live events after it."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from matches import services
from matches.models import Match
from matches.selectors import MatchView

pytestmark = pytest.mark.django_db(transaction=True)

MATCH_EVENTS = """
subscription Events($id: ID!, $after: Int) {
  matchEvents(matchId: $id, after: $after) { seq type matchId payload }
}
"""


def started_match() -> tuple[int, Any, Any, str]:
    from accounts.models import User
    from accounts.services import token_create

    a = User.objects.create_user("resync_a", password="pw-unused-1")
    b = User.objects.create_user("resync_b", password="pw-unused-1")
    created = services.match_create(user=a, options={"hand_size": 7}, seats=2)
    assert isinstance(created, MatchView)
    services.match_join(match_id=created.id, user=b)
    services.match_start(match_id=created.id, user=a)
    return created.id, a, b, token_create(user=a)


def draw_for_whoever_is_on_turn(match_id: int, users: tuple[Any, Any]) -> int:
    match = Match.objects.get(pk=match_id)
    assert match.on_turn is not None
    result = services.match_draw(match_id=match_id, turn=match.turn, user=users[match.on_turn])
    assert isinstance(result, MatchView), result
    return result.last_seq


async def test_too_old_an_after_gets_a_resync_then_live_events(
    settings: Any, redis_url: str
) -> None:
    # given: the server replays at most 2 events; the match already has more
    from config.asgi import application

    settings.MATCH_EVENTS_REPLAY_LIMIT = 2
    match_id, a, b, token = await database_sync_to_async(started_match)()
    row = await database_sync_to_async(Match.objects.get)(pk=match_id)
    last = row.last_seq
    ws = WebsocketCommunicator(application, "/graphql", subprotocols=["graphql-transport-ws"])
    connected, _ = await ws.connect()
    assert connected
    await ws.send_json_to(
        {"type": "connection_init", "payload": {"authorization": f"Bearer {token}"}}
    )
    assert (await ws.receive_json_from(timeout=10))["type"] == "connection_ack"

    # when
    await ws.send_json_to(
        {"id": "1", "type": "subscribe",
         "payload": {"query": MATCH_EVENTS, "variables": {"id": row.public_id, "after": 0}}}
    )  # fmt: skip
    resync = (await ws.receive_json_from(timeout=10))["payload"]["data"]["matchEvents"]
    moved = await database_sync_to_async(draw_for_whoever_is_on_turn)(match_id, (a, b))
    live = []
    while not live or live[-1]["seq"] < moved:
        message = await ws.receive_json_from(timeout=10)
        live.append(message["payload"]["data"]["matchEvents"])

    # then
    assert resync["type"] == "RESYNC" and resync["seq"] == last
    assert resync["payload"]["seat"] == 0 and len(resync["payload"]["view"]["hand"]) == 7
    assert [e["seq"] for e in live] == list(range(last + 1, moved + 1))
    await ws.disconnect()

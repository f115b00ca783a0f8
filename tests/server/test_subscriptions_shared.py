"""matchEvents executes a live event once per view and query for the subscribers of a
process (issue 12), in-process (Channels' WebsocketCommunicator on the real ASGI app,
the real Redis channel layer): spectators with the same query share one execution, and
no viewer gets another's view (the drawer's cards) or another query's shape."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from api import event_sharing as ev
from matches.models import Match
from tests.server.test_subscriptions_resync import draw_for_whoever_is_on_turn, started_match

pytestmark = pytest.mark.django_db(transaction=True)

QUERY = """
subscription Events($id: ID!, $after: Int, $withCards: Boolean = true) {
  matchEvents(matchId: $id, after: $after) {
    seq type
    ... on CardDrawn { seat source cards @include(if: $withCards) { code } }
  }
}
"""


async def _subscribe(application: Any, token: str | None, variables: dict[str, Any]) -> Any:
    ws = WebsocketCommunicator(application, "/graphql", subprotocols=["graphql-transport-ws"])
    connected, _ = await ws.connect()
    assert connected
    payload = {"authorization": f"Bearer {token}"} if token else {}
    await ws.send_json_to({"type": "connection_init", "payload": payload})
    assert (await ws.receive_json_from(timeout=10))["type"] == "connection_ack"
    await ws.send_json_to(
        {"id": "1", "type": "subscribe", "payload": {"query": QUERY, "variables": variables}}
    )
    return ws


async def _until(ws: Any, seq: int) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    while not got or got[-1]["seq"] < seq:
        message = await ws.receive_json_from(timeout=10)
        assert message["type"] == "next" and not message["payload"].get("errors"), message
        got.append(message["payload"]["data"]["matchEvents"])
    return got


async def test_spectators_share_an_execution_and_each_viewer_sees_only_their_view(
    redis_url: str,
) -> None:
    # given: both players, two spectators with one query (subscribed from different
    # points: the root field's `after` does not change an event's result) and one
    # spectator whose variables leave the cards out
    from accounts.services import token_create
    from config.asgi import application

    match_id, a, b, token_a = await database_sync_to_async(started_match)()
    token_b = await database_sync_to_async(token_create)(user=b)
    row = await database_sync_to_async(Match.objects.get)(pk=match_id)
    last, drawer = row.last_seq, row.on_turn
    on = {"id": row.public_id, "after": last}
    sockets = {
        "a": await _subscribe(application, token_a, on),
        "b": await _subscribe(application, token_b, on),
        "s1": await _subscribe(application, None, on),
        "s2": await _subscribe(application, None, {**on, "after": last - 1}),
        "s3": await _subscribe(application, None, {**on, "withCards": False}),
    }
    replayed = await _until(sockets["s2"], last)  # its one stored event: now it listens
    assert [e["seq"] for e in replayed] == [last]
    for ws in sockets.values():  # the subscriptions have joined the match's group
        await ws.send_json_to({"type": "ping"})
        assert (await ws.receive_json_from(timeout=10))["type"] == "pong"
    ev.sharing.update(executed=0, shared=0)

    # when
    moved = await database_sync_to_async(draw_for_whoever_is_on_turn)(match_id, (a, b))
    seen = {name: await _until(ws, moved) for name, ws in sockets.items()}

    # then
    live = moved - last
    for name, got in seen.items():
        assert [e["seq"] for e in got] == list(range(last + 1, moved + 1)), name
    drawn = {name: next(e for e in got if e["type"] == "CARD_DRAWN") for name, got in seen.items()}
    players = {0: "a", 1: "b"}
    assert drawn[players[drawer]]["cards"], "the drawer sees the drawn cards"
    assert drawn[players[1 - drawer]]["cards"] is None
    assert drawn["s1"]["cards"] is None and drawn["s2"]["cards"] is None
    assert "cards" not in drawn["s3"], "another query's shape"
    assert seen["s1"] == seen["s2"]
    # the drawer, the spectators and s3 are three views or queries: the other player has
    # no private part in a draw's events and gets the spectators' results, as s2 does
    assert ev.sharing == {"executed": 3 * live, "shared": 2 * live}
    for ws in sockets.values():
        await ws.disconnect()


def test_a_shared_next_message_is_written_as_the_consumer_writes_any_other() -> None:
    # given: a result that api.events kept for sharing
    from strawberry.http.base import BaseView

    data = {"matchEvents": {"seq": 7, "type": "CARD_DRAWN", "cards": [{"code": "10\u2665"}]}}
    result = ev.ExecutionResult(data, None)
    ev._keep({}, "k", result)
    message = {"id": 'op"1', "type": "next", "payload": {"data": data}}
    encode = BaseView().encode_json

    # when / then: byte for byte what strawberry's send_json writes
    assert ev.shared_next_text(message, encode) == encode(message)
    assert ev.shared_next_text(message, encode) == encode(message)  # the kept text
    other = {"id": "2", "type": "next", "payload": {"data": {"matchEvents": None}}}
    assert ev.shared_next_text(other, encode) is None
    with_errors = {"id": "3", "type": "next", "payload": {"data": data, "errors": []}}
    assert ev.shared_next_text(with_errors, encode) is None


def test_an_event_keeps_a_bounded_number_of_query_results() -> None:
    # given: an event whose results for SHARED_RESULTS queries are kept
    results: dict[object, Any] = {}
    for n in range(ev.SHARED_RESULTS):
        ev._keep(results, n, ev.ExecutionResult({"n": n}, None))

    # when: one more query's result
    ev._keep(results, "one more", ev.ExecutionResult({"n": -1}, None))

    # then: it is not kept (clients choose their query texts)
    assert len(results) == ev.SHARED_RESULTS and "one more" not in results


def _memo_entries() -> int:
    """Entries in the sub-field memos of every live executor of a subscription event."""
    import gc

    return sum(
        len(vars(o).get("_relevant_sub_fields") or ())
        for o in gc.get_objects()
        if isinstance(o, ev.SharedEventExecution)
    )


async def test_a_subscription_keeps_nothing_of_the_events_it_has_sent(redis_url: str) -> None:
    # given: a player's subscription that has sent a few live events
    from accounts.services import token_create
    from config.asgi import application

    match_id, a, b, token_a = await database_sync_to_async(started_match)()
    await database_sync_to_async(token_create)(user=b)
    row = await database_sync_to_async(Match.objects.get)(pk=match_id)
    ws = await _subscribe(application, token_a, {"id": row.public_id, "after": row.last_seq})
    await ws.send_json_to({"type": "ping"})
    assert (await ws.receive_json_from(timeout=10))["type"] == "pong"

    async def draws(count: int) -> None:
        for _ in range(count):
            moved = await database_sync_to_async(draw_for_whoever_is_on_turn)(match_id, (a, b))
            await _until(ws, moved)

    await draws(2)
    after_a_few = _memo_entries()

    # when: it sends many more
    await draws(12)

    # then: what its executors keep has not grown with them (graphql-core's memo of
    # collected sub-fields, shared by every event's executor, kept each event's field
    # lists: two more entries per event for this query)
    assert _memo_entries() <= after_a_few
    await ws.disconnect()


def test_an_event_is_kept_for_sharing_no_longer_than_shared_seconds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # given: an empty cache, a clock of the test's own, and an event kept with a result
    from collections import OrderedDict
    from types import SimpleNamespace

    now = [1000.0]
    for name, value in (("_shared", OrderedDict()), ("_shared_by_id", {}), ("_texts", {})):
        monkeypatch.setattr(ev, name, value)
    monkeypatch.setattr(ev, "_clock", lambda: now[0])

    def event(seq: int) -> Any:
        return SimpleNamespace(kind=ev.MatchEventKind.TURN_STARTED, seq=seq)

    first = ev.shared_match_event(("m", 1), lambda: event(1))
    results = ev._results_of(first)
    assert results is not None
    ev._keep(results, "q", ev.ExecutionResult({"seq": 1}, None))

    # when: another event comes within SHARED_SECONDS, then one after them
    now[0] += ev.SHARED_SECONDS * 0.6
    ev.shared_match_event(("m", 2), lambda: event(2))
    kept_within = list(ev._shared)
    now[0] += ev.SHARED_SECONDS * 0.6
    ev.shared_match_event(("m", 3), lambda: event(3))

    # then: the first was shared until then, and is gone with its result and text
    assert kept_within == [("m", 1), ("m", 2)]
    assert list(ev._shared) == [("m", 2), ("m", 3)]
    assert ev._results_of(first) is None and not ev._texts
    # and: a subscriber who comes late builds the event anew
    assert ev.shared_match_event(("m", 1), lambda: event(1)) is not first

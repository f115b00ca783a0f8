"""matchEvents delivers a live event once per view and query for the subscribers of a
process (issues 12, 31), in-process (Channels' WebsocketCommunicator on the real ASGI app,
real Redis pub/sub): spectators with the same query share one execution and one encoded
text, no viewer gets another's view (the drawer's cards) or another query's shape, and
the fast path sends what the plain one (strawberry's own) sends, byte for byte."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from api.events import live
from config import fast_paths
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


async def _watch_a_draw(
    application: Any, prefix: str = "resync"
) -> tuple[dict[str, list[str]], int, int]:
    """Both players, two spectators with one query (subscribed from different points:
    the root field's `after` does not change an event's result) and one spectator whose
    variables leave the cards out watch a draw: the raw `next` texts each got, the seq
    before it and the drawer's seat."""
    from accounts.services import token_create

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
    for ws in sockets.values():  # the subscriptions listen to the match's topic
        await ws.send_json_to({"type": "ping"})
        assert (await ws.receive_json_from(timeout=10))["type"] == "pong"

    moved = await database_sync_to_async(draw_for_whoever_is_on_turn)(match_id, (a, b))
    texts: dict[str, list[str]] = {}
    for name, ws in sockets.items():
        got = texts[name] = []
        while not got or json.loads(got[-1])["payload"]["data"]["matchEvents"]["seq"] < moved:
            got.append(await ws.receive_from(timeout=10))
    for ws in sockets.values():
        await ws.disconnect()
    return texts, last, drawer


@pytest.mark.parametrize("fast", [True, False], ids=["fast", "plain"])
async def test_each_viewer_sees_only_their_view_and_spectators_share_one_execution(
    redis_url: str, settings: Any, monkeypatch: pytest.MonkeyPatch, fast: bool
) -> None:
    # given: executions of the fast path counted
    from config.asgi import application

    settings.FAST_PATHS = fast_paths.parse("1" if fast else "0")
    rendered: list[object] = []
    real = live.Direct.render

    def render(self: live.Direct, event: Any) -> str | None:
        text = real(self, event)
        assert text is not None, "the fast path renders the event itself"
        rendered.append(self.key)
        return text

    monkeypatch.setattr(live.Direct, "render", render)

    # when
    texts, last, drawer = await _watch_a_draw(application)

    # then: every viewer got every event, each as it may see it
    seen = {
        name: [json.loads(t)["payload"]["data"]["matchEvents"] for t in got]
        for name, got in texts.items()
    }
    moved = seen["a"][-1]["seq"]
    for name, got in seen.items():
        assert [e["seq"] for e in got] == list(range(last + 1, moved + 1)), name
    drawn = {name: next(e for e in got if e["type"] == "CARD_DRAWN") for name, got in seen.items()}
    players = {0: "a", 1: "b"}
    assert drawn[players[drawer]]["cards"], "the drawer sees the drawn cards"
    assert drawn[players[1 - drawer]]["cards"] is None
    assert drawn["s1"]["cards"] is None and drawn["s2"]["cards"] is None
    assert "cards" not in drawn["s3"], "another query's shape"
    assert texts["s1"] == texts["s2"]
    # and: on the fast path the drawer, the spectators and s3 are three executions per
    # event (the other player has no private part in a draw's events: the spectators'
    # view), and s2's replayed event one more; the plain path never takes it
    live_events = moved - last
    assert len(rendered) == (3 * live_events + 1 if fast else 0)


async def test_the_fast_path_sends_what_the_plain_path_sends(redis_url: str, settings: Any) -> None:
    # given: each player and a spectator watching one match twice, once subscribed on
    # the fast path and once on the plain one (the path is chosen as a subscription starts)
    from accounts.services import token_create
    from config.asgi import application

    match_id, a, b, token_a = await database_sync_to_async(started_match)()
    token_b = await database_sync_to_async(token_create)(user=b)
    row = await database_sync_to_async(Match.objects.get)(pk=match_id)
    on = {"id": row.public_id, "after": row.last_seq}
    sockets: dict[tuple[str, bool], Any] = {}
    for fast in (True, False):
        settings.FAST_PATHS = fast_paths.parse("1" if fast else "0")
        for name, token in (("a", token_a), ("b", token_b), ("s", None)):
            ws = sockets[name, fast] = await _subscribe(application, token, on)
            await ws.send_json_to({"type": "ping"})
            assert (await ws.receive_json_from(timeout=10))["type"] == "pong"

    # when
    moved = await database_sync_to_async(draw_for_whoever_is_on_turn)(match_id, (a, b))
    texts: dict[tuple[str, bool], list[str]] = {}
    for key, ws in sockets.items():
        got = texts[key] = []
        while not got or json.loads(got[-1])["payload"]["data"]["matchEvents"]["seq"] < moved:
            got.append(await ws.receive_from(timeout=10))
        await ws.disconnect()

    # then: the same texts, byte for byte
    for name in ("a", "b", "s"):
        assert texts[name, True] == texts[name, False], name


def test_a_fast_next_message_is_written_as_strawberry_writes_any_other() -> None:
    # given: an operation id that needs escaping, and data as the fast path encoded it
    from strawberry.http.base import BaseView

    from api.schema import schema

    data = {"matchEvents": {"seq": 7, "type": "CARD_DRAWN", "cards": [{"code": "10\u2665"}]}}
    direct = live.Direct(schema, None, 'op"1', QUERY, {"id": "x"}, None)
    message = {"id": 'op"1', "type": "next", "payload": {"data": data}}

    # when / then: byte for byte what strawberry's send_json writes
    encode = BaseView().encode_json
    assert direct.message(json.dumps(data, separators=(",", ":"))) == encode(message)


def test_only_variables_below_the_root_field_part_the_subscribers() -> None:
    from api.schema import schema

    def key(variables: dict[str, Any]) -> object:
        return live.Direct(schema, None, "1", QUERY, variables, "Events").key

    assert key({"id": "a", "after": 1}) == key({"id": "a", "after": 9})
    assert key({"id": "a", "withCards": True}) != key({"id": "a", "withCards": False})


def _memo_entries() -> int:
    """Entries in the sub-field memos of every live executor of a subscription event."""
    import gc

    return sum(
        len(vars(o).get("_relevant_sub_fields") or ())
        for o in gc.get_objects()
        if issubclass(type(o), live.EventExecution)  # not o.__class__: a lazy object's setup
    )


async def test_a_subscription_keeps_nothing_of_the_events_it_has_sent(
    redis_url: str, settings: Any
) -> None:
    # given: a player's subscription on the plain path (strawberry executes each event)
    # that has sent a few live events
    from accounts.services import token_create
    from config.asgi import application

    settings.FAST_PATHS = fast_paths.parse("-live_events")
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


async def test_a_live_event_costs_no_database_work_per_subscriber(
    redis_url: str, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given: every SQL statement of the process counted (the move's own, a subscriber's)
    from django.db.backends.utils import CursorWrapper

    from accounts.services import token_create
    from config.asgi import application

    statements: list[str] = []
    for name in ("execute", "executemany"):
        real = getattr(CursorWrapper, name)

        def counted(self: Any, sql: str, *args: Any, _real: Any = real, **kwargs: Any) -> Any:
            statements.append(sql)
            return _real(self, sql, *args, **kwargs)

        monkeypatch.setattr(CursorWrapper, name, counted)

    match_id, a, b, token_a = await database_sync_to_async(started_match)()
    token_b = await database_sync_to_async(token_create)(user=b)
    row = await database_sync_to_async(Match.objects.get)(pk=match_id)
    sockets: list[Any] = []
    last = row.last_seq

    async def join(token: str | None) -> None:
        """A subscriber that has replayed the last stored event: it listens, and its
        start's reading is done."""
        ws = await _subscribe(application, token, {"id": row.public_id, "after": last - 1})
        await _until(ws, last)
        sockets.append(ws)

    async def watched_draw(joining: int) -> int:
        """Statements from a draw to its last event at every socket, after ``joining``
        more spectators subscribed."""
        nonlocal last
        for _ in range(joining):
            await join(None)
        statements.clear()
        last = await database_sync_to_async(draw_for_whoever_is_on_turn)(match_id, (a, b))
        for ws in sockets:
            await _until(ws, last)
        return len(statements)

    # when: a draw the two players watch, one more, and one that eight spectators watch too
    await join(token_a)
    await join(token_b)
    await watched_draw(0)  # the first of the match's draws (its clock, a first action)
    two = await watched_draw(0)
    ten = await watched_draw(8)
    for ws in sockets:
        await ws.disconnect()

    # then: the move's statements, none per subscriber
    assert ten == two, (two, ten)

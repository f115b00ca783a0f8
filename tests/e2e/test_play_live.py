"""Two users play over HTTP while both hold websocket subscriptions (issue 5): live events
with no gap and no duplicate across a disconnect and a resubscribe, nothing private
leaking to anyone, and only the public view for a third user and an anonymous client."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.actions import action_to_dict
from engine.policy import choose, rules_of
from tests.e2e.conftest import (
    MATCH,
    MATCH_EVENTS,
    MY_EVENTS,
    Client,
    Socket,
    in_db,
    new_match,
    play,
    register,
    result_of,
)

pytestmark = pytest.mark.django_db(transaction=True)


async def step(players: dict[int, Client], match_id: str) -> dict[str, Any]:
    """The player on turn asks for its view and plays the built-in policy's move."""
    any_player = next(iter(players.values()))
    current = result_of(await any_player.data(MATCH, id=match_id))
    seat = current["turn"]["seat"]
    mine = result_of(await players[seat].data(MATCH, id=match_id))
    action = action_to_dict(choose(mine["view"], rules_of(mine["view"])))
    result = await play(players[seat], match_id, action, mine["turn"]["number"])
    assert result["__typename"] == "Match", result
    return result


async def collect(sock: Socket, sub_id: str, upto: int, seen: list[dict[str, Any]]) -> None:
    """Read events of a subscription until seq ``upto`` has arrived."""
    while not seen or seen[-1]["seq"] < upto:
        event = await sock.event(sub_id)
        assert event is not None, "the subscription ended early"
        seen.append(event)


def walk(value: Any) -> Iterator[tuple[str | None, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from walk(item)


def stored_private(match_id: str) -> list[tuple[int, str, dict[str, Any], dict[str, Any]]]:
    from matches.archive import event_rows
    from matches.models import Match

    match = Match.objects.get(public_id=match_id)  # read as rows or, once packed, the document
    return [(e["seq"], e["type"], e["public"], e["private"]) for e in event_rows(match.pk)]


def assert_no_leak(received: list[Any], seat: int | None, match_id: str) -> None:
    """Everything one client was sent holds no stock, seed or private part of another seat:
    hands delivered are its own (compared with the stored private payloads), and cards
    drawn from the stock appear only in the drawer's events."""
    own_hands = [
        private[str(seat)]["hand"]
        for _, _, _, private in stored_private(match_id)
        if "hand" in private.get(str(seat), {})
    ]
    for key, value in walk(received):
        assert key not in {"stock", "seed", "private"}, f"{key} was sent to seat {seat}"
        if key in {"hand", "myHand"} and value is not None:
            codes = [c["code"] if isinstance(c, dict) else c for c in value]
            assert seat is not None, f"a hand was sent to a viewer without a seat: {codes}"
    for message in received:
        for key, value in walk(message):
            if key == "matchEvents":
                event = value
                payload = event["payload"]
                drawn = event["type"] == "CARD_DRAWN" and payload.get("source") == "stock"
                if drawn and payload.get("seat") != seat:
                    assert "card" not in payload and "cards" not in payload, event
                if event["type"] == "ROUND_STARTED":
                    if seat is None:
                        assert "hand" not in payload
                    else:
                        assert payload["hand"] in own_hands
            if key == "view" and isinstance(value, dict):
                assert value["seat"] == seat
                assert "drawnCards" not in value or value["seat"] == value.get("onTurn")


async def test_two_players_see_each_others_moves_live_without_gaps_or_leaks(
    asgi_server: str,
) -> None:
    # given
    alice = await register(asgi_server, "alice")
    bob = await register(asgi_server, "bob")
    carol = await register(asgi_server, "carol")
    anonymous = Client(asgi_server)
    started = await new_match(alice, [bob], "robbers", rounds=1, hand_size=7)
    match_id = started["id"]
    players = {0: alice, 1: bob}
    clients = {"alice": alice, "bob": bob, "carol": carol, "anon": anonymous}
    sockets = {name: await client.socket() for name, client in clients.items()}
    subs = {
        name: await s.subscribe(MATCH_EVENTS, id=match_id, after=0) for name, s in sockets.items()
    }
    notes = await sockets["alice"].subscribe(MY_EVENTS)
    seen: dict[str, list[dict[str, Any]]] = {name: [] for name in sockets}

    # when: six moves, then bob drops his socket, four more, and bob resubscribes
    last = started["lastSeq"]
    for _ in range(6):
        last = (await step(players, match_id))["lastSeq"]
        for name in sockets:
            await collect(sockets[name], subs[name], last, seen[name])
    await sockets["bob"].close()
    bob_last_seen = seen["bob"][-1]["seq"]
    for _ in range(4):
        last = (await step(players, match_id))["lastSeq"]
    sockets["bob"] = await bob.socket()
    subs["bob"] = await sockets["bob"].subscribe(MATCH_EVENTS, id=match_id, after=bob_last_seen)
    for _ in range(4):
        last = (await step(players, match_id))["lastSeq"]
    for name in sockets:
        await collect(sockets[name], subs[name], last, seen[name])

    # then: every subscriber saw 1..last exactly once, in order
    for name, events in seen.items():
        assert [e["seq"] for e in events] == list(range(1, last + 1)), name
    # the same events, shaped per viewer: public parts agree
    for a, b in zip(seen["carol"], seen["anon"], strict=True):
        assert a == b
    # alice was told when it was her turn
    note = await sockets["alice"].event(notes)
    assert note is not None and note["type"] in {"YOUR_TURN", "MATCH_STARTED"}
    # nobody was sent what they may not see
    for client, seat in [(alice, 0), (bob, 1), (carol, None), (anonymous, None)]:
        await in_db(assert_no_leak, client.received, seat, match_id)
    for viewer in (carol, anonymous):
        public = result_of(await viewer.data(MATCH, id=match_id))
        assert public["mySeat"] is None and public["myHand"] is None
        assert public["view"]["hand"] is None
    for sock in sockets.values():
        await sock.close()
    for client in (alice, bob, carol, anonymous):
        await client.close()

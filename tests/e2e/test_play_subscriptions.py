"""Subscriptions over the real server: two subscriptions on one socket (strawberry-django
issue 942: a finished subscription must not drop the group a sibling still needs),
notifications, a finished match's stream completing, and federation lookups."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import (
    CREATE,
    DRAW,
    MATCH,
    MATCH_EVENTS,
    MY_EVENTS,
    RESIGN,
    new_match,
    register,
    result_of,
)

pytestmark = pytest.mark.django_db(transaction=True)

ENTITIES = """
query Entities($reps: [_Any!]!) {
  _entities(representations: $reps) {
    __typename
    ... on Match { id status mySeat myHand { code } }
    ... on Seat { matchId index username }
  }
}
"""


async def test_stopping_one_of_two_subscriptions_on_a_socket_keeps_the_other(
    asgi_server: str,
) -> None:
    # given: two subscriptions to the same match on one socket
    alice = await register(asgi_server, "alice")
    bob = await register(asgi_server, "bob")
    started = await new_match(alice, [bob], hand_size=7)
    match_id, last = started["id"], started["lastSeq"]
    sock = await bob.socket()
    first = await sock.subscribe(MATCH_EVENTS, id=match_id, after=last)
    second = await sock.subscribe(MATCH_EVENTS, id=match_id, after=last)
    notes = await sock.subscribe(MY_EVENTS)

    # when: the first one is stopped and a move is made
    await sock.stop(first)
    current = result_of(await alice.data(MATCH, id=match_id))
    mover = alice if current["turn"]["seat"] == 0 else bob
    moved = result_of(await mover.data(DRAW, id=match_id, turn=current["turn"]["number"]))

    # then: the second still receives every new event, exactly once
    seqs = []
    while not seqs or seqs[-1] < moved["lastSeq"]:
        event = await sock.event(second)
        assert event is not None and event["matchId"] == match_id
        seqs.append(event["seq"])
    assert seqs == list(range(last + 1, moved["lastSeq"] + 1))
    if mover is alice:
        note = await sock.event(notes)
        assert note is not None and note["type"] == "YOUR_TURN" and note["matchId"] == match_id
    await sock.close()


async def test_the_event_stream_of_a_finished_match_completes(asgi_server: str) -> None:
    alice = await register(asgi_server, "alice")
    bob = await register(asgi_server, "bob")
    started = await new_match(alice, [bob], hand_size=7)
    sock = await alice.socket()
    notes = await sock.subscribe(MY_EVENTS)
    live = await sock.subscribe(MATCH_EVENTS, id=started["id"], after=started["lastSeq"])

    ended = result_of(await bob.data(RESIGN, id=started["id"]))

    types = []
    while (event := await sock.event(live)) is not None:
        types.append(event["type"])
    assert types[-1] == "MATCH_ENDED" and ended["status"] == "FINISHED"
    note = await sock.event(notes)
    assert note is not None and note["type"] == "MATCH_ENDED"
    later = await sock.subscribe(MATCH_EVENTS, id=started["id"], after=0)
    replayed = []
    while (event := await sock.event(later)) is not None:
        replayed.append(event["seq"])
    assert replayed == list(range(1, ended["lastSeq"] + 1))
    await sock.close()


async def test_an_unknown_or_private_match_cannot_be_seen(asgi_server: str) -> None:
    alice = await register(asgi_server, "alice")
    carol = await register(asgi_server, "carol")
    created = result_of(
        await alice.data(CREATE, input={"ruleset": "robbers", "seats": 2, "private": True})
    )
    sock = await carol.socket()

    for match_id in ("987654321", created["id"]):
        sub = await sock.subscribe(MATCH_EVENTS, id=match_id, after=0)
        message = await sock.next(sub)
        errors = message["payload"] if message["type"] == "error" else message["payload"]["errors"]
        assert errors[0]["extensions"]["code"] == "NOT_FOUND"
        assert (await carol.data(MATCH, id=match_id))["match"] is None
    assert (await alice.data(MATCH, id=created["id"]))["match"]["id"] == created["id"]
    await sock.close()


async def test_matches_and_seats_resolve_as_federation_entities(asgi_server: str) -> None:
    alice = await register(asgi_server, "alice")
    bob = await register(asgi_server, "bob")
    carol = await register(asgi_server, "carol")
    started = await new_match(alice, [bob], hand_size=7)
    reps = [
        {"__typename": "Match", "id": started["id"]},
        {"__typename": "Seat", "matchId": started["id"], "index": 1},
    ]

    mine = (await alice.data(ENTITIES, reps=reps))["_entities"]
    theirs = (await carol.data(ENTITIES, reps=reps))["_entities"]

    assert mine[0]["id"] == started["id"] and mine[0]["mySeat"] == 0
    assert len(mine[0]["myHand"]) == 7
    assert theirs[0]["mySeat"] is None and theirs[0]["myHand"] is None
    assert mine[1] == {
        "__typename": "Seat",
        "matchId": started["id"],
        "index": 1,
        "username": bob.name,
    }

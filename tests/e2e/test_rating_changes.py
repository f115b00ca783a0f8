"""A ranked match's rating changes travel with its end (issue 11): `MatchEnded` carries
`ratingChanges`, the finished `Match` lists the same, and each player still gets
`RatingChanged` on `myEvents`. The ratings are moved in the transaction that ends the
match, so they are there when the ending mutation answers: no Celery worker runs here,
and a lost broker or Redis can no longer lose a rating update.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import (
    CREATE,
    JOIN,
    RESIGN,
    START,
    Client,
    Socket,
    draw_in_turn,
    result_of,
)

pytestmark = pytest.mark.django_db(transaction=True)

VALUE = "mu sigma ordinal provisional"
CHANGES = (
    f"seat userId user {{ id username }} ruleset tempo rank "
    f"before {{ {VALUE} }} after {{ {VALUE} }}"
)
EVENTS = f"""
subscription Events($id: ID!) {{
  matchEvents(matchId: $id, after: 0) {{
    __typename
    ... on MatchEnded {{ outcome {{ winners }} ratingChanges {{ {CHANGES} }} }}
  }}
}}
"""
MY_EVENTS = f"""
subscription {{
  myEvents {{
    __typename matchId
    ... on RatingChanged {{ ruleset tempo rank before {{ {VALUE} }} after {{ {VALUE} }} }}
  }}
}}
"""
FINISHED = f"""
query M($id: ID!) {{ match(id: $id) {{ status ranked ratingChanges {{ {CHANGES} }} }} }}
"""


async def _played_and_resigned(alice: Client, bob: Client, ranked: bool) -> str:
    created = result_of(
        await alice.data(CREATE, input={"ruleset": "robbers", "seats": 2, "ranked": ranked})
    )
    assert created["__typename"] == "Match", created
    match_id: str = created["id"]
    assert result_of(await bob.data(JOIN, id=match_id))["__typename"] == "Match"
    assert result_of(await alice.data(START, id=match_id))["__typename"] == "Match"
    await draw_in_turn([alice, bob], match_id, 2)
    return match_id


async def _match_ended(sock: Socket, sub: str) -> dict[str, Any]:
    while True:
        event = await sock.event(sub)
        assert event is not None, "the stream completed before MATCH_ENDED"
        if event["__typename"] == "MatchEnded":
            return event


async def test_a_ranked_match_end_carries_the_rating_changes(
    two_players: tuple[Client, Client],
) -> None:
    alice, bob = two_players
    match_id = await _played_and_resigned(alice, bob, ranked=True)
    sock = await alice.socket()
    try:
        mine = await sock.subscribe(MY_EVENTS)
        # when: bob resigns, so alice wins
        resigned = result_of(await bob.data(RESIGN, id=match_id))
        assert resigned["__typename"] == "Match", resigned
        # then: the finished match lists the changes as soon as the mutation answered
        finished = (await alice.data(FINISHED, id=match_id))["match"]
        events = await sock.subscribe(EVENTS, id=match_id)
        ended = await _match_ended(sock, events)
        notice = await sock.event(mine)
        while notice is not None and notice["__typename"] != "RatingChanged":
            notice = await sock.event(mine)
    finally:
        await sock.close()

    assert finished["status"] == "FINISHED" and finished["ranked"]
    changes = finished["ratingChanges"]
    assert ended["ratingChanges"] == changes
    assert [c["seat"] for c in changes] == [0, 1]
    winner, loser = changes
    assert winner["user"]["username"] == alice.name and loser["user"]["username"] == bob.name
    assert winner["userId"] == alice.user_id and loser["userId"] == bob.user_id
    assert (winner["rank"], loser["rank"]) == (1, 2)
    assert winner["ruleset"] == "robbers" and winner["tempo"] == "LIVE"
    assert winner["after"]["mu"] > winner["before"]["mu"]
    assert loser["after"]["mu"] < loser["before"]["mu"]
    assert winner["before"]["mu"] == loser["before"]["mu"]  # both new: the default rating
    # myEvents still says it, with the same numbers
    assert notice is not None and notice["matchId"] == match_id
    assert notice["rank"] == 1 and notice["after"] == winner["after"]
    assert notice["before"] == winner["before"]


async def test_an_unranked_match_end_has_no_rating_changes(
    two_players: tuple[Client, Client],
) -> None:
    alice, bob = two_players
    match_id = await _played_and_resigned(alice, bob, ranked=False)
    assert result_of(await bob.data(RESIGN, id=match_id))["__typename"] == "Match"
    sock = await alice.socket()
    try:
        ended = await _match_ended(sock, await sock.subscribe(EVENTS, id=match_id))
    finally:
        await sock.close()

    finished = (await alice.data(FINISHED, id=match_id))["match"]
    assert ended["ratingChanges"] == [] and finished["ratingChanges"] == []
    assert ended["outcome"]["winners"] == [0]

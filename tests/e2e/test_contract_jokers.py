"""Jokers keep their meaning in every answer (issue 11, point 1): a joker is
``{code: "*", rank: null, suit: null}``, and in a meld ``represents`` names the card it
stands for, in ``myHand``, ``table``, ``turn.draft``, ``checkMelds`` and event payloads."""

from __future__ import annotations

from typing import Any

import pytest

from engine.testing import arrange
from matches.models import Match
from matches.selectors import load_state, store_state
from tests.e2e.conftest import COMMIT, DRAFT, Client, in_db, new_match, result_of

pytestmark = pytest.mark.django_db(transaction=True)

CHECK = """
query Check($melds: [[String!]!]!) {
  checkMelds(ruleset: "robbers", melds: $melds) { valid cards { code rank suit represents } }
}
"""
CARDS = "cards { code rank suit represents }"
MATCH = f"""
query M($id: ID!) {{
  match(id: $id) {{
    myHand {{ code rank suit represents }}
    table {{ {CARDS} }}
    turn {{ number draft {{ {CARDS} }} }}
  }}
}}
"""
JOKER_7S = {"code": "*", "rank": None, "suit": None, "represents": "7S"}
JOKER_IN_HAND = {"code": "*", "rank": None, "suit": None, "represents": None}


def _arrange(match_id: str, seat: int) -> None:
    match = Match.objects.get(public_id=match_id)
    state = load_state(match)
    assert state is not None
    state = arrange(state, hands={seat: ["5S", "6S", "*", "9H", "9D"]}, on_turn=seat)
    store_state(match, state)
    match.on_turn = seat
    match.save(update_fields=["snapshot", "snapshot_version", "state", "on_turn"])


async def test_check_melds_shows_a_joker_with_what_it_represents(asgi_server: str) -> None:
    data = await Client(asgi_server).data(CHECK, melds=[["5S", "6S", "*:7S"]])

    assert data["checkMelds"][0]["valid"]
    assert data["checkMelds"][0]["cards"][2] == JOKER_7S


async def test_a_joker_keeps_its_meaning_in_hand_draft_table_and_events(
    two_players: tuple[Client, Client],
) -> None:
    alice, bob = two_players
    started = await new_match(alice, [bob], opening_min=0)
    match_id, turn = started["id"], started["turn"]
    seat = started["turn"]["seat"]
    player = alice if seat == started["mySeat"] else bob
    await in_db(_arrange, match_id, seat)

    before = (await player.data(MATCH, id=match_id))["match"]
    drafted = result_of(
        await player.data(DRAFT, id=match_id, turn=turn["number"], table=[["5S", "6S", "*:7S"]])
    )
    during = (await player.data(MATCH, id=match_id))["match"]
    committed = result_of(
        await player.data(COMMIT, id=match_id, turn=turn["number"], table=[["5S", "6S", "*:7S"]])
    )
    after: dict[str, Any] = (await player.data(MATCH, id=match_id))["match"]

    assert drafted["__typename"] == "Match" and committed["__typename"] == "Match", committed
    assert JOKER_IN_HAND in before["myHand"]
    assert during["turn"]["draft"][0]["cards"][2] == JOKER_7S
    assert after["table"][0]["cards"][2] == JOKER_7S
    assert all(c["code"] != "*" for c in after["myHand"])


SWAP_EVENTS = """
subscription Events($id: ID!, $after: Int) {
  matchEvents(matchId: $id, after: $after) {
    __typename seq
    ... on TurnCommitted {
      seat jokersToHand
      jokerSwaps { meldIndex joker { code rank suit represents } card { code rank suit } }
    }
  }
}
"""
LAST_SEQ = "query M($id: ID!) { match(id: $id) { lastSeq } }"


def _arrange_joker_table(match_id: str, seat: int) -> None:
    """Seat `seat` has opened; the table holds two melds, the second with a joker for 7H;
    the seat holds the 7H (RR-JOKER)."""
    match = Match.objects.get(public_id=match_id)
    state = load_state(match)
    assert state is not None
    state = arrange(
        state,
        hands={seat: ["7H", "2C", "3D", "KS"]},
        table=[["9C", "10C", "JC"], ["7S", "7D", "*:7H"]],
        opened={seat: True},
        on_turn=seat,
    )
    store_state(match, state)
    match.on_turn = seat
    match.save(update_fields=["snapshot", "snapshot_version", "state", "on_turn"])


async def test_turn_committed_names_the_jokers_it_redeemed(
    two_players: tuple[Client, Client],
) -> None:
    alice, bob = two_players
    started = await new_match(alice, [bob], opening_min=0)
    match_id, turn = started["id"], started["turn"]
    seat = turn["seat"]
    player = alice if seat == started["mySeat"] else bob
    await in_db(_arrange_joker_table, match_id, seat)
    after = (await player.data(LAST_SEQ, id=match_id))["match"]["lastSeq"]

    committed = result_of(
        await player.data(
            COMMIT,
            id=match_id,
            turn=turn["number"],
            table=[["9C", "10C", "JC"], ["7S", "7D", "7H"]],
        )
    )
    assert committed["__typename"] == "Match", committed
    sock = await player.socket()
    try:
        sub = await sock.subscribe(SWAP_EVENTS, id=match_id, after=after)
        event = await sock.event(sub)
        while event is not None and event["__typename"] != "TurnCommitted":
            event = await sock.event(sub)
    finally:
        await sock.close()

    assert event is not None
    assert event["seat"] == seat and event["jokersToHand"] == 1
    assert event["jokerSwaps"] == [
        {
            "meldIndex": 1,
            "joker": JOKER_7S | {"represents": "7H"},
            "card": {"code": "7H", "rank": 7, "suit": "H"},
        }
    ]

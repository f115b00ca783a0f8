"""Typed, self-sufficient events (issue 11, point 4): a client that read ``match`` once
follows a whole match from ``matchEvents`` alone, and what it rebuilt equals ``match``
at the end; every event comes as its own type with typed fields."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from engine.actions import action_to_dict
from engine.policy import choose
from tests.e2e.conftest import MATCH, Client, Socket, new_match, play

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 180.0
CARD = "code rank suit represents"
MELD = f"cards {{ {CARD} }} kind placedBy"
SNAPSHOT = f"""
  turn onTurn phase deadline stockCount discardCount discardTop {{ code }} river {{ code }}
  seats {{ index handCount opened score }} table {{ {MELD} }} draft {{ {MELD} }}
"""
EVENTS = f"""
subscription Events($id: ID!, $after: Int) {{
  matchEvents(matchId: $id, after: $after) {{
    __typename seq type kind matchId at
    after {{ {SNAPSHOT} }}
    myHand {{ {CARD} }}
    ... on RoundStarted {{ round hand {{ {CARD} }} stockCount }}
    ... on TurnStarted {{ seat turn phase deadline }}
    ... on TurnCommitted {{ seat table {{ {MELD} }} played {{ {CARD} }} handCount }}
    ... on CardDrawn {{ seat source count cards {{ {CARD} }} stockCount }}
    ... on CardDiscarded {{ seat card {{ {CARD} }} to }}
    ... on RoundEnded {{ result {{ round termination winners totals }} }}
    ... on MatchEnded {{ outcome {{ termination winners ranking totals }} }}
    ... on Resync {{ match {{ id }} }}
  }}
}}
"""
STATE = f"""
query State($id: ID!) {{
  match(id: $id) {{
    status lastSeq round stockCount discardCount discardTop {{ code }}
    turn {{ number seat phase deadline }}
    myHand {{ {CARD} }}
    table {{ {MELD} }}
    seats {{ index handCount opened score }}
    legalActions {{ onTurn phase canCommit drawSources canUpdateRackOrder }}
    result {{ termination winners }}
    roundResults {{ round totals }}
  }}
}}
"""


def _apply(state: dict[str, Any], event: dict[str, Any]) -> None:
    """What a client does with one event: nothing but what the event says."""
    state["lastSeq"] = event["seq"]
    after = event.get("after")
    if after:
        state["stockCount"] = after["stockCount"]
        state["discardCount"] = after["discardCount"]
        state["discardTop"] = after["discardTop"]
        state["seats"] = after["seats"]
        state["turn"] = (
            None
            if after["onTurn"] is None
            else {
                "number": after["turn"],
                "seat": after["onTurn"],
                "phase": after["phase"],
                "deadline": after["deadline"],
            }
        )
        if after["table"] is not None:
            state["table"] = after["table"]
    if event.get("myHand") is not None:
        state["myHand"] = event["myHand"]
    if event["__typename"] == "RoundStarted":
        state["round"] = event["round"]
    if event["__typename"] == "MatchEnded":
        state["status"] = "FINISHED"
        state["turn"] = None


def _comparable(match: dict[str, Any]) -> dict[str, Any]:
    turn = match["turn"]
    return {
        "status": match["status"],
        "lastSeq": match["lastSeq"],
        "round": match["round"],
        "stockCount": match["stockCount"],
        "discardCount": match["discardCount"],
        "discardTop": match["discardTop"],
        "turn": turn and {k: turn[k] for k in ("number", "seat", "phase")},
        "myHand": sorted(c["code"] for c in match["myHand"] or []),
        "table": [
            ([c["code"] + ":" + str(c["represents"]) for c in m["cards"]], m.get("placedBy"))
            for m in match["table"]
        ],
        "seats": [(s["index"], s["handCount"], s["opened"], s["score"]) for s in match["seats"]],
    }


async def _follow(
    sock: Socket, sub: str, state: dict[str, Any], seen: list[dict[str, Any]]
) -> None:
    while True:
        event = await sock.event(sub, timeout=WAIT)
        if event is None:
            return
        seen.append(event)
        _apply(state, event)


Follower = tuple[Client, Socket, dict[str, Any], list[dict[str, Any]]]


async def _play_and_follow(
    alice: Client, bob: Client, ruleset: str, options: dict[str, Any]
) -> tuple[str, list[Follower]]:
    """Both read ``match`` once and then only follow ``matchEvents``, while both play
    (the engine's simple policy, from their own queries) to the end."""
    started = await new_match(alice, [bob], ruleset, **options)
    match_id = started["id"]
    followers = []
    tasks = []
    for client in (alice, bob):
        first = (await client.data(STATE, id=match_id))["match"]
        sock = await client.socket()
        sub = await sock.subscribe(EVENTS, id=match_id, after=first["lastSeq"])
        seen: list[dict[str, Any]] = []
        state = dict(first)
        tasks.append(asyncio.create_task(_follow(sock, sub, state, seen)))
        followers.append((client, sock, state, seen))
    await asyncio.sleep(0.3)
    deadline = time.monotonic() + WAIT
    while True:
        assert time.monotonic() < deadline, "the match did not end"
        moved = False
        for client in (alice, bob):
            match = (await client.data(MATCH, id=match_id))["match"]
            if match["status"] != "ACTIVE":
                break
            view = match["view"]
            if view.get("legal") and view["onTurn"] == match["mySeat"]:
                action = action_to_dict(choose(view))
                await play(client, match_id, action, match["turn"]["number"])
                moved = True
        else:
            if not moved:
                await asyncio.sleep(0.1)
            continue
        break
    for task in tasks:
        await asyncio.wait_for(task, WAIT)
    for _, sock, _, _ in followers:
        await sock.close()
    return match_id, followers


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [("robbers", {"rounds": 1, "hand_size": 7}), ("rummikub", {"hand_size": 7})],
)
async def test_a_client_follows_a_whole_match_from_events_alone(
    two_players: tuple[Client, Client], ruleset: str, options: dict[str, Any]
) -> None:
    # given: one match query each, then the event stream; when: both play to the end
    alice, bob = two_players
    match_id, followers = await _play_and_follow(alice, bob, ruleset, options)

    # then: each rebuilt state equals the match as the server shows it at the end
    for client, _, state, seen in followers:
        final = (await client.data(STATE, id=match_id))["match"]
        assert _comparable(state) == _comparable(final), [(e["seq"], e["type"]) for e in seen]
        assert final["status"] == "FINISHED" and final["result"]["winners"]
        kinds = {e["kind"] for e in seen}
        assert {"TURN_STARTED", "CARD_DRAWN", "ROUND_ENDED", "MATCH_ENDED"} <= kinds, kinds
        assert all(e["type"] == e["kind"] and e["at"] for e in seen)
        turn_started = [e for e in seen if e["__typename"] == "TurnStarted"]
        assert turn_started and all(e["seat"] is not None for e in turn_started)
        drawn = [e for e in seen if e["__typename"] == "CardDrawn"]
        assert all(e["stockCount"] is not None for e in drawn)
        mine = [e for e in drawn if e["cards"] is not None]
        others = [e for e in drawn if e["cards"] is None and e["source"] == "STOCK"]
        assert mine and others, "a stock draw shows its cards to the drawer only"
        assert final["legalActions"]["onTurn"] is False


async def test_a_client_follows_a_whole_classic_rummy_match_from_events_alone(
    two_players: tuple[Client, Client],
) -> None:
    # given: classic rummy over three rounds, followed from one query and the events
    alice, bob = two_players
    options = {"match_format": "rounds", "rounds": 3, "hand_size": 7}
    match_id, followers = await _play_and_follow(alice, bob, "rummy", options)

    # then: what each rebuilt equals the match at the end
    for client, _, state, seen in followers:
        final = (await client.data(STATE, id=match_id))["match"]
        assert _comparable(state) == _comparable(final), [(e["seq"], e["type"]) for e in seen]
        assert final["status"] == "FINISHED" and final["result"]["winners"]
        # three rounds; a fourth only as the extra round after tied totals (RR-MATCH)
        rounds = final["roundResults"]
        assert len(rounds) in (3, 4), rounds
        assert len(rounds) == 3 or len(set(rounds[2]["totals"])) == 1, rounds
        kinds = [e["kind"] for e in seen]
        assert kinds.count("ROUND_ENDED") == len(rounds), kinds
        assert kinds.count("ROUND_STARTED") >= len(rounds) - 1, kinds
        assert {"CARD_DRAWN", "CARD_DISCARDED", "TURN_COMMITTED"} <= set(kinds), kinds
        # a lay-off: a meld holding cards placed by both seats (CR-LAYOFF)
        tables = [e["table"] for e in seen if e["__typename"] == "TurnCommitted"]
        assert any(len(set(m["placedBy"] or ())) > 1 for t in tables for m in t), tables
        # discards to its pile
        assert all(e["to"] == "DISCARD" for e in seen if e["__typename"] == "CardDiscarded")

"""What API.md already named, built (issue 11): myMatches(filter:), setRackOrder kept
across turns, reportPlayer visible to moderators, queueStatus."""

from __future__ import annotations

from typing import Any

import pytest

from matches.models import PlayerReport
from tests.e2e.conftest import CREATE, MATCH, Client, in_db, new_match, play, result_of

pytestmark = pytest.mark.django_db(transaction=True)

MINE = """
query Mine($filter: MyMatchesFilter) {
  myMatches(filter: $filter) { edges { node { id status } } }
}
"""
RACK = """
mutation Rack($id: ID!, $cards: [String!]!) {
  setRackOrder(matchId: $id, cards: $cards) {
    __typename
    ... on Match { myHand { code } }
    ... on Rejection { code }
  }
}
"""
REPORT = """
mutation Report($username: String!, $id: ID) {
  reportPlayer(username: $username, matchId: $id, reason: STALLING, text: "never moves")
}
"""
QUEUE = "{ queueStatus { ruleset players } }"


def _ids(data: dict[str, Any]) -> set[str]:
    return {e["node"]["id"] for e in data["myMatches"]["edges"]}


async def test_my_matches_filters_my_turn_active_and_finished(
    two_players: tuple[Client, Client],
) -> None:
    alice, bob = two_players
    started = await new_match(alice, [bob], hand_size=7)
    waiting = result_of(await alice.data(CREATE, input={"ruleset": "robbers", "seats": 2}))
    on_turn = alice if started["turn"]["seat"] == started["mySeat"] else bob
    waiter = bob if on_turn is alice else alice
    resigned = await new_match(alice, [bob])
    await alice.data(
        "mutation R($id: ID!) { resign(matchId: $id) { __typename } }", id=resigned["id"]
    )

    mine = _ids(await on_turn.data(MINE, filter="MY_TURN"))
    theirs = _ids(await waiter.data(MINE, filter="MY_TURN"))
    active = _ids(await alice.data(MINE, filter="ACTIVE"))
    finished = _ids(await alice.data(MINE, filter="FINISHED"))

    assert started["id"] in mine and started["id"] not in theirs
    assert waiting["id"] not in mine | active | finished
    assert started["id"] in active and started["id"] not in finished
    # a resigned two-player match is over at once, or goes on with a bot in the seat
    assert resigned["id"] in finished | active


async def test_a_rack_order_is_kept_across_turns(two_players: tuple[Client, Client]) -> None:
    alice, bob = two_players
    started = await new_match(alice, [bob], hand_size=7)
    match_id = started["id"]
    waiter = bob if started["turn"]["seat"] == started["mySeat"] else alice
    mover = alice if waiter is bob else bob
    hand = [c["code"] for c in (await waiter.data(MATCH, id=match_id))["match"]["myHand"]]
    wanted = list(reversed(hand))

    ordered = result_of(await waiter.data(RACK, id=match_id, cards=wanted))
    wrong = result_of(await waiter.data(RACK, id=match_id, cards=wanted[1:]))
    other = (await mover.data(MATCH, id=match_id))["match"]
    await play(mover, match_id, {"kind": "draw", "source": "stock"}, other["turn"]["number"])
    later = (await waiter.data(MATCH, id=match_id))["match"]

    assert ordered["__typename"] == "Match"
    assert [c["code"] for c in ordered["myHand"]] == wanted != sorted(wanted)
    assert wrong == {"__typename": "Rejection", "code": "CARD_NOT_IN_HAND"}
    assert later["turn"]["number"] > other["turn"]["number"]
    assert [c["code"] for c in later["myHand"]] == wanted


def _reports() -> list[tuple[str, str, str]]:
    return [
        (r.reported.username, r.reason, r.text)
        for r in PlayerReport.objects.select_related("reported")
    ]


async def test_a_report_reaches_the_moderators(two_players: tuple[Client, Client]) -> None:
    alice, bob = two_players
    started = await new_match(alice, [bob])

    reported = await alice.data(REPORT, username=bob.name, id=started["id"])
    nobody = await alice.data(REPORT, username="no-such-player-here")
    myself = await alice.post(REPORT, username=alice.name)
    queue = await alice.data(QUEUE)

    assert reported["reportPlayer"] is True and nobody["reportPlayer"] is False
    assert myself["errors"][0]["extensions"]["code"] == "BAD_INPUT"
    assert await in_db(_reports) == [(bob.name, "STALLING", "never moves")]
    assert queue["queueStatus"] is None


OPTIONS = (
    "{ rulesets { name optionList { name type default nullable min max choices description } } }"
)


async def test_rule_options_are_typed_with_their_ranges(asgi_server: str) -> None:
    data = await Client(asgi_server).data(OPTIONS)

    robbers = next(r for r in data["rulesets"] if r["name"] == "robbers")
    options = {o["name"]: o for o in robbers["optionList"]}
    assert options["jokers"] | {"description": None} == {
        "name": "jokers",
        "type": "INT",
        "default": 4,
        "nullable": False,
        "min": 0,
        "max": 6,
        "choices": None,
        "description": None,
    }
    assert options["hand_size"]["nullable"] and options["hand_size"]["default"] is None
    assert options["match_format"]["choices"] == ["rounds", "outs", "target"]
    assert options["joker_to_hand"]["type"] == "BOOLEAN"
    assert options["opening_min"]["description"]

"""The read side of matches over the real server: rulesets, lists with cursors, meld
checks, lay-off fits and solver hints (refused in ranked play)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import CREATE, MATCH, Client, new_match, register, result_of

pytestmark = pytest.mark.django_db(transaction=True)

RULESETS = "{ rulesets { name family minPlayers maxPlayers options } }"
MY_MATCHES = """
query Mine($first: Int, $after: String, $status: MatchStatus) {
  myMatches(first: $first, after: $after, status: $status) {
    edges { cursor node { id status } }
    pageInfo { hasNextPage endCursor }
  }
}
"""
OPEN_MATCHES = """
query Open($ruleset: String) {
  openMatches(ruleset: $ruleset) { edges { node { id ruleset status } } }
}
"""
CHECK = """
query Check($melds: [[String!]!]!) {
  checkMelds(ruleset: "robbers", melds: $melds) {
    valid kind points code reason message meldIndex missingCard missingCards { code }
    cards { code represents }
  }
}
"""
OPTION_LIST = "{ rulesets { name optionList { name fixed } } }"
GAP_COMMIT = """
mutation Commit($id: ID!, $turn: Int!, $table: [[String!]!]!) {
  commitTurn(matchId: $id, turn: $turn, table: $table) {
    __typename ... on Rejection { code missingCard missingCards { code } }
  }
}
"""
HINT = "query Hint($id: ID!) { hint(matchId: $id) { played { code } cards points optimal } }"


async def test_rulesets_list_every_preset_with_its_options(asgi_server: str) -> None:
    data = await Client(asgi_server).data(RULESETS)

    names = {r["name"] for r in data["rulesets"]}
    assert {"robbers", "rummikub", "rummy"} <= names
    robbers = next(r for r in data["rulesets"] if r["name"] == "robbers")
    assert robbers["options"]["jokers"] == 4 and robbers["maxPlayers"] == 5


async def test_my_matches_pages_with_cursors_and_open_matches_lists_waiting_ones(
    asgi_server: str,
) -> None:
    alice = await register(asgi_server, "alice")
    bob = await register(asgi_server, "bob")
    ids = []
    for _ in range(3):
        created = result_of(await alice.data(CREATE, input={"ruleset": "rummy", "seats": 2}))
        ids.append(created["id"])

    first = (await alice.data(MY_MATCHES, first=2))["myMatches"]
    rest = (await alice.data(MY_MATCHES, first=2, after=first["pageInfo"]["endCursor"]))[
        "myMatches"
    ]
    waiting = (await bob.data(OPEN_MATCHES, ruleset="rummy"))["openMatches"]
    bad = await alice.post(MY_MATCHES, first=2, after="not-a-cursor")

    assert [e["node"]["id"] for e in first["edges"] + rest["edges"]] == ids[::-1]
    assert first["pageInfo"]["hasNextPage"] and not rest["pageInfo"]["hasNextPage"]
    assert {e["node"]["id"] for e in waiting["edges"]} >= set(ids)
    assert bad["errors"][0]["extensions"]["code"] == "BAD_INPUT"


async def test_check_melds_explains_each_meld(asgi_server: str) -> None:
    data = await Client(asgi_server).data(CHECK, melds=[["4S", "5S", "6S"], ["6H", "8H", "9H"]])

    good, gap = data["checkMelds"]
    assert good["valid"] and good["kind"] == "RUN" and good["points"] == 15
    assert not gap["valid"] and gap["reason"] == "GAP" and gap["missingCard"] == "7H"
    assert gap["meldIndex"] == 1


async def test_r_explain_a_wider_gap_lists_every_missing_card(asgi_server: str) -> None:
    data = await Client(asgi_server).data(CHECK, melds=[["2H", "5H", "6H"]])

    (gap,) = data["checkMelds"]
    assert gap["reason"] == "GAP" and gap["message"] == "needs 3H and 4H between 2H and 5H"
    assert [c["code"] for c in gap["missingCards"]] == ["3H", "4H"]
    assert gap["missingCard"] == "3H"  # deprecated: the first of them


async def test_r_explain_a_commit_rejected_for_a_gap_names_every_missing_card(
    asgi_server: str,
) -> None:
    alice = await register(asgi_server, "alice")
    bob = await register(asgi_server, "bob")
    started = await new_match(alice, [bob], hand_size=7)
    current = result_of(await alice.data(MATCH, id=started["id"]))
    mover = (alice, bob)[current["turn"]["seat"]]

    rejected = result_of(
        await mover.data(
            GAP_COMMIT, id=started["id"], turn=current["turn"]["number"], table=[["2H", "5H", "6H"]]
        )
    )

    assert rejected["__typename"] == "Rejection" and rejected["code"] == "INVALID_MELD"
    assert [c["code"] for c in rejected["missingCards"]] == ["3H", "4H"]
    assert rejected["missingCard"] == "3H"


async def test_r_playable_an_option_without_effect_is_refused_and_shown_fixed(
    asgi_server: str,
) -> None:
    alice = await register(asgi_server, "alice")

    river = result_of(
        await alice.data(
            CREATE, input={"ruleset": "rummy", "seats": 2, "options": {"draw_two_river": True}}
        )
    )
    presets = (await alice.data(OPTION_LIST))["rulesets"]

    assert river["__typename"] == "Rejection" and river["code"] == "BAD_OPTION"
    assert "draw_two_river" in river["message"] and "rummy" in river["message"]
    fixed = {p["name"]: {o["name"] for o in p["optionList"] if o["fixed"]} for p in presets}
    assert {"draw_two_river", "timeout_penalty"} <= fixed["rummy"]
    assert "rummy_double" in fixed["robbers"] and "rummy_double" in fixed["rummikub"]
    assert "draw_two_river" not in fixed["rummikub"]


async def test_hints_are_given_in_casual_play_and_refused_in_ranked(asgi_server: str) -> None:
    alice = await register(asgi_server, "alice")
    bob = await register(asgi_server, "bob")
    casual = await new_match(alice, [bob], hand_size=7)
    ranked = result_of(
        await alice.data(CREATE, input={"ruleset": "robbers", "seats": 2, "ranked": True})
    )

    hint = (await alice.data(HINT, id=casual["id"]))["hint"]
    refused = await alice.post(HINT, id=ranked["id"])
    stranger = await bob.post(HINT, id=ranked["id"])

    assert hint["cards"] >= 0 and isinstance(hint["optimal"], bool)
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    assert refused["errors"][0]["extensions"]["reason"] == "HINT_NOT_ALLOWED"
    assert stranger["errors"][0]["extensions"]["code"] == "FORBIDDEN"


SEATS = "query Seats($id: ID!) { match(id: $id) { seats { index bot user { id username } } } }"


async def test_seats_name_their_players_as_user_entities(asgi_server: str) -> None:
    # given: a waiting match with its creator and a bot seated
    alice = await register(asgi_server, "seat-alice")
    created = result_of(
        await alice.data(CREATE, input={"ruleset": "robbers", "seats": 3, "bots": ["EASY"]})
    )
    # when
    data = await Client(asgi_server).data(SEATS, id=created["id"])
    # then: the creator's seat carries her User, the bot's and the empty seat none
    seats = data["match"]["seats"]
    assert seats[0]["user"]["username"].startswith("seat-alice") and seats[0]["bot"] is None
    assert seats[1]["user"] is None and seats[1]["bot"] == "EASY"
    assert seats[2]["user"] is None and seats[2]["bot"] is None

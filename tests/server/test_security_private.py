"""Private matches and match ids (issue 14, Security 1; issue 11 point 3 / Security 2).

A private match is joined only with its invitation; to anyone else it answers exactly as
a match that does not exist, in every query and mutation. Match ids given to clients are
unguessable public ids, parsed strictly. Ranked matches are all-human outside
matchmaking and played by their preset's rules.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts.models import User
from accounts.services import token_create
from matches.models import Match

pytestmark = pytest.mark.django_db(transaction=True)

MATCH = "id mySeat inviteCode status ruleset options seats { index username bot }"
RESULT = f"__typename ... on Match {{ {MATCH} }} ... on Rejection {{ code message }}"
CREATE = f"mutation($input: CreateMatchInput!) {{ createMatch(input: $input) {{ {RESULT} }} }}"
JOIN = f"mutation($id: ID!, $code: String) {{ joinMatch(matchId: $id, inviteCode: $code) {{ {RESULT} }} }}"  # noqa: E501
START = f"mutation($id: ID!) {{ startMatch(matchId: $id) {{ {RESULT} }} }}"
QUERY = f"query($id: ID!) {{ match(id: $id) {{ {MATCH} }} }}"
INVITATION = f"query($id: ID!, $code: String!) {{ invitation(matchId: $id, inviteCode: $code) {{ {MATCH} }} }}"  # noqa: E501

# Every operation a stranger might try on someone else's match, with its variables.
STRANGER_OPERATIONS: list[tuple[str, dict[str, Any]]] = [
    ("query($id: ID!) { match(id: $id) { id } }", {}),
    ('query($id: ID!) { fits(matchId: $id, card: "2S") }', {}),
    ("query($id: ID!) { hint(matchId: $id) { cards } }", {}),
    ("query($id: ID!) { replay(matchId: $id) { matchId } }", {}),
    (JOIN, {}),
    (f"mutation($id: ID!) {{ addBot(matchId: $id, level: EASY) {{ {RESULT} }} }}", {}),
    (START, {}),
    (f"mutation($id: ID!) {{ resign(matchId: $id) {{ {RESULT} }} }}", {}),
    (f"mutation($id: ID!) {{ reclaimSeat(matchId: $id) {{ {RESULT} }} }}", {}),
    (f"mutation($id: ID!) {{ draw(matchId: $id, turn: 1) {{ {RESULT} }} }}", {}),
    (f'mutation($id: ID!) {{ discard(matchId: $id, turn: 1, card: "2S") {{ {RESULT} }} }}', {}),
    (f"mutation($id: ID!) {{ passTurn(matchId: $id, turn: 1) {{ {RESULT} }} }}", {}),
    (f"mutation($id: ID!) {{ undo(matchId: $id, turn: 1) {{ {RESULT} }} }}", {}),
    (
        f"mutation($id: ID!) {{ commitTurn(matchId: $id, turn: 1, table: []) {{ {RESULT} }} }}",
        {},
    ),
    (
        f"mutation($id: ID!) {{ updateDraft(matchId: $id, turn: 1, table: []) {{ {RESULT} }} }}",
        {},
    ),
    # issue 26: setRackOrder answered NOT_A_PLAYER for a private match, NOT_FOUND else
    (f'mutation($id: ID!) {{ setRackOrder(matchId: $id, cards: ["2S"]) {{ {RESULT} }} }}', {}),
    ('mutation($id: ID!) { reportPlayer(username: "alice", reason: OTHER, matchId: $id) }', {}),
]


@pytest.fixture(autouse=True)
def _no_rate_limits(settings: Any, redis_url: str) -> None:
    settings.REDIS_URL = redis_url
    settings.RATE_LIMIT_MUTATIONS_USER = (0, 1)
    settings.RATE_LIMIT_MUTATIONS_IP = (0, 1)


def user_token(name: str) -> str:
    return token_create(user=User.objects.create_user(name, password="pw-unused-1"))


def gql(token: str | None, query: str, **variables: Any) -> dict[str, Any]:
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    response = Client().post(
        "/graphql",
        data=json.dumps({"query": query, "variables": variables}),
        content_type="application/json",
        **headers,
    )
    assert response.status_code == 200, response.content
    body: dict[str, Any] = response.json()
    return body


def data(token: str | None, query: str, **variables: Any) -> Any:
    body = gql(token, query, **variables)
    assert "errors" not in body, body
    return next(iter(body["data"].values()))


def private_match(owner: str, **extra: Any) -> dict[str, Any]:
    created = data(
        owner, CREATE, input={"ruleset": "robbers", "seats": 2, "private": True, **extra}
    )
    assert created["__typename"] == "Match", created
    return dict(created)


def anonymised(body: dict[str, Any], match_id: str) -> str:
    """The answer with the id asked for replaced: what a stranger can compare."""
    return json.dumps(body, sort_keys=True).replace(match_id, "<id>")


def test_a_private_match_is_joined_only_with_its_invitation() -> None:
    # given: alice's private match, with its invitation shown to her
    alice, bob, carol = user_token("alice"), user_token("bob"), user_token("carol")
    created = private_match(alice)
    code = created["inviteCode"]
    assert isinstance(code, str) and len(code) >= 20

    # when: bob joins without the code, with a wrong one, then with the right one
    without = gql(bob, JOIN, id=created["id"])
    wrong = gql(bob, JOIN, id=created["id"], code=code[:-1] + ("A" if code[-1] != "A" else "B"))
    joined = data(bob, JOIN, id=created["id"], code=code)

    # then: the first two are NOT_FOUND, the third seats him; only players see the code
    for refused in (without, wrong):
        assert refused["errors"][0]["extensions"]["code"] == "NOT_FOUND", refused
        assert refused["data"] is None
    assert joined["__typename"] == "Match" and joined["mySeat"] == 1
    assert joined["inviteCode"] == code
    assert data(carol, QUERY, id=created["id"]) is None
    assert data(None, QUERY, id=created["id"]) is None


def test_a_stranger_gets_the_same_answer_from_a_private_match_as_from_none() -> None:
    # given: a running private match of alice and bob, and a public one not theirs
    alice, bob, carol = user_token("alice2"), user_token("bob2"), user_token("carol2")
    created = private_match(alice)
    data(bob, JOIN, id=created["id"], code=created["inviteCode"])
    assert data(alice, START, id=created["id"])["status"] == "ACTIVE"
    missing = "AAAAAAAAAAAA"
    assert not Match.objects.filter(public_id=missing).exists()

    for query, variables in STRANGER_OPERATIONS:
        # when: carol tries every operation on it and on an id that does not exist
        private = gql(carol, query, id=created["id"], **variables)
        none = gql(carol, query, id=missing, **variables)

        # then: the answers are the same but for the id (no status, no NOT_ALLOWED)
        assert anonymised(private, created["id"]) == anonymised(none, missing), query
    assert data(alice, QUERY, id=created["id"])["status"] == "ACTIVE"


def test_the_invitation_shows_the_match_to_whoever_holds_the_code() -> None:
    # given: alice's private match and a public one
    alice, bob = user_token("alice3"), user_token("bob3")
    created = private_match(alice)
    public = data(alice, CREATE, input={"ruleset": "robbers", "seats": 2})

    # when: bob (not seated) and an anonymous viewer look at the invitation
    seen = data(bob, INVITATION, id=created["id"], code=created["inviteCode"])
    anonymous = data(None, INVITATION, id=created["id"], code=created["inviteCode"])

    # then: creator, rules and the free seat are shown, but not the code; wrong: null
    for view in (seen, anonymous):
        assert view["id"] == created["id"] and view["ruleset"] == "robbers"
        assert view["seats"] == [
            {"index": 0, "username": "alice3", "bot": None},
            {"index": 1, "username": None, "bot": None},
        ]
        assert view["mySeat"] is None and view["inviteCode"] is None
        assert view["options"] == created["options"]
    assert data(bob, INVITATION, id=created["id"], code="nope") is None
    assert data(bob, INVITATION, id=public["id"], code="") is None
    assert public["inviteCode"] is None


def test_match_ids_are_unguessable_and_parsed_strictly() -> None:
    # given: a public match
    alice = user_token("alice4")
    created = data(alice, CREATE, input={"ruleset": "robbers", "seats": 2})
    row = Match.objects.get(public_id=created["id"])

    # then: its id is not its row number, which (like near-miss spellings) finds nothing
    assert re.fullmatch(r"[A-Za-z0-9_-]{12}", created["id"]) and created["id"] != str(row.pk)
    assert data(alice, QUERY, id=created["id"])["id"] == created["id"]
    for junk in (str(row.pk), f" {created['id']} ", created["id"] + "\n", "\u0661", " 1 ", "1"):
        assert data(alice, QUERY, id=junk) is None, junk


async def test_events_carry_the_public_id(redis_url: str) -> None:
    from config.asgi import application

    # given: a match of alice's with a free seat, subscribed to over a websocket
    alice = await database_sync_to_async(user_token)("alice5")
    bob = await database_sync_to_async(user_token)("bob5")
    created = await database_sync_to_async(data)(
        alice, CREATE, input={"ruleset": "robbers", "seats": 2}
    )
    ws = WebsocketCommunicator(application, "/graphql", subprotocols=["graphql-transport-ws"])
    assert (await ws.connect())[0]
    await ws.send_json_to(
        {"type": "connection_init", "payload": {"authorization": f"Bearer {alice}"}}
    )
    assert (await ws.receive_json_from(timeout=10))["type"] == "connection_ack"
    await ws.send_json_to(
        {"id": "1", "type": "subscribe",
         "payload": {"query": "subscription($id: ID!) { matchEvents(matchId: $id) "
                             "{ seq type matchId } }", "variables": {"id": created["id"]}}}
    )  # fmt: skip

    # when: bob joins
    await database_sync_to_async(data)(bob, JOIN, id=created["id"])

    # then: the event names the match by its public id
    event = (await ws.receive_json_from(timeout=10))["payload"]["data"]["matchEvents"]
    assert event["type"] == "SEAT_CHANGED" and event["matchId"] == created["id"]
    await ws.disconnect()


# -- ranked matches (issue 11 point 3, issue 14 Security 2) ---------------------------------


def test_a_ranked_match_is_not_made_with_bots() -> None:
    alice = user_token("ranker")

    # when: a ranked match with a bot is asked for, and a bot added to a ranked one later
    with_bot = data(alice, CREATE, input={"seats": 2, "ranked": True, "bots": ["EASY"]})
    ranked = data(alice, CREATE, input={"seats": 2, "ranked": True})
    added = data(
        alice,
        f"mutation($id: ID!) {{ addBot(matchId: $id, level: EASY) {{ {RESULT} }} }}",
        id=ranked["id"],
    )

    # then: both are refused; the all-human ranked match waits for a person
    assert with_bot["__typename"] == "Rejection" and with_bot["code"] == "NOT_ALLOWED"
    assert added["__typename"] == "Rejection" and added["code"] == "NOT_ALLOWED"
    assert data(alice, QUERY, id=ranked["id"])["seats"][1] == {
        "index": 1,
        "username": None,
        "bot": None,
    }
    assert Match.objects.filter(ranked=True).count() == 1


@pytest.mark.parametrize(
    "options",
    [{"hand_size": 7}, {"opening_min": 0}, {"rounds": 1}, {"target_score": 1}],
)
def test_a_ranked_match_is_not_made_with_options_that_trivialise_it(
    options: dict[str, Any],
) -> None:
    alice = user_token("trivial")

    # when
    refused = data(alice, CREATE, input={"seats": 2, "ranked": True, "options": options})
    casual = data(alice, CREATE, input={"seats": 2, "options": options})

    # then: ranked is refused (BAD_OPTION), the same options are fine in casual play
    assert refused["__typename"] == "Rejection" and refused["code"] == "BAD_OPTION", refused
    assert casual["__typename"] == "Match", casual
    assert Match.objects.filter(ranked=True).count() == 0

"""Every mutation of playing together (issue 30) refuses with a code a client can act on:
signed out, UNAUTHENTICATED; a user, match, challenge or tournament that is not there,
NOT_FOUND (as an error, or a Rejection where the result is a union); input it cannot
take, BAD_INPUT. Never a 500, never an error without a code."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.models import User
from accounts.services import token_create
from tests.conftest import GraphQLClient, error_codes

pytestmark = pytest.mark.django_db

REJECTION = "... on Rejection { code }"
# (name, the mutation with a target that does not exist)
MUTATIONS = [
    ("blockUser", f'mutation {{ blockUser(username: "nobody") {{ __typename {REJECTION} }} }}'),
    ("unblockUser", f'mutation {{ unblockUser(username: "nobody") {{ __typename {REJECTION} }} }}'),
    ("followUser", f'mutation {{ followUser(username: "nobody") {{ __typename {REJECTION} }} }}'),
    (
        "unfollowUser",
        f'mutation {{ unfollowUser(username: "nobody") {{ __typename {REJECTION} }} }}',
    ),
    ("challenge", f'mutation {{ challenge(username: "nobody") {{ __typename {REJECTION} }} }}'),
    ("acceptChallenge", f'mutation {{ acceptChallenge(id: "C404") {{ __typename {REJECTION} }} }}'),
    (
        "declineChallenge",
        f'mutation {{ declineChallenge(id: "C404") {{ __typename {REJECTION} }} }}',
    ),
    ("cancelChallenge", f'mutation {{ cancelChallenge(id: "C404") {{ __typename {REJECTION} }} }}'),
    (
        "sendChat",
        f'mutation {{ sendChat(matchId: "M404", text: "hi") {{ __typename {REJECTION} }} }}',
    ),
    (
        "setFreeChat",
        f'mutation {{ setFreeChat(matchId: "M404", on: true) {{ __typename {REJECTION} }} }}',
    ),
    ("muteChat", 'mutation { muteChat(matchId: "M404") { __typename } }'),
    ("joinTournament", f'mutation {{ joinTournament(id: "404") {{ __typename {REJECTION} }} }}'),
    ("leaveTournament", f'mutation {{ leaveTournament(id: "404") {{ __typename {REJECTION} }} }}'),
    (
        "reportPlayer",
        'mutation { reportPlayer(username: "nobody", reason: ABUSE, matchId: "M404", lines: [1]) }',
    ),
]


def refusal(body: dict[str, Any], name: str) -> str | None:
    """The code of a refusal: the error's, or the Rejection's."""
    codes = error_codes(body)
    if codes:
        assert None not in codes, body
        return codes[0]
    result = (body.get("data") or {}).get(name)
    if isinstance(result, dict) and result.get("__typename") == "Rejection":
        return str(result["code"])
    return None


@pytest.mark.parametrize(("name", "query"), MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_a_mutation_refuses_the_signed_out_and_what_is_not_there_with_a_code(
    gql: GraphQLClient, postgres: dict[str, Any], redis_url: str, name: str, query: str
) -> None:
    token = token_create(user=User.objects.create(username="asker"))

    status_out, signed_out = gql.call(query)
    status_in, missing = gql.call(query, token=token)

    assert status_out == 200 and refusal(signed_out, name) == "UNAUTHENTICATED", signed_out
    if name == "reportPlayer":  # its contract (before issue 30): false, no such player
        assert status_in == 200 and missing == {"data": {"reportPlayer": False}}, missing
    else:
        assert status_in == 200 and refusal(missing, name) == "NOT_FOUND", missing


def test_input_the_chat_and_tournaments_cannot_take_is_bad_input(
    gql: GraphQLClient, postgres: dict[str, Any], redis_url: str
) -> None:
    token = token_create(user=User.objects.create(username="asker", is_staff=True))
    both = 'mutation { sendChat(matchId: "M404", text: "hi", quick: THANKS) { __typename } }'
    create = """
    mutation { createTournament(input: {name: "x", startsAt: "not a time"}) {
      __typename ... on Rejection { code } } }
    """
    odd = """
    mutation { createTournament(input: {name: "x", startsAt: "2030-01-01T00:00:00Z",
      tableSize: 9}) { __typename ... on Rejection { code } } }
    """

    for query, name in ((both, "sendChat"), (create, "createTournament")):
        status, body = gql.call(query, token=token)
        assert status == 200 and refusal(body, name) == "BAD_INPUT", body
    status, body = gql.call(odd, token=token)
    assert status == 200 and refusal(body, "createTournament") == "BAD_OPTION", body

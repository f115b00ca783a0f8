"""register, login, logout and me over GraphQL (HTTP, in process)."""

import json
from typing import Any

import pytest

from accounts import services
from accounts.models import Token, User
from tests.conftest import GraphQLClient, error_codes

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough passphrase 7"

REGISTER = """
mutation Register($username: String!, $password: String!, $email: String) {
  register(username: $username, password: $password, email: $email) {
    __typename
    ... on AuthPayload { token expiresAt user { id username } }
    ... on Rejection { code message }
  }
}
"""
LOGIN = """
mutation Login($username: String!, $password: String!) {
  login(username: $username, password: $password) {
    __typename
    ... on AuthPayload { token user { id username } }
    ... on Rejection { code message }
  }
}
"""
LOGOUT = "mutation { logout }"
ME = "query { me { id username joinedAt } }"


@pytest.fixture(autouse=True)
def _redis(clean_limits: None) -> None:
    """Login throttling and rate limits count in Redis; each test starts from zero."""


def register(gql: GraphQLClient, username: str = "ada", password: str = PASSWORD) -> Any:
    return gql.data(REGISTER, {"username": username, "password": password})["register"]


def test_register_returns_a_token_that_authenticates(gql: GraphQLClient) -> None:
    # when
    result = register(gql)

    # then
    assert result["__typename"] == "AuthPayload"
    assert result["user"]["username"] == "ada"
    me = gql.data(ME, token=result["token"])["me"]
    assert me["id"] == result["user"]["id"]
    assert me["username"] == "ada"


def test_the_raw_token_is_never_stored(gql: GraphQLClient) -> None:
    token = register(gql)["token"]

    stored = Token.objects.get()
    assert stored.key_hash == services.token_hash(token)
    assert token not in str(list(Token.objects.values_list()))


def test_me_is_null_without_a_token(gql: GraphQLClient) -> None:
    assert gql.data(ME) == {"me": None}


def test_a_taken_username_is_a_rejection(gql: GraphQLClient) -> None:
    register(gql, "ada")

    result = register(gql, "ADA")

    assert result["__typename"] == "Rejection"
    assert result["code"] == "USERNAME_TAKEN"


def test_a_weak_password_is_rejected_with_the_validators_messages(gql: GraphQLClient) -> None:
    result = register(gql, "bob", "123")

    assert result["__typename"] == "Rejection"
    assert result["code"] == "BAD_INPUT"
    assert "too short" in result["message"]
    assert "entirely numeric" in result["message"]
    assert not User.objects.filter(username="bob").exists()


def test_login_gives_a_new_token(gql: GraphQLClient) -> None:
    first = register(gql)["token"]

    result = gql.data(LOGIN, {"username": "Ada", "password": PASSWORD})["login"]

    assert result["__typename"] == "AuthPayload"
    assert result["token"] != first
    assert gql.data(ME, token=result["token"])["me"]["username"] == "ada"


def test_wrong_credentials_are_a_rejection(gql: GraphQLClient) -> None:
    register(gql)

    wrong = gql.data(LOGIN, {"username": "ada", "password": "nope"})["login"]
    unknown = gql.data(LOGIN, {"username": "nobody", "password": "nope"})["login"]

    assert wrong == unknown == {
        "__typename": "Rejection", "code": "BAD_CREDENTIALS",
        "message": "Wrong username or password.",
    }  # fmt: skip


def test_logout_revokes_the_token_used(gql: GraphQLClient) -> None:
    # given
    token = register(gql)["token"]
    other = gql.data(LOGIN, {"username": "ada", "password": PASSWORD})["login"]["token"]

    # when
    assert gql.data(LOGOUT, token=token) == {"logout": True}

    # then
    assert gql.data(ME, token=token) == {"me": None}
    _status, body = gql.call(LOGOUT, token=token)
    assert error_codes(body) == ["UNAUTHENTICATED"]
    assert "revoked" in body["errors"][0]["message"]
    assert gql.data(ME, token=other)["me"]["username"] == "ada"


def test_logout_without_a_token_is_unauthenticated(gql: GraphQLClient) -> None:
    status, body = gql.call(LOGOUT)

    assert status == 200
    assert error_codes(body) == ["UNAUTHENTICATED"]
    assert body["data"] is None


def test_a_malformed_authorization_header_is_unauthenticated(gql: GraphQLClient) -> None:
    response = gql.client.post(
        "/graphql",
        data='{"query": "mutation { logout }"}',
        content_type="application/json",
        HTTP_AUTHORIZATION="Token abc",
    )

    assert error_codes(response.json()) == ["UNAUTHENTICATED"]
    assert "Bearer" in response.json()["errors"][0]["message"]


def test_a_banned_user_is_forbidden_and_cannot_log_in(gql: GraphQLClient) -> None:
    # given
    token = register(gql)["token"]

    # when
    services.user_ban(user=User.objects.get(username="ada"), reason="cheating")

    # then
    _status, body = gql.call(LOGOUT, token=token)
    assert error_codes(body) == ["FORBIDDEN"]
    _status, body = gql.call(LOGIN, {"username": "ada", "password": PASSWORD})
    assert error_codes(body) == ["FORBIDDEN"]
    assert body["data"] is None


def test_an_expired_token_is_unauthenticated(gql: GraphQLClient, settings: Any) -> None:
    settings.AUTH_TOKEN_TTL_SECONDS = -1
    token = register(gql)["token"]

    _status, body = gql.call(LOGOUT, token=token)

    assert error_codes(body) == ["UNAUTHENTICATED"]
    assert "expired" in body["errors"][0]["message"]


def test_repeated_failures_for_one_username_throttle_its_logins(
    gql: GraphQLClient, settings: Any
) -> None:
    # given: three failures allowed per username
    settings.LOGIN_FAILURES_USERNAME = (3, 600)
    register(gql, "carol")
    for _ in range(3):
        result = gql.data(LOGIN, {"username": "carol", "password": "wrong"})["login"]
        assert result["code"] == "BAD_CREDENTIALS"

    # when: even the right password
    _status, body = gql.call(LOGIN, {"username": "CAROL", "password": PASSWORD})

    # then
    assert error_codes(body) == ["RATE_LIMITED"]
    assert 1 <= body["errors"][0]["extensions"]["retryAfter"] <= 600
    assert "failed logins" in body["errors"][0]["message"]
    # another username is not affected
    register(gql, "dave")
    assert gql.data(LOGIN, {"username": "dave", "password": PASSWORD})["login"]["token"]


def test_repeated_failures_from_one_address_throttle_it(gql: GraphQLClient, settings: Any) -> None:
    settings.LOGIN_FAILURES_IP = (4, 600)
    settings.LOGIN_FAILURES_USERNAME = (100, 600)
    register(gql, "erin")
    for name in ["u1", "u2", "u3", "u4"]:
        gql.data(LOGIN, {"username": name, "password": "wrong"})

    _status, body = gql.call(LOGIN, {"username": "erin", "password": PASSWORD})
    elsewhere = gql.client.post(
        "/graphql",
        data=json.dumps(
            {
                "query": f'mutation {{ login(username: "erin", password: "{PASSWORD}") '
                "{ __typename } }"
            }
        ),
        content_type="application/json",
        REMOTE_ADDR="10.9.8.7",
    ).json()

    assert error_codes(body) == ["RATE_LIMITED"]
    assert elsewhere == {"data": {"login": {"__typename": "AuthPayload"}}}


def test_a_successful_login_resets_the_username_count(gql: GraphQLClient, settings: Any) -> None:
    settings.LOGIN_FAILURES_USERNAME = (2, 600)
    register(gql, "fay")
    gql.data(LOGIN, {"username": "fay", "password": "wrong"})
    gql.data(LOGIN, {"username": "fay", "password": PASSWORD})

    gql.data(LOGIN, {"username": "fay", "password": "wrong"})
    result = gql.data(LOGIN, {"username": "fay", "password": PASSWORD})["login"]

    assert result["__typename"] == "AuthPayload"


CHANGE_PASSWORD = """
mutation Change($current: String!, $new: String!) {
  changePassword(currentPassword: $current, newPassword: $new) {
    __typename
    ... on AuthPayload { token user { username } }
    ... on Rejection { code message }
  }
}
"""
LOGOUT_EVERYWHERE = "mutation { logoutEverywhere }"
NEW_PASSWORD = "another long passphrase 8"


def live_tokens(username: str) -> int:
    return Token.objects.filter(user__username=username, revoked_at__isnull=True).count()


def test_a_password_change_revokes_every_token_and_hands_out_a_new_one(
    gql: GraphQLClient,
) -> None:
    # given: two sessions (say, a phone and a stolen laptop)
    phone = register(gql)["token"]
    laptop = gql.data(LOGIN, {"username": "ada", "password": PASSWORD})["login"]["token"]

    # when
    changed = gql.data(CHANGE_PASSWORD, {"current": PASSWORD, "new": NEW_PASSWORD}, token=phone)

    # then: only the token it answered with works
    payload = changed["changePassword"]
    assert payload["__typename"] == "AuthPayload" and payload["user"]["username"] == "ada"
    for old in (phone, laptop):
        assert gql.data(ME, token=old)["me"] is None
    assert gql.data(ME, token=payload["token"])["me"]["username"] == "ada"
    assert live_tokens("ada") == 1
    # and the new password logs in, the old one no longer
    again = gql.data(LOGIN, {"username": "ada", "password": NEW_PASSWORD})["login"]
    assert again["__typename"] == "AuthPayload"
    old = gql.data(LOGIN, {"username": "ada", "password": PASSWORD})["login"]
    assert old["code"] == "BAD_CREDENTIALS"


def test_a_wrong_current_password_changes_nothing_and_counts_as_a_failed_login(
    gql: GraphQLClient, settings: Any
) -> None:
    settings.LOGIN_FAILURES_USERNAME = (2, 900)
    token = register(gql)["token"]

    # when: a thief with the token guesses the password
    answers = [
        gql.call(CHANGE_PASSWORD, {"current": f"guess {i}", "new": NEW_PASSWORD}, token=token)[1]
        for i in range(3)
    ]

    # then: refused, then throttled like a login; the password and the token stand
    first = answers[0]["data"]["changePassword"]
    assert first == {
        "__typename": "Rejection",
        "code": "BAD_CREDENTIALS",
        "message": "The current password is wrong.",
    }
    assert error_codes(answers[2]) == ["RATE_LIMITED"]
    assert gql.data(ME, token=token)["me"]["username"] == "ada"
    assert User.objects.get(username="ada").check_password(PASSWORD)


def test_a_weak_new_password_is_bad_input_and_keeps_the_sessions(gql: GraphQLClient) -> None:
    token = register(gql)["token"]

    result = gql.data(CHANGE_PASSWORD, {"current": PASSWORD, "new": "123"}, token=token)

    rejection = result["changePassword"]
    assert rejection["__typename"] == "Rejection" and rejection["code"] == "BAD_INPUT"
    assert "too short" in rejection["message"]
    assert gql.data(ME, token=token)["me"]["username"] == "ada"


def test_logout_everywhere_revokes_every_token(gql: GraphQLClient) -> None:
    first = register(gql)["token"]
    second = gql.data(LOGIN, {"username": "ada", "password": PASSWORD})["login"]["token"]

    revoked = gql.data(LOGOUT_EVERYWHERE, token=first)["logoutEverywhere"]

    assert revoked == 2
    for token in (first, second):
        assert gql.data(ME, token=token)["me"] is None
    assert live_tokens("ada") == 0
    # anonymous: nothing to log out
    assert error_codes(gql.call(LOGOUT_EVERYWHERE)[1]) == ["UNAUTHENTICATED"]

"""The token lookup of every request (issue 12: one cheap query, never cached): what it
reads is the row as it is now, so a token refused in the database is refused by the very
next request, and the user it loads is the whole row."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts import services
from accounts.models import Token, User
from tests.conftest import GraphQLClient, error_codes

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough passphrase 7"
ME = "{ me { username } }"
# me is null for a refused token; this field says why.
GUARDED = "{ me { username } myVacation { daysLeft } }"


def refusal(gql: GraphQLClient, raw: str) -> list[str]:
    status, body = gql.call(GUARDED, token=raw)
    assert body["data"] is None or body["data"].get("me") is None, (status, body)
    return error_codes(body)


def signed_in(username: str) -> tuple[User, str]:
    user = services.user_register(username=username, password=PASSWORD)
    return user, services.token_create(user=user)


def test_a_token_revoked_after_a_request_is_refused_on_the_next(gql: GraphQLClient) -> None:
    _, raw = signed_in("lookup1")
    assert gql.data(ME, token=raw) == {"me": {"username": "lookup1"}}

    services.token_revoke(raw=raw)

    assert refusal(gql, raw) == ["UNAUTHENTICATED"]


def test_a_token_that_expired_after_a_request_is_refused_on_the_next(gql: GraphQLClient) -> None:
    _, raw = signed_in("lookup2")
    assert gql.data(ME, token=raw) == {"me": {"username": "lookup2"}}

    Token.objects.filter(key_hash=services.token_hash(raw)).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )

    assert refusal(gql, raw) == ["UNAUTHENTICATED"]


def test_a_user_banned_or_deactivated_after_a_request_is_refused_on_the_next(
    gql: GraphQLClient,
) -> None:
    user, raw = signed_in("lookup3")
    other, other_raw = signed_in("lookup4")
    assert gql.data(ME, token=raw) == {"me": {"username": "lookup3"}}
    assert gql.data(ME, token=other_raw) == {"me": {"username": "lookup4"}}

    # Straight in the table (no revocation of the tokens): the user's row itself is read.
    User.objects.filter(pk=user.pk).update(banned_at=timezone.now())
    User.objects.filter(pk=other.pk).update(is_active=False)

    assert refusal(gql, raw) == ["FORBIDDEN"]
    assert refusal(gql, other_raw) == ["UNAUTHENTICATED"]


def test_the_lookup_loads_the_token_and_the_whole_user_as_the_orm_would() -> None:
    user, raw = signed_in("lookup5")

    found = services.token_find(raw=raw)

    expected = Token.objects.select_related("user").get(key_hash=services.token_hash(raw))
    assert found is not None
    for field in Token._meta.concrete_fields:
        assert getattr(found, field.attname) == getattr(expected, field.attname), field.name
    for field in User._meta.concrete_fields:
        assert getattr(found.user, field.attname) == getattr(expected.user, field.attname)
    assert found.user == user and not found._state.adding and found.user.is_authenticated
    assert services.token_find(raw="not-a-token") is None

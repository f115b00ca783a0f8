"""A GraphQL request's bearer token is checked on the thread that runs Django's middleware
(config.middleware.SyncChain), not in a thread hop of its own from the async view
(issue 12); what the view answers is unchanged, database trouble included."""

from typing import Any

import pytest
from django.db import OperationalError

from accounts import services

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.fast_path("middleware")]

ME = "{ me { username } }"


def _token(username: str) -> str:
    user = services.user_register(username=username, password="a long enough passphrase 7")
    return services.token_create(user=user)


async def _post(async_client: Any, token: str) -> Any:
    return await async_client.post(
        "/graphql", {"query": ME}, content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )  # fmt: skip


async def test_the_token_is_checked_in_the_middleware_thread_without_a_hop_of_its_own(
    async_client: Any, hops: list[str]
) -> None:
    from asgiref.sync import sync_to_async

    token = await sync_to_async(_token)("chain1")
    hops.clear()

    response = await _post(async_client, token)

    assert response.json() == {"data": {"me": {"username": "chain1"}}}
    assert [n for n in hops if "check_token" in n or "authenticate" in n] == [], hops


async def test_a_refused_token_checked_in_the_chain_is_still_refused(async_client: Any) -> None:
    from asgiref.sync import sync_to_async

    token = await sync_to_async(_token)("chain2")
    await sync_to_async(services.token_revoke)(raw=token)

    response = await async_client.post(
        "/graphql", {"query": "{ me { username } myVacation { daysLeft } }"},
        content_type="application/json", headers={"Authorization": f"Bearer {token}"},
    )  # fmt: skip

    body = response.json()
    assert [e["extensions"]["code"] for e in body["errors"]] == ["UNAUTHENTICATED"], body


async def test_a_database_error_in_the_chains_token_check_is_answered_503_by_the_view(
    async_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import api.auth

    def down(raw: str) -> Any:
        raise OperationalError("connection refused")

    monkeypatch.setattr(api.auth, "token_find", lambda raw: down(raw))

    response = await _post(async_client, "some-token")

    assert response.status_code == 503
    body = response.json()
    assert [e["extensions"]["code"] for e in body["errors"]] == ["UNAVAILABLE"], body


async def test_an_unexpected_error_in_the_chains_token_check_is_a_coded_500(
    async_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import api.auth

    def broken(raw: str) -> Any:
        raise RuntimeError("a bug with a secret in its message")

    monkeypatch.setattr(api.auth, "token_find", lambda raw: broken(raw))

    response = await _post(async_client, "some-token")

    assert response.status_code == 500
    assert response.headers["Content-Type"].startswith("application/json")
    body = response.json()
    assert [e["extensions"]["code"] for e in body["errors"]] == ["INTERNAL_SERVER_ERROR"], body
    assert "secret" not in response.content.decode()

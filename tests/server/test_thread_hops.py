"""Thread hops of one GraphQL request under ASGI (issue 12): Django's middleware chain is
entered once, not twice per middleware (config/middleware.py)."""

from typing import Any

import pytest

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.fast_path("middleware")]


async def test_an_anonymous_query_costs_one_hop_into_the_middleware_chain(
    async_client: Any, hops: list[str]
) -> None:
    response = await async_client.post(
        "/graphql", {"query": "{ serverVersion }"}, content_type="application/json"
    )

    assert response.status_code == 200 and response.json()["data"]["serverVersion"]
    # Django's ASGI handler hops for its request_started signal (closing stale
    # connections) and for closing the response, whatever the chain; the chain itself
    # once. Not for CsrfViewMiddleware.process_view (Django adapts view middleware to the
    # handler's async mode; config.middleware's is a coroutine and lets the csrf-exempt
    # view through at once). Before: 12, two per middleware.
    chain = [n for n in hops if not n.startswith(("Signal.", "HttpResponseBase.close"))]
    assert chain == ["convert_exception_to_response.<locals>.inner"], hops


async def test_the_chain_still_sets_the_security_headers(async_client: Any) -> None:
    response = await async_client.post(
        "/graphql", {"query": "{ serverVersion }"}, content_type="application/json"
    )

    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


async def test_a_mutation_counts_both_its_rates_without_a_hop(
    async_client: Any, hops: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    register = """mutation { register(username: "hops1", password: "a long enough passphrase 7")
      { ... on AuthPayload { token } } }"""
    body = (
        await async_client.post("/graphql", {"query": register}, content_type="application/json")
    ).json()
    token = body["data"]["register"]["token"]
    hops.clear()
    from api import limits

    counted: list[list[tuple[str, int]]] = []  # each pipeline's (limit, amount)
    plan = limits._plan

    def recording(checks: list[limits.Check], now: float) -> Any:
        counted.append([(name, amount) for name, _subject, _rate, amount in checks])
        return plan(checks, now)

    monkeypatch.setattr(limits, "_plan", recording)

    response = await async_client.post(
        "/graphql",
        {"query": 'mutation { resign(matchId: "nope") { __typename } }'},
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )

    assert response.json()["errors"][0]["extensions"]["code"] == "NOT_FOUND"
    # the per-address and the per-user count: no hop, one Redis round trip on the loop
    assert [n for n in hops if "hit" in n] == [], hops
    assert counted == [[("mutation-ip", 1), ("mutation-user", 1)]]

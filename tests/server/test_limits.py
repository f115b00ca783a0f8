"""Query-shape limits, mutation rates, error masking and introspection (in process)."""

import logging
from typing import Any

import pytest

from tests.conftest import GraphQLClient, error_codes

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough passphrase 7"
# Rate windows are fixed (aligned to the epoch); a day-long one makes it next to impossible
# for a window to end in the middle of a test, however slow the machine.
DAY = 86_400


def nested(depth: int) -> str:
    inner = "id"
    for _ in range(depth):
        inner = f"friend {{ {inner} }}"
    return f"{{ me {{ {inner} }} }}"


def test_a_50_deep_query_is_too_complex(gql: GraphQLClient) -> None:
    # The schema need not nest that deep: the depth is judged before the fields exist
    # (those errors come too, as BAD_INPUT).
    status, body = gql.call(nested(50))

    assert status == 200
    assert "QUERY_TOO_COMPLEX" in error_codes(body)
    complex_error = body["errors"][error_codes(body).index("QUERY_TOO_COMPLEX")]
    assert "exceeds maximum operation depth of 15" in complex_error["message"]
    assert gql.data("{ serverVersion }")


def test_the_depth_limit_is_a_setting(gql: GraphQLClient, settings: Any) -> None:
    settings.GRAPHQL_MAX_DEPTH = 0  # the root field is at depth 0, `id` at 1

    _status, body = gql.call("{ me { id } }")

    assert error_codes(body) == ["QUERY_TOO_COMPLEX"]


def test_1000_aliases_are_too_complex(gql: GraphQLClient, settings: Any) -> None:
    query = "{ " + " ".join(f"a{i}: serverVersion" for i in range(1000)) + " }"

    # by default the token limit catches it first
    _status, body = gql.call(query)
    assert error_codes(body) == ["QUERY_TOO_COMPLEX"]

    # and with room for the tokens, the alias limit does
    settings.GRAPHQL_MAX_TOKENS = 100_000
    _status, body = gql.call(query)
    assert error_codes(body) == ["QUERY_TOO_COMPLEX"]
    assert "1000 aliases found. Allowed: 30" in body["errors"][0]["message"]


def test_aliases_reached_through_fragment_spreads_count_at_every_spread(
    gql: GraphQLClient, settings: Any
) -> None:
    # given: a fragment of 10 aliases (under the limit of 30) spread 100 times through
    # other fragments: 1,000 aliases in effect, only 10 + 10 written
    fragment = "fragment F on Query { " + " ".join(f"f{i}: serverVersion" for i in range(10)) + " }"
    outer = "fragment G on Query { " + " ".join(f"g{i}: __typename ...F" for i in range(10)) + " }"
    query = "{ " + " ".join(f"h{i}: __typename ...G" for i in range(10)) + " }"

    # when
    _status, body = gql.call(f"{query} {outer} {fragment}")

    # then: counted at every spread (the advisory fixed in strawberry 0.315.7)
    assert error_codes(body) == ["QUERY_TOO_COMPLEX"]
    assert "aliases found. Allowed: 30" in body["errors"][0]["message"]
    found = int(body["errors"][0]["message"].split()[0])
    assert found >= 1000


def test_a_few_aliases_in_a_fragment_are_fine(gql: GraphQLClient) -> None:
    query = "{ ...F } fragment F on Query { a: serverVersion b: serverVersion }"

    data = gql.data(query)

    assert data["a"] == data["b"] != ""


def test_a_huge_token_count_is_too_complex(gql: GraphQLClient) -> None:
    query = "{ " + "serverVersion " * 5000 + "}"

    _status, body = gql.call(query)

    assert error_codes(body) == ["QUERY_TOO_COMPLEX"]
    assert "tokens" in body["errors"][0]["message"]


def test_syntax_errors_are_bad_input(gql: GraphQLClient) -> None:
    _status, body = gql.call("{ serverVersion ")

    assert error_codes(body) == ["BAD_INPUT"]


def test_unknown_fields_are_bad_input(gql: GraphQLClient) -> None:
    _status, body = gql.call("{ noSuchField }")

    assert error_codes(body) == ["BAD_INPUT"]


def test_malformed_json_is_bad_input(gql: GraphQLClient) -> None:
    response = gql.client.post("/graphql", data="{not json", content_type="application/json")

    assert response.status_code == 400
    assert error_codes(response.json()) == ["BAD_INPUT"]


def test_a_body_without_a_query_is_bad_input(gql: GraphQLClient) -> None:
    response = gql.client.post("/graphql", data="[1, 2]", content_type="application/json")

    assert response.status_code == 400
    assert error_codes(response.json()) == ["BAD_INPUT"]


class Exploding:
    def __str__(self) -> str:
        raise RuntimeError("secret internal detail at /srv/app/db.py line 12")


def test_unexpected_exceptions_are_masked_and_logged(
    gql: GraphQLClient, settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    # given: a resolver that fails in a way no code meant
    settings.VERSION = Exploding()

    # when
    with caplog.at_level(logging.ERROR, logger="api.errors"):
        status, body = gql.call("{ serverVersion serverTime }")

    # then: the client learns nothing internal, the log has everything
    assert status == 200
    assert error_codes(body) == ["INTERNAL_SERVER_ERROR"]
    assert body["errors"][0]["message"] == "Internal server error."
    text = str(body)
    for leak in ("secret", "RuntimeError", "Traceback", "db.py", "Exploding"):
        assert leak not in text
    assert "secret internal detail" in caplog.text
    assert "Traceback" in caplog.text


@pytest.fixture
def user_token(gql: GraphQLClient, clean_limits: None) -> str:
    query = (
        'mutation { register(username: "rita", password: "%s") { ... on AuthPayload { token } } }'
    )
    return str(gql.data(query % PASSWORD)["register"]["token"])


def test_mutations_over_the_users_rate_are_rate_limited(
    gql: GraphQLClient, settings: Any, user_token: str
) -> None:
    # given: 3 mutations a day per user (a long window: no boundary falls inside the test)
    settings.RATE_LIMIT_MUTATIONS_USER = (3, DAY)

    # when: one request with four root mutation fields (each counts)
    _status, body = gql.call(
        'mutation { a: login(username: "x", password: "y") { __typename } '
        'b: login(username: "x", password: "y") { __typename } '
        'c: login(username: "x", password: "y") { __typename } '
        'd: login(username: "x", password: "y") { __typename } }',
        token=user_token,
    )

    # then
    assert error_codes(body) == ["RATE_LIMITED"]
    assert 1 <= body["errors"][0]["extensions"]["retryAfter"] <= DAY
    assert gql.data("{ serverVersion }")  # queries are not limited


def test_mutations_over_the_address_rate_are_rate_limited(
    gql: GraphQLClient, settings: Any, clean_limits: None
) -> None:
    settings.RATE_LIMIT_MUTATIONS_IP = (2, DAY)
    mutation = 'mutation { login(username: "x", password: "y") { __typename } }'
    assert not gql.call(mutation)[1].get("errors")
    assert not gql.call(mutation)[1].get("errors")

    _status, body = gql.call(mutation)

    assert error_codes(body) == ["RATE_LIMITED"]


def test_introspection_is_on_by_default(gql: GraphQLClient) -> None:
    assert (
        gql.data("{ __schema { queryType { name } } }")["__schema"]["queryType"]["name"] == "Query"
    )


def test_rate_counts_live_a_window_and_survive_redis_forgetting_the_script(
    redis_url: str, clean_limits: None
) -> None:
    # The counts of several windows go to Redis in one script call (api.limits); Redis
    # forgets scripts on a restart or a SCRIPT FLUSH, and the count must go on.
    import asyncio

    import redis

    from api import limits

    client = redis.Redis.from_url(redis_url)
    checks: list[limits.Check] = [("t-a", "s", (2, DAY), 1), ("t-b", "s", (5, 60), 2)]
    assert limits.hit_all(checks) == [None, None]
    client.script_flush()
    assert asyncio.run(limits.ahit_all(checks)) == [None, None]
    client.script_flush()
    waits = limits.hit_all(checks)

    assert waits[0] is not None and 1 <= waits[0] <= DAY  # 3 > 2 a day
    assert waits[1] is not None and 1 <= waits[1] <= 60  # 6 > 5 a minute
    keys = sorted(client.scan_iter("rummy:limit:t-*"))
    assert [int(client.get(k) or 0) for k in keys] in ([3, 6], [6, 3])
    lifetimes = sorted(client.ttl(k) for k in keys)
    assert 0 < lifetimes[0] <= 61 and 61 < lifetimes[1] <= DAY + 1
    client.close()


def test_the_rate_limits_keep_no_redis_client_alive(redis_url: str, clean_limits: None) -> None:
    # A loop's asyncio client is replaced with its loop (tests start one per test) and
    # left to the collector; a limit that kept it would keep its sockets open for good.
    import gc
    import weakref

    import redis

    from api import limits

    client = redis.Redis.from_url(redis_url)
    assert limits._counting(client, [("rummy:limit:t-kept", 1, 60)]) == [1]
    kept = weakref.ref(client)
    client.close()
    del client
    gc.collect()

    assert kept() is None

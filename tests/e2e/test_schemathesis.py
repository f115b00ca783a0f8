"""Fuzz every field of the live GraphQL schema, authenticated, with schemathesis.

General on purpose: it reads the schema by introspection from the running server, so it
covers every area's queries and mutations as they are added. A handful of examples per
field keeps it to well under a minute. Found: any 5xx, an error without one of the API's
codes, anything that looks like a traceback or an exception class, or an
INTERNAL_SERVER_ERROR (a masked, but real, server bug: see the server log printed).
"""

from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings

from api.errors import CODES
from tests.conftest import LiveServer

EXAMPLES_PER_FIELD = 6
LEAKS = ("Traceback", 'File "', "Exception", "Error:", "psycopg", "django.", "strawberry.")
PASSWORD = "a long enough passphrase 7"


AUTH = """
mutation Auth($username: String!, $password: String!) {
  %s(username: $username, password: $password) { ... on AuthPayload { token } }
}
"""


@pytest.fixture(scope="module")
def fuzz_token(asgi_server: LiveServer) -> str:
    variables = {"username": "fuzzer", "password": PASSWORD}
    for mutation in ("register", "login"):  # login: registered by an earlier module run
        body = {"query": AUTH % mutation, "variables": variables}
        result = httpx.post(f"{asgi_server}/graphql", json=body, timeout=30).json()
        token = ((result.get("data") or {}).get(mutation) or {}).get("token")
        if token:
            return str(token)
    raise AssertionError(f"could not log in: {result}\n{asgi_server.log_text()[-4000:]}")


# Revoking the fuzzer's own token would leave the fields after it unauthenticated.
SKIPPED = {"Mutation.logout"}


def check_response(case: Any, fuzz_token: str, server: LiveServer) -> None:
    response = case.call(headers={"Authorization": f"Bearer {fuzz_token}"}, timeout=30)

    context = f"\nquery: {case.body}\nstatus: {response.status_code}\nbody: {response.text[:2000]}"
    assert response.status_code < 500, context
    for leak in LEAKS:
        assert leak not in response.text, context
    body = response.json()
    for error in body.get("errors") or []:
        code = (error.get("extensions") or {}).get("code")
        assert code in CODES, context
        log = server.log_text()[-4000:]
        assert code != "INTERNAL_SERVER_ERROR", f"{context}\nserver log:\n{log}"


def test_no_field_answers_a_5xx_or_leaks_an_error(asgi_server: LiveServer, fuzz_token: str) -> None:
    # given: the schema as the server serves it (every area's fields)
    schema = schemathesis.graphql.from_url(
        f"{asgi_server}/graphql", headers={"Authorization": f"Bearer {fuzz_token}"}, timeout=30
    )
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 4

    # when / then: a few generated calls of each field
    fuzzed = []
    for operation in operations:
        if operation.label in SKIPPED:
            continue

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES_PER_FIELD,
            deadline=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
            database=None,
        )
        def fuzz(case: Any) -> None:
            check_response(case, fuzz_token, asgi_server)

        fuzz()
        fuzzed.append(operation.label)
    assert "Query.me" in fuzzed
    assert "Mutation.login" in fuzzed

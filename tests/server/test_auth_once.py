"""The bearer token of an HTTP request is looked up once, with its user (issue 12)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import GraphQLClient

pytestmark = pytest.mark.django_db

REGISTER = """mutation { register(username: "once1", password: "a long enough passphrase 7") {
  ... on AuthPayload { token } } }"""


def test_a_request_with_a_token_reads_the_token_and_its_user_in_one_query(
    gql: GraphQLClient,
) -> None:
    token = gql.data(REGISTER)["register"]["token"]
    gql.data("{ serverVersion }", token=token)  # the first use records last_used_at

    with CaptureQueriesContext(connection) as queries:
        me = gql.data("{ me { username } }", token=token)

    assert me == {"me": {"username": "once1"}}
    sql = [q["sql"] for q in queries.captured_queries]
    assert len([s for s in sql if '"accounts_token"' in s]) == 1, sql
    # the user came with the token (no query of its own)
    assert [s for s in sql if '"accounts_token"' not in s and '"accounts_user"' in s] == [], sql

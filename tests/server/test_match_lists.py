"""A page of `myMatches` or `openMatches` costs a constant number of SQL statements, with
each match's seats and their users (issue 31: about two per listed match before, 45 for
a page of 20). Counted on PostgreSQL with Django's capture around the whole request:
the token's lookup, the page and the seats with their users."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches import services
from matches.selectors import MatchView
from tests.conftest import GraphQLClient

pytestmark = pytest.mark.django_db

MAX_STATEMENTS = 5
PAGE = 20

SEATS = "seats { index bot user { id username } controller } mySeat"
MY_MATCHES = f"""
query Mine($first: Int!, $filter: MyMatchesFilter) {{
  myMatches(first: $first, filter: $filter) {{
    edges {{ cursor node {{ id status ruleset {SEATS} turn {{ number seat }} myHand {{ code }} }} }}
    pageInfo {{ hasNextPage endCursor }}
  }}
}}
"""
OPEN_MATCHES = f"""
query Open($first: Int!) {{
  openMatches(first: $first) {{
    edges {{ node {{ id status {SEATS} }} }} pageInfo {{ hasNextPage }}
  }}
}}
"""


def _matches(count: int) -> tuple[Any, str]:
    """``count`` matches of one user with another (started ones, waiting ones, one ended)
    and the first user's token."""
    from accounts.models import User
    from accounts.services import token_create

    me = User.objects.create_user("lister", password="pw-unused-1")
    for n in range(count):
        other = User.objects.create_user(f"other{n}", password="pw-unused-1")
        created = services.match_create(user=me, options={"hand_size": 7}, seats=3)
        assert isinstance(created, MatchView)
        services.match_join(match_id=created.id, user=other)
        if n % 3:
            services.match_add_bot(match_id=created.id, user=me, level="EASY")
            services.match_start(match_id=created.id, user=me)
        if n % 7 == 1:
            services.match_resign(match_id=created.id, user=other)
    return me, token_create(user=me)


@pytest.mark.parametrize("filter", [None, "ACTIVE"])
def test_a_page_of_my_matches_costs_a_constant_number_of_statements(
    gql: GraphQLClient, redis_url: str, filter: str | None
) -> None:
    # given: more matches than a page, with seats of people and bots
    _, token = _matches(PAGE + 4)

    # when
    with CaptureQueriesContext(connection) as captured:
        data = gql.data(MY_MATCHES, {"first": PAGE, "filter": filter}, token=token)

    # then: the page, every match with its seats and users, in a handful of statements
    edges = data["myMatches"]["edges"]
    assert len(edges) == (PAGE if filter is None else 16)
    assert all(len(e["node"]["seats"]) == 3 for e in edges)
    assert all(e["node"]["seats"][0]["user"]["username"] == "lister" for e in edges)
    assert all(e["node"]["mySeat"] == 0 for e in edges)
    statements = [q["sql"] for q in captured.captured_queries]
    assert len(statements) <= MAX_STATEMENTS, f"{len(statements)}: " + "\n".join(statements)


def test_a_page_of_open_matches_costs_a_constant_number_of_statements(
    gql: GraphQLClient, redis_url: str
) -> None:
    # given: waiting matches (each with a free seat) and running ones
    _matches(PAGE + 4)

    # when
    with CaptureQueriesContext(connection) as captured:
        data = gql.data(OPEN_MATCHES, {"first": PAGE})

    # then
    edges = data["openMatches"]["edges"]
    assert edges and all(e["node"]["status"] == "WAITING" for e in edges)
    assert all(e["node"]["seats"][0]["user"]["username"] == "lister" for e in edges)
    statements = [q["sql"] for q in captured.captured_queries]
    assert len(statements) <= MAX_STATEMENTS, f"{len(statements)}: " + "\n".join(statements)

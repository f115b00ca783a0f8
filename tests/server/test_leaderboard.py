"""The leaderboard and player queries, and the queue operations, over GraphQL (in process,
Django's test client, on PostgreSQL and Redis)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import settings

from accounts import ratings
from accounts.models import Tempo
from accounts.services import token_create

pytestmark = pytest.mark.django_db

LEADERBOARD = """
query Board($ruleset: String!, $tempo: Tempo, $first: Int, $after: String) {
  leaderboard(ruleset: $ruleset, tempo: $tempo, first: $first, after: $after) {
    edges { cursor node { rank user { username }
            rating { ruleset tempo mu sigma ordinal games provisional } } }
    pageInfo { hasNextPage endCursor }
  }
}
"""
PLAYER = """
query Player($name: String!) {
  player(username: $name) {
    id username ratings { ruleset tempo mu sigma ordinal games provisional }
  }
}
"""
ENQUEUE = """
mutation Enqueue($input: QueueInput!) {
  enqueue(input: $input) {
    __typename
    ... on QueueTicket { ruleset players tempo ordinal searchRange waitedSeconds queuedAt botsAt }
    ... on Rejection { code message }
  }
}
"""
STATUS = "query { queueStatus { ruleset players tempo } }"
DEQUEUE = "mutation { dequeue }"


def graphql(client: Any, query: str, token: str | None = None, **variables: Any) -> Any:
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    response = client.post(
        "/graphql",
        data=json.dumps({"query": query, "variables": variables}),
        content_type="application/json",
        **headers,
    )
    assert response.status_code == 200, response.content
    return response.json()


def data(client: Any, query: str, token: str | None = None, **variables: Any) -> Any:
    body = graphql(client, query, token, **variables)
    assert not body.get("errors"), body
    return body["data"]


@pytest.fixture
def players(postgres: dict[str, Any], redis_url: str) -> list[Any]:
    """Five rated players: p0 beat everyone twice, p4 lost to everyone (and to a bot)."""
    from accounts.models import User

    users = [User.objects.create_user(f"board{i}", password="pw-unused-1") for i in range(5)]
    for match_id in (1, 2):
        ratings.ratings_record_result(
            match_id=match_id,
            ruleset="robbers",
            tempo=Tempo.LIVE,
            standings=[
                *(ratings.Standing(rank=i + 1, user_id=u.pk) for i, u in enumerate(users)),
                ratings.Standing(rank=5, bot_level="EASY"),
            ],
        )
    return users


def test_the_leaderboard_is_ordered_by_ordinal_and_pages(client: Any, players: list[Any]) -> None:
    # when
    first = data(client, LEADERBOARD, ruleset="robbers", first=3)["leaderboard"]
    rest = data(
        client,
        LEADERBOARD,
        ruleset="robbers",
        first=3,
        after=first["pageInfo"]["endCursor"],
    )["leaderboard"]

    # then
    nodes = [e["node"] for e in first["edges"] + rest["edges"]]
    assert [n["user"]["username"] for n in nodes] == [u.username for u in players]
    assert [n["rank"] for n in nodes] == [1, 2, 3, 4, 5]
    ordinals = [n["rating"]["ordinal"] for n in nodes]
    assert ordinals == sorted(ordinals, reverse=True)
    assert first["pageInfo"]["hasNextPage"] is True
    assert rest["pageInfo"]["hasNextPage"] is False
    for node in nodes:
        rating = node["rating"]
        assert rating["tempo"] == "LIVE" and rating["games"] == 2
        assert rating["provisional"] is (rating["sigma"] >= settings.RATING_PROVISIONAL_SIGMA)
        assert rating["provisional"] is True  # two games are not enough to trust
        assert rating["ordinal"] == pytest.approx(rating["mu"] - 3 * rating["sigma"])


def test_bots_and_banned_players_are_not_on_the_leaderboard(
    client: Any, players: list[Any]
) -> None:
    from django.utils import timezone

    players[0].banned_at = timezone.now()
    players[0].save()

    board = data(client, LEADERBOARD, ruleset="robbers", first=50)["leaderboard"]

    names = [e["node"]["user"]["username"] for e in board["edges"]]
    assert names == [u.username for u in players[1:]]


def test_another_tempo_or_rule_set_has_its_own_board(client: Any, players: list[Any]) -> None:
    mail = data(client, LEADERBOARD, ruleset="robbers", tempo="CORRESPONDENCE")["leaderboard"]
    other = data(client, LEADERBOARD, ruleset="rummikub")["leaderboard"]

    assert mail["edges"] == [] and other["edges"] == []


def test_a_bad_cursor_or_page_size_is_bad_input(client: Any, players: list[Any]) -> None:
    cursor = graphql(client, LEADERBOARD, ruleset="robbers", after="bm9wZQ==")
    size = graphql(client, LEADERBOARD, ruleset="robbers", first=0)

    for body in (cursor, size):
        assert [e["extensions"]["code"] for e in body["errors"]] == ["BAD_INPUT"]


def test_player_by_username(client: Any, players: list[Any]) -> None:
    found = data(client, PLAYER, name="BOARD1")["player"]
    missing = data(client, PLAYER, name="nobody-here")["player"]

    assert found["id"] == str(players[1].pk) and found["username"] == "board1"
    [rating] = found["ratings"]
    stored = ratings.ratings_of_user(user_id=players[1].pk)[0]
    assert rating == {
        "ruleset": "robbers",
        "tempo": "LIVE",
        "mu": pytest.approx(stored.mu),
        "sigma": pytest.approx(stored.sigma),
        "ordinal": pytest.approx(stored.ordinal),
        "games": 2,
        "provisional": True,
    }
    assert missing is None


def test_enqueue_status_and_dequeue(client: Any, players: list[Any]) -> None:
    # given
    token = token_create(user=players[0])

    # when
    ticket = data(
        client, ENQUEUE, token, input={"ruleset": "robbers", "players": 4, "tempo": "LIVE"}
    )["enqueue"]
    status = data(client, STATUS, token)["queueStatus"]

    # then: the ticket carries the player's live rating
    assert ticket["__typename"] == "QueueTicket"
    assert ticket["ordinal"] == pytest.approx(
        ratings.rating_ordinal(user_id=players[0].pk, ruleset="robbers", tempo=Tempo.LIVE)
    )
    assert ticket["searchRange"] >= settings.MATCHMAKING_RANGE_START
    assert status == {"ruleset": "robbers", "players": 4, "tempo": "LIVE"}
    assert data(client, DEQUEUE, token) == {"dequeue": True}
    assert data(client, STATUS, token) == {"queueStatus": None}
    assert data(client, DEQUEUE, token) == {"dequeue": False}


def test_enqueue_rejections_and_auth(client: Any, players: list[Any]) -> None:
    token = token_create(user=players[0])

    rejected = data(client, ENQUEUE, token, input={"ruleset": "nope", "players": 2})["enqueue"]
    anonymous = graphql(client, ENQUEUE, input={"players": 2})

    assert rejected["__typename"] == "Rejection" and rejected["code"] == "BAD_OPTION"
    assert [e["extensions"]["code"] for e in anonymous["errors"]] == ["UNAUTHENTICATED"]

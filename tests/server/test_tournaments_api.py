"""Tournaments over GraphQL (issue 30): the list and one tournament with its standings
and rounds, joinTournament / leaveTournament / createTournament with their Rejections,
and the tournamentEvents subscription (replayed from `after`, then live, completing
after TOURNAMENT_ENDED), with the notices on myEvents."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from accounts.models import User
from accounts.services import token_create
from matches import services as match_services
from matches.models import Seat
from tests.conftest import GraphQLClient
from tournaments import rounds, services
from tournaments.models import Tournament, TournamentTable

TOURNAMENTS = """
query List($status: TournamentStatus, $first: Int, $after: String) {
  tournaments(status: $status, first: $first, after: $after) {
    edges { cursor node { id name status } }
    pageInfo { hasNextPage endCursor }
  }
}
"""
TOURNAMENT = """
query One($id: ID!) {
  tournament(id: $id) {
    id name status tableSize roundCount currentRound registered playerCount rules
    placePoints { tableSize points }
    standings { rank user { username } points tiebreak played forfeits withdrawn }
    rounds {
      number deadline byes { username }
      tables {
        index matchId players { username } results { place points forfeit } match { id status }
      }
    }
    myTable { matchId players { username } }
  }
}
"""
JOIN = """
mutation Join($id: ID!) {
  joinTournament(id: $id) {
    __typename
    ... on Tournament { id registered playerCount }
    ... on Rejection { code message }
  }
}
"""
LEAVE = """
mutation Leave($id: ID!) {
  leaveTournament(id: $id) { __typename ... on Rejection { code } ... on Tournament { registered } }
}
"""
CREATE = """
mutation Create($input: CreateTournamentInput!) {
  createTournament(input: $input) {
    __typename
    ... on Tournament { id name tableSize roundCount status }
    ... on Rejection { code message }
  }
}
"""


def tournament_of(director: Any, **overrides: Any) -> Tournament:
    settings: dict[str, Any] = {
        "by": director,
        "name": "Club night",
        "starts_at": timezone.now() + timedelta(hours=1),
        "options": {"rounds": 1, "hand_size": 7},
        "table_size": 2,
        "rounds": 2,
        "turn_seconds": 60,
        "min_players": 2,
    }
    settings.update(overrides)
    made = services.tournament_create(**settings)
    assert isinstance(made, Tournament), made
    return made


@pytest.fixture
def director(postgres: dict[str, Any]) -> Any:
    return User.objects.create(username="td", is_staff=True)


def player(name: str) -> tuple[Any, str]:
    user = User.objects.create(username=name)
    return user, token_create(user=user)


@pytest.mark.django_db
def test_players_register_and_leave_and_see_the_tournament(
    gql: GraphQLClient, director: Any
) -> None:
    # given
    tournament = tournament_of(director)
    ann, ann_token = player("ann")
    _bob, bob_token = player("bob")

    # when
    joined = gql.data(JOIN, {"id": str(tournament.pk)}, token=ann_token)["joinTournament"]
    gql.data(JOIN, {"id": str(tournament.pk)}, token=bob_token)
    seen = gql.data(TOURNAMENT, {"id": str(tournament.pk)}, token=ann_token)["tournament"]
    left = gql.data(LEAVE, {"id": str(tournament.pk)}, token=bob_token)["leaveTournament"]
    not_in = gql.data(LEAVE, {"id": str(tournament.pk)}, token=bob_token)["leaveTournament"]

    # then
    assert joined == {
        "__typename": "Tournament",
        "id": str(tournament.pk),
        "registered": True,
        "playerCount": 1,
    }
    assert seen["registered"] and seen["playerCount"] == 2 and seen["status"] == "SCHEDULED"
    assert seen["placePoints"] == [{"tableSize": 2, "points": [1, 0]}]
    assert "Swiss, 2 round(s) at tables of 2" in seen["rules"]
    assert sorted(s["user"]["username"] for s in seen["standings"]) == ["ann", "bob"]
    assert left == {"__typename": "Tournament", "registered": False}
    assert not_in == {"__typename": "Rejection", "code": "NOT_A_PLAYER"}
    assert ann.tournament_entries.count() == 1


@pytest.mark.django_db
def test_a_running_tournament_shows_its_rounds_tables_and_my_table(
    gql: GraphQLClient, director: Any
) -> None:
    # given: four players at tables of two, round 1 seated
    tournament = tournament_of(director, starts_at=timezone.now())
    people = [player(f"p{i}") for i in range(4)]
    for user, _ in people:
        services.tournament_join(tournament_id=tournament.pk, user=user)
    rounds.begin(tournament.pk)
    late, late_token = player("late")

    # when
    seen = gql.data(TOURNAMENT, {"id": str(tournament.pk)}, token=people[0][1])["tournament"]
    closed = gql.data(JOIN, {"id": str(tournament.pk)}, token=late_token)["joinTournament"]

    # then
    assert seen["status"] == "RUNNING" and seen["currentRound"] == 1
    (first,) = seen["rounds"]
    assert [len(t["players"]) for t in first["tables"]] == [2, 2]
    assert all(t["match"]["status"] == "ACTIVE" for t in first["tables"])
    assert all(t["results"] is None for t in first["tables"])
    mine = seen["myTable"]
    assert "p0" in [p["username"] for p in mine["players"]]
    table = TournamentTable.objects.get(match__public_id=mine["matchId"])
    assert people[0][0].pk in table.players
    assert closed["__typename"] == "Rejection" and closed["code"] == "REGISTRATION_CLOSED"
    assert late.tournament_entries.count() == 0


@pytest.mark.django_db
def test_the_list_pages_by_status(gql: GraphQLClient, director: Any) -> None:
    made = [
        tournament_of(director, name=f"T{i}", starts_at=timezone.now() + timedelta(hours=i + 1))
        for i in range(3)
    ]

    page = gql.data(TOURNAMENTS, {"status": "SCHEDULED", "first": 2})["tournaments"]
    rest = gql.data(
        TOURNAMENTS, {"status": "SCHEDULED", "first": 2, "after": page["pageInfo"]["endCursor"]}
    )["tournaments"]
    none = gql.data(TOURNAMENTS, {"status": "FINISHED"})["tournaments"]

    assert [e["node"]["name"] for e in page["edges"]] == ["T0", "T1"]
    assert page["pageInfo"]["hasNextPage"]
    assert [e["node"]["id"] for e in rest["edges"]] == [str(made[2].pk)]
    assert none["edges"] == []
    _status, body = gql.call(TOURNAMENTS, {"after": "bm9wZQ=="})
    assert body["errors"][0]["extensions"]["code"] == "BAD_INPUT"
    assert gql.data(TOURNAMENT, {"id": "999999"})["tournament"] is None
    assert gql.data(TOURNAMENT, {"id": "x1"})["tournament"] is None


@pytest.mark.django_db
def test_create_tournament_is_for_staff_unless_the_server_lets_players(
    gql: GraphQLClient, director: Any, settings: Any
) -> None:
    settings.TOURNAMENTS_BY_PLAYERS = False
    _pat, pat_token = player("pat")
    staff_token = token_create(user=director)
    when = (timezone.now() + timedelta(days=1)).isoformat()
    good = {"name": "Weekly", "startsAt": when, "tableSize": 3, "rounds": 4, "turnSeconds": 45}

    refused = gql.data(CREATE, {"input": good}, token=pat_token)["createTournament"]
    bad = gql.data(CREATE, {"input": {**good, "tableSize": 6}}, token=staff_token)[
        "createTournament"
    ]
    made = gql.data(CREATE, {"input": good}, token=staff_token)["createTournament"]

    assert refused["__typename"] == "Rejection" and refused["code"] == "NOT_ALLOWED"
    assert bad["__typename"] == "Rejection" and bad["code"] == "BAD_OPTION"
    assert made == {"__typename": "Tournament", "id": made["id"], "name": "Weekly",
                    "tableSize": 3, "roundCount": 4, "status": "SCHEDULED"}  # fmt: skip
    assert Tournament.objects.count() == 1


TOURNAMENT_EVENTS = """
subscription Follow($id: ID!, $after: Int) {
  tournamentEvents(id: $id, after: $after) {
    seq type tournamentId
    ... on TournamentPlayerChanged { user { username } players }
    ... on TournamentRoundStarted {
      round tables { matchId players { username } } myTable { matchId }
    }
    ... on TournamentStandingsChanged { round standings { rank user { username } points } }
    ... on TournamentEnded { standings { rank user { username } points } }
  }
}
"""
MY_EVENTS = """
subscription {
  myEvents { type matchId ... on TournamentNotice { tournamentId round bye place points } }
}
"""


async def open_socket(token: str) -> WebsocketCommunicator:
    from config.asgi import application

    ws = WebsocketCommunicator(application, "/graphql", subprotocols=["graphql-transport-ws"])
    connected, _ = await ws.connect()
    assert connected
    await ws.send_json_to(
        {"type": "connection_init", "payload": {"authorization": f"Bearer {token}"}}
    )
    assert (await ws.receive_json_from(timeout=10))["type"] == "connection_ack"
    return ws


async def next_data(ws: WebsocketCommunicator, name: str) -> dict[str, Any] | None:
    message = await ws.receive_json_from(timeout=15)
    if message["type"] == "complete":
        return None
    assert message["type"] == "next", message
    assert not message["payload"].get("errors"), message
    data: dict[str, Any] = message["payload"]["data"][name]
    return data


@pytest.mark.django_db(transaction=True)
async def test_tournament_events_replay_then_follow_live_to_the_end(redis_url: str) -> None:
    # given: two players registered (two events stored)
    def setup() -> tuple[int, list[Any], list[str]]:
        td = User.objects.create(username="td2", is_staff=True)
        t = tournament_of(td, starts_at=timezone.now(), rounds=1)
        users = [User.objects.create(username=n) for n in ("cy", "di")]
        for u in users:
            services.tournament_join(tournament_id=t.pk, user=u)
        return t.pk, users, [token_create(user=u) for u in users]

    pk, users, tokens = await database_sync_to_async(setup)()
    ws = await open_socket(tokens[0])
    variables = {"id": str(pk), "after": 1}
    await ws.send_json_to(
        {
            "id": "t",
            "type": "subscribe",
            "payload": {"query": TOURNAMENT_EVENTS, "variables": variables},
        }
    )
    await ws.send_json_to({"id": "m", "type": "subscribe", "payload": {"query": MY_EVENTS}})
    replayed = await next_data(ws, "tournamentEvents")

    # when: the tournament starts, its one match ends (di resigns), the round closes
    def play() -> None:
        rounds.begin(pk)
        table = TournamentTable.objects.get(round__tournament_id=pk)
        seat = Seat.objects.get(match=table.match, user=users[1])
        match_services.match_resign(match_id=table.match_id, user=seat.user)
        rounds.check_round(pk)

    await database_sync_to_async(play)()
    seen: list[dict[str, Any]] = []
    notices: list[dict[str, Any]] = []
    completed = False
    # The notices travel apart from the events (another group): read until both ended.
    while not completed or "TOURNAMENT_ENDED" not in [n["type"] for n in notices]:
        message = await ws.receive_json_from(timeout=15)
        if message["id"] == "m":
            notices.append(message["payload"]["data"]["myEvents"])
        elif message["type"] == "complete":
            completed = True
        else:
            seen.append(message["payload"]["data"]["tournamentEvents"])
    await ws.disconnect()

    # then: from seq 2 on, in order, without gaps, ending with the final standings
    assert replayed is not None and replayed["seq"] == 2 and replayed["type"] == "PLAYER_JOINED"
    assert replayed["user"]["username"] == "di" and replayed["players"] == 2
    assert [e["seq"] for e in seen] == list(range(3, 3 + len(seen)))
    assert [e["type"] for e in seen] == [
        "TOURNAMENT_STARTED", "ROUND_STARTED", "STANDINGS_CHANGED", "TOURNAMENT_ENDED"
    ]  # fmt: skip
    started = seen[1]
    assert started["myTable"]["matchId"] == started["tables"][0]["matchId"]
    final = seen[-1]["standings"]
    assert [(s["rank"], s["user"]["username"], s["points"]) for s in final] == [
        (1, "cy", 1.0),
        (2, "di", 0.0),
    ]
    kinds = [n["type"] for n in notices]
    assert "TOURNAMENT_ROUND_STARTED" in kinds and "TOURNAMENT_ENDED" in kinds
    round_notice = next(n for n in notices if n["type"] == "TOURNAMENT_ROUND_STARTED")
    assert round_notice["tournamentId"] == str(pk) and round_notice["round"] == 1
    assert round_notice["matchId"] == started["myTable"]["matchId"]
    ended = next(n for n in notices if n["type"] == "TOURNAMENT_ENDED")
    assert ended["place"] == 1 and ended["points"] == 1.0

"""A whole small tournament (issue 30): 9 players in tables of 3 over 3 rounds, on the
real server (uvicorn), a real Celery worker and a real beat (its ``tournaments.tick``
every second), PostgreSQL and Redis.

Eight people register and play every move of theirs through the API (each move chosen
from their own view by the built-in policy); the ninth registers and never comes back:
the clock runs out on their turns, a bot takes their seat (T-TAKEOVER, after one
timeout here), they forfeit rounds 1 and 2 and are withdrawn, and round 3 seats the
eight left at tables of 3, 3 and 2. The standings the API gives at the end are checked
against points computed here by hand from each match's result: places by the match's
outcome (a seat a bot took over last), 6/3/0 at a table of three and 1/0 at a table of
two, a shared place sharing its points, 0 for a forfeit; tie-breaks as the opponents'
points. A follower's tournamentEvents sees every round and the end.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import defaultdict
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import User
from engine.actions import action_to_dict
from engine.policy import choose, rules_of
from tests.e2e.conftest import Client, Socket, in_db, play, result_of
from tests.server.game_workers import Processes, game_env, game_processes

pytestmark = pytest.mark.django_db(transaction=True)

TURN_SECONDS = 10
# The absent player's first turn runs out and a bot takes the seat (max_timeouts 1); no
# seat is taken for a quiet moment of a busy test machine (the presence grace).
GRACE = "60"
STATE = """
query State($id: ID!) { tournament(id: $id) { status currentRound myTable { matchId } } }
"""
MATCH = """
query Match($id: ID!) {
  match(id: $id) { status mySeat lastSeq turn { number seat } seats { index controller } view }
}
"""
TURNS = """
subscription Turns($id: ID!, $after: Int) {
  matchEvents(matchId: $id, after: $after) {
    type ... on TurnStarted { seat } ... on SeatChanged { seat }
  }
}
"""
RECLAIM = """
mutation Reclaim($id: ID!) { reclaimSeat(matchId: $id) { __typename } }
"""
JOIN = """
mutation Join($id: ID!) { joinTournament(id: $id) { __typename ... on Rejection { code } } }
"""
FINAL = """
query Final($id: ID!) {
  tournament(id: $id) {
    status currentRound
    standings { rank user { id username } points tiebreak played forfeits withdrawn }
    rounds {
      number
      byes { id }
      tables {
        players { id }
        results { user { id } place points forfeit }
        match {
          status
          seats { index userId controller }
          result { winners ranking totals resigned }
        }
      }
    }
  }
}
"""
EVENTS = """
subscription Follow($id: ID!) {
  tournamentEvents(id: $id) {
    seq type
    ... on TournamentRoundStarted { round tables { players { id } } }
    ... on TournamentEnded { standings { user { id } points } }
  }
}
"""
POINTS = {3: [6, 3, 0], 2: [1, 0]}


@pytest.fixture
def procs(postgres: dict[str, Any], redis_url: str, tmp_path: Path) -> Iterator[Processes]:
    with game_processes(
        postgres, redis_url, tmp_path, TOURNAMENT_TICK_SECONDS="1", PRESENCE_GRACE_SECONDS=GRACE
    ) as group:
        yield group


def create_tournament(starts_in: float) -> int:
    from tournaments import services
    from tournaments.models import Tournament

    director = User.objects.create(username="director", is_staff=True)
    made = services.tournament_create(
        by=director,
        name="Nine",
        starts_at=timezone.now() + timedelta(seconds=starts_in),
        # One deck, no jokers, 15 cards each: a match of three lasts about 15 turns.
        options={"rounds": 1, "decks": 1, "jokers": 0, "hand_size": 15, "max_timeouts": 1},
        table_size=3,
        rounds=3,
        turn_seconds=TURN_SECONDS,
        round_minutes=30,
        min_players=9,
    )
    assert isinstance(made, Tournament), made
    return int(made.pk)


def describe(tournament_id: int) -> str:
    from matches.models import Seat
    from tournaments.models import Tournament, TournamentTable

    t = Tournament.objects.get(pk=tournament_id)
    lines = [f"{t.status} round {t.current_round}"]
    for table in TournamentTable.objects.filter(round__tournament=t).select_related(
        "match", "round"
    ):
        m = table.match
        seats = list(
            Seat.objects.filter(match=m).values_list("index", "user_id", "takeover", "timeouts")
        )
        lines.append(
            f"round {table.round.number}: match {m.pk} {m.status} turn {m.turn} "
            f"on turn {m.on_turn} deadline {m.deadline} seats {seats}"
        )
    return "\n".join(lines)


async def signed_in(server: str, name: str) -> Client:
    """A client of a new user, its token made directly (``register`` hashes a password
    with Argon2: seconds for ten users on a busy machine, and not what this tests)."""

    def make() -> tuple[int, str]:
        from accounts.services import token_create

        user = User.objects.create(username=name)
        return user.pk, token_create(user=user)

    pk, token = await in_db(make)
    client = Client(server, token, name)
    client.user_id = str(pk)
    return client


def close_registration(tournament_id: int) -> None:
    from tournaments.models import Tournament

    Tournament.objects.filter(pk=tournament_id).update(starts_at=timezone.now())


async def person(client: Client, tournament_id: str) -> None:
    """Play every turn of one's own in the tournament's matches until it is over: the
    tournament says which match is mine; its events say when it is my turn."""
    sock = await client.socket()
    try:
        while True:
            state = result_of(await client.data(STATE, id=tournament_id))
            if state["status"] in ("FINISHED", "CANCELLED"):
                return
            table = state["myTable"]
            match = None
            if table is not None:
                match = result_of(await client.data(MATCH, id=table["matchId"]))
            if match is None or match["status"] != "ACTIVE":
                await asyncio.sleep(0.3)
                continue
            await play_match(client, sock, table["matchId"], match)
    finally:
        await sock.close()


async def play_match(client: Client, sock: Socket, match_id: str, match: dict[str, Any]) -> None:
    """Follow the match's events from what ``match`` showed; move when it is my turn."""
    sub = await sock.subscribe(TURNS, id=match_id, after=match["lastSeq"])
    while True:
        turn = match["turn"]
        if match["status"] != "ACTIVE":
            await sock.stop(sub)
            return
        if turn is not None and turn["seat"] == match["mySeat"]:
            if match["seats"][match["mySeat"]]["controller"] == "TAKEOVER":
                # The clock ran out on a slow machine and a bot plays my seat: take it back.
                await client.data(RECLAIM, id=match_id)
            else:
                action = action_to_dict(choose(match["view"], rules_of(match["view"])))
                await play(client, match_id, action, turn["number"])  # a Rejection: look again
        # Wait for the next turn of mine (or the end), then look at the match again.
        while True:
            event = await sock.event(sub)
            if event is None or event["type"] in ("MATCH_ENDED", "MATCH_ABORTED"):
                return
            if event["type"] == "TURN_STARTED" and event["seat"] == match["mySeat"]:
                break
            if event["type"] == "SEAT_CHANGED" and event["seat"] == match["mySeat"]:
                break
        match = result_of(await client.data(MATCH, id=match_id))


def places(result: dict[str, Any], abandoned: set[int]) -> dict[int, int]:
    """Seat -> place by hand: winners first (tied), then the ranking with equal totals
    tied; resigned and abandoned seats last, tied."""
    last = abandoned | set(result["resigned"])
    ordered = [s for s in result["ranking"] if s not in last]
    out: dict[int, int] = {}
    previous: object = None
    place = 0
    for position, seat in enumerate(ordered):
        key = "won" if seat in result["winners"] else result["totals"][seat]
        if key != previous:
            place, previous = position + 1, key
        out[seat] = place
    for seat in result["ranking"]:
        if seat in last:
            out[seat] = len(ordered) + 1
    return out


def shared_points(seat_places: dict[int, int], table: list[int]) -> dict[int, float]:
    """Points by place, a shared place sharing the points of the places it covers."""
    out = {}
    for seat, place in seat_places.items():
        tied = [s for s, p in seat_places.items() if p == place]
        covered = [
            table[i] if i < len(table) else 0 for i in range(place - 1, place - 1 + len(tied))
        ]
        out[seat] = sum(covered) / len(tied)
    return out


async def test_nine_players_three_rounds_standings_by_hand(
    postgres: dict[str, Any], redis_url: str, procs: Processes
) -> None:
    from tests.conftest import start_asgi_server

    env = game_env(postgres, redis_url, procs.queue, procs.workdir / "mail")
    names = ("GAME_TASK_QUEUE", "BOT_THINK_SECONDS", "PRESENCE_HEARTBEAT_SECONDS")
    settings = {k: env[k] for k in names}
    with start_asgi_server(postgres, redis_url, PRESENCE_GRACE_SECONDS=GRACE, **settings) as server:
        # given: nine registered, a follower subscribed; one of the nine never returns
        tournament_id = str(await in_db(create_tournament, 3600.0))
        clients = [await signed_in(server, f"nine{i}") for i in range(9)]
        for client in clients:
            joined = result_of(await client.data(JOIN, id=tournament_id))
            assert joined["__typename"] == "Tournament", joined
        absent = clients[8]
        follower = await signed_in(server, "follower")
        sock = await follower.socket()
        sub = await sock.subscribe(EVENTS, id=tournament_id)

        # when: registration closes (beat starts it); the eight people play their turns
        await in_db(close_registration, int(tournament_id))
        try:
            await asyncio.wait_for(
                asyncio.gather(*(person(c, tournament_id) for c in clients[:8])), timeout=150
            )
        except TimeoutError:
            where = await in_db(describe, int(tournament_id))
            pytest.fail(
                f"the tournament did not end: {where}\n{procs.logs()}\n{server.log_text()[-4000:]}"
            )
        seen = []
        while (event := await sock.event(sub)) is not None:
            seen.append(event)
        final = result_of(await follower.data(FINAL, id=tournament_id))

        # then: three rounds at tables of 3, 3, 3 / 3, 3, 3 / 3, 3, 2; the absent one is
        # not seated in round 3
        assert final["status"] == "FINISHED" and final["currentRound"] == 3
        sizes = [
            sorted((len(t["players"]) for t in r["tables"]), reverse=True) for r in final["rounds"]
        ]
        assert sizes == [[3, 3, 3], [3, 3, 3], [3, 3, 2]]
        assert all(not r["byes"] for r in final["rounds"])
        third = {p["id"] for t in final["rounds"][2]["tables"] for p in t["players"]}
        assert absent.user_id not in third and len(third) == 8

        # the points by hand, from each match's result
        points: dict[str, float] = defaultdict(float)
        opponents: dict[str, list[str]] = defaultdict(list)
        forfeits: dict[str, int] = defaultdict(int)
        for r in final["rounds"]:
            for table in r["tables"]:
                match = table["match"]
                assert match["status"] == "FINISHED", match
                users = {s["index"]: s["userId"] for s in match["seats"]}
                taken = {s["index"] for s in match["seats"] if s["controller"] == "TAKEOVER"}
                by_seat = shared_points(places(match["result"], taken), POINTS[len(users)])
                served = {x["user"]["id"]: x for x in table["results"]}
                for seat, user in users.items():
                    forfeit = user == absent.user_id  # never moved; the clock, then a bot
                    expected = 0 if forfeit else by_seat[seat]
                    assert served[user]["points"] == pytest.approx(expected), (r, table)
                    assert served[user]["forfeit"] == forfeit, (r, table)
                    points[user] += expected
                    forfeits[user] += forfeit
                    opponents[user] += [u for u in users.values() if u != user]
        standings = {s["user"]["id"]: s for s in final["standings"]}
        assert {u: s["points"] for u, s in standings.items()} == pytest.approx(dict(points))
        tiebreaks = {u: sum(points[o] for o in opponents[u]) for u in standings}
        assert {u: s["tiebreak"] for u, s in standings.items()} == pytest.approx(tiebreaks)
        gone = standings[absent.user_id]
        assert (gone["forfeits"], gone["played"], gone["withdrawn"]) == (2, 2, True)
        assert all(
            not s["withdrawn"] and s["played"] == 3
            for u, s in standings.items()
            if u != absent.user_id
        )
        ranks = [s["rank"] for s in final["standings"]]
        assert ranks == sorted(ranks) and ranks[0] == 1
        ordered = [(s["points"], s["tiebreak"]) for s in final["standings"]]
        assert ordered == sorted(ordered, reverse=True)

        # the follower saw every round start and the end, in seq order
        kinds = [e["type"] for e in seen]
        assert kinds.count("ROUND_STARTED") == 3 and kinds.count("STANDINGS_CHANGED") == 3
        assert kinds[-1] == "TOURNAMENT_ENDED" and "PLAYER_WITHDRAWN" in kinds
        assert [e["seq"] for e in seen] == list(range(1, len(seen) + 1))
        ended = {s["user"]["id"]: s["points"] for s in seen[-1]["standings"]}
        assert ended == pytest.approx(dict(points))

        with contextlib.suppress(Exception):
            await sock.close()
        for client in [*clients, follower]:
            await client.close()

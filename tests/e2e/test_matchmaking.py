"""Ranked matchmaking end to end: the real server (uvicorn), a real Celery worker and a real
Celery beat process running `matches.matchmaking_tick`, on PostgreSQL and Redis.

Players queue over GraphQL, hear of their match on `myEvents` (MATCH_STARTED), play it
to its end, get RATING_CHANGED (rated in the transaction that ends the match), and
find themselves on the leaderboard.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from accounts.models import User
from matches import matchmaking, services
from matches.errors import Rejected
from matches.models import Match, QueueTicket, Seat
from matches.publishing import publish_user_event
from tests.conftest import ROOT, _database_url
from tests.e2e.conftest import (
    MY_EVENTS,
    RESIGN,
    TIMEOUT,
    Client,
    Socket,
    draw_in_turn,
    in_db,
    register,
)

pytestmark = pytest.mark.django_db(transaction=True)

ENQUEUE = """
mutation Enqueue($input: QueueInput!) {
  enqueue(input: $input) {
    __typename
    ... on QueueTicket { ruleset players tempo }
    ... on Rejection { code message }
  }
}
"""
STATUS = "query { queueStatus { ruleset players tempo } }"
LEADERBOARD = """
query Board($ruleset: String!) {
  leaderboard(ruleset: $ruleset, first: 100) {
    edges { node { rank user { id username } rating { ordinal mu sigma games provisional } } }
  }
}
"""
PROBE = "PROBE"


@pytest.fixture(scope="module")
def beat(
    live_worker: subprocess.Popen[bytes], postgres: dict[str, Any], redis_url: str
) -> Iterator[subprocess.Popen[bytes]]:
    """A Celery beat process sending the matchmaking tick every second to the worker; its
    schedule file lives in a temporary directory."""
    with tempfile.TemporaryDirectory(prefix="rummy-beat-") as tmp:
        env = dict(
            os.environ,
            DATABASE_URL=_database_url(postgres),
            REDIS_URL=redis_url,
            MATCHMAKING_TICK_SECONDS="1",
        )
        env.pop("RUMMY_VAR_DIR", None)
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "--app", "config", "beat", "--loglevel", "WARNING",
             "--schedule", str(Path(tmp) / "beat-schedule"),
             "--pidfile", str(Path(tmp) / "beat.pid")],
            cwd=ROOT,
            env=env,
        )  # fmt: skip
        try:
            time.sleep(0.5)
            if process.poll() is not None:
                pytest.fail(f"celery beat exited with {process.returncode}")
            yield process
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


async def probe(user_ids: list[int]) -> None:
    for user_id in user_ids:
        await in_db(publish_user_event, user_id, {"type": PROBE, "matchId": None, "payload": {}})


async def listening(client: Client) -> tuple[Socket, str]:
    """A socket subscribed to the client's myEvents, known to be receiving: a probe event
    published to the user is seen on it before this returns."""
    sock = await client.socket()
    sub = await sock.subscribe(MY_EVENTS)
    assert client.user_id is not None
    deadline = time.monotonic() + TIMEOUT
    while True:
        await probe([int(client.user_id)])
        try:
            event = await sock.event(sub, timeout=0.5)
        except TimeoutError:
            if time.monotonic() > deadline:
                raise AssertionError("myEvents never received a probe") from None
            continue
        assert event is not None and event["type"] == PROBE
        return sock, sub


@contextlib.asynccontextmanager
async def kept_busy(clients: list[Client]) -> AsyncIterator[None]:
    """Probe the clients' myEvents every second while waiting for the worker and beat.

    A workaround: with redis-py 8 (socket_timeout 5 s by default) the Channels layer's
    5 s BZPOPMIN times out client-side, and the server drops a websocket whose user
    channel was idle that long (redis-py issue #4091); a probe keeps the channel busy.
    """
    user_ids = [int(c.user_id or 0) for c in clients]

    async def loop() -> None:
        while True:
            await probe(user_ids)
            await asyncio.sleep(1)

    task = asyncio.create_task(loop())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def next_event(sock: Socket, sub: str, kind: str, timeout: float = 90.0) -> dict[str, Any]:
    """The next user event of type ``kind`` (probes and other notifications skipped)."""
    deadline = time.monotonic() + timeout
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise AssertionError(f"no {kind} event within {timeout}s")
        event = await sock.event(sub, timeout=remaining)
        assert event is not None
        if event["type"] == kind:
            return event


async def test_four_players_are_seated_together_then_rated(
    asgi_server: str, beat: subprocess.Popen[bytes]
) -> None:
    # given: four players listening to their notifications
    players = [await register(asgi_server, "ranked") for _ in range(4)]
    sockets = [await listening(p) for p in players]
    async with kept_busy(players):
        # when: all four queue for a four-player live table
        for player in players:
            queued = await player.data(
                ENQUEUE, input={"ruleset": "robbers", "players": 4, "tempo": "LIVE"}
            )
            assert queued["enqueue"] == {
                "__typename": "QueueTicket",
                "ruleset": "robbers",
                "players": 4,
                "tempo": "LIVE",
            }

        # then: each hears MATCH_STARTED for one and the same ranked match
        started = [await next_event(sock, sub, "MATCH_STARTED") for sock, sub in sockets]
        match_ids = {e["matchId"] for e in started}
        assert len(match_ids) == 1
        match_id = match_ids.pop()
        match = await in_db(lambda: Match.objects.get(public_id=match_id))
        assert match.ranked and match.players == 4
        seated = await in_db(
            lambda: sorted(Seat.objects.filter(match_id=match.pk).values_list("user_id", flat=True))
        )
        assert seated == sorted(int(p.user_id or 0) for p in players)
        for player in players:
            assert (await player.data(STATUS))["queueStatus"] is None

        # when: each made a couple of moves, and three of them resign, so the fourth wins
        await draw_in_turn(players, match_id, 2)
        winner, *losers = players
        for loser in losers:
            resigned = (await loser.data(RESIGN, id=match_id))["resign"]
            assert resigned["__typename"] == "Match", resigned

        # then: every player is told how its rating moved (RATING_CHANGED on myEvents)
        changed = [await next_event(sock, sub, "RATING_CHANGED") for sock, sub in sockets]
    assert all(e["matchId"] == match_id for e in changed)
    assert changed[0]["payload"]["rank"] == 1
    assert all(e["payload"]["rank"] == 2 for e in changed[1:])
    assert changed[0]["payload"]["after"]["mu"] > changed[0]["payload"]["before"]["mu"]
    assert all(e["payload"]["after"]["mu"] < e["payload"]["before"]["mu"] for e in changed[1:])

    # and the leaderboard shows them best first, provisional, with no bot
    board = (await winner.data(LEADERBOARD, ruleset="robbers"))["leaderboard"]["edges"]
    nodes = [e["node"] for e in board]
    ours = [n for n in nodes if n["user"]["id"] in {p.user_id for p in players}]
    assert len(ours) == 4 == len(nodes)
    assert ours[0]["user"]["id"] == winner.user_id
    ordinals = [n["rating"]["ordinal"] for n in nodes]
    assert ordinals == sorted(ordinals, reverse=True)
    assert all(n["rating"]["provisional"] and n["rating"]["games"] == 1 for n in ours)
    for sock, _ in sockets:
        await sock.close()
    for player in players:
        await player.close()


async def test_a_lone_player_gets_bots_after_the_wait(
    asgi_server: str, beat: subprocess.Popen[bytes], settings: Any
) -> None:
    # given: a player queued alone, whose ticket accepts bots after a second
    settings.MATCHMAKING_BOT_FILL_SECONDS = 1
    player = await register(asgi_server, "lonely")
    sock, sub = await listening(player)
    user = await in_db(lambda: User.objects.get(pk=int(player.user_id or 0)))
    async with kept_busy([player]):
        ticket = await in_db(
            lambda: matchmaking.queue_enqueue(user=user, ruleset_name="robbers", players=3)
        )
        assert isinstance(ticket, QueueTicket)

        # when: the ticks run
        event = await next_event(sock, sub, "MATCH_STARTED")

    # then: the player is seated with two bots of one level in a started ranked match
    seats = await in_db(
        lambda: list(
            Seat.objects.filter(match__public_id=event["matchId"])
            .order_by("index")
            .values_list("user_id", "bot_level")
        )
    )
    assert seats[0] == (user.pk, "")
    levels = {level for _, level in seats[1:]}
    assert len(seats) == 3 and len(levels) == 1 and levels != {""}
    assert await in_db(lambda: Match.objects.get(public_id=event["matchId"]).ranked)
    # End it, so that the worker's bots stop playing it while later tests clean the database.
    aborted = await in_db(lambda: services.match_abort(match_id=event["matchId"]))
    assert not isinstance(aborted, Rejected), aborted
    await sock.close()
    await player.close()

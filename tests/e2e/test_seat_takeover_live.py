"""T-TAKEOVER over the real server and a real worker and beat (issue 11, point 2).

A bot takes a seat for being offline only in a live *timed* match, and only when its
player made no request and held no subscription of the match for the grace period
(3 s here); any authenticated request counts as being there. A seat played by a bot
says so in every view (``controller``, since when, why) and the player is told on
``myEvents`` and by notification (an e-mail here)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from accounts.models import User
from matches.models import Notice, Seat
from tests.e2e.conftest import (
    CREATE,
    MATCH_EVENTS,
    START,
    Client,
    in_db,
    register,
    result_of,
)
from tests.server.game_workers import Processes, game_env, game_processes

pytestmark = pytest.mark.django_db(transaction=True)

GRACE = 3.0
SEATS = """
query Seats($id: ID!) {
  match(id: $id) {
    seats { index botPlaying controller controllerSince takeoverReason }
  }
}
"""
ME = "{ me { id } }"
NOTICES = """
subscription {
  myEvents {
    __typename type kind matchId payload
    ... on SeatTakenOver { seat reason bot since }
  }
}
"""


@pytest.fixture
def procs(postgres: dict[str, Any], redis_url: str, tmp_path: Path) -> Iterator[Processes]:
    with game_processes(postgres, redis_url, tmp_path) as group:
        yield group


async def _started(client: Client, **input: Any) -> str:
    created = result_of(
        await client.data(
            CREATE, input={"ruleset": "robbers", "seats": 2, "bots": ["EASY"], **input}
        )
    )
    assert created["__typename"] == "Match", created
    started = result_of(await client.data(START, id=created["id"]))
    assert started["__typename"] == "Match", started
    return str(created["id"])


async def _subscribe_and_leave(client: Client, match_id: str) -> None:
    """Watch the match over a websocket for a moment, then close the socket."""
    sock = await client.socket()
    sub = await sock.subscribe(MATCH_EVENTS, id=match_id)
    assert await sock.event(sub) is not None
    await sock.close()


def _takeover(match_id: str) -> str:
    return Seat.objects.get(match__public_id=match_id, index=0).takeover


def _told(user_id: str) -> bool:
    return Notice.objects.filter(
        user_id=user_id, kind="SEAT_TAKEN_OVER", email_pending=True
    ).exists()


def _set_email(user_id: str, email: str) -> None:
    User.objects.filter(pk=user_id).update(email=email)


async def test_only_a_timed_match_takes_the_seat_of_a_player_gone_offline(
    postgres: dict[str, Any], redis_url: str, procs: Processes
) -> None:
    from tests.conftest import start_asgi_server

    env = game_env(postgres, redis_url, procs.queue, procs.workdir / "mail")
    names = ("GAME_TASK_QUEUE", "BOT_THINK_SECONDS", "PRESENCE_HEARTBEAT_SECONDS",
             "PRESENCE_GRACE_SECONDS")  # fmt: skip
    with start_asgi_server(postgres, redis_url, **{k: env[k] for k in names}) as server:
        # given: three players, each alone with a bot
        untimed_player = await register(server, "untimed")
        busy_player = await register(server, "busy")
        gone_player = await register(server, "gone")
        await in_db(_set_email, gone_player.user_id, "gone@example.com")
        untimed = await _started(untimed_player)
        busy = await _started(busy_player, turnSeconds=3600)
        gone = await _started(gone_player, turnSeconds=3600)
        notices = await gone_player.socket()
        notice_sub = await notices.subscribe(NOTICES)
        await asyncio.sleep(0.5)

        # when: each closes the match's socket; one goes on over HTTP, two go quiet
        for client, match_id in (
            (untimed_player, untimed),
            (busy_player, busy),
            (gone_player, gone),
        ):
            await _subscribe_and_leave(client, match_id)
        quiet_since = time.monotonic()
        taken = ""
        while time.monotonic() - quiet_since < 60:
            await busy_player.data(ME)
            taken = await in_db(_takeover, gone)
            if taken and time.monotonic() - quiet_since > 3 * GRACE:
                break
            await asyncio.sleep(0.5)
        rows = {
            name: await in_db(_takeover, match_id)
            for name, match_id in (("untimed", untimed), ("busy", busy), ("gone", gone))
        }
        assert rows == {"untimed": "", "busy": "", "gone": "disconnected"}
        told = None
        while told is None or told["type"] != "SEAT_TAKEN_OVER":
            told = await notices.event(notice_sub)
        await notices.close()

        views = {
            name: (await client.data(SEATS, id=match_id))["match"]["seats"][0]
            for name, client, match_id in (
                ("untimed", untimed_player, untimed),
                ("busy", busy_player, busy),
                ("gone", gone_player, gone),
            )
        }
        for client in (untimed_player, busy_player, gone_player):
            await client.close()

    # then: only the quiet player of the timed match lost the seat, and was told
    assert taken == "disconnected"
    assert views["gone"]["controller"] == "TAKEOVER" and views["gone"]["botPlaying"]
    assert views["gone"]["takeoverReason"] == "DISCONNECTED"
    assert views["gone"]["controllerSince"] is not None
    assert told["matchId"] == gone and told["payload"]["reason"] == "DISCONNECTED"
    assert told["__typename"] == "SeatTakenOver" and told["kind"] == "SEAT_TAKEN_OVER"
    assert (told["seat"], told["reason"], told["bot"]) == (0, "DISCONNECTED", "MEDIUM")
    assert told["since"] is not None
    # A notice too: pushed to their devices, and an item of their next e-mail digest.
    deadline = time.monotonic() + 60
    while not await in_db(_told, gone_player.user_id):
        assert time.monotonic() < deadline, "no SEAT_TAKEN_OVER notice"
        await asyncio.sleep(0.2)
    for name in ("untimed", "busy"):
        assert views[name]["controller"] == "PLAYER", views
        assert not views[name]["botPlaying"] and views[name]["takeoverReason"] is None

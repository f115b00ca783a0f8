"""Bots and the clock end to end (issue 6): a person plays over the real API against
three bots run by a real worker, the bots' moves arriving as events; and a worker
killed while it holds a turn's deadline, which a new worker and beat's sweeper still
apply, once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from asgiref.sync import sync_to_async

from engine.actions import action_to_dict
from engine.policy import choose
from matches import services
from matches.models import Match, MatchEvent
from matches.presence import presence_key
from matches.selectors import MatchView
from tests.e2e.conftest import (
    CREATE,
    MATCH,
    MATCH_EVENTS,
    START,
    play,
    register,
    result_of,
)
from tests.server.game_workers import (
    Processes,
    game_env,
    game_processes,
    settings_for,
    wait_for,
)

WAIT = 240.0  # a bound on waiting on a slow machine


@pytest.fixture
def procs(postgres: dict[str, Any], redis_url: str, tmp_path: Path) -> Iterator[Processes]:
    with game_processes(postgres, redis_url, tmp_path) as group:
        yield group


async def test_a_person_plays_three_bots_over_the_api_to_the_end(
    postgres: dict[str, Any], redis_url: str, procs: Processes
) -> None:
    from tests.conftest import start_asgi_server

    env = game_env(postgres, redis_url, procs.queue, procs.workdir / "mail")
    names = ("GAME_TASK_QUEUE", "BOT_THINK_SECONDS", "PRESENCE_HEARTBEAT_SECONDS",
             "PRESENCE_GRACE_SECONDS")  # fmt: skip
    server_env = {k: env[k] for k in names}
    with start_asgi_server(postgres, redis_url, **server_env) as server:
        # given
        me = await register(server, "human")
        created = result_of(
            await me.data(
                CREATE,
                input={
                    "ruleset": "robbers",
                    "options": {"rounds": 1, "hand_size": 7},
                    "seats": 4,
                    "bots": ["EASY", "MEDIUM", "HARD"],
                },
            )
        )
        assert created["__typename"] == "Match", created
        match_id = created["id"]
        sock = await me.socket()
        sub = await sock.subscribe(MATCH_EVENTS, id=match_id)
        await asyncio.sleep(0.5)  # subscribed before the first move
        started = result_of(await me.data(START, id=match_id))
        assert started["__typename"] == "Match", started
        my_seat = started["mySeat"]
        presence = redis.Redis.from_url(redis_url)
        row = await sync_to_async(Match.objects.get)(public_id=match_id)
        assert presence.hget(presence_key(row.pk), str(me.user_id)) is not None
        presence.close()

        # when: the person plays (the engine's simple policy) whenever on turn
        events: list[dict[str, Any]] = []

        async def listen() -> None:
            while True:
                event = await sock.event(sub, timeout=WAIT)
                if event is None:
                    return
                events.append(event)
                if event["type"] == "MATCH_ENDED":
                    return

        listener = asyncio.create_task(listen())
        deadline = time.monotonic() + WAIT
        while not listener.done():
            assert time.monotonic() < deadline, "the match did not end"
            match = (await me.data(MATCH, id=match_id))["match"]
            view = match["view"]
            if match["status"] == "FINISHED":
                break
            if view and view.get("legal") and view["onTurn"] == my_seat:
                action = action_to_dict(choose(view))
                result = await play(me, match_id, action, match["turn"]["number"])
                assert result["__typename"] == "Match" or result["code"] in (
                    "STALE_TURN",
                    "NOT_YOUR_TURN",
                ), result
            else:
                await asyncio.sleep(0.2)
        await asyncio.wait_for(listener, WAIT)
        await sock.close()
        await me.close()

    # then: the bots' moves came as events, in order, up to the end
    seqs = [e["seq"] for e in events]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    assert events[-1]["type"] == "MATCH_ENDED"
    bot_moves = [
        e
        for e in events
        if e["type"] in ("TURN_COMMITTED", "CARD_DRAWN") and e["payload"].get("seat") != my_seat
    ]
    assert {e["payload"]["seat"] for e in bot_moves} == {0, 1, 2, 3} - {my_seat}


@pytest.mark.django_db(transaction=True)
def test_a_deadline_held_by_a_killed_worker_is_applied_once_by_the_sweeper(
    postgres: dict[str, Any], redis_url: str, tmp_path: Path, settings: Any
) -> None:
    from accounts.models import User
    from config.celery import app

    with game_processes(postgres, redis_url, tmp_path, worker=False, beat=False) as group:
        for name, value in settings_for(group.queue, tmp_path / "mail").items():
            setattr(settings, name, value)
        doomed = group.worker("doomed")
        # given: a live turn whose expiry task the worker holds (an ETA task)
        a, b = (User.objects.create_user(f"crash{i}", password="pw-unused-1") for i in range(2))
        created = services.match_create(user=a, ruleset_name="robbers", seats=2, turn_seconds=5)
        assert isinstance(created, MatchView)
        services.match_join(match_id=created.id, user=b)
        services.match_start(match_id=created.id, user=a)
        turn = Match.objects.get(pk=created.id).turn

        def held() -> bool:
            scheduled = app.control.inspect(destination=[doomed], timeout=1).scheduled() or {}
            return any(
                entry["request"]["name"] == "matches.expire_turn"
                for entries in scheduled.values()
                for entry in entries
            )

        wait_for("the worker to hold the expiry", held, 30)

        # when: it is killed outright, and a new worker and beat start
        group.kill(doomed)
        group.worker("survivor")
        group.beat()

        # then
        def expired() -> int:
            return MatchEvent.objects.filter(
                match_id=created.id, type="TURN_EXPIRED", public__turn=turn
            ).count()

        wait_for(f"the expiry\n{group.logs()}", expired, 90)
        time.sleep(3)  # later sweeps, the survivor's own tasks: still once
        assert expired() == 1

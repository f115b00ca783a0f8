"""A hung Redis does not hold a move's answer (issue 14, faults 2): the move commits and
is answered although nothing after the commit (publish, task queueing) can reach Redis;
once Redis answers again, a client resuming with ``after`` gets the move from the log."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tests.conftest import start_asgi_server
from tests.deploy.cluster import RedisServer
from tests.e2e.conftest import DRAW, MATCH_EVENTS, new_match, register, result_of

ANSWER_BOUND = 15.0  # seconds; far above the after-commit bound, far below a hang


async def test_a_move_is_answered_while_redis_hangs_and_the_log_repairs_the_lost_publish(
    postgres: dict[str, Any], own_redis: RedisServer
) -> None:
    with start_asgi_server(postgres, own_redis.url) as server:
        a = await register(server, "hung")
        b = await register(server, "hung")
        started = await new_match(a, [b])
        match_id, turn = started["id"], started["turn"]["number"]
        mover = a if started["turn"]["seat"] == started["mySeat"] else b
        last_seq = started["lastSeq"]

        # when: Redis stops answering, and the player on turn draws
        own_redis.freeze()
        try:
            began = time.monotonic()
            moved = result_of(
                await asyncio.wait_for(
                    mover.data(DRAW, id=match_id, turn=turn, source="STOCK"), ANSWER_BOUND
                )
            )
            elapsed = time.monotonic() - began
        finally:
            own_redis.thaw()

        # then: it was answered, and stored
        assert moved["__typename"] == "Match", moved
        assert moved["lastSeq"] > last_seq
        assert elapsed < ANSWER_BOUND
        # and a client resuming with `after` gets the move from the event log
        watcher = b if mover is a else a
        sock = await watcher.socket()
        try:
            sub = await sock.subscribe(MATCH_EVENTS, id=match_id, after=last_seq)
            seen = []
            while not seen or seen[-1]["seq"] < moved["lastSeq"]:
                event = await sock.event(sub)
                assert event is not None
                seen.append(event)
            assert [e["seq"] for e in seen] == list(range(last_seq + 1, moved["lastSeq"] + 1))
            assert any(e["type"] == "DREW" or "DRAW" in e["type"] for e in seen), seen
        finally:
            await sock.close()
            await a.close()
            await b.close()

"""A burst of websocket subscriptions in one web process waits for Redis connections
instead of failing (issue 12's bench: "the channel layer is unreachable (Too many
connections): closing the socket" at 32 subscribers per match).

redis-py 8's asyncio pool holds at most 100 connections and raises at once when they
are all in use. The Channels layer and presence shared such a pool per process: 160
sockets of one process joining their groups together got some of them closed. Real
Redis; the burst is 300 operations at once on one event loop.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from matches import presence
from tests.server.test_layer_read import _layer

BURST = 300


class _User:
    is_authenticated = True

    def __init__(self, pk: int) -> None:
        self.pk = pk


@pytest.mark.usefixtures("redis_url")
def test_a_burst_of_group_joins_all_succeed() -> None:
    # given: one process's layer, and many consumers joining groups at the same moment
    layer = _layer()

    async def run() -> list[Any]:
        channels = [await layer.new_channel() for _ in range(BURST)]
        try:
            joins = [layer.group_add(f"burst-{i % 10}", c) for i, c in enumerate(channels)]
            # when
            return await asyncio.gather(*joins, return_exceptions=True)
        finally:
            await layer.flush()

    results = asyncio.run(run())

    # then: every join went through
    failed = [r for r in results if isinstance(r, BaseException)]
    assert not failed, f"{len(failed)} of {BURST} joins failed: {failed[0]!r}"


@pytest.mark.usefixtures("redis_url")
def test_a_burst_of_presence_beats_are_all_recorded(caplog: pytest.LogCaptureFixture) -> None:
    # given: many subscriptions of one process starting at once
    async def watch(user_id: int) -> None:
        async with presence.attending(77, _User(user_id)):
            pass

    async def run() -> None:
        await asyncio.gather(*(watch(i) for i in range(1, BURST + 1)))

    # when
    asyncio.run(run())

    # then: each recorded its presence; none was dropped for want of a connection
    assert "not recorded" not in caplog.text, caplog.text[:500]
    seen = presence.last_seen([(77, i) for i in range(1, BURST + 1)])
    assert len(seen) == BURST

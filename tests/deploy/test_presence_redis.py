"""Presence (T-TAKEOVER) against Redis: one connection pool per process and event loop,
and a short wait for a Redis that does not answer (issue 12).

``matches.presence.touch`` runs in every operation of a signed-in user (at most once per
heartbeat interval and user) and ``attending`` for every match subscription. Each built
a client of its own: a new TCP connection and its handshake for every touch and every
subscription, about 4% of the web process's CPU at 20 turns/s (py-spy). And against a
Redis that accepts connections but does not answer, each of them held its operation or
its subscription for redis-py's default timeout of 5 s. A Redis of the test's own, so
that no other process's connections are counted and it may be frozen."""

from __future__ import annotations

import asyncio
import itertools
import time
from types import SimpleNamespace
from typing import Any

import pytest
import redis

from matches import presence
from tests.deploy.cluster import RedisServer

BOUND = 10.0  # seconds: a bound on waiting for what should not hang at all
HELD = 3 * presence.TIMEOUT_SECONDS  # what a touch may hold its request, with slack
_ids = itertools.count(7_000_001)


def _connections(url: str) -> int:
    client = redis.Redis.from_url(url)
    try:
        return int(client.info("stats")["total_connections_received"])
    finally:
        client.close()


def _user() -> Any:
    return SimpleNamespace(pk=next(_ids), is_authenticated=True)


async def test_touches_and_subscriptions_share_one_connection(
    settings: Any, own_redis: RedisServer
) -> None:
    settings.REDIS_URL = own_redis.url
    before = _connections(own_redis.url)

    # when: twenty users make a request each, and three subscriptions start and end
    users = [_user() for _ in range(20)]
    for user in users:
        await presence.touch(user.pk)
    for user in users[:3]:
        async with presence.attending(42, user):
            pass

    # then: everything was recorded ...
    probe = redis.Redis.from_url(own_redis.url)
    try:
        seen = [probe.get(presence.seen_key(u.pk)) for u in users]
        attended = probe.hgetall(presence.presence_key(42))
    finally:
        probe.close()
    assert all(seen), seen
    assert set(attended) == {str(u.pk).encode() for u in users[:3]}
    # ... through one connection: the pool's, beside the probe's and this count's own
    # (each touch and subscription made one of its own: 25 and these two)
    assert _connections(own_redis.url) - before <= 3


async def test_a_touch_against_a_hung_redis_gives_up_after_its_timeout(
    settings: Any, own_redis: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    settings.REDIS_URL = own_redis.url
    await presence.touch(_user().pk)  # the pool holds an open connection now
    own_redis.freeze()
    waits = []
    try:
        # when: a user's request records presence while Redis answers nothing, and then
        # two at once (a second connection is needed)
        for touches in ([_user().pk], [_user().pk, _user().pk]):
            began = time.monotonic()
            await asyncio.wait_for(asyncio.gather(*map(presence.touch, touches)), BOUND)
            waits.append(time.monotonic() - began)
    finally:
        own_redis.thaw()
    # then: each gave up after the presence timeout (best effort, a warning), where it
    # held its request for redis-py's default 5 s before
    assert max(waits) < HELD, waits
    assert caplog.text.count("not recorded as presence") == 3


async def test_a_subscription_against_a_hung_redis_is_held_no_longer_than_its_timeout(
    settings: Any, own_redis: RedisServer
) -> None:
    settings.REDIS_URL = own_redis.url
    own_redis.freeze()
    try:
        began = time.monotonic()

        async def subscribe() -> None:
            async with presence.attending(43, _user()):
                pass

        # when: a match subscription starts and ends while Redis answers nothing
        await asyncio.wait_for(subscribe(), BOUND)
        elapsed = time.monotonic() - began
    finally:
        own_redis.thaw()
    # then: its first and its last beat each gave up after the presence timeout
    assert elapsed < 2 * HELD

"""Who is watching a live match: websocket presence per match and user, in Redis.

Each ``matchEvents`` subscription of a signed-in user writes the time into the hash
``rummy:presence:<match id>`` (field: the user id) when it starts, every
``PRESENCE_HEARTBEAT_SECONDS`` while it runs and when it ends, so the field holds when
the user was last connected to the match (several sockets: the latest of them). A user
with no field never subscribed (an HTTP-only client) and is never judged disconnected.
Redis trouble never breaks a subscription: presence is then simply not recorded.

Any authenticated request counts as being there too (T-TAKEOVER: "no open subscription
and no request"): :func:`touch` writes the time into ``rummy:seen:<user id>`` (the API
calls it for every operation of a signed-in user, at most once per heartbeat interval
and process), and :func:`last_seen` takes the later of the two.

Whether a user is watching a match *now* (the notices' "away" rule: a "your turn" push
goes only to a player with no live subscription on the match) is kept apart, per
subscription: each writes its beat into the hash ``rummy:watching:<match id>:<user id>``
under a field of its own and deletes the field when it ends; :func:`watching` counts
a field whose beat is recent (a subscription of a process that died stops beating and
ages out within two beats).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import AsyncIterator, Sequence
from typing import Any

from django.conf import settings

from matches import aredis

log = logging.getLogger(__name__)

KEY_TTL_SECONDS = 7 * 86_400


def presence_key(match_id: int) -> str:
    return f"rummy:presence:{match_id}"


def seen_key(user_id: int) -> str:
    return f"rummy:seen:{user_id}"


def online_key(user_id: int) -> str:
    # A myEvents subscription's heartbeat: online for followers (me.following), and
    # apart from seen_key, which T-TAKEOVER reads (a notices socket is not being at a
    # match: a player gone from a timed match loses the seat all the same).
    return f"rummy:online:{user_id}"


def watching_key(match_id: int, user_id: int) -> str:
    return f"rummy:watching:{match_id}:{user_id}"


def heartbeat_interval() -> float:
    # Several beats within the grace period, whatever the two settings say.
    return float(min(settings.PRESENCE_HEARTBEAT_SECONDS, settings.PRESENCE_GRACE_SECONDS / 3))


_touched: dict[int, float] = {}

# How long presence waits for Redis (the shared loop client's bound): a touch holds its
# request this much at most when Redis hangs, once per heartbeat interval and user.
TIMEOUT_SECONDS = aredis.TIMEOUT_SECONDS
_client = aredis.loop_client


async def touch(user_id: int) -> None:
    """Record that ``user_id`` made a request now (best effort, throttled per process)."""
    now = time.time()
    if now - _touched.get(user_id, 0.0) < heartbeat_interval():
        return
    if len(_touched) > 100_000:  # bounded: forget everyone rather than grow
        _touched.clear()
    _touched[user_id] = now
    try:
        await _client().set(seen_key(user_id), repr(now), ex=KEY_TTL_SECONDS)
    except Exception as exc:  # presence is best effort
        log.warning("request of user %s not recorded as presence: %s", user_id, exc)


@contextlib.asynccontextmanager
async def attending(match_id: int, user: Any) -> AsyncIterator[None]:
    """Record ``user``'s presence in ``match_id`` while the block runs (no-op for an
    anonymous viewer)."""
    user_id = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    if user_id is None:
        yield
        return
    client = _client()
    key = presence_key(match_id)
    live = watching_key(match_id, user_id)
    socket_id = uuid.uuid4().hex
    interval = heartbeat_interval()

    async def beat(*, final: bool = False) -> None:
        try:
            # One round trip: the fields and the keys' expiry together.
            now = repr(time.time())
            pipe = client.pipeline(transaction=False)
            pipe.hset(key, str(user_id), now)
            pipe.expire(key, KEY_TTL_SECONDS)
            if final:
                pipe.hdel(live, socket_id)
            else:
                pipe.hset(live, socket_id, now)
                pipe.expire(live, max(1, int(3 * interval)))
            await pipe.execute()
        except Exception as exc:  # presence is best effort
            log.warning("presence of user %s in match %s not recorded: %s", user_id, match_id, exc)

    async def heartbeat() -> None:
        task = asyncio.current_task()
        while True:
            await asyncio.sleep(interval)
            await beat()
            # redis-py can swallow a cancel that arrives with a reply (redis-py issue
            # 2028: the read returns, the CancelledError is gone); this loop would then
            # outlive its block.
            if task is not None and task.cancelling():
                raise asyncio.CancelledError

    await beat()
    task = asyncio.create_task(heartbeat())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await beat(final=True)


def last_seen(pairs: Sequence[tuple[int, int]]) -> dict[tuple[int, int], float]:
    """When each (match id, user id) was last there (subscribed to the match, or any
    request), for those ever seen."""
    if not pairs:
        return {}
    import redis

    client = redis.Redis.from_url(settings.REDIS_URL)
    try:
        pipe = client.pipeline(transaction=False)
        for match_id, user_id in pairs:
            pipe.hget(presence_key(match_id), str(user_id))
            pipe.get(seen_key(user_id))
        values = pipe.execute()
    finally:
        client.close()
    out: dict[tuple[int, int], float] = {}
    for i, pair in enumerate(pairs):
        times = [float(v) for v in values[2 * i : 2 * i + 2] if v]
        if times:
            out[pair] = max(times)
    return out


@contextlib.asynccontextmanager
async def online(user: Any) -> AsyncIterator[None]:
    """While the block runs (a ``myEvents`` subscription), ``user`` counts as online for
    ``me.following`` (``online_key``, every heartbeat); not as present at a match."""
    user_id = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    if user_id is None:
        yield
        return

    async def beat() -> None:
        while True:
            try:
                await _client().set(online_key(user_id), repr(time.time()), ex=KEY_TTL_SECONDS)
            except Exception as exc:  # presence is best effort
                log.warning("user %s not recorded as online: %s", user_id, exc)
            await asyncio.sleep(heartbeat_interval())

    task = asyncio.create_task(beat())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def seen_at(user_ids: Sequence[int]) -> dict[int, float]:
    """When each of ``user_ids`` was last seen (a request, or a ``myEvents``
    subscription's heartbeat), for those seen in the last week; {} if Redis is away."""
    if not user_ids:
        return {}
    import redis

    client = redis.Redis.from_url(settings.REDIS_URL)
    try:
        values = client.mget([key(u) for key in (seen_key, online_key) for u in user_ids])
    except Exception as exc:  # presence is best effort
        log.warning("presence could not be read: %s", exc)
        return {}
    finally:
        client.close()
    out: dict[int, float] = {}
    for u, seen, online in zip(
        user_ids, values[: len(user_ids)], values[len(user_ids) :], strict=True
    ):
        times = [float(v) for v in (seen, online) if v]
        if times:
            out[u] = max(times)
    return out


def watching(match_id: int, user_id: int, now: float | None = None) -> bool:
    """Whether ``user_id`` has a live ``matchEvents`` subscription on ``match_id`` (one
    that beat within two heartbeat intervals). Redis trouble counts as not watching: a
    notice too many beats a missed turn."""
    import redis

    client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2)
    try:
        beats = client.hvals(watching_key(match_id, user_id))
    except Exception as exc:
        log.warning("could not read whether user %s watches match %s: %s", user_id, match_id, exc)
        return False
    finally:
        client.close()
    fresh = (now if now is not None else time.time()) - 2 * heartbeat_interval() - 1
    return any(float(b) >= fresh for b in beats)

"""The process's asyncio Redis client for the running event loop: presence
(``matches.presence``) and the API's rate limits (``api.limits``) share it.

An asyncio client belongs to the loop it connects on, so one is kept per loop and URL:
a web process runs one loop, and a change of loop (tests) or URL builds a new one. A
client built per use paid a new connection and its handshake each time, about 4% of a
web process's CPU at 20 turns/s (issue 12).
"""

from __future__ import annotations

import asyncio
from typing import Any

from django.conf import settings

# How long a command waits for Redis, connecting or for an answer. Its callers are best
# effort (presence is not recorded, a limit not counted) and hold a request or a
# subscription meanwhile: a Redis that hangs costs them this much, not redis-py's
# default of 5 s.
TIMEOUT_SECONDS = 1.0
POOL_CONNECTIONS = 100  # connections of the client's pool

_client_of: tuple[asyncio.AbstractEventLoop, str, Any] | None = None


def loop_client() -> Any:
    """The client of the running loop and ``settings.REDIS_URL``."""
    global _client_of
    loop = asyncio.get_running_loop()
    url = settings.REDIS_URL
    kept = _client_of
    if kept is not None and kept[0] is loop and kept[1] == url:
        return kept[2]
    import redis.asyncio as aioredis

    # redis-py 8's default pool raises at once when its 100 connections are in use (a
    # burst of subscriptions starting together lost their beats); this one waits for a
    # connection, within the same bound.
    pool = aioredis.BlockingConnectionPool.from_url(
        url,
        max_connections=POOL_CONNECTIONS,
        timeout=TIMEOUT_SECONDS,
        socket_connect_timeout=TIMEOUT_SECONDS,
        socket_timeout=TIMEOUT_SECONDS,
    )
    client = aioredis.Redis(connection_pool=pool)
    # A replaced client is left to the collector: a command of its own loop may still
    # be running on it.
    _client_of = (loop, url, client)
    return client

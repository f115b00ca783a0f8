"""The Celery broker transport: kombu's Redis transport, made to survive a Redis restart.

kombu 5.7 / celery 5.7 (the newest releases) crash a worker whose connection to Redis
breaks while it holds unacknowledged messages (ETA tasks, such as a turn's expiry):
celery's consumer first ``collect()``s the broken connection, which detaches the
transport (``transport.client = None``) but leaves the channel open when closing it
failed on the dead socket; then it ``close()``s the connection, and closing that
channel again tries to restore the unacknowledged messages through a new client built
from ``transport.client``: ``AttributeError: 'NoneType' object has no attribute
'hostname'``, which ``ignore_errors`` does not catch, and the worker stops
("Unrecoverable error"). See celery/kombu#970 and #582 for the same crash in older
releases; no released version fixes this path.

Here a channel whose transport is detached answers with a connection error instead,
which celery ignores as it should: the worker reconnects when Redis is back. The
messages it could not restore stay in Redis's unacked set (restored after the
visibility timeout) or were lost with Redis; the deadline sweeper (matches.deadlines)
applies every deadline and bot turn whose task was lost.

With the fast paths (``broker_client``), a channel also keeps the one synchronous Redis
client it publishes through: kombu builds a new ``redis.Redis`` (on the channel's same
connection pool) for every publish, and building one copies its response-callback table,
a fifth of a task send's CPU (issue 12, about 0.3 ms a task). The client is rebuilt
whenever the channel's pool is (after a reconnect), so it never outlives the connections
it was made for.
"""

from __future__ import annotations

from typing import Any

import redis
from kombu.transport import redis as kombu_redis

from config import fast_paths


# kombu ships no type hints: its methods are untyped calls (the ignores below).
class Channel(kombu_redis.Channel):
    def _connparams(self, asynchronous: bool = False) -> Any:
        if self.connection is None or self.connection.client is None:
            raise redis.exceptions.ConnectionError("the broker connection is closed")
        return super()._connparams(asynchronous=asynchronous)  # type: ignore[no-untyped-call]

    _sync_client: Any = None

    def _create_client(self, asynchronous: bool = False) -> Any:
        if asynchronous or not fast_paths.chosen("broker_client"):
            return super()._create_client(asynchronous=asynchronous)  # type: ignore[no-untyped-call]
        pool = self.pool  # a new pool after a reconnect (or the error above)
        client = self._sync_client
        if client is None or client.connection_pool is not pool:
            # A Redis client holds no connection of its own: each command takes one
            # from the pool, so one client serves every publish of the channel.
            client = self._sync_client = super()._create_client()  # type: ignore[no-untyped-call]
        return client


class Transport(kombu_redis.Transport):
    Channel = Channel

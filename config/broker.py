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
"""

from __future__ import annotations

from typing import Any

import redis
from kombu.transport import redis as kombu_redis


# kombu ships no type hints: its methods are untyped calls (the ignore below).
class Channel(kombu_redis.Channel):
    def _connparams(self, asynchronous: bool = False) -> Any:
        if self.connection is None or self.connection.client is None:
            raise redis.exceptions.ConnectionError("the broker connection is closed")
        return super()._connparams(asynchronous=asynchronous)  # type: ignore[no-untyped-call]


class Transport(kombu_redis.Transport):
    Channel = Channel

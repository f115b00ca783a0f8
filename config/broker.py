"""The Celery broker transport: kombu's Redis transport, made to survive a Redis restart
and a hung Redis.

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

An acknowledgement that fails on the connection (a hung Redis: the ack's pipeline times
out, "Couldn't ack ..., reason: network:TimeoutError") left the message counted against
the channel's prefetch limit for good: kombu's Redis QoS marks a message settled only
after its pipeline succeeded. With a prefetch of one per pool process, two such acks and
the worker never asked Redis for work again, alive and idle (issue 26; kombu 5.7.0 has no
fix, celery/celery#10205 and #8030 report the same silence). Here a failed ack (or
reject) still settles the message in the worker, so its slot is free at once, and what
it should have changed in Redis (the message's entry in the unacked index) is done when
Redis answers again: with the next ack, or at the periodic restore of the unacked index,
whichever comes first. Until then a message whose ack was lost could only come back
after the visibility timeout (an hour); every task here is idempotent.
"""

from __future__ import annotations

from typing import Any

import redis
from kombu.transport import redis as kombu_redis
from kombu.transport import virtual


# kombu ships no type hints: its methods are untyped calls (the ignores below).
class QoS(kombu_redis.QoS):
    """kombu's Redis QoS whose acks and rejects free the prefetch slot even when Redis
    does not answer (see the module notes)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[no-untyped-call]
        # delivery tag -> requeue: settled here, not yet in Redis
        self.unsettled: dict[Any, bool] = {}

    def ack(self, delivery_tag: Any) -> None:
        try:
            super().ack(delivery_tag)  # type: ignore[no-untyped-call]
        except self.channel.connection_errors:
            self._settle_here(delivery_tag, requeue=False)
            raise
        self.settle_in_redis()

    def reject(self, delivery_tag: Any, requeue: bool = False) -> None:
        try:
            super().reject(delivery_tag, requeue=requeue)  # type: ignore[no-untyped-call]
        except self.channel.connection_errors:
            self._settle_here(delivery_tag, requeue=requeue)
            raise
        self.settle_in_redis()

    def _settle_here(self, delivery_tag: Any, requeue: bool) -> None:
        self.unsettled[delivery_tag] = requeue
        virtual.QoS.ack(self, delivery_tag)  # type: ignore[no-untyped-call]  # the slot only

    def settle_in_redis(self) -> None:
        """Apply the acks and rejects Redis missed; raises the connection error of the
        first one that fails again (the rest wait for the next call)."""
        while self.unsettled:
            tag, requeue = next(iter(self.unsettled.items()))
            if requeue:
                self.restore_by_tag(tag, leftmost=True)  # type: ignore[no-untyped-call]
            else:
                self._remove_from_indices(tag).execute()  # type: ignore[no-untyped-call]
            del self.unsettled[tag]

    def restore_visible(self, *args: Any, **kwargs: Any) -> Any:
        # Called by the event loop every few seconds: first what Redis missed, so that a
        # message acknowledged here is never restored for a second delivery.
        self.settle_in_redis()
        return super().restore_visible(*args, **kwargs)  # type: ignore[no-untyped-call]


class Channel(kombu_redis.Channel):
    QoS = QoS

    def _connparams(self, asynchronous: bool = False) -> Any:
        if self.connection is None or self.connection.client is None:
            raise redis.exceptions.ConnectionError("the broker connection is closed")
        return super()._connparams(asynchronous=asynchronous)  # type: ignore[no-untyped-call]


class Transport(kombu_redis.Transport):
    Channel = Channel

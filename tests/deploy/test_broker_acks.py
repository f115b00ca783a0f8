"""An acknowledgement lost to a hung Redis frees the consumer's prefetch slot at once and
reaches Redis once it answers again (issue 26, config/broker.py). Before, kombu kept the
message counted as unacknowledged for good: with a prefetch of one, the consumer never
fetched again ("Couldn't ack ..., reason: network:TimeoutError", then silence)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from kombu import Connection, Exchange, Queue

from tests.deploy.cluster import RedisServer

QUEUE = Queue("acks-under-a-hang", Exchange("acks-under-a-hang"), "acks")


@pytest.fixture
def connection(own_redis: RedisServer) -> Iterator[Connection]:
    conn = Connection(
        own_redis.url,
        transport="config.broker:Transport",
        transport_options={"socket_timeout": 0.5, "socket_connect_timeout": 0.5},
    )
    try:
        yield conn
    finally:
        own_redis.thaw()
        conn.release()


def receive_one(conn: Connection, channel: Any) -> Any:
    got: list[Any] = []
    with conn.Consumer(QUEUE, channel=channel, callbacks=[lambda _b, m: got.append(m)]):
        while not got:
            conn.drain_events(timeout=10)
    return got[0]


def test_a_failed_ack_frees_the_prefetch_slot_and_is_applied_when_redis_answers(
    own_redis: RedisServer, connection: Connection
) -> None:
    channel = connection.channel()
    channel.basic_qos(0, 1, False)
    with connection.Producer(channel=channel) as producer:
        producer.publish({"n": 1}, exchange=QUEUE.exchange, routing_key="acks", declare=[QUEUE])
    message = receive_one(connection, channel)
    assert not channel.qos.can_consume()  # the one slot is taken
    client = channel.client

    # when: Redis hangs while the message is acknowledged
    own_redis.freeze()
    with pytest.raises(channel.connection_errors):
        message.ack()

    # then: the slot is free again at once
    assert channel.qos.can_consume()
    assert channel.qos.unsettled  # what Redis may have missed, kept to be done again
    # and once Redis answers (the hung server may run the lost pipeline itself when it
    # resumes: doing it again changes nothing), the message is acknowledged there too
    own_redis.thaw()
    channel.qos.restore_visible()  # the event loop calls it every few seconds
    assert not channel.qos.unsettled
    assert client.hlen(channel.unacked_key) == 0
    assert client.zcard(channel.unacked_index_key) == 0
    # and the message is not delivered a second time
    assert client.llen(QUEUE.name) == 0


def test_a_later_ack_also_applies_the_one_redis_missed(
    own_redis: RedisServer, connection: Connection
) -> None:
    channel = connection.channel()
    channel.basic_qos(0, 1, False)
    with connection.Producer(channel=channel) as producer:
        for n in range(2):
            producer.publish({"n": n}, exchange=QUEUE.exchange, routing_key="acks", declare=[QUEUE])
    first = receive_one(connection, channel)
    own_redis.freeze()
    with pytest.raises(channel.connection_errors):
        first.ack()
    own_redis.thaw()

    # when: the next message is received (the freed slot) and acknowledged
    second = receive_one(connection, channel)
    second.ack()

    # then: neither is left unacknowledged in Redis
    assert channel.client.hlen(channel.unacked_key) == 0

"""The Channels layer: channels_redis's RedisChannelLayer, with cancellation kept, one
round trip per message read, and sends to several groups in two round trips.

A consumer that ends (its client went away, the server shuts down) cancels its pending
``receive``. In a process, one receive at a time holds the layer's lock and reads the
process's Redis list for everybody (a blocking BZPOPMIN, ``brpop_timeout`` seconds at a
time), and redis-py's asyncio client can swallow a cancellation that arrives just as a
reply does (redis-py issue 2028: the read returns, the CancelledError is gone). The
receive then goes on reading, 5 s at a time, for a channel nobody will ever send to
again: the consumer never ends, its socket's task never finishes, and uvicorn's
graceful shutdown waits for it forever (seen under bench/api_bench.py: a web worker that
did not exit on SIGTERM, its presence heartbeats still running after its Redis was gone).

Here every read of the layer checks, after it returns, whether its task was asked to
stop (``Task.cancelling()``, Python 3.11) and then stops. A message read at that moment
may be for another consumer of the process: it is put back where it was in the channel,
for the next read.

channels_redis reads a message in four round trips: move its backup set back into the
channel, BZPOPMIN, add the message to the backup set, and (once it is delivered) remove it
from there. The backup guards the moment between the pop and the delivery, which is the
moment checked above; the process's channel is its own, so nobody else reads a backup
either. Here a read is the BZPOPMIN alone: 0.9 ms of a web process's CPU per message,
was 1.5 ms, and a move is read by every web process with a subscriber of its match
(issue 12).

A move publishes its events to the match's group and its notices to users' groups, from
the publisher thread (matches.publishing). channels_redis's ``group_send`` takes four
round trips to Redis per group (drop expired members, read the members, drop expired
messages, add the message), each a write, a wait and a read through an asyncio event
loop of that thread's own: a move's publish cost about 2.5 ms of CPU and 3.6 ms of the
answer's time on the bench machine (issue 12). :meth:`ChannelLayer.send_to_groups`
sends the same commands, in the same order, in two pipelines on a blocking connection:
all the groups' members first, then all the messages (0.9 ms of CPU, 1.2 ms).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import redis
import redis.asyncio
import redis.sentinel
from channels_redis.core import RedisChannelLayer

log = logging.getLogger(__name__)

SEND_TIMEOUT = 5.0  # seconds a send waits for Redis at most (connect, each reply)

# The asyncio connections of a process's layer (its consumers' group joins and leaves,
# the receive). redis-py 8's pool holds 100 and raises "Too many connections" at once
# when all are in use: 160 sockets of one process subscribing together (bench/api_bench.py,
# 32 subscribers per match) had some closed as "the channel layer is unreachable". This
# pool holds as many, and an operation that finds them all in use waits for one, up to
# POOL_WAIT_SECONDS, then fails as an unreachable Redis does.
POOL_CONNECTIONS = 100
POOL_WAIT_SECONDS = 5.0

# A group join (a socket's revocation group, a subscription's match or user group) waits
# this long for Redis per try, and tries this many times (ChannelLayer.group_add).
JOIN_SECONDS = 2.0
JOIN_TRIES = 3

# channels_redis's own group send script: add the message to each channel under capacity.
_SEND = """
    local over_capacity = 0
    local current_time = ARGV[#ARGV - 1]
    local expiry = ARGV[#ARGV]
    for i=1,#KEYS do
        if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + #KEYS]) then
            redis.call('ZADD', KEYS[i], current_time, ARGV[i])
            redis.call('EXPIRE', KEYS[i], expiry)
        else
            over_capacity = over_capacity + 1
        end
    end
    return over_capacity
"""


def raise_if_cancelled() -> None:
    """Raise CancelledError if the current task was cancelled and the cancellation was
    swallowed on the way (a task that means to go on after a cancel calls uncancel)."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


class ChannelLayer(RedisChannelLayer):  # type: ignore[misc]  # channels_redis is untyped
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._putting_back: set[asyncio.Task[Any]] = set()  # messages going back (below)
        self._sending_clients: dict[int, redis.Redis] = {}  # send_to_groups's, per host

    async def group_add(self, group: str, channel: str) -> None:
        """channels_redis's, each try bounded by ``JOIN_SECONDS``, up to ``JOIN_TRIES``.

        After an outage, a connection of the pool can be stale: closed by a Redis that
        restarted (redis-py's pool sees that before it hands the connection out), or
        half-open, when Redis came back elsewhere behind the same address (a failover, a
        moved pod, a proxy or NAT that lost its state): a command sent on it is never
        answered, and the join waited the socket timeout (30 s, for the receive's
        blocking reads) and then failed, a ``matchEvents`` subscription with "Internal
        server error." (issue 26). A try that fails or times out has its connection
        dropped (redis-py disconnects a connection whose read failed or was cancelled),
        so the next one runs on a fresh connection. Idempotent: a sorted-set add."""
        for tried in range(1, JOIN_TRIES + 1):
            try:
                await asyncio.wait_for(super().group_add(group, channel), JOIN_SECONDS)
                return
            except (TimeoutError, OSError, redis.exceptions.RedisError):
                if tried == JOIN_TRIES:
                    raise
                log.info("joining %s failed on its connection; trying a fresh one", group)

    async def group_discard(self, group: str, channel: str) -> None:
        """channels_redis's, bounded by ``JOIN_SECONDS``: a leave on a half-open
        connection waited the socket timeout (30 s), holding up the consumer's end and a
        graceful shutdown. A membership left behind expires with the group
        (``group_expiry``); the callers log the failure and go on."""
        await asyncio.wait_for(super().group_discard(group, channel), JOIN_SECONDS)

    def create_pool(self, index: int) -> Any:
        host = dict(self.hosts[index])
        if "master_name" in host:  # Sentinel: channels_redis's own pool
            return super().create_pool(index)
        host.setdefault("max_connections", POOL_CONNECTIONS)
        host["timeout"] = POOL_WAIT_SECONDS
        if "address" in host:
            return redis.asyncio.BlockingConnectionPool.from_url(host.pop("address"), **host)
        return redis.asyncio.BlockingConnectionPool(**host)

    async def _brpop_with_clean(self, index: int, channel: str, timeout: int) -> Any:
        connection = self.connection(index)
        popped = await connection.bzpopmin(channel, timeout=timeout)
        if popped is None:
            raise_if_cancelled()
            return None
        _, member, score = popped
        try:
            raise_if_cancelled()
        except asyncio.CancelledError:
            self._put_back(connection.zadd(channel, {member: float(score)}))
            raise
        return member

    async def _clean_receive_backup(self, index: int, channel: str) -> None:
        """Nothing to clean: reads keep no backup set (above)."""

    def _put_back(self, adding: Any) -> None:
        # The cancelled task cannot wait for it: a task of its own, kept until it is done.
        task = asyncio.ensure_future(adding)
        self._putting_back.add(task)
        task.add_done_callback(self._putting_back.discard)

    def send_to_groups(self, sends: Sequence[tuple[str, dict[str, Any]]]) -> None:
        """``group_send(group, message)`` for each pair, in order, from a thread that runs
        no event loop (the publisher's): two round trips per Redis host, on blocking
        connections of this layer's own. A group that fails is logged; the others are
        still sent. A lost connection raises (the caller logs; redis-py reconnects on
        the next send)."""
        groups = list(dict.fromkeys(group for group, _ in sends))
        for group in groups:
            assert self.require_valid_group_name(group), "Group name not valid"
        members: dict[str, list[str]] = {}
        for index, on_host in _by_host(groups, self.consistent_hash).items():
            pipe = self._sending(index).pipeline(transaction=False)
            for group in on_host:
                key = self._group_key(group)
                pipe.zremrangebyscore(key, min=0, max=int(time.time()) - self.group_expiry)
                pipe.zrange(key, 0, -1)
            replies = pipe.execute(raise_on_error=False)
            for group, names in zip(on_host, replies[1::2], strict=True):
                if isinstance(names, Exception):
                    log.error("group send: could not read group %s: %s", group, names)
                else:
                    members[group] = [name.decode("utf8") for name in names]
        calls: dict[int, list[tuple[str, list[str], list[Any]]]] = defaultdict(list)
        for group, message in sends:
            if not members.get(group):
                continue
            keys_on, messages, capacities = self._map_channel_keys_to_connection(
                members[group], message
            )
            for index, keys in keys_on.items():
                args = [messages[key] for key in keys] + [capacities[key] for key in keys]
                calls[index].append((group, keys, args))
        for index, on_host_calls in calls.items():
            pipe = self._sending(index).pipeline(transaction=False)
            now = time.time()
            evals = []
            for order, (_, keys, args) in enumerate(on_host_calls):
                for key in keys:
                    pipe.zremrangebyscore(key, min=0, max=int(now) - int(self.expiry))
                evals.append(len(pipe))
                # A channel is a sorted set by time of sending: a later message of the
                # batch must have a later time, or a channel in two groups could read
                # them in either order (1 µs apart, well within a double's precision).
                at = now + order / 1e6
                pipe.eval(_SEND, len(keys), *keys, *args, at, self.expiry)
            replies = pipe.execute(raise_on_error=False)
            for (group, keys, _), at in zip(on_host_calls, evals, strict=True):
                over = replies[at]
                if isinstance(over, Exception):
                    log.error("group send: could not send to %s: %s", group, over)
                elif over:
                    log.info("%s of %s channels over capacity in group %s", over, len(keys), group)

    def _sending(self, index: int) -> redis.Redis:
        """A blocking client of host ``index`` (one pool per host, shared by threads;
        redis-py starts the pool afresh in a forked child)."""
        client = self._sending_clients.get(index)
        if client is None:
            client = redis.Redis(connection_pool=_blocking_pool(self.hosts[index]))
            self._sending_clients[index] = client
        return client


def _blocking_pool(host: dict[str, Any]) -> redis.ConnectionPool:
    """channels_redis's ``create_pool`` for blocking clients: the same host settings, but
    a send never waits for Redis longer than ``SEND_TIMEOUT`` (the host's socket timeout
    is for the receive's blocking reads)."""
    host = dict(host)
    for name in ("socket_timeout", "socket_connect_timeout"):
        host[name] = min(host.get(name) or SEND_TIMEOUT, SEND_TIMEOUT)
    if "address" in host:
        return redis.ConnectionPool.from_url(host.pop("address"), **host)
    master_name = host.pop("master_name", None)
    if master_name is not None:
        # redis-py's sentinel module has no annotations.
        sentinel = redis.sentinel.Sentinel(  # type: ignore[no-untyped-call]
            host.pop("sentinels"), sentinel_kwargs=host.pop("sentinel_kwargs", None)
        )
        return redis.sentinel.SentinelConnectionPool(  # type: ignore[no-untyped-call]
            master_name, sentinel, **host
        )
    return redis.ConnectionPool(**host)


def _by_host(groups: Sequence[str], host_of: Any) -> dict[int, list[str]]:
    on: dict[int, list[str]] = defaultdict(list)
    for group in groups:
        on[host_of(group)].append(group)
    return on

"""Live events between processes over Redis pub/sub (issue 31). A move's events go out once
per match (:func:`match_topic`), a user's notices and revocations once per user
(:func:`user_topic`), all of a batch in one round trip (:func:`publish`, blocking: the
publisher's thread). A web process holds one pub/sub connection (:class:`Hub`): it
subscribes to a topic for its first local listener and leaves it after the last, and
hands each message, decoded once by the topic's ``wrap``, to every listener (an object
with ``deliver(item)``, which never blocks). Redis is the broker; the hub keeps count.

A listener returns from :meth:`Hub.add` once Redis confirmed the subscription: what it
then reads from the database and what arrives live overlap rather than leave a hole.
When the connection breaks, or stops answering (no word from Redis within
``CONFIRM_TIMEOUT``: half-open), messages may have been lost: every watcher (each socket:
``lost(reason)``) closes with 4503 and its client comes back with ``after``; the next
listener connects anew.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Sequence
from typing import Any

import redis
import redis.asyncio
from django.conf import settings
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry

log = logging.getLogger(__name__)

SEND_TIMEOUT = 5.0  # seconds a publish waits for Redis at most (connect, the reply)
# Seconds a command may go without any word from Redis on the hub's connection: past
# it the connection counts as broken (half-open: Redis came back elsewhere behind the
# same address, and nothing sent on the old connection is ever answered).
CONFIRM_TIMEOUT = 10.0


# The two kinds of message on a user's topic.
USER_EVENT = "user.event"  # a notification: {"type", "event": {type, matchId, payload}}
# A revocation: {"type", "token_id", "token_ids"?}: the tokens listed, else the one
# (None: every token).
REVOKED = "auth.revoked"


HUB_TOPIC = "rummy:hub"  # silent: :meth:`Hub.reachable` keeps the connection with it


def match_topic(public_id: str) -> str:
    return f"rummy:match:{public_id}"


def user_topic(user_id: int) -> str:
    return f"rummy:user:{user_id}"


_clients: dict[str, redis.Redis] = {}


def publish(messages: Sequence[tuple[str, Any]]) -> None:
    """PUBLISH each (topic, JSON-able message), in order, in one round trip. Raises
    RedisError (the caller logs it: publishing is best effort)."""
    url = settings.REDIS_URL
    client = _clients.get(url)
    if client is None:  # redis-py's pool starts afresh in a forked child
        client = _clients[url] = redis.Redis.from_url(
            url, socket_timeout=SEND_TIMEOUT, socket_connect_timeout=SEND_TIMEOUT
        )
    pipe = client.pipeline(transaction=False)
    for topic, message in messages:
        pipe.publish(topic, json.dumps(message, separators=(",", ":")))
    pipe.execute()


class Inbox:
    """A listener whose messages one task reads in order (``async for``, ``get``); also a
    socket's frames, bounded by ``limit`` (``put`` waits): a list and a future, where an
    asyncio.Queue holds four deques and an Event (2.7 KB per idle socket, issue 31)."""

    __slots__ = ("items", "limit", "putter", "waiter")

    def __init__(self, limit: int = 0) -> None:
        self.items: list[Any] = []
        self.limit = limit
        self.waiter: asyncio.Future[None] | None = None  # the reader's
        self.putter: asyncio.Future[None] | None = None  # a writer's, waiting for room

    def deliver(self, item: Any) -> None:
        self.items.append(item)
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    put_nowait = deliver

    async def put(self, item: Any) -> None:
        while self.limit and len(self.items) >= self.limit:
            self.putter = asyncio.get_running_loop().create_future()
            try:
                await self.putter
            finally:
                self.putter = None
        self.deliver(item)

    def __aiter__(self) -> Inbox:
        return self

    async def __anext__(self) -> Any:
        while not self.items:
            self.waiter = asyncio.get_running_loop().create_future()
            try:
                await self.waiter
            finally:
                self.waiter = None
        if self.putter is not None and not self.putter.done():
            self.putter.set_result(None)
        return self.items.pop(0)

    get = __anext__


class _Nobody:
    __slots__ = ()

    def deliver(self, item: Any) -> None:
        pass


_nobody = _Nobody()


class _Topic:
    __slots__ = ("listeners", "ready", "wrap")

    def __init__(self, ready: asyncio.Future[None], wrap: Callable[[bytes], Any]) -> None:
        self.listeners: set[Any] = set()
        self.ready, self.wrap = ready, wrap


class Hub:
    """One pub/sub connection of an event loop and the listeners of its topics."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.topics: dict[str, _Topic] = {}
        self.watchers: set[Any] = set()
        self._pubsub: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()  # commands reach Redis in the order they were made
        self._unconfirmed: dict[str, int] = {}  # commands per topic Redis has not answered
        self._leaving: set[str] = set()  # topics whose last listener left
        self._sweeper: asyncio.Task[None] | None = None
        self._heard = 0.0  # the loop's time of Redis's last word on the connection

    async def add(self, name: str, listener: Any, wrap: Callable[[bytes], Any]) -> None:
        """Add ``listener`` to topic ``name`` once Redis confirmed the subscription. Raises
        RedisError or OSError when Redis cannot be reached."""
        topic = self.topics.get(name)
        if topic is None:
            topic = self.topics[name] = _Topic(asyncio.get_running_loop().create_future(), wrap)
            self._leaving.discard(name)
            topic.listeners.add(listener)
            try:
                await self._command("SUBSCRIBE", [name])
            except BaseException:
                self.discard(name, listener)
                raise
        else:
            topic.listeners.add(listener)
        try:
            await asyncio.shield(topic.ready)
        except BaseException:
            self.discard(name, listener)
            raise

    def discard(self, name: str, listener: Any) -> None:
        """Remove ``listener``; the topic is left soon after its last listener (in one
        command for every topic left meanwhile: a mass disconnect sends one)."""
        topic = self.topics.get(name)
        if topic is None or listener not in topic.listeners:
            return
        topic.listeners.discard(listener)
        if not topic.listeners:
            del self.topics[name]
            if not topic.ready.done():
                topic.ready.cancel()
            self._leaving.add(name)
            if self._sweeper is None and self._pubsub is not None:
                self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        try:
            await asyncio.sleep(0)  # let the others of a burst leave too
            names = [name for name in self._leaving if name not in self.topics]
            self._leaving.clear()
            if names and self._pubsub is not None:
                await self._command("UNSUBSCRIBE", names)
        except (OSError, RedisError):
            pass  # the reader sees the broken connection and tells the watchers
        finally:
            self._sweeper = None

    async def _command(self, command: str, names: list[str]) -> None:
        for name in names:
            self._unconfirmed[name] = self._unconfirmed.get(name, 0) + 1
        async with self._lock:
            if self._pubsub is None:
                self._connect()
            pubsub = self._pubsub
            try:
                await pubsub.execute_command(command, *names)
            except BaseException:
                if self._reader is None:
                    # Never answered (Redis down): no reply of it will come, and the
                    # next command connects anew.
                    for name in names:
                        self._unconfirmed[name] -= 1
                    self._pubsub = None
                    await asyncio.shield(_close(pubsub))
                raise
            loop = asyncio.get_running_loop()
            if self._reader is None:
                self._reader = loop.create_task(self._read(pubsub))
            loop.call_later(CONFIRM_TIMEOUT, self._answered, pubsub, loop.time())

    def _connect(self) -> None:
        # No retries: a broken connection is reported (lost), never silently replaced,
        # since messages published meanwhile would be missing without a word.
        client = redis.asyncio.Redis.from_url(
            self.url, retry=Retry(NoBackoff(), 0), socket_timeout=SEND_TIMEOUT
        )
        self._pubsub = client.pubsub()
        self._unconfirmed = {
            name: count for name, count in self._unconfirmed.items() if name in self.topics
        }

    async def _read(self, pubsub: Any) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                message = await pubsub.parse_response(block=True)
                self._heard = loop.time()
                self._handle(message)
        except (OSError, RedisError) as exc:
            if self._pubsub is pubsub:
                self._lost(f"{type(exc).__name__}: {exc}")
        finally:
            await asyncio.shield(_close(pubsub))

    def _handle(self, message: Any) -> None:
        kind = message[0]
        name = message[1].decode()
        if kind == b"message":
            topic = self.topics.get(name)
            if topic is not None:
                item = topic.wrap(message[2])
                for listener in list(topic.listeners):
                    listener.deliver(item)
        elif kind in (b"subscribe", b"unsubscribe"):
            left = self._unconfirmed.get(name, 1) - 1
            if left > 0:
                self._unconfirmed[name] = left
                return
            self._unconfirmed.pop(name, None)
            topic = self.topics.get(name)
            if kind == b"subscribe" and topic is not None and not topic.ready.done():
                topic.ready.set_result(None)

    def _answered(self, pubsub: Any, sent: float) -> None:
        """``CONFIRM_TIMEOUT`` after a command: if Redis has said nothing on the
        connection since, it is half-open: as if it broke (its reader, blocked on it, is
        stopped and closes it; the next listener connects anew)."""
        if self._pubsub is not pubsub or self._heard >= sent:
            return
        reader = self._reader
        self._lost(f"no answer from Redis in {CONFIRM_TIMEOUT:.0f} s")
        if reader is not None:
            reader.cancel()

    def _lost(self, reason: str) -> None:
        log.info("live events: the Redis connection broke (%s)", reason)
        topics, self.topics = self.topics, {}
        self._pubsub, self._reader, self._unconfirmed = None, None, {}
        self._leaving.clear()
        for topic in topics.values():
            if not topic.ready.done():
                topic.ready.set_exception(ConnectionError(reason))
                topic.ready.exception()  # retrieved: nobody else may be waiting
        for watcher in list(self.watchers):
            watcher.lost(reason)

    async def reachable(self) -> None:
        """Return once the hub's connection stands (at once while it does: its reader
        reports a break), else raise RedisError or OSError: a socket with no topic of
        its own learns at its start whether live events can reach it. The hub then
        keeps a topic of its own, on which nothing is published."""
        if self._reader is None:
            await self.add(HUB_TOPIC, _nobody, bytes)

    async def close(self) -> None:  # tests: a web process simply exits
        reader, self._reader, self._pubsub = self._reader, None, None
        if reader is not None:
            reader.cancel()
            await asyncio.gather(reader, return_exceptions=True)


async def _close(pubsub: Any) -> None:
    with contextlib.suppress(OSError, RedisError):
        await pubsub.aclose()


_hub_of: tuple[asyncio.AbstractEventLoop, Hub] | None = None


def hub() -> Hub:
    """The hub of the running event loop and ``settings.REDIS_URL`` (one per web process;
    tests run a loop each)."""
    global _hub_of
    loop = asyncio.get_running_loop()
    kept = _hub_of
    if kept is not None and kept[0] is loop and kept[1].url == settings.REDIS_URL:
        return kept[1]
    _hub_of = (loop, Hub(settings.REDIS_URL))
    return _hub_of[1]


class listening:
    """``async with listening(topic, listener, wrap):`` the listener takes the topic's
    messages in the block (a class: no async generator left to finalize)."""

    __slots__ = ("hub", "listener", "name", "wrap")

    def __init__(self, name: str, listener: Any, wrap: Callable[[bytes], Any]) -> None:
        self.hub = hub()
        self.name, self.listener, self.wrap = name, listener, wrap

    async def __aenter__(self) -> Any:
        await self.hub.add(self.name, self.listener, self.wrap)
        return self.listener

    async def __aexit__(self, *exc: object) -> None:
        self.hub.discard(self.name, self.listener)

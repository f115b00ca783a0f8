"""The GraphQL websocket consumer: graphql-transport-ws only, authenticated at
connection_init, closed when its token is revoked (its user's topic, ``config.pubsub``)
or when the pub/sub hub's connection breaks (4503), and limited in message size and rate.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Mapping
from contextvars import ContextVar
from typing import Any, cast

from asgiref.typing import WebSocketReceiveEvent
from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.utils import timezone
from redis.exceptions import RedisError
from strawberry.channels import GraphQLWSConsumer
from strawberry.exceptions import ConnectionRejectionError
from strawberry.subscriptions.protocols.graphql_transport_ws.handlers import (
    BaseGraphQLTransportWSHandler,
    Operation,
)
from strawberry.types.unset import UNSET, UnsetType

from api import availability
from api.auth import RequestContext, aauthenticate
from api.limits import NESTED_MESSAGE, WebsocketMessageLimiter, nested_deeper_than
from config import pubsub

log = logging.getLogger(__name__)

CLOSE_BAD_MESSAGE = 4400
CLOSE_FORBIDDEN = 4403
CLOSE_TOO_MANY_MESSAGES = 4429
CLOSE_MESSAGE_TOO_BIG = 1009
# Frames read ahead of the handler; when it is this far behind, reading waits.
INBOX_FRAMES = 256
LISTEN_SECONDS = 2.0  # a try to subscribe to the user's topic waits this long at most
CLOSE_UNAVAILABLE = 4503  # the database or Redis is unreachable: reconnect after a pause
# connection_ack without a payload (strawberry types its UNSET as Any).
NO_ACK_PAYLOAD: UnsetType = UNSET


# The graphql-transport-ws operation whose task is running (its id, query, variables):
# set in the operation's own task, where its resolvers run.
current_operation: ContextVar[Operation[RequestContext, None] | None] = ContextVar(
    "current_operation", default=None
)


class TransportWSHandler(BaseGraphQLTransportWSHandler[RequestContext, None]):
    def forget_id(self, id: str) -> None:
        """An operation the client completed, or that the socket's shutdown cleaned up,
        while its stream was finishing is already gone: strawberry's `del` raised
        KeyError, logged as an ERROR traceback for an ordinary disconnect."""
        self.operations.pop(id, None)

    async def handle_connection_init(self, message: Any) -> None:
        await super().handle_connection_init(message)
        # Mobile networks drop idle connections; a graphql-transport-ws ping now and then
        # keeps NAT entries and proxies open (uvicorn's own ping frames do not reach every
        # proxy's idle timer). One timer of the process pings every acknowledged socket.
        if self.connection_acknowledged and settings.WS_KEEPALIVE_SECONDS > 0:
            _keepalive.add(cast(Any, self.websocket).ws_consumer)

    async def run_operation(self, operation: Operation[RequestContext, None]) -> None:
        current_operation.set(operation)  # this task's context only
        await super().run_operation(operation)


class GraphQLConsumer(GraphQLWSConsumer[RequestContext, None]):
    graphql_transport_ws_handler_class = TransportWSHandler
    user_topic: str | None = None
    token_id: int | None = None
    context: RequestContext | None = None
    expiry: asyncio.TimerHandle | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.limiter = WebsocketMessageLimiter()
        self.closing = False
        self.arrived: float | None = None
        self.sent_window = -1
        self.sent = 0
        self.send_lock = asyncio.Lock()
        self.gone = False  # disconnected: nothing waits for the budget
        self.gone_waiter: asyncio.Future[None] | None = None
        self.hub: pubsub.Hub | None = None
        self.closing_task: asyncio.Task[None] | None = None
        self.accepted = False
        self.lost_early = False  # the hub broke before the handshake was accepted

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """channels' ``AsyncConsumer.__call__`` without a channel layer (live events come
        through ``config.pubsub``), reading the socket eagerly and stamping each frame
        with its arrival: the message rate is counted by when frames arrive, so a server
        that lags (handling earlier frames, waiting for Redis) does not count a burst of
        queued frames into one window and close a client that stayed under the limit
        (issue 14)."""
        inbox = pubsub.Inbox(INBOX_FRAMES)

        async def read() -> None:
            while True:
                message = await receive()
                if message.get("type") == "websocket.receive":
                    message = {**message, "arrived": time.monotonic()}
                await inbox.put(message)
                if message.get("type") == "websocket.disconnect":
                    return

        reader = asyncio.create_task(read())
        self.scope, self.channel_layer, self.base_send = scope, None, send
        self.hub = pubsub.hub()
        self.hub.watchers.add(self)
        try:
            while True:
                await self.dispatch(await inbox.get())
        except StopConsumer:
            pass
        finally:
            reader.cancel()
            self.hub.watchers.discard(self)
            if self.user_topic is not None:
                self.hub.discard(self.user_topic, self)

    async def dispatch(self, message: Any) -> None:
        """The handler of a websocket message (channels' dispatch, without its hop to a
        thread to close stale database connections before every frame: this consumer
        touches the database only through ``ws_call``, which does that around each call)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message.get('type')}")
        await handler(message)

    def lost(self, reason: str) -> None:
        """The hub's connection broke: nothing live can reach this socket. It closes with
        4503 (the client reconnects after a pause, to a process whose Redis works)."""
        if self.closing or self.gone:
            return
        if not self.accepted:
            # A close before the handshake is accepted is an HTTP 403, which a browser
            # cannot tell from a refusal (issue 26): :meth:`accept` closes then.
            self.lost_early = True
            return
        log.warning("live events are unreachable (%s): closing the socket", reason)
        self.closing_task = asyncio.ensure_future(
            self._close(CLOSE_UNAVAILABLE, "Service unavailable")
        )

    def deliver(self, message: Mapping[str, Any]) -> None:
        """A message of the user's topic: a revocation of this socket's token closes it."""
        if message.get("type") == pubsub.REVOKED and not self.closing:
            # The tokens listed (all it had, on a ban, a password change or
            # logoutEverywhere: one opened since stays), else the one (None: every one).
            listed = message.get("token_ids")
            if isinstance(listed, list):
                hit = self.token_id in listed
            else:
                revoked = message.get("token_id")
                hit = revoked is None or revoked == self.token_id
            if hit:
                self.closing_task = asyncio.ensure_future(self.auth_revoked())

    async def send(  # type: ignore[override]  # as channels' own AsyncWebsocketConsumer
        self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False
    ) -> None:
        """Send within the socket's budget (RATE_LIMIT_WS_SENT_CONNECTION): over it, the
        sender waits for the next window. Subscriptions (a hundred fast serverTime
        clocks, replays) slow down to the budget; nothing is dropped (issue 14)."""
        if self.closing and not close:
            # Closed by us (4503 at connection_init, say): strawberry may still send its
            # connection_ack, which the ASGI server would refuse with a traceback.
            return
        count, seconds = settings.RATE_LIMIT_WS_SENT_CONNECTION
        if count > 0 and text_data is not None and not close and not self.gone:
            async with self.send_lock:
                now = time.monotonic()
                window = int(now // seconds)
                if window != self.sent_window:
                    self.sent_window, self.sent = window, 0
                if self.sent >= count:
                    with contextlib.suppress(TimeoutError):
                        if self.gone_waiter is None:
                            self.gone_waiter = asyncio.get_running_loop().create_future()
                        wait = (window + 1) * seconds - now
                        await asyncio.wait_for(asyncio.shield(self.gone_waiter), wait)
                    self.sent_window, self.sent = window + 1, 0
                self.sent += 1
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        except OSError:
            # ASGI: a send on a closed connection raises an OSError (uvicorn's
            # ClientDisconnected). The client is gone, which is ordinary (a phone lost its
            # network): nothing to deliver, and the socket's shutdown cancels what streams.
            self._gone()
            log.debug("a send after the client disconnected", exc_info=True)

    async def accept(self, subprotocol: str | None = None, headers: Any = None) -> None:
        await super().accept(subprotocol=subprotocol, headers=headers)
        self.accepted = True
        if self.lost_early and not self.closing:
            await self._close(CLOSE_UNAVAILABLE, "Service unavailable")

    async def websocket_receive(self, message: WebSocketReceiveEvent) -> None:
        # __call__ stamped the frame with its arrival time (a key ASGI does not define).
        self.arrived = cast(Mapping[str, Any], message).get("arrived")
        await super().websocket_receive(message)

    def _gone(self) -> None:
        self.gone = True
        _keepalive.sockets.discard(self)
        if self.gone_waiter is not None and not self.gone_waiter.done():
            self.gone_waiter.set_result(None)

    async def get_context(self, request: Any, response: Any) -> RequestContext:
        client = self.scope.get("client") or ("", 0)
        self.context = RequestContext(
            request=request, response=response, transport="ws", client_ip=str(client[0] or "")
        )
        return self.context

    async def on_ws_connect(self, context: RequestContext) -> UnsetType:
        """Authenticate the connection_init payload; a refused token closes with 4403."""
        params = context.connection_params or {}
        authorization = params.get("authorization", params.get("Authorization"))
        if availability.is_down():  # anonymous too: every query of it would fail
            await self._close(CLOSE_UNAVAILABLE, "Service unavailable")
            return NO_ACK_PAYLOAD
        try:
            context.auth = await aauthenticate(authorization)
        except (OperationalError, InterfaceError) as exc:
            availability.note_error(exc)
            log.warning("connection_init: the database is unreachable: %s", exc)
            await self._close(CLOSE_UNAVAILABLE, "Service unavailable")
            return NO_ACK_PAYLOAD
        if context.auth.failure is not None:
            raise ConnectionRejectionError({"message": context.auth.message})
        user = context.auth.user
        if user is not None:
            self.token_id = context.auth.token_id
        if not await self._live(user.pk if user is not None else None):
            # Redis is down: no live event could reach this socket (issue 26).
            await self._close(CLOSE_UNAVAILABLE, "Service unavailable")
            return NO_ACK_PAYLOAD
        if user is not None and context.auth.expires_at is not None:
            # Revocation and bans arrive as messages; expiry is a time: close then.
            delay = (context.auth.expires_at - timezone.now()).total_seconds()
            self.expiry = asyncio.get_running_loop().call_later(
                max(0.0, delay), lambda: asyncio.ensure_future(self._expired())
            )
        return NO_ACK_PAYLOAD

    async def _expired(self) -> None:
        if self.context is not None:
            self.context.auth.user = None
            self.context.auth.failure = "UNAUTHENTICATED"
        if not self.closing:
            await self._close(CLOSE_FORBIDDEN, "Token expired")

    async def _live(self, user_id: int | None) -> bool:
        """Whether live events can reach this socket: it listens to its user's topic,
        which carries revocations; an anonymous one asks whether Redis answers. Three
        tries, each bounded: the one after a broken connection connects anew."""
        assert self.hub is not None
        topic = pubsub.user_topic(user_id) if user_id is not None else None
        for _ in range(3):
            try:
                waiting = self.hub.add(topic, self, json.loads) if topic else self.hub.reachable()
                await asyncio.wait_for(waiting, LISTEN_SECONDS)
                self.user_topic = topic
                return True
            except (TimeoutError, OSError, RedisError) as exc:
                log.warning("live events are unreachable (%r); trying again", exc)
        return False

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Refuse oversized messages (close 1009) and floods (close 4429) before parsing."""
        if self.closing:
            return
        size = len(text_data.encode()) if text_data is not None else len(bytes_data or b"")
        if size > settings.WS_MAX_MESSAGE_BYTES:
            await self._close(CLOSE_MESSAGE_TOO_BIG, "Message too big")
            return
        user = self.context.auth.user if self.context is not None else None
        if not await self.limiter.allow(user.pk if user is not None else None, at=self.arrived):
            await self._close(CLOSE_TOO_MANY_MESSAGES, "Too many messages")
            return
        if text_data is not None:
            problem = message_problem(text_data)
            if problem is not None:
                # strawberry's handler indexes the message and dies on what it does not
                # expect (a JSON null, list or string; a subscribe whose payload is not
                # an object), leaving an open socket that never answers again (issues
                # 14, 26).
                await self._close(CLOSE_BAD_MESSAGE, problem)
                return
        await super().receive(text_data=text_data, bytes_data=bytes_data)

    async def _close(self, code: int, reason: str) -> None:
        self.closing = True
        await self.close(code=code, reason=reason)

    async def auth_revoked(self) -> None:
        """This socket's token was revoked (or all of the user's, as on a ban)."""
        if self.context is not None:
            self.context.auth.user = None
            self.context.auth.failure = "UNAUTHENTICATED"
        await self._close(CLOSE_FORBIDDEN, "Token revoked")

    async def disconnect(self, code: int) -> None:
        self._gone()
        if self.expiry is not None:
            self.expiry.cancel()
        await super().disconnect(code)


class _Keepalive:
    """One timer of the process (of its loop: tests run many) pings every acknowledged
    socket each WS_KEEPALIVE_SECONDS (a task per socket was about 1.5 KB of each idle
    socket, issue 31)."""

    loop: asyncio.AbstractEventLoop | None = None
    timer: asyncio.TimerHandle | None = None
    sockets: set[GraphQLConsumer] = set()
    pinging: set[asyncio.Task[None]] = set()

    def add(self, socket: GraphQLConsumer) -> None:
        if self.loop is not (loop := asyncio.get_running_loop()):
            self.loop, self.sockets, self.timer = loop, set(), None
        self.sockets.add(socket)
        self.timer = self.timer or loop.call_later(settings.WS_KEEPALIVE_SECONDS, self._tick)

    def _tick(self) -> None:
        assert self.loop is not None
        for socket in list(self.sockets):
            self.pinging.add(
                ping := self.loop.create_task(socket.send(text_data='{"type":"ping"}'))
            )
            ping.add_done_callback(self.pinging.discard)
        self.timer = None
        if self.sockets:
            self.timer = self.loop.call_later(settings.WS_KEEPALIVE_SECONDS, self._tick)


_keepalive = _Keepalive()


def _optional(value: object, kind: type | tuple[type, ...]) -> bool:
    return value is None or isinstance(value, kind)


def message_problem(text: str) -> str | None:
    """Why a graphql-transport-ws frame cannot be handled (the close reason), or None.
    Text that is not JSON at all is strawberry's to refuse (4400 too)."""
    try:
        message = json.loads(text)
    except ValueError:
        return None
    except RecursionError:
        return NESTED_MESSAGE
    if not isinstance(message, dict):
        return "A message is a JSON object"
    if nested_deeper_than(message):
        return NESTED_MESSAGE
    kind = message.get("type")
    if not isinstance(kind, str):
        return "A message has a type"
    payload = message.get("payload")
    if kind in {"subscribe", "complete"} and not isinstance(message.get("id"), str):
        return f"A {kind} message has a string id"
    if kind == "subscribe":
        if not isinstance(payload, dict) or not isinstance(payload.get("query"), str):
            return "A subscribe message has a payload object with a query"
        if not (
            _optional(payload.get("variables"), dict)
            and _optional(payload.get("operationName"), str)
            and _optional(payload.get("extensions"), dict)
        ):
            return "variables and extensions are objects, operationName a string"
    elif kind in {"connection_init", "ping", "pong"} and not _optional(payload, dict):
        return f"The payload of {kind} is an object"
    return None

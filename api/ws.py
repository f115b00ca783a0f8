"""The GraphQL websocket consumer: graphql-transport-ws only, authenticated at
connection_init, closed when its token is revoked, and limited in message size and rate.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from collections.abc import Mapping
from typing import Any, cast

from asgiref.typing import WebSocketReceiveEvent
from channels.exceptions import StopConsumer
from channels.layers import get_channel_layer
from channels.utils import await_many_dispatch
from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.utils import timezone
from redis.exceptions import RedisError
from strawberry.channels import GraphQLWSConsumer
from strawberry.channels.handlers.base import ChannelsMessage
from strawberry.exceptions import ConnectionRejectionError
from strawberry.subscriptions.protocols.graphql_transport_ws.handlers import (
    BaseGraphQLTransportWSHandler,
)
from strawberry.types.unset import UNSET, UnsetType

from accounts.services import auth_group_name
from api import availability
from api.auth import RequestContext, aauthenticate
from api.event_sharing import shared_next_text
from api.limits import NESTED_MESSAGE, WebsocketMessageLimiter, nested_deeper_than

log = logging.getLogger(__name__)

CLOSE_BAD_MESSAGE = 4400
CLOSE_FORBIDDEN = 4403
CLOSE_TOO_MANY_MESSAGES = 4429
CLOSE_MESSAGE_TOO_BIG = 1009
# Frames read ahead of the handler; when it is this far behind, reading waits.
INBOX_FRAMES = 256
CLOSE_UNAVAILABLE = 4503  # the database is unreachable: reconnect after a pause
LAYER_LOST = "layer.lost"  # our own message: the channel layer's receive failed
# connection_ack without a payload (strawberry types its UNSET as Any).
NO_ACK_PAYLOAD: UnsetType = UNSET


class TransportWSHandler(BaseGraphQLTransportWSHandler[RequestContext, None]):
    def forget_id(self, id: str) -> None:
        """An operation the client completed, or that the socket's shutdown cleaned up,
        while its stream was finishing is already gone: strawberry's `del` raised
        KeyError, logged as an ERROR traceback for an ordinary disconnect."""
        self.operations.pop(id, None)

    async def send_message(self, message: Any) -> None:
        """A shared live event's result (api.events) is encoded once for every
        subscriber of the process; each socket only adds its operation id."""
        consumer = cast(Any, self.websocket).ws_consumer
        text = shared_next_text(message, consumer.encode_json)
        if text is None:
            await super().send_message(message)
        else:
            await consumer.send(text)


class GraphQLConsumer(GraphQLWSConsumer[RequestContext, None]):
    graphql_transport_ws_handler_class = TransportWSHandler
    auth_group: str | None = None
    token_id: int | None = None
    context: RequestContext | None = None
    keepalive_task: asyncio.Task[None] | None = None
    expiry: asyncio.TimerHandle | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.limiter = WebsocketMessageLimiter()
        self.closing = False
        self.arrived: float | None = None
        self.sent_window = -1
        self.sent = 0
        self.send_lock = asyncio.Lock()
        self.gone = asyncio.Event()  # disconnected: nothing waits for the budget
        self.layer_lost = False
        self.accepted = False

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Read the socket eagerly and stamp each frame with its arrival: the message
        rate is counted by when frames arrive, so a server that lags (handling earlier
        frames, waiting for Redis) does not count a burst of queued frames into one
        window and close a client that stayed under the limit (issue 14)."""
        inbox: asyncio.Queue[Any] = asyncio.Queue(maxsize=INBOX_FRAMES)

        async def read() -> None:
            while True:
                message = await receive()
                if message.get("type") == "websocket.receive":
                    message = {**message, "arrived": time.monotonic()}
                await inbox.put(message)
                if message.get("type") == "websocket.disconnect":
                    return

        reader = asyncio.create_task(read())
        try:
            await self._run(scope, inbox.get, send)
        finally:
            reader.cancel()

    async def _run(self, scope: Any, receive: Any, send: Any) -> None:
        """channels' ``AsyncConsumer.__call__``, but the channel layer's receive is
        guarded: when Redis goes away under an open socket its receive raises, which
        channels lets out of the consumer (an "Exception in ASGI application" traceback,
        and the client sees 1011). Here the socket closes with 4503 and the log has one
        WARNING line (:meth:`_layer_receive`)."""
        self.scope = scope
        # channels' stubs type the layer, receivers and dispatch apart from strawberry's.
        self.channel_layer = cast(Any, get_channel_layer(self.channel_layer_alias))
        self.base_send = send
        dispatch = cast(Any, self.dispatch)
        try:
            if self.channel_layer is not None:
                self.channel_name = await self.channel_layer.new_channel()
                self.channel_receive = functools.partial(
                    self.channel_layer.receive, self.channel_name
                )
                await await_many_dispatch(cast(Any, [receive, self._layer_receive]), dispatch)
            else:
                await await_many_dispatch([receive], dispatch)
        except StopConsumer:
            pass

    async def _layer_receive(self) -> dict[str, Any]:
        """The next message of this consumer's channel; once the layer failed, a
        ``layer.lost`` message (dispatched: the socket closes) and then nothing more
        (the consumer ends when the client is gone)."""
        if not self.layer_lost:
            try:
                return cast(dict[str, Any], await self.channel_receive())
            except (OSError, RedisError) as exc:
                self.layer_lost = True
                log.warning("the channel layer is unreachable (%s): closing the socket", exc)
                return {"type": LAYER_LOST}
        await asyncio.Event().wait()  # cancelled when the consumer ends
        raise AssertionError("unreachable")

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
        if count > 0 and text_data is not None and not close and not self.gone.is_set():
            async with self.send_lock:
                now = time.monotonic()
                window = int(now // seconds)
                if window != self.sent_window:
                    self.sent_window, self.sent = window, 0
                if self.sent >= count:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.gone.wait(), (window + 1) * seconds - now)
                    self.sent_window, self.sent = window + 1, 0
                self.sent += 1
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        except OSError:
            # ASGI: a send on a closed connection raises an OSError (uvicorn's
            # ClientDisconnected). The client is gone, which is ordinary (a phone lost its
            # network): nothing to deliver, and the socket's shutdown cancels what streams.
            self.gone.set()
            log.debug("a send after the client disconnected", exc_info=True)

    async def accept(self, subprotocol: str | None = None, headers: Any = None) -> None:
        await super().accept(subprotocol=subprotocol, headers=headers)
        self.accepted = True
        if self.layer_lost and not self.closing:
            await self._close(CLOSE_UNAVAILABLE, "Service unavailable")

    async def websocket_receive(self, message: WebSocketReceiveEvent) -> None:
        # __call__ stamped the frame with its arrival time (a key ASGI does not define).
        self.arrived = cast(Mapping[str, Any], message).get("arrived")
        await super().websocket_receive(message)

    async def connect(self) -> None:
        await super().connect()
        # Mobile networks drop idle connections; a graphql-transport-ws ping now and then
        # keeps NAT entries and proxies open (uvicorn's own ping frames do not reach every
        # proxy's idle timer).
        if settings.WS_KEEPALIVE_SECONDS > 0:
            self.keepalive_task = asyncio.create_task(self._keepalive())

    async def _keepalive(self) -> None:
        while True:
            await asyncio.sleep(settings.WS_KEEPALIVE_SECONDS)
            await self.send(text_data='{"type":"ping"}')

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
        if user is not None and self.channel_layer is not None:
            self.token_id = context.auth.token_id
            self.auth_group = auth_group_name(user.pk)
            if not await self._join_auth_group():
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

    async def _join_auth_group(self) -> bool:
        """Join the group that carries revocations (the layer bounds each try and tries
        again on a fresh connection: config.channel_layers.ChannelLayer.group_add)."""
        assert self.channel_layer is not None and self.auth_group is not None
        try:
            await self.channel_layer.group_add(self.auth_group, self.channel_name)
        except (TimeoutError, OSError, RedisError):
            log.warning("could not join %s", self.auth_group, exc_info=True)
            return False
        return True

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

    # strawberry narrows channels' dict message to its ChannelsMessage; both are dicts.
    async def dispatch(self, message: ChannelsMessage) -> None:  # type: ignore[override]
        if message.get("type") == "auth.revoked":
            await self.auth_revoked(message)
            return
        if message.get("type") == LAYER_LOST:
            # No live events, revocations or bans can reach this socket any more: the
            # client reconnects after a pause (to a process whose layer works). Not
            # before the handshake is accepted: a close then is an HTTP 403, which a
            # browser cannot tell from a refusal (issue 26); :meth:`accept` closes then.
            if self.accepted and not self.closing and not self.gone.is_set():
                await self._close(CLOSE_UNAVAILABLE, "Service unavailable")
            return
        await super().dispatch(message)

    async def auth_revoked(self, message: Mapping[str, object]) -> None:
        """Tokens of this user were revoked: one (``token_id``), those listed
        (``token_ids``: all it had, on a ban, a password change or logoutEverywhere)."""
        revoked = message.get("token_id")
        listed = message.get("token_ids")
        if isinstance(listed, list):
            hit = self.token_id in listed
        else:
            hit = revoked is None or revoked == self.token_id
        if hit:
            if self.context is not None:
                self.context.auth.user = None
                self.context.auth.failure = "UNAUTHENTICATED"
            await self._close(CLOSE_FORBIDDEN, "Token revoked")

    async def disconnect(self, code: int) -> None:
        self.gone.set()
        if self.auth_group is not None and self.channel_layer is not None and not self.layer_lost:
            try:
                await self.channel_layer.group_discard(self.auth_group, self.channel_name)
            except Exception:  # the socket is gone either way; the group entry expires
                log.warning("could not leave %s", self.auth_group, exc_info=True)
        if self.keepalive_task is not None:
            self.keepalive_task.cancel()
        if self.expiry is not None:
            self.expiry.cancel()
        await super().disconnect(code)


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

"""The GraphQL websocket consumer: graphql-transport-ws only, authenticated at
connection_init, closed when its token is revoked, and limited in message size and rate.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from django.conf import settings
from django.db import InterfaceError, OperationalError
from redis.exceptions import RedisError
from strawberry.channels import GraphQLWSConsumer
from strawberry.exceptions import ConnectionRejectionError
from strawberry.types.unset import UNSET, UnsetType

from accounts.services import auth_group_name
from api.auth import RequestContext, aauthenticate
from api.limits import WebsocketMessageLimiter

log = logging.getLogger(__name__)

CLOSE_FORBIDDEN = 4403
CLOSE_TOO_MANY_MESSAGES = 4429
CLOSE_MESSAGE_TOO_BIG = 1009
GROUP_JOIN_SECONDS = 2.0
CLOSE_UNAVAILABLE = 4503  # the database is unreachable: reconnect after a pause


class GraphQLConsumer(GraphQLWSConsumer):  # type: ignore[misc]
    auth_group: str | None = None
    token_id: int | None = None
    context: RequestContext | None = None
    keepalive_task: asyncio.Task[None] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.limiter = WebsocketMessageLimiter()
        self.closing = False

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
        try:
            context.auth = await aauthenticate(authorization)
        except (OperationalError, InterfaceError):
            log.warning("connection_init: the database is unreachable", exc_info=True)
            await self._close(CLOSE_UNAVAILABLE, "Service unavailable")
            return UNSET
        if context.auth.failure is not None:
            raise ConnectionRejectionError({"message": context.auth.message})
        user = context.auth.user
        if user is not None and self.channel_layer is not None:
            self.token_id = context.auth.token_id
            self.auth_group = auth_group_name(user.pk)
            if not await self._join_auth_group():
                await self._close(CLOSE_UNAVAILABLE, "Service unavailable")
        return UNSET

    async def _join_auth_group(self) -> bool:
        """Join the group that carries revocations. A pooled Redis connection left stale
        by a Redis restart can hang the first command for the socket timeout: bound each
        try; the one after a timed-out try gets a fresh connection."""
        assert self.channel_layer is not None and self.auth_group is not None
        for _ in range(3):
            try:
                await asyncio.wait_for(
                    self.channel_layer.group_add(self.auth_group, self.channel_name),
                    GROUP_JOIN_SECONDS,
                )
                return True
            except (TimeoutError, OSError, RedisError):
                log.warning("could not join %s; trying again", self.auth_group, exc_info=True)
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
        if not await self.limiter.allow(user.pk if user is not None else None):
            await self._close(CLOSE_TOO_MANY_MESSAGES, "Too many messages")
            return
        await super().receive(text_data=text_data, bytes_data=bytes_data)

    async def _close(self, code: int, reason: str) -> None:
        self.closing = True
        await self.close(code=code, reason=reason)

    async def dispatch(self, message: dict[str, Any]) -> None:
        if message.get("type") == "auth.revoked":
            await self.auth_revoked(message)
            return
        await super().dispatch(message)

    async def auth_revoked(self, message: dict[str, Any]) -> None:
        """A token of this user was revoked (None: all of them, as on a ban)."""
        revoked = message.get("token_id")
        if revoked is None or revoked == self.token_id:
            if self.context is not None:
                self.context.auth.user = None
                self.context.auth.failure = "UNAUTHENTICATED"
            await self._close(CLOSE_FORBIDDEN, "Token revoked")

    async def disconnect(self, code: int) -> None:
        if self.auth_group is not None and self.channel_layer is not None:
            try:
                await self.channel_layer.group_discard(self.auth_group, self.channel_name)
            except Exception:  # the socket is gone either way; the group entry expires
                log.warning("could not leave %s", self.auth_group, exc_info=True)
        if self.keepalive_task is not None:
            self.keepalive_task.cancel()
        await super().disconnect(code)

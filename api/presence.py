"""Presence for T-TAKEOVER: every operation of a signed-in user (HTTP or websocket)
counts as the user being there (:func:`matches.presence.touch`), so a client that
closed its subscription and goes on over HTTP keeps its seats."""

from __future__ import annotations

from collections.abc import AsyncIterator

from strawberry.extensions import SchemaExtension

from matches.presence import touch


class RecordPresence(SchemaExtension):
    async def on_execute(self) -> AsyncIterator[None]:
        auth = getattr(self.execution_context.context, "auth", None)
        user = getattr(auth, "user", None)
        if user is not None and getattr(user, "is_authenticated", False):
            await touch(user.pk)
        yield

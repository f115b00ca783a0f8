"""Presence for T-TAKEOVER: every operation of a signed-in user (HTTP or websocket)
counts as the user being there (:func:`matches.presence.touch`), so a client that
closed its subscription and goes on over HTTP keeps its seats."""

from __future__ import annotations

from typing import Any

from matches.presence import touch


async def record_presence(context: Any) -> None:
    """Called for every operation by api.schema.OperationChecks."""
    auth = getattr(context.context, "auth", None)
    user = getattr(auth, "user", None)
    if user is not None and getattr(user, "is_authenticated", False):
        await touch(user.pk)

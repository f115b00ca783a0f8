"""Publishing after commit: a match's new events to the Channels group of the match,
and per-user notifications ("your turn", "match started", "match over") to each user's
group, for the ``matchEvents`` and ``myEvents`` subscriptions.

Messages carry the stored event rows with their private parts: they travel only
between server processes (through Redis) and every subscription shapes each event
for its own viewer (``matches.selectors.shape_event``) before it leaves the server.

Publishing is best effort: it runs after the commit, so a failure must not turn a
stored move into an error. A subscriber that missed an event fetches it from the
database when the next one arrives (a gap), or on resubscribing with ``after``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

MATCH_EVENTS = "match.events"  # Channels message type of a batch of match events
USER_EVENT = "user.event"  # Channels message type of a user notification


def match_group(match_id: int) -> str:
    return f"match.{match_id}"


def user_group(user_id: int) -> str:
    return f"notify.user.{user_id}"


def _send(group: str, message: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:  # pragma: no cover - settings always configure one
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:  # a stored move stays stored; subscribers catch up from the log
        log.exception("could not publish to %s", group)


def publish_match_events(match_id: int, rows: Sequence[Mapping[str, Any]]) -> None:
    """Send a batch of stored event rows (seq, type, public, private) to the match."""
    if rows:
        _send(
            match_group(match_id),
            {"type": MATCH_EVENTS, "match_id": match_id, "events": list(rows)},
        )


def publish_user_event(user_id: int, event: Mapping[str, Any]) -> None:
    """Send one notification (type, matchId, payload) to one user's sockets."""
    _send(user_group(user_id), {"type": USER_EVENT, "event": dict(event)})

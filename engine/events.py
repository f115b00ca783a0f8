"""Events: what happened, as each viewer may see it (STYLE 9, API.md MatchEvent types).

An :class:`Event` has a ``type`` from API.md, a ``public`` payload every viewer gets
and ``private`` payloads per seat (a drawn card goes only to its owner, a dealt hand
only to its holder). :func:`event_for` is the one function that decides what a
viewer receives; the server passes every outgoing event through it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

MATCH_STARTED = "MATCH_STARTED"
ROUND_STARTED = "ROUND_STARTED"
TURN_STARTED = "TURN_STARTED"
DRAFT_UPDATED = "DRAFT_UPDATED"
MOVE_UNDONE = "MOVE_UNDONE"
TURN_COMMITTED = "TURN_COMMITTED"
CARD_DRAWN = "CARD_DRAWN"
CARD_DISCARDED = "CARD_DISCARDED"
TURN_PASSED = "TURN_PASSED"
TURN_EXPIRED = "TURN_EXPIRED"
STOCK_RESTOCKED = "STOCK_RESTOCKED"
SEAT_CHANGED = "SEAT_CHANGED"
ROUND_ENDED = "ROUND_ENDED"
MATCH_ENDED = "MATCH_ENDED"


@dataclass(frozen=True, slots=True)
class Event:
    """One event. Payloads are JSON-able dicts; ``private`` maps a seat to its extras.

    Compared by value (replay tests compare event lists); not hashable (dict fields).
    """

    type: str
    public: Mapping[str, Any]
    private: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)


def event_for(event: Event, seat: int | None) -> dict[str, Any]:
    """The event as ``seat`` sees it (None: a spectator): ``{"type", "payload"}``."""
    payload = dict(event.public)
    if seat is not None and seat in event.private:
        payload.update(event.private[seat])
    return {"type": event.type, "payload": payload}


def event_full(event: Event) -> dict[str, Any]:
    """Everything, for a finished match's replay: public plus every private payload."""
    return {
        "type": event.type,
        "payload": dict(event.public),
        "private": {str(k): dict(v) for k, v in event.private.items()},
    }

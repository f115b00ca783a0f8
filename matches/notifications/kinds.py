"""The kinds of notice and how each travels: its urgency, whether quiet hours hold it,
how long a push service may keep it.

A kind's name is also its collapse key (FCM ``collapse_key``, APNs ``apns-collapse-id``,
Web Push ``Topic``): a device shows one notice per kind, the newest, so "your turn in 3
matches" replaces the older "your turn" (a device belongs to one user, so per device is
per (user, kind)).
"""

from __future__ import annotations

from enum import StrEnum

YOUR_TURN = "YOUR_TURN"
TURN_REMINDER = "TURN_REMINDER"
LAST_CHANCE = "LAST_CHANCE"
MATCH_STARTED = "MATCH_STARTED"
MATCH_ENDED = "MATCH_ENDED"
SEAT_TAKEN_OVER = "SEAT_TAKEN_OVER"
# An invitation to play: a challenge to answer (issue 30).
INVITED = "INVITED"
# Playing together (issue 30): a tournament's end or cancellation.
TOURNAMENT_ENDED = "TOURNAMENT_ENDED"
TOURNAMENT_CANCELLED = "TOURNAMENT_CANCELLED"
TEST = "TEST"  # the admin's "send a test notification"

# The kinds a user chooses about (notificationSettings), in the schema's order.
KINDS: tuple[str, ...] = (
    YOUR_TURN,
    TURN_REMINDER,
    LAST_CHANCE,
    MATCH_STARTED,
    MATCH_ENDED,
    SEAT_TAKEN_OVER,
    INVITED,
    TOURNAMENT_ENDED,
    TOURNAMENT_CANCELLED,
)
# About one turn: no longer true once the turn is over.
TURN_KINDS = frozenset({YOUR_TURN, TURN_REMINDER, LAST_CHANCE})


class Urgency(StrEnum):
    """RFC 8030 section 5.3; FCM and APNs priorities follow it."""

    LOW = "low"
    NORMAL = "normal"
    HIGH = "high"


URGENCY = {
    LAST_CHANCE: Urgency.HIGH,
    YOUR_TURN: Urgency.NORMAL,
    TURN_REMINDER: Urgency.NORMAL,
    MATCH_STARTED: Urgency.NORMAL,
    SEAT_TAKEN_OVER: Urgency.NORMAL,
    INVITED: Urgency.NORMAL,
    TOURNAMENT_ENDED: Urgency.LOW,
    TOURNAMENT_CANCELLED: Urgency.NORMAL,
    TEST: Urgency.NORMAL,
    MATCH_ENDED: Urgency.LOW,
}

# Pushed even during quiet hours, and even while the user watches the match.
URGENT = frozenset({LAST_CHANCE, TEST})

# A push service keeps an undelivered notice at most this long (seconds); a turn's
# notice no longer than the time left on its clock.
MAX_TTL_SECONDS = 12 * 3600


def urgency(kind: str) -> Urgency:
    return URGENCY.get(kind, Urgency.NORMAL)


def collapse_key(kind: str) -> str:
    """The collapse key, APNs collapse id and Web Push Topic of ``kind``: its name
    (letters and ``_``, within every service's limits: Topic 32 characters of the
    URL-safe base64 alphabet, apns-collapse-id 64 bytes)."""
    return kind

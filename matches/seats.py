"""Who plays a seat (T-ASYNC, T-TAKEOVER): the one answer, :func:`seat_control`.

Two records say it. The ``Seat`` row: ``bot_level`` (seated as a bot), ``user`` (a
person's seat) and ``takeover`` (why a bot plays a person's seat now: ``timeouts``,
``resigned``, ``disconnected``; ``matches.takeover`` keeps it). And the engine's seat
flags: ``bot`` (it handed the seat to a bot after ``max_timeouts``) and ``resigned``.
``matches.takeover.record_seat_events`` mirrors the engine's changes onto the row in
the transaction that makes them, so the two agree; :func:`seat_control` still reads
both (a row written before the mirror existed, a seat whose user was deleted), and
everything that asks "does a bot move for this seat, and at which level" asks it.

Queries that filter seats in the database cannot see the engine's flags: they use
:func:`bot_plays_q` / :func:`person_plays_q`, which read the mirrored row.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db.models import Q

from engine.state import SeatState
from matches.models import Seat

PLAYER = "PLAYER"
BOT = "BOT"
TAKEOVER = "TAKEOVER"


@dataclass(frozen=True, slots=True)
class Control:
    """Who plays a seat now.

    ``controller``: PLAYER (its person), BOT (seated as a bot), TAKEOVER (a bot plays a
    person's seat; ``reason`` says why), None (an empty seat, or one whose person's
    account is gone). ``level``: the bot level that moves for the seat, None when a
    person does (or nobody). ``since``: when this controller took the seat.
    """

    controller: str | None
    level: str | None
    reason: str = ""
    since: datetime | None = None
    user_id: int | None = None

    @property
    def bot(self) -> bool:
        """A bot moves for this seat (seated, a takeover, or the engine's)."""
        return self.level is not None

    @property
    def person(self) -> int | None:
        """The user id of the person who plays the seat themselves, else None."""
        return self.user_id if self.controller == PLAYER else None


def seat_control(row: Seat | None, engine_seat: SeatState | None = None) -> Control:
    """Who plays the seat of ``row`` (None: a seat without a row), given the engine's
    flags for it (``engine_seat``; None before the deal)."""
    engine_bot = engine_seat is not None and (engine_seat.bot or engine_seat.resigned)
    takeover_level = (row.takeover_level if row is not None else "") or settings.BOT_TAKEOVER_LEVEL
    if row is not None and row.bot_level:
        return Control(BOT, row.bot_level, since=row.joined_at)
    if row is None or row.user_id is None:
        # Nobody's seat: the engine hands it to a bot after its timeouts all the same.
        return Control(None, takeover_level if engine_bot else None)
    if row.takeover or engine_bot:
        # The row knows every takeover; the engine only those it made itself.
        assert engine_seat is not None or row.takeover
        reason = row.takeover or (
            "resigned" if engine_seat is not None and engine_seat.resigned else "timeouts"
        )
        return Control(TAKEOVER, takeover_level, reason, row.takeover_at, row.user_id)
    return Control(PLAYER, None, since=row.joined_at, user_id=row.user_id)


def bot_plays_q(prefix: str = "") -> Q:
    """Seats (``prefix``: the lookup path to a Seat) a bot plays, by the row."""
    return ~Q(**{f"{prefix}bot_level": ""}) | ~Q(**{f"{prefix}takeover": ""})


def person_plays_q(prefix: str = "") -> Q:
    """Seats (``prefix``: the lookup path to a Seat) their person plays, by the row."""
    return Q(**{f"{prefix}user__isnull": False, f"{prefix}bot_level": "", f"{prefix}takeover": ""})

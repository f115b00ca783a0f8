"""Ranked matchmaking (issue 6): the queue and the forming of tables.

A user asks for a rule set, a number of players and a tempo (``queue_enqueue``) and holds
one ``QueueTicket`` until a table is formed for it or it leaves (``queue_dequeue``).
Enqueueing again with the same request keeps the ticket and its waiting time; with a
different request it replaces the ticket (the wait starts over). A user seated in an
active live ranked match (and not resigned from it) may not queue for another live one:
a clock runs in each. Correspondence matches may be played side by side.

``matchmaking_tick`` (Celery beat, ``matches.matchmaking_tasks``) forms tables:
``form_tables`` (pure) groups tickets by request; within a group, the longest waiting
ticket is seated with the closest-rated others whose ordinals all lie within every
member's range (±MATCHMAKING_RANGE_START, widening by MATCHMAKING_RANGE_PER_SECOND per
second waited). A ticket that waited until its ``bots_after`` is seated with whoever fits
and bots of the level nearest the table's mean ordinal take the remaining seats. Two
users with a block between them (either way) are never seated at one table.

Each table is seated in its own transaction through ``matches.services`` (``match_create``
with ``ranked=True``, ``match_join``, ``match_add_bot``, ``match_start``), after locking
its tickets with ``select_for_update`` in primary-key order and checking that all still
exist: of two ticks at once, the second finds them gone and seats nobody twice. The
players hear of their match from ``match_start``'s MATCH_STARTED user event (``myEvents``).
"""

from __future__ import annotations

import logging
import random
from collections import defaultdict
from collections.abc import Callable, Sequence, Set
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts import ratings, social
from accounts.models import Tempo
from engine.errors import Code, EngineError
from engine.rules import find_preset, ruleset
from matches import services
from matches.errors import InvalidRequest, Rejected
from matches.models import Match, MatchStatus, QueueTicket, Seat
from matches.selectors import MatchView, load_state

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Waiting:
    """What table forming needs of a ticket."""

    id: int
    user_id: int
    ruleset: str
    players: int
    tempo: str
    ordinal: float
    created_at: datetime
    bots_after: datetime

    @classmethod
    def of(cls, ticket: QueueTicket) -> Waiting:
        return cls(
            id=ticket.pk,
            user_id=ticket.user_id,
            ruleset=ticket.ruleset,
            players=ticket.players,
            tempo=ticket.tempo,
            ordinal=ticket.ordinal,
            created_at=ticket.created_at,
            bots_after=ticket.bots_after,
        )


@dataclass(frozen=True, slots=True)
class Table:
    """A table to seat: its tickets (the longest waiting first) and its bot seats."""

    ruleset: str
    players: int
    tempo: str
    tickets: tuple[Waiting, ...]
    bots: tuple[str, ...]


def search_range(ticket: QueueTicket | Waiting, now: datetime) -> float:
    """How far (in ordinal) from its own a ticket accepts opponents after its wait."""
    waited = max(0.0, (now - ticket.created_at).total_seconds())
    return float(settings.MATCHMAKING_RANGE_START + settings.MATCHMAKING_RANGE_PER_SECOND * waited)


# -- the queue ------------------------------------------------------------------------------


def queue_enqueue(
    *, user: Any, ruleset_name: str, players: int, tempo: str = Tempo.LIVE
) -> QueueTicket | Rejected:
    """Queue ``user`` for a ranked match (see the module's docstring for a repeat).

    Rejected: BAD_OPTION (an unknown rule set, or a number of players it does not seat),
    NOT_ALLOWED (a live match of the user's is still being played). Raises InvalidRequest
    for an unknown tempo.
    """
    if tempo not in Tempo.values:
        raise InvalidRequest(f"tempo is one of {', '.join(Tempo.values)}")
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        return Rejected(Code.BAD_OPTION, "a ranked match has at least 2 players")
    try:
        rules = ruleset(find_preset(ruleset_name).name, {"players": players})
    except EngineError as exc:
        return Rejected.of(exc)
    if tempo == Tempo.LIVE and _playing_live_ranked(user):
        return Rejected(
            Code.NOT_ALLOWED, "finish (or resign) your live ranked match before queueing again"
        )
    now = timezone.now()
    with transaction.atomic():
        current = QueueTicket.objects.select_for_update().filter(user=user).first()
        if current is not None:
            if (current.ruleset, current.players, current.tempo) == (
                rules.name,
                players,
                tempo,
            ):
                return current
            # A new request starts a new ticket (a new primary key), so that a tick that
            # read the old one finds it gone instead of seating the user by the old request.
            current.delete()
        try:
            with transaction.atomic():
                return QueueTicket.objects.create(
                    user=user,
                    ruleset=rules.name,
                    players=players,
                    tempo=tempo,
                    ordinal=ratings.rating_ordinal(
                        user_id=user.pk, ruleset=rules.name, tempo=tempo
                    ),
                    created_at=now,
                    bots_after=now + timedelta(seconds=settings.MATCHMAKING_BOT_FILL_SECONDS),
                )
        except IntegrityError:  # the same user enqueued concurrently: theirs stands
            return QueueTicket.objects.get(user=user)


def queue_dequeue(*, user: Any) -> bool:
    """Leave the queue; False if the user was not queued (or was just seated)."""
    deleted, _ = QueueTicket.objects.filter(user=user).delete()
    return bool(deleted)


def queue_status(*, user: Any) -> QueueTicket | None:
    """The user's ticket, or None when not queued."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return QueueTicket.objects.filter(user=user).first()


def _playing_live_ranked(user: Any) -> bool:
    matches = Match.objects.filter(
        status=MatchStatus.ACTIVE,
        ranked=True,
        correspondence_hours__isnull=True,
        seats__user=user,
    )
    for match in matches:
        state = load_state(match)
        seat = Seat.objects.filter(match=match, user=user).values_list("index", flat=True).first()
        if state is None or seat is None or not state.seats[seat].resigned:
            return True
    return False


# -- forming tables -------------------------------------------------------------------------


def form_tables(
    tickets: Sequence[Waiting], now: datetime, apart: Set[frozenset[int]] = frozenset()
) -> list[Table]:
    """The tables to seat now (pure: no database). Every ticket is in at most one.
    ``apart``: pairs of user ids never seated together (a block between them)."""
    groups: defaultdict[tuple[str, int, str], list[Waiting]] = defaultdict(list)
    for ticket in tickets:
        groups[(ticket.ruleset, ticket.players, ticket.tempo)].append(ticket)
    tables = []
    for (ruleset_name, players, tempo), group in sorted(groups.items()):
        free = sorted(group, key=lambda t: (t.created_at, t.id))
        for anchor in list(free):
            if anchor not in free:
                continue
            chosen = [anchor]
            nearest = sorted(
                (t for t in free if t is not anchor),
                key=lambda t: (abs(t.ordinal - anchor.ordinal), t.created_at, t.id),
            )
            for candidate in nearest:
                if len(chosen) == players:
                    break
                if any(frozenset((m.user_id, candidate.user_id)) in apart for m in chosen):
                    continue
                members = [*chosen, candidate]
                spread = max(m.ordinal for m in members) - min(m.ordinal for m in members)
                if spread <= min(search_range(m, now) for m in members):
                    chosen.append(candidate)
            if len(chosen) < players and now < anchor.bots_after:
                continue
            mean = sum(m.ordinal for m in chosen) / len(chosen)
            bots = (ratings.bot_level_near(mean),) * (players - len(chosen))
            tables.append(Table(ruleset_name, players, tempo, tuple(chosen), bots))
            for member in chosen:
                free.remove(member)
    return tables


class _TableFailed(Exception):
    def __init__(self, rejected: Rejected) -> None:
        super().__init__(rejected.message)
        self.rejected = rejected


def matchmaking_tick(*, now: datetime | None = None) -> list[int]:
    """Form and start every table that can be formed now; the ids of the new matches."""
    now = now or timezone.now()
    # Most ticks find an empty queue: one cheap query on one table then.
    if not QueueTicket.objects.exists():
        return []
    tickets = list(QueueTicket.objects.select_related("user").order_by("created_at", "pk"))
    barred = [t.pk for t in tickets if t.user.is_banned or not t.user.is_active]
    if barred:
        QueueTicket.objects.filter(pk__in=barred).delete()
    waiting = [Waiting.of(t) for t in tickets if t.pk not in barred]
    apart = social.blocked_pairs(t.user_id for t in waiting)
    started = []
    for table in form_tables(waiting, now, apart):
        try:
            match_id = seat_table(table)
        except _TableFailed as exc:
            log.warning("matchmaking could not seat %s: %s", table, exc.rejected)
            continue
        if match_id is not None:
            started.append(match_id)
    return started


def seat_table(table: Table, *, shuffle: Callable[[list[Any]], None] | None = None) -> int | None:
    """Create, fill and start the ranked match of one table; its id, or None if one of
    its tickets is gone (dequeued, replaced, or seated by a concurrent tick).

    Raises _TableFailed (and changes nothing) if a service refuses a step.
    """
    ids = sorted(t.id for t in table.tickets)
    with transaction.atomic():
        # Primary-key order, as every multi-row lock (STYLE 13): two ticks at once wait
        # for each other instead of deadlocking, and the later one finds the rows deleted.
        locked = list(QueueTicket.objects.select_for_update().filter(pk__in=ids).order_by("pk"))
        if len(locked) != len(ids):
            return None
        users = [t.user for t in locked]
        (shuffle or random.SystemRandom().shuffle)(users)  # who sits first is luck
        live = table.tempo == Tempo.LIVE
        creator = users[0]
        view = _ok(
            services.match_create(
                user=creator,
                ruleset_name=table.ruleset,
                seats=table.players,
                turn_seconds=settings.MATCHMAKING_LIVE_TURN_SECONDS if live else None,
                correspondence_hours=None if live else settings.MATCHMAKING_CORRESPONDENCE_HOURS,
                ranked=True,
                matchmade=True,
            )
        )
        for user in users[1:]:
            _ok(services.match_join(match_id=view.id, user=user))
        for level in table.bots:
            _ok(services.match_add_bot(match_id=view.id, user=creator, level=level, matchmade=True))
        _ok(services.match_start(match_id=view.id, user=creator))
        QueueTicket.objects.filter(pk__in=ids).delete()
        return int(view.id)


def _ok(result: MatchView | Rejected) -> MatchView:
    if isinstance(result, Rejected):
        raise _TableFailed(result)
    return result

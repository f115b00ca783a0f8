"""Writes of tournaments by people (STYLE 12): create one, register, leave, cancel.

Each function is one transaction that locks the tournament row first (every write to a
tournament, its players, rounds and events runs under that lock; the rounds' driver,
``tournaments.rounds``, takes it too) and returns the tournament or a
:class:`~matches.errors.Rejected` that changed nothing. Events and notices go out after
commit (``tournaments.events``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from engine.errors import Code, EngineError
from engine.rules import find_preset, ruleset
from matches.errors import InvalidRequest, Rejected
from matches.notifications.kinds import TOURNAMENT_CANCELLED
from matches.seating import MAX_OPTIONS_JSON, MAX_TURN_SECONDS
from tournaments import events
from tournaments.errors import TournamentCode, TournamentNotFound, tournament_pk
from tournaments.models import Tournament, TournamentPlayer, TournamentStatus

MAX_ROUNDS = 15
MAX_CORRESPONDENCE_DAYS = 14
MAX_ROUND_MINUTES = 60 * 24 * 60  # 60 days
MAX_PLAYERS = 512
MAX_NAME = 100

Result = Tournament | Rejected


def lock_tournament(tournament_id: object) -> Tournament:
    """Lock the tournament row for the transaction; raises TournamentNotFound."""
    found = Tournament.objects.select_for_update().filter(pk=tournament_pk(tournament_id)).first()
    if found is None:
        raise TournamentNotFound(tournament_id)
    return found


def may_create(user: Any) -> bool:
    """Staff create tournaments (in the admin or the API); players when
    ``TOURNAMENTS_BY_PLAYERS`` allows it."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_staff) or bool(settings.TOURNAMENTS_BY_PLAYERS)


def check_settings(
    *,
    ruleset_name: str,
    options: Mapping[str, Any],
    table_size: int,
    rounds: int,
    turn_seconds: int | None,
    correspondence_days: int | None,
    round_minutes: int,
    rated: bool,
    min_players: int,
    max_players: int | None,
) -> tuple[str, Rejected | None]:
    """The preset's name and None, or a BAD_OPTION rejection saying what is wrong (the
    admin's form and ``tournament_create`` both ask)."""

    def bad(message: str) -> tuple[str, Rejected]:
        return ruleset_name, Rejected(Code.BAD_OPTION, message)

    if not 2 <= table_size <= 4:
        return bad("a table seats 2 to 4 players")
    if not 1 <= rounds <= MAX_ROUNDS:
        return bad(f"a tournament has 1 to {MAX_ROUNDS} rounds")
    if (turn_seconds is None) == (correspondence_days is None):
        return bad("give a live turn clock (turnSeconds) or correspondenceDays, one of them")
    if turn_seconds is not None and not 5 <= turn_seconds <= MAX_TURN_SECONDS:
        return bad(f"turnSeconds must be between 5 and {MAX_TURN_SECONDS}")
    if correspondence_days is not None and not 1 <= correspondence_days <= (
        MAX_CORRESPONDENCE_DAYS
    ):
        return bad(f"correspondenceDays must be between 1 and {MAX_CORRESPONDENCE_DAYS}")
    if not 1 <= round_minutes <= MAX_ROUND_MINUTES:
        return bad(f"roundMinutes must be between 1 and {MAX_ROUND_MINUTES}")
    if not 2 <= min_players <= MAX_PLAYERS:
        return bad(f"minPlayers must be between 2 and {MAX_PLAYERS}")
    if max_players is not None and not min_players <= max_players <= MAX_PLAYERS:
        return bad(f"maxPlayers must be between minPlayers and {MAX_PLAYERS}")
    if rated and options:
        return bad("a rated tournament is played by its preset's rules")
    if "players" in options:
        return bad("the number of players is given by the table size")
    try:
        name = find_preset(ruleset_name).name
        # Every table size a round may seat: the full one, one smaller, down to two.
        for size in range(2, table_size + 1):
            ruleset(name, {**options, "players": size})
    except EngineError as exc:
        return ruleset_name, Rejected.of(exc)
    return name, None


def tournament_create(
    *,
    by: Any,
    name: str,
    starts_at: datetime,
    ruleset_name: str = "robbers",
    options: Mapping[str, Any] | None = None,
    table_size: int = 4,
    rounds: int = 3,
    turn_seconds: int | None = None,
    correspondence_days: int | None = None,
    round_minutes: int = 60,
    rated: bool = False,
    min_players: int | None = None,
    max_players: int | None = None,
    description: str = "",
) -> Result:
    """A new tournament open for registration until ``starts_at``. NOT_ALLOWED unless
    :func:`may_create`; BAD_OPTION for settings :func:`check_settings` refuses."""
    if not may_create(by):
        return Rejected(Code.NOT_ALLOWED, "only moderators create tournaments on this server")
    options = dict(options or {})
    if len(repr(options)) > MAX_OPTIONS_JSON:
        raise InvalidRequest("options are more than any rule set has")
    name = name.strip()
    if not 1 <= len(name) <= MAX_NAME:
        return Rejected(Code.BAD_OPTION, f"a tournament's name has 1 to {MAX_NAME} characters")
    if len(description) > 2000:
        return Rejected(Code.BAD_OPTION, "the description is at most 2000 characters")
    minimum = table_size if min_players is None else min_players
    preset, refused = check_settings(
        ruleset_name=ruleset_name,
        options=options,
        table_size=table_size,
        rounds=rounds,
        turn_seconds=turn_seconds,
        correspondence_days=correspondence_days,
        round_minutes=round_minutes,
        rated=rated,
        min_players=minimum,
        max_players=max_players,
    )
    if refused is not None:
        return refused
    return Tournament.objects.create(
        name=name,
        description=description,
        ruleset=preset,
        options=options,
        table_size=table_size,
        rounds=rounds,
        turn_seconds=turn_seconds,
        correspondence_days=correspondence_days,
        round_minutes=round_minutes,
        rated=rated,
        starts_at=starts_at,
        min_players=minimum,
        max_players=max_players,
        points=dict(settings.TOURNAMENT_POINTS),
        created_by=by if getattr(by, "is_authenticated", False) else None,
    )


def tournament_join(*, tournament_id: object, user: Any) -> Result:
    """Register ``user`` (again: harmless). REGISTRATION_CLOSED once it started (or is
    over); TOURNAMENT_FULL at ``max_players``."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        entry = TournamentPlayer.objects.filter(tournament=tournament, user=user).first()
        if entry is not None and entry.withdrawn_at is None:
            return tournament
        if tournament.status != TournamentStatus.SCHEDULED:
            return Rejected(
                TournamentCode.REGISTRATION_CLOSED, "registration closed when the tournament began"
            )
        count = TournamentPlayer.objects.filter(tournament=tournament).count()
        if tournament.max_players is not None and count >= tournament.max_players:
            return Rejected(
                TournamentCode.TOURNAMENT_FULL,
                f"the tournament is full ({tournament.max_players} players)",
            )
        TournamentPlayer.objects.create(tournament=tournament, user=user)
        outbox = events.Outbox(tournament.pk)
        outbox.append(
            tournament,
            events.PLAYER_JOINED,
            {"userId": user.pk, "username": user.get_username(), "players": count + 1},
        )
        tournament.save(update_fields=["last_seq"])
        outbox.publish()
        return tournament


def tournament_leave(*, tournament_id: object, user: Any) -> Result:
    """Before the start: unregister. While it runs: withdraw (not paired again; a match
    of the current round goes on: resign it to leave it too). NOT_A_PLAYER when not
    registered; NOT_ALLOWED once it is over."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        entry = TournamentPlayer.objects.filter(tournament=tournament, user=user).first()
        if entry is None or entry.withdrawn_at is not None:
            return Rejected(Code.NOT_A_PLAYER, "you are not registered for this tournament")
        if tournament.over:
            return Rejected(Code.NOT_ALLOWED, "the tournament is over")
        outbox = events.Outbox(tournament.pk)
        if tournament.status == TournamentStatus.SCHEDULED:
            entry.delete()
            count = TournamentPlayer.objects.filter(tournament=tournament).count()
            outbox.append(
                tournament,
                events.PLAYER_LEFT,
                {"userId": user.pk, "username": user.get_username(), "players": count},
            )
        else:
            withdraw(tournament, entry, "left", outbox)
        tournament.save(update_fields=["last_seq"])
        outbox.publish()
        return tournament


def withdraw(
    tournament: Tournament, entry: TournamentPlayer, reason: str, outbox: events.Outbox
) -> None:
    """Withdraw a player of a running tournament (under its lock): PLAYER_WITHDRAWN, and
    a notice unless they left by themselves."""
    entry.withdrawn_at = timezone.now()
    entry.withdrawn_reason = reason
    entry.save(update_fields=["withdrawn_at", "withdrawn_reason"])
    outbox.append(
        tournament,
        events.PLAYER_WITHDRAWN,
        {"userId": entry.user_id, "username": entry.user.get_username(), "reason": reason},
    )
    if reason != "left":
        outbox.notify(entry.user_id, events.WITHDRAWN_NOTICE, {"reason": reason})


def tournament_cancel(*, tournament_id: object, reason: str) -> Result:
    """Moderation (the admin): cancel a tournament that is not over; its running
    matches go on as ordinary matches. NOT_ALLOWED once over."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if tournament.over:
            return Rejected(Code.NOT_ALLOWED, "the tournament is over")
        cancel(tournament, reason or "cancelled by a moderator")
        return tournament


def cancel(tournament: Tournament, reason: str) -> None:
    """Cancel ``tournament`` (locked): TOURNAMENT_CANCELLED, a notice to each player."""
    tournament.status = TournamentStatus.CANCELLED
    tournament.cancel_reason = reason[:200]
    tournament.finished_at = timezone.now()
    outbox = events.Outbox(tournament.pk)
    outbox.append(tournament, events.TOURNAMENT_CANCELLED, {"reason": tournament.cancel_reason})
    for user_id in TournamentPlayer.objects.filter(tournament=tournament).values_list(
        "user_id", flat=True
    ):
        outbox.notify(user_id, events.CANCELLED_NOTICE, {"reason": tournament.cancel_reason})
        events.push(TOURNAMENT_CANCELLED, tournament, user_id, {})
    tournament.save()
    outbox.publish()

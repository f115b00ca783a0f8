"""Reads of tournaments: one, a page of them, their standings and rounds as plain
values (the API maps them). A tournament is public: everyone sees all of it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Case, IntegerField, QuerySet, Value, When

from matches.errors import InvalidRequest
from tournaments.errors import TournamentNotFound, tournament_pk
from tournaments.events import event_dict
from tournaments.models import (
    Tournament,
    TournamentEvent,
    TournamentPlayer,
    TournamentRound,
    TournamentStatus,
    TournamentTable,
)
from tournaments.standings import Line, ranked

MAX_PAGE = 100


def tournament_get(*, tournament_id: object) -> Tournament:
    """The tournament; raises TournamentNotFound."""
    found = Tournament.objects.filter(pk=tournament_pk(tournament_id)).first()
    if found is None:
        raise TournamentNotFound(tournament_id)
    return found


def tournament_list(
    *, status: str | None = None, first: int = 20, after: int | None = None
) -> tuple[list[Tournament], bool]:
    """Tournaments, the next to start (or latest) first: SCHEDULED and RUNNING by start
    time, soonest first; FINISHED and CANCELLED latest first; without a status, those
    to come and running first. Paged by position (``after``: how many were shown)."""
    if not 0 <= first <= MAX_PAGE:
        raise InvalidRequest(f"first must be between 0 and {MAX_PAGE}")
    if after is not None and after < 0:
        raise InvalidRequest("after is not a cursor of this list")
    qs: QuerySet[Tournament] = Tournament.objects.all()
    if status is not None:
        qs = qs.filter(status=status)
    if status in (TournamentStatus.SCHEDULED, TournamentStatus.RUNNING):
        qs = qs.order_by("starts_at", "pk")
    elif status is None:
        over = [TournamentStatus.FINISHED, TournamentStatus.CANCELLED]
        done = Case(
            When(status__in=over, then=Value(1)), default=Value(0), output_field=IntegerField()
        )
        qs = qs.annotate(done=done).order_by("done", "-starts_at", "-pk")
    else:
        qs = qs.order_by("-starts_at", "-pk")
    start = after or 0
    rows = list(qs[start : start + first + 1])
    return rows[:first], len(rows) > first


def player_count(tournament: Tournament) -> int:
    return TournamentPlayer.objects.filter(tournament=tournament).count()


def is_registered(tournament: Tournament, user: Any) -> bool:
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return TournamentPlayer.objects.filter(
        tournament=tournament, user=user, withdrawn_at__isnull=True
    ).exists()


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    user_id: int
    user: Any  # accounts.User
    points_12: int
    tiebreak_12: int
    played: int
    byes: int
    forfeits: int
    withdrawn: bool
    withdrawn_reason: str


def standings(tournament: Tournament) -> list[Standing]:
    """Every registered player, best first (withdrawn players keep their line)."""
    rows = {
        p.user_id: p
        for p in TournamentPlayer.objects.filter(tournament=tournament).select_related("user")
    }
    lines = [Line(u, p.points_12, p.tiebreak_12) for u, p in rows.items()]
    out = []
    for rank, line in ranked(lines):
        p = rows[line.user_id]
        out.append(
            Standing(
                rank=rank,
                user_id=p.user_id,
                user=p.user,
                points_12=p.points_12,
                tiebreak_12=p.tiebreak_12,
                played=p.played,
                byes=p.byes,
                forfeits=p.forfeits,
                withdrawn=p.withdrawn_at is not None,
                withdrawn_reason=p.withdrawn_reason,
            )
        )
    return out


def standings_payload(tournament: Tournament) -> list[dict[str, Any]]:
    """The standings as an event carries them."""
    return [
        {
            "rank": s.rank,
            "userId": s.user_id,
            "username": s.user.get_username(),
            "points12": s.points_12,
            "tiebreak12": s.tiebreak_12,
            "played": s.played,
            "byes": s.byes,
            "forfeits": s.forfeits,
            "withdrawn": s.withdrawn,
        }
        for s in standings(tournament)
    ]


@dataclass(frozen=True, slots=True)
class TableView:
    index: int
    match_id: str  # public id
    match_status: str
    players: list[Any]  # accounts.User rows in seat order
    results: list[dict[str, Any]] | None
    adjudicated: bool


@dataclass(frozen=True, slots=True)
class RoundView:
    number: int
    started_at: datetime
    deadline: datetime
    ended_at: datetime | None
    tables: list[TableView]
    byes: list[Any]  # accounts.User rows


def users(user_ids: Any) -> dict[int, Any]:
    """The users of ``user_ids`` by id (one query)."""
    ids = set(user_ids)
    if not ids:
        return {}
    return dict(get_user_model().objects.in_bulk(list(ids)))


def table_view(table: TournamentTable, names: dict[int, Any]) -> TableView:
    return TableView(
        index=table.index,
        match_id=table.match.public_id,
        match_status=str(table.match.status),
        players=[names[u] for u in table.players if u in names],
        results=table.results,
        adjudicated=table.adjudicated,
    )


def rounds(tournament: Tournament, number: int | None = None) -> list[RoundView]:
    """The tournament's rounds (or round ``number``) with their tables, first first."""
    qs = TournamentRound.objects.filter(tournament=tournament).order_by("number")
    if number is not None:
        qs = qs.filter(number=number)
    round_rows = list(qs)
    tables = list(
        TournamentTable.objects.filter(round__in=round_rows)
        .select_related("match")
        .order_by("round__number", "index")
    )
    names = users([u for t in tables for u in t.players] + [u for r in round_rows for u in r.byes])
    by_round: dict[int, list[TableView]] = {}
    for t in tables:
        by_round.setdefault(t.round_id, []).append(table_view(t, names))
    return [
        RoundView(
            number=r.number,
            started_at=r.started_at,
            deadline=r.deadline,
            ended_at=r.ended_at,
            tables=by_round.get(r.pk, []),
            byes=[names[u] for u in r.byes if u in names],
        )
        for r in round_rows
    ]


def my_table(tournament: Tournament, user: Any) -> TableView | None:
    """The viewer's table in the current round, if they have one."""
    if user is None or not getattr(user, "is_authenticated", False) or not tournament.current_round:
        return None
    for table in TournamentTable.objects.filter(
        round__tournament=tournament, round__number=tournament.current_round
    ).select_related("match"):
        if user.pk in table.players:
            return table_view(table, users(table.players))
    return None


def tournament_events_after(*, tournament_id: int, after: int) -> list[dict[str, Any]]:
    """The stored events after seq ``after`` (at most 1000: a tournament has few)."""
    rows = TournamentEvent.objects.filter(tournament_id=tournament_id, seq__gt=after).order_by(
        "seq"
    )
    return [event_dict(r) for r in rows[:1000]]


def rules_text(tournament: Tournament) -> str:
    """The tournament's rules as players read them (the API's ``Tournament.rules``)."""
    sizes = sorted({tournament.table_size, max(2, tournament.table_size - 1)}, reverse=True)
    points = "; ".join(
        f"{size} seats: {'/'.join(str(p) for p in tournament.place_points(size))}" for size in sizes
    )
    second = tournament.place_points(tournament.table_size)
    bye = second[1] if len(second) > 1 else 0
    clock = (
        f"{tournament.turn_seconds} s per turn"
        if tournament.turn_seconds
        else f"{tournament.correspondence_days} day(s) per move"
    )
    return (
        f"Swiss, {tournament.rounds} round(s) at tables of {tournament.table_size}; every "
        "player plays every round. Each round, players ordered by points, then by their "
        "opponents' points, then by lot, are cut into consecutive tables; leftovers sit "
        "at tables one seat smaller at the bottom, or get a bye worth a second place "
        f"({bye} points); a swap between neighbouring tables avoids repeat opponents. "
        f"Points by place: {points}; a shared place shares its points. {clock}; a round "
        f"ends when its matches end or {tournament.round_minutes} minutes after its start: "
        "a match still running then is stopped and placed by its current totals. A "
        "player who makes no move of their own in a round's match while their turns run "
        "out (a bot plays the seat) forfeits it (0 points) and is withdrawn after two "
        "forfeits in a row."
    )

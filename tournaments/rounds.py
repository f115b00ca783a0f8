"""The rounds of tournaments, moved on by themselves (a driver above ``matches``'
services): beat's tick starts tournaments whose registration closed, and closes a
round when its matches are over or its deadline passed, then starts the next one (or
ends the tournament). A match's end also queues ``tournaments.match_over`` for its
tournament (``tournaments.apps``), so a round closes at once, not a tick later.

Everything about one tournament happens in one transaction under its row lock
(``services.lock_tournament``), then the matches' locks (a table's match is aborted for
adjudication under it): the same order everywhere, so two ticks, or a tick and a
``match_over`` task, wait for each other and the second finds the work done.

A round's tables are ordinary matches created through ``matches.services``
(``match_create``, ``match_join``, ``match_start``), public, with the tournament's
rules and clock; bots take over a player's seat as in any match (T-TAKEOVER). Closing
a round reads each match's places (``matches.results``; an adjudicated one by its
current totals, ``tournaments.standings``), gives points by place, 0 to a forfeit (a
player who made no move of their own though their seat had turns), the points of a
second place to a bye, recomputes every tie-break, and withdraws players who forfeited
``TOURNAMENT_WITHDRAW_AFTER_MISSED`` rounds in a row.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from matches import archive, queueing, services
from matches.errors import Rejected
from matches.models import Match, MatchStatus, Seat
from matches.notifications.kinds import TOURNAMENT_ENDED
from matches.results import finishing_ranks, match_standings
from matches.selectors import load_state
from tournaments import events
from tournaments.models import (
    Tournament,
    TournamentPlayer,
    TournamentRound,
    TournamentStatus,
    TournamentTable,
)
from tournaments.pairing import History, Pairing, Player, pair, shuffled
from tournaments.selectors import standings, standings_payload
from tournaments.services import cancel, lock_tournament, withdraw
from tournaments.standings import (
    adjudicated_outcome,
    bye_points_12,
    place_points_12,
    tiebreaks_12,
)

log = logging.getLogger(__name__)

MATCH_OVER_TASK = "tournaments.match_over"


class RoundFailed(Exception):
    """A table of a round could not be seated (a service refused): nothing is stored."""

    def __init__(self, rejected: Rejected) -> None:
        super().__init__(rejected.message)
        self.rejected = rejected


def tick(now: datetime | None = None) -> dict[str, int]:
    """Beat's tick: start the tournaments due, move running ones on. What it did."""
    now = now or timezone.now()
    done = {"started": 0, "cancelled": 0, "rounds": 0, "finished": 0}
    due = Tournament.objects.filter(status=TournamentStatus.SCHEDULED, starts_at__lte=now)
    for pk in due.values_list("pk", flat=True):
        try:
            outcome = begin(pk, now)
        except Exception:  # one broken tournament must not stop the others
            log.exception("could not start tournament %s", pk)
            continue
        if outcome in done:
            done[outcome] += 1
    running = Tournament.objects.filter(status=TournamentStatus.RUNNING)
    for pk in running.values_list("pk", flat=True):
        try:
            outcome = check_round(pk, now)
        except Exception:
            log.exception("could not move tournament %s on", pk)
            continue
        if outcome in done:
            done[outcome] += 1
    return done


def begin(tournament_id: int, now: datetime | None = None) -> str:
    """Close registration: cancel with too few players, else start round 1.
    "started", "cancelled", or why nothing was done."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if tournament.status != TournamentStatus.SCHEDULED:
            return "not scheduled"
        if tournament.starts_at > now:
            return "not yet"
        barred = TournamentPlayer.objects.filter(tournament=tournament).exclude(
            user__banned_at__isnull=True, user__is_active=True
        )
        barred.delete()  # registered, then banned: never seated
        count = TournamentPlayer.objects.filter(tournament=tournament).count()
        if count < tournament.min_players:
            cancel(
                tournament,
                f"{count} player(s) registered, {tournament.min_players} needed",
            )
            return "cancelled"
        tournament.status = TournamentStatus.RUNNING
        tournament.started_at = now
        outbox = events.Outbox(tournament.pk)
        outbox.append(tournament, events.TOURNAMENT_STARTED, {"players": count})
        start_round(tournament, 1, now, outbox)
        tournament.save()
        outbox.publish()
        return "started"


def check_round(tournament_id: int, now: datetime | None = None) -> str:
    """Close the current round if its matches are over or its deadline passed, then
    start the next (or end the tournament). "rounds" (a round closed), "finished", or
    why nothing was done."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if tournament.status != TournamentStatus.RUNNING:
            return "not running"
        current = TournamentRound.objects.filter(
            tournament=tournament, number=tournament.current_round
        ).first()
        if current is None:  # pragma: no cover - a running tournament has its round
            return "no round"
        tables = list(
            TournamentTable.objects.filter(round=current).select_related("match").order_by("index")
        )
        if any(not t.match.over for t in tables) and now < current.deadline:
            return "playing"
        outbox = events.Outbox(tournament.pk)
        close_round(tournament, current, tables, now, outbox)
        if current.number >= tournament.rounds:
            finish(tournament, now, outbox)
            outcome = "finished"
        else:
            outcome = start_round(tournament, current.number + 1, now, outbox)
        tournament.save()
        outbox.publish()
        return outcome


def start_round(tournament: Tournament, number: int, now: datetime, outbox: events.Outbox) -> str:
    """Pair the active players and seat each table's match (``tournament`` locked; the
    caller saves it). "rounds", or "finished" when fewer than two players are left."""
    active = list(
        TournamentPlayer.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
        .select_related("user")
        .order_by("pk")
    )
    for entry in [e for e in active if e.user.is_banned or not e.user.is_active]:
        withdraw(tournament, entry, "banned", outbox)
        active.remove(entry)
    if len(active) < 2:
        finish(tournament, now, outbox)
        return "finished"
    pairing = pair(
        [Player(e.user_id, e.points_12, e.tiebreak_12) for e in active],
        history(tournament),
        tournament.table_size,
        f"{tournament.seed}:{number}",
    )
    deadline = now + timedelta(minutes=tournament.round_minutes)
    row = TournamentRound.objects.create(
        tournament=tournament,
        number=number,
        started_at=now,
        deadline=deadline,
        byes=list(pairing.byes),
    )
    users = {e.user_id: e.user for e in active}
    tables = []
    for index, table in enumerate(pairing.tables):
        seats = shuffled(table, f"{tournament.seed}:{number}:{index}")
        match = seat_table(tournament, [users[u] for u in seats])
        TournamentTable.objects.create(round=row, index=index, match=match, players=seats)
        tables.append(
            {
                "index": index,
                "matchId": match.public_id,
                "players": [{"userId": u, "username": users[u].get_username()} for u in seats],
            }
        )
        for user_id in seats:
            notice = {"round": number, "bye": False, "matchPublicId": match.public_id}
            outbox.notify(user_id, events.ROUND_NOTICE, notice, match_id=match.pk)
    for user_id in pairing.byes:
        outbox.notify(user_id, events.ROUND_NOTICE, {"round": number, "bye": True})
    tournament.current_round = number
    outbox.append(
        tournament,
        events.ROUND_STARTED,
        {
            "round": number,
            "deadline": deadline.isoformat(),
            "tables": tables,
            "byes": [{"userId": u, "username": users[u].get_username()} for u in pairing.byes],
        },
    )
    return "rounds"


def seat_table(tournament: Tournament, users: Sequence[Any]) -> Match:
    """Create, fill and start one table's match (a public match, the first user as its
    creator). Raises RoundFailed when a service refuses a step."""
    days = tournament.correspondence_days
    view = _ok(
        services.match_create(
            user=users[0],
            ruleset_name=tournament.ruleset,
            options=tournament.options,
            seats=len(users),
            turn_seconds=tournament.turn_seconds,
            correspondence_hours=days * 24 if days else None,
            ranked=tournament.rated,
            matchmade=True,
        )
    )
    for user in users[1:]:
        # Pairing is by standing: a block between two players does not keep them apart.
        _ok(services.match_join(match_id=view.id, user=user, check_blocks=False))
    _ok(services.match_start(match_id=view.id, user=users[0]))
    return Match.objects.get(pk=view.id)


def _ok(result: Any) -> Any:
    if isinstance(result, Rejected):
        raise RoundFailed(result)
    return result


def history(tournament: Tournament) -> History:
    """The pairings of the tournament's rounds so far."""
    tables: dict[int, list[tuple[int, ...]]] = {}
    for round_id, players in TournamentTable.objects.filter(
        round__tournament=tournament
    ).values_list("round_id", "players"):
        tables.setdefault(round_id, []).append(tuple(players))
    past = []
    for row in TournamentRound.objects.filter(tournament=tournament).order_by("number"):
        past.append(Pairing(tables=tuple(tables.get(row.pk, ())), byes=tuple(row.byes)))
    return History(tuple(past))


def close_round(
    tournament: Tournament,
    current: TournamentRound,
    tables: Sequence[TournamentTable],
    now: datetime,
    outbox: events.Outbox,
) -> None:
    """Adjudicate what still runs, score every table and bye, recompute the tie-breaks,
    withdraw repeated forfeiters; STANDINGS_CHANGED."""
    entries = {
        e.user_id: e
        for e in TournamentPlayer.objects.filter(tournament=tournament).select_related("user")
    }
    for table in tables:
        score_table(tournament, table, entries)
    bye = bye_points_12(tournament.place_points(tournament.table_size))
    for user_id in current.byes:
        entry = entries.get(user_id)
        if entry is not None:
            entry.points_12 += bye
            entry.byes += 1
    every_table = [
        list(p)
        for p in TournamentTable.objects.filter(round__tournament=tournament).values_list(
            "players", flat=True
        )
    ]
    tiebreak = tiebreaks_12({u: e.points_12 for u, e in entries.items()}, every_table)
    for user_id, entry in entries.items():
        entry.tiebreak_12 = tiebreak[user_id]
    TournamentPlayer.objects.bulk_update(
        list(entries.values()),
        ["points_12", "tiebreak_12", "played", "byes", "forfeits", "missed_in_row"],
    )
    limit = int(settings.TOURNAMENT_WITHDRAW_AFTER_MISSED)
    for entry in entries.values():
        if entry.withdrawn_at is None and limit and entry.missed_in_row >= limit:
            withdraw(tournament, entry, "missed", outbox)
    current.ended_at = now
    current.save(update_fields=["ended_at"])
    outbox.append(
        tournament,
        events.STANDINGS_CHANGED,
        {"round": current.number, "standings": standings_payload(tournament)},
    )


def score_table(
    tournament: Tournament, table: TournamentTable, entries: dict[int, TournamentPlayer]
) -> None:
    """Places, points and forfeits of one table (its match adjudicated first if it still
    runs); added to the players' entries (saved by the caller)."""
    match = table.match
    adjudicated = False
    if not match.over:
        stopped = services.match_abort(match_id=match.pk, code="TOURNAMENT_DEADLINE")
        adjudicated = not isinstance(stopped, Rejected)  # else it ended just now
        match.refresh_from_db()
    elif match.status == MatchStatus.ABORTED:
        adjudicated = True  # a moderator stopped it: placed the same way
    ranks = places(match)
    points = place_points_12(ranks, tournament.place_points(len(table.players)))
    results = []
    for seat, user_id in enumerate(table.players):
        forfeit = missed(match, seat, user_id)
        gained = 0 if forfeit else points.get(seat, 0)
        results.append(
            {
                "userId": user_id,
                "seat": seat,
                "place": ranks.get(seat),
                "points12": gained,
                "forfeit": forfeit,
            }
        )
        entry = entries.get(user_id)
        if entry is None:
            continue
        entry.points_12 += gained
        entry.played += 1
        if forfeit:
            entry.forfeits += 1
            entry.missed_in_row += 1
        else:
            entry.missed_in_row = 0
    table.results = results
    table.adjudicated = adjudicated
    table.save(update_fields=["results", "adjudicated"])


def places(match: Match) -> dict[int, int]:
    """Seat -> place (1 best, equal places tied) of a match that is over: its result if
    it finished, its current totals if it was stopped (all tied if it never began)."""
    if match.status == MatchStatus.FINISHED and match.outcome:
        return {seat: s.rank for seat, s in match_standings(match)}
    state = load_state(match)
    if state is None:
        return dict.fromkeys(range(match.players), 1)
    people = set(
        Seat.objects.filter(match=match, user__isnull=False, bot_level="").values_list(
            "index", flat=True
        )
    )
    abandoned = {i for i in people if state.seats[i].bot}
    return finishing_ranks(adjudicated_outcome(state), abandoned)


def missed(match: Match, seat: int, user_id: int) -> bool:
    """The player did not play the match: no move of their own, while the clock ran out
    on their turns or a bot took their seat over (T-TAKEOVER). A forfeit. (A player
    whose match ended before they had to move, say by the others resigning, played.)"""
    if archive.acted(match.pk, user_id):
        return False
    row = Seat.objects.filter(match=match, index=seat).first()
    return row is not None and (row.timeouts > 0 or bool(row.takeover))


def finish(tournament: Tournament, now: datetime, outbox: events.Outbox) -> None:
    """End ``tournament`` (locked; the caller saves it): TOURNAMENT_ENDED with the final
    standings, and each player's place as a notice."""
    tournament.status = TournamentStatus.FINISHED
    tournament.finished_at = now
    final = standings(tournament)
    outbox.append(
        tournament,
        events.TOURNAMENT_ENDED,
        {"round": tournament.current_round, "standings": standings_payload(tournament)},
    )
    for line in final:
        outbox.notify(
            line.user_id,
            events.ENDED_NOTICE,
            {"place": line.rank, "points12": line.points_12, "players": len(final)},
        )
        events.push(
            TOURNAMENT_ENDED,
            tournament,
            line.user_id,
            {"place": line.rank, "players": len(final)},
        )


def queue_match_over(match_id: int) -> None:
    """A match ended (after its commit): if it is a tournament's table, queue
    ``tournaments.match_over`` to close the round at once."""
    if TournamentTable.objects.filter(match_id=match_id).exists():
        queueing.send(MATCH_OVER_TASK, [match_id])


def match_over(match_id: int) -> str:
    """The ``tournaments.match_over`` task: close the match's round if it is done."""
    tournament_id = (
        TournamentTable.objects.filter(match_id=match_id)
        .values_list("round__tournament_id", flat=True)
        .first()
    )
    if tournament_id is None:
        return "not a tournament's match"
    return check_round(tournament_id)

"""Tournament persistence: the tournament, its players and their standing, its rounds,
each round's tables (ordinary matches) and the tournament's append-only event log.

Points are kept in twelfths of a point (``points_12``): a place shared by two, three or
four players shares its points exactly (4.5, 4.67, ...), and sums stay exact. The API
shows them as numbers of points.

Writes go through ``tournaments.services`` only.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models

from matches.models import Match


class TournamentStatus(models.TextChoices):
    SCHEDULED = "SCHEDULED", "registration open"
    RUNNING = "RUNNING", "being played"
    FINISHED = "FINISHED", "finished"
    CANCELLED = "CANCELLED", "cancelled"


def new_seed() -> str:
    return secrets.token_hex(16)


class Tournament(models.Model):
    """A Swiss tournament (issue 30). Registration is open until ``starts_at``; then beat
    starts it with at least ``min_players`` players (else it is cancelled) and plays
    ``rounds`` rounds of tables of ``table_size``, each round ending when its matches
    end or at its deadline (``round_minutes`` after its start)."""

    name = models.CharField(max_length=100)
    description = models.TextField(blank=True, default="")
    ruleset = models.CharField(max_length=40, default="robbers")
    # Rule option overrides, as for a match (validated by engine.rules.ruleset); none
    # for a rated tournament (ranked matches are played by their preset's rules).
    options = models.JSONField(default=dict, blank=True)
    table_size = models.PositiveSmallIntegerField(default=4)
    rounds = models.PositiveSmallIntegerField(default=3)
    # The time control: a live turn clock, or correspondence days per move.
    turn_seconds = models.PositiveIntegerField(null=True, blank=True)
    correspondence_days = models.PositiveSmallIntegerField(null=True, blank=True)
    # A round ends at this many minutes after its start at the latest (adjudication).
    round_minutes = models.PositiveIntegerField(default=60)
    rated = models.BooleanField(default=False)
    starts_at = models.DateTimeField(db_index=True)
    min_players = models.PositiveSmallIntegerField(default=4)
    max_players = models.PositiveSmallIntegerField(null=True, blank=True)
    # Points by place per table size, {"4": [6, 5, 3, 1], ...}, fixed at creation.
    points = models.JSONField(default=dict, blank=True)
    status = models.CharField(
        max_length=10,
        choices=TournamentStatus.choices,
        default=TournamentStatus.SCHEDULED,
        db_index=True,
    )
    current_round = models.PositiveSmallIntegerField(default=0)
    seed = models.CharField(max_length=64, default=new_seed, editable=False)
    last_seq = models.PositiveIntegerField(default=0, editable=False)
    cancel_reason = models.CharField(max_length=200, blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="created_tournaments",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.status})"

    @property
    def over(self) -> bool:
        return self.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)

    def place_points(self, size: int) -> list[int]:
        """Points by place at a table of ``size`` (best first)."""
        table = self.points.get(str(size))
        if table is None:
            table = settings.TOURNAMENT_POINTS[str(size)]
        return [int(p) for p in table]


class TournamentPlayer(models.Model):
    """A registered player and their standing (a cache of the tables' results, written
    when a round closes)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries"
    )
    joined_at = models.DateTimeField(auto_now_add=True)
    points_12 = models.IntegerField(default=0)
    tiebreak_12 = models.IntegerField(default=0)  # the opponents' points (twelfths)
    played = models.PositiveSmallIntegerField(default=0)
    byes = models.PositiveSmallIntegerField(default=0)
    forfeits = models.PositiveSmallIntegerField(default=0)
    missed_in_row = models.PositiveSmallIntegerField(default=0)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_reason = models.CharField(max_length=20, blank=True, default="")  # left, missed

    class Meta:
        ordering = ["tournament", "-points_12", "-tiebreak_12", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="tournament_player_once")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in tournament {self.tournament_id}"

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None


class TournamentRound(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    started_at = models.DateTimeField()
    deadline = models.DateTimeField(db_index=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    # User ids with a bye this round.
    byes = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="tournament_round_once")
        ]

    def __str__(self) -> str:
        return f"round {self.number} of tournament {self.tournament_id}"


class TournamentTable(models.Model):
    """A table of a round: one ordinary match. ``players``: user ids in seat order;
    ``results``: per seat, once the round closed, {"user", "place", "points_12",
    "forfeit"}; ``adjudicated``: the match was stopped at the round's deadline and
    placed by its current totals."""

    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="tables")
    index = models.PositiveSmallIntegerField()
    match = models.OneToOneField(Match, on_delete=models.PROTECT, related_name="tournament_table")
    players = models.JSONField(default=list)
    results = models.JSONField(null=True, blank=True)
    adjudicated = models.BooleanField(default=False)

    class Meta:
        ordering = ["round", "index"]

    def __str__(self) -> str:
        return f"table {self.index} of {self.round}"


class TournamentEvent(models.Model):
    """The tournament's append-only event log (``tournamentEvents(id, after)``)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seq"], name="tournament_event_seq")
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.type} (tournament {self.tournament_id})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None and not kwargs.get("force_insert"):
            raise RuntimeError("tournament events are append-only")
        super().save(*args, **kwargs)

"""Match persistence: the match row, its seats and rounds, the append-only event log,
the action log and the engine state snapshot, and idempotency records.

A match is its rules, its seed and its action log (DESIGN "State and events"): the
snapshot in ``Match.state`` is a cache of ``engine.replay.replay(rules, seed, actions)``
that saves replaying on every move; a test replays every finished match and compares.
The seed and the snapshot are server-side only: nothing outside ``matches.selectors``
reads them, and clients only ever get ``engine.views.view`` of the state.

Writes go through ``matches.services`` only.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models


class MatchStatus(models.TextChoices):
    WAITING = "WAITING", "waiting for players"
    ACTIVE = "ACTIVE", "being played"
    FINISHED = "FINISHED", "finished"
    ABORTED = "ABORTED", "aborted by a moderator"


class BotLevel(models.TextChoices):
    EASY = "EASY", "easy"
    MEDIUM = "MEDIUM", "medium"
    HARD = "HARD", "hard"
    EXPERT = "EXPERT", "expert"


def new_public_id() -> str:
    """A match's id as clients see it: 12 random URL-safe characters (72 bits), so ids
    cannot be enumerated (issue 14). ``matches.selectors.match_lookup`` parses it."""
    return secrets.token_urlsafe(9)


def new_invite_code() -> str:
    """The invitation to a private match (144 bits): who has it may see and join it."""
    return secrets.token_urlsafe(18)


class Match(models.Model):
    """One match. ``turn`` and ``last_seq`` are its version (STYLE 13): ``last_seq``
    grows with every applied action, ``turn`` is the engine's turn number that clients
    send back (a stale one is rejected)."""

    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    # Private matches only ("" for public ones); shown to seated players as inviteCode.
    invite_code = models.CharField(max_length=32, blank=True, default="", editable=False)
    ruleset = models.CharField(max_length=40)
    # The client's option overrides as given (validated by engine.rules.ruleset); the
    # full option set of the match is in the view and the MATCH_STARTED event.
    options = models.JSONField(default=dict, blank=True)
    players = models.PositiveSmallIntegerField()
    status = models.CharField(
        max_length=10, choices=MatchStatus.choices, default=MatchStatus.WAITING, db_index=True
    )
    ranked = models.BooleanField(default=False)
    private = models.BooleanField(default=False)
    turn_seconds = models.PositiveIntegerField(null=True, blank=True)
    correspondence_hours = models.PositiveIntegerField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="created_matches",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    # The game itself (server-side only).
    seed = models.BinaryField(editable=False, default=b"")
    # Before snapshots (issue 14): a pickled engine GameState, no longer written; a row
    # that still has one is rebuilt by replay on its first load (matches.selectors).
    state = models.BinaryField(editable=False, null=True)
    # engine.snapshot.to_dict of the current state, and its version (0: none yet, or an
    # old pickle in ``state``); an older version is rebuilt by replay when loaded.
    snapshot = models.JSONField(editable=False, null=True)
    snapshot_version = models.PositiveSmallIntegerField(editable=False, default=0)
    turn = models.PositiveIntegerField(default=0)
    round = models.PositiveSmallIntegerField(default=0)
    on_turn = models.PositiveSmallIntegerField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    last_seq = models.PositiveIntegerField(default=0)
    actions_count = models.PositiveIntegerField(default=0)
    winners = models.JSONField(default=list, blank=True)  # seat indexes, once finished
    outcome = models.JSONField(null=True, blank=True)  # engine MatchOutcome.to_dict()
    # Correspondence reminders (matches.deadlines): when 80% of the turn's time is gone,
    # and the turn already reminded (once per turn).
    remind_at = models.DateTimeField(null=True, blank=True, db_index=True)
    reminded_turn = models.PositiveIntegerField(null=True, blank=True)
    # The last-chance alarm of a correspondence turn (matches.notifications): when it is
    # due (shortly before the deadline), and the turn already alarmed (once per turn).
    last_chance_at = models.DateTimeField(null=True, blank=True, db_index=True)
    last_chance_turn = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "matches"
        indexes = [models.Index(fields=["status", "private", "ruleset"])]

    def __str__(self) -> str:
        # The public id first: it is what players see and quote in a report (issue 26).
        return f"match {self.public_id} ({self.ruleset}, {self.status})"

    @property
    def over(self) -> bool:
        return self.status in (MatchStatus.FINISHED, MatchStatus.ABORTED)


class Seat(models.Model):
    """A seat of a match: a user, a bot (``bot_level``) or still empty (neither)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="match_seats",
    )
    # "" for a human or empty seat.
    bot_level = models.CharField(max_length=10, choices=BotLevel.choices, blank=True, default="")
    joined_at = models.DateTimeField(null=True, blank=True)
    # Seat takeover (matches.takeover, T-ASYNC): why a bot plays this human's seat now
    # ("" none, "timeouts", "resigned", "disconnected") and at which level; ``abandoned``
    # is what ratings read at the end (cleared by a reclaim); ``timeouts`` counts every
    # expired turn of the seat.
    takeover = models.CharField(max_length=12, blank=True, default="")
    takeover_level = models.CharField(
        max_length=10, choices=BotLevel.choices, blank=True, default=""
    )
    abandoned = models.BooleanField(default=False)
    timeouts = models.PositiveIntegerField(default=0)
    # When the takeover began (null while the person plays the seat): Seat.controllerSince.
    takeover_at = models.DateTimeField(null=True, blank=True)
    # The player's own order of their hand (setRackOrder), codes; kept across turns.
    rack_order = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["match", "index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="seat_unique_index"),
            models.UniqueConstraint(
                fields=["match", "user"],
                condition=models.Q(user__isnull=False),
                name="seat_one_per_user",
            ),
        ]

    def __str__(self) -> str:
        who = self.user or (f"bot {self.bot_level}" if self.bot_level else "empty")
        return f"seat {self.index} of match {self.match_id}: {who}"

    @property
    def taken(self) -> bool:
        return self.user_id is not None or bool(self.bot_level)


class Round(models.Model):
    """A round of a match, written from the engine's ROUND_STARTED / ROUND_ENDED events."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    started_seq = models.PositiveIntegerField()
    ended_seq = models.PositiveIntegerField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)  # engine RoundOutcome.to_dict()

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="round_unique_number")
        ]

    def __str__(self) -> str:
        return f"round {self.number} of match {self.match_id}"


class MatchEvent(models.Model):
    """The append-only event log. Never updated or deleted: a database trigger (see the
    migration) refuses UPDATE and DELETE of rows, and no code path does either.

    ``private`` maps a seat index (as a string, JSON keys) to that seat's extras; what a
    viewer receives is ``engine.events.event_for`` of the row (``matches.selectors``).
    """

    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    public = models.JSONField(default=dict)
    private = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="matchevent_unique_seq")
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.type} (match {self.match_id})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None and not kwargs.get("force_insert"):
            raise RuntimeError("match events are append-only")
        super().save(*args, **kwargs)


class MatchAction(models.Model):
    """The action log: ``action`` is ``engine.actions.action_to_dict`` of each applied
    engine action, in order (``index`` from 0). Append-only like the events."""

    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="actions")
    index = models.PositiveIntegerField()
    action = models.JSONField()
    seq = models.PositiveIntegerField()  # the match's last_seq after this action
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="matchaction_unique_index")
        ]

    def __str__(self) -> str:
        return f"action {self.index} of match {self.match_id}: {self.action.get('kind')}"


class IdempotencyRecord(models.Model):
    """The first successful result of a request sent with an ``idempotencyKey``.

    Only successes are recorded: a rejection changed nothing, so a retry is simply
    judged again (and a stale turn must not be answered from a cache).
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=128)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    operation = models.CharField(max_length=200)  # what was asked, to refuse key reuse
    result = models.JSONField()  # the caller's MatchView (selectors) as first returned
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotency_unique_key")
        ]

    def __str__(self) -> str:
        return f"{self.user_id}:{self.key}"


class QueueTicket(models.Model):
    """A user waiting for a ranked match (``matches.matchmaking``): one per user at a time.

    ``ordinal`` is the user's conservative rating in the wanted rule set and tempo when it
    queued, what tables are formed by; ``bots_after`` is when the remaining seats of its
    table may be filled with bots. Deleted when its table is formed or the user dequeues.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_ticket"
    )
    ruleset = models.CharField(max_length=40)
    players = models.PositiveSmallIntegerField()
    tempo = models.CharField(max_length=16)  # accounts.models.Tempo
    ordinal = models.FloatField()
    created_at = models.DateTimeField()
    bots_after = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["ruleset", "players", "tempo", "created_at"])]

    def __str__(self) -> str:
        return f"{self.user_id} queued for {self.ruleset}/{self.players}/{self.tempo}"


class Vacation(models.Model):
    """A player's vacation (``setVacation``): their correspondence clocks do not run
    between ``starts_at`` and ``ends_at`` (semantics in ``matches.correspondence``)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations"
    )
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["user", "starts_at"]

    def __str__(self) -> str:
        return f"vacation of {self.user_id}: {self.starts_at} to {self.ends_at}"


class ReportReason(models.TextChoices):
    CHEATING = "CHEATING"
    ABUSE = "ABUSE"
    STALLING = "STALLING"
    NAME = "NAME"
    OTHER = "OTHER"


class PlayerReport(models.Model):
    """A report of a player by another (reportPlayer), for moderators in the admin."""

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made"
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_received"
    )
    match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="reports"
    )
    reason = models.CharField(max_length=12, choices=ReportReason.choices)
    text = models.TextField(blank=True, default="")
    # The chat lines reported with it, copied as they were ({seq, room, author, text,
    # at}): a line hidden later stays here for the moderators.
    lines = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"report of {self.reported} by {self.reporter}: {self.reason}"


class ChatRoom(models.TextChoices):
    """Who speaks and reads (``matches.chat``): the match's players, or its spectators,
    whose room the players do not see while the match runs."""

    PLAYERS = "PLAYERS", "players"
    SPECTATORS = "SPECTATORS", "spectators"


class ChatKind(models.TextChoices):
    MESSAGE = "MESSAGE", "a line"
    HIDDEN = "HIDDEN", "a moderator hid a line"
    FREE_CHAT = "FREE_CHAT", "a player turned free chat on or off"


class MatchChat(models.Model):
    """A match's chat: the seq of its latest chat event (locked to append the next one,
    apart from the match's own lock) and the players who turned free chat on (ranked
    matches allow free text only when every seated person did)."""

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="chat"
    )
    last_seq = models.PositiveIntegerField(default=0)
    free_chat = models.JSONField(default=list, blank=True)  # user ids

    def __str__(self) -> str:
        return f"chat of match {self.match_id}"


class ChatLine(models.Model):
    """One chat event of a match, with its own ``seq`` (``matchChat(matchId, after)``):
    a line (MESSAGE: ``text``, or a preset ``quick`` message and its English text), a
    moderator hiding line ``target_seq`` (HIDDEN), or a player's free-chat switch
    (FREE_CHAT, ``data``). A hidden line keeps its text for moderators and reports;
    nobody else gets it again."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat_lines")
    seq = models.PositiveIntegerField()
    room = models.CharField(max_length=10, choices=ChatRoom.choices)
    kind = models.CharField(max_length=10, choices=ChatKind.choices, default=ChatKind.MESSAGE)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="chat_lines",
    )
    text = models.CharField(max_length=200, blank=True, default="")
    quick = models.CharField(max_length=20, blank=True, default="")
    target_seq = models.PositiveIntegerField(null=True, blank=True)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    hidden_at = models.DateTimeField(null=True, blank=True)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["match", "seq"]
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="chatline_unique_seq")]
        indexes = [models.Index(fields=["author", "created_at"], name="chatline_flood")]

    def __str__(self) -> str:
        return f"#{self.seq} {self.kind} in match {self.match_id}"


class ChatMute(models.Model):
    """``user`` does not want ``muted``'s lines in ``match`` (null: nobody's)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat_mutes")
    muted = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        # Two constraints, not one with nulls_distinct (PostgreSQL 15+ only): a muted
        # player once, and "everyone" (null) once.
        constraints = [
            models.UniqueConstraint(
                fields=["user", "match", "muted"],
                condition=models.Q(muted__isnull=False),
                name="chatmute_once",
            ),
            models.UniqueConstraint(
                fields=["user", "match"],
                condition=models.Q(muted__isnull=True),
                name="chatmute_all_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} mutes {self.muted_id or 'everyone'} in match {self.match_id}"


class ChatTimeout(models.Model):
    """A moderator's time-out: ``user`` may not chat until ``until``."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_timeouts"
    )
    until = models.DateTimeField(db_index=True)
    reason = models.CharField(max_length=200, blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.user_id} timed out until {self.until:%Y-%m-%d %H:%M}"


class ChallengeStatus(models.TextChoices):
    PENDING = "PENDING", "waiting for an answer"
    ACCEPTED = "ACCEPTED", "accepted: the match began"
    DECLINED = "DECLINED", "declined"
    CANCELLED = "CANCELLED", "withdrawn by the challenger"
    EXPIRED = "EXPIRED", "not answered in time"


class Challenge(models.Model):
    """One player challenging another to a match of two (``matches.challenges``):
    accepted, it becomes the match, both seated and dealt."""

    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_made"
    )
    challenged = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_received"
    )
    ruleset = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    turn_seconds = models.PositiveIntegerField(null=True, blank=True)
    correspondence_hours = models.PositiveIntegerField(null=True, blank=True)
    ranked = models.BooleanField(default=False)
    status = models.CharField(
        max_length=10,
        choices=ChallengeStatus.choices,
        default=ChallengeStatus.PENDING,
        db_index=True,
    )
    match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="challenge"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.challenger_id} challenges {self.challenged_id} ({self.status})"


# The notification rows belong to this app too (their module stands below this one).
from matches.notifications.models import (  # noqa: E402, F401
    Delivery,
    Digest,
    Notice,
    NotificationSettings,
    PushDevice,
    PushPlatform,
)


class MatchArchive(models.Model):
    """A match that is over, packed (issue 31, ``matches.archive``): its event and action
    logs as one compressed document, which replaces their rows.

    While a match runs its log is rows (``MatchEvent``, ``MatchAction``); once it is over,
    ``matches.archive.pack`` writes this row and deletes those rows in one transaction.
    The document holds exactly the rows' contents (nothing is rewritten or left out), so
    the log stays append-only in substance: a database trigger refuses to delete a log
    row unless its match has an archive, and refuses any UPDATE or DELETE of an archive.
    """

    match = models.OneToOneField(
        Match, on_delete=models.PROTECT, primary_key=True, related_name="archive"
    )
    # The document's layout (``matches.archive.FORMAT``) and how ``data`` is compressed.
    format = models.PositiveSmallIntegerField()
    events = models.PositiveIntegerField()  # how many events and actions it holds
    actions = models.PositiveIntegerField()
    data = models.BinaryField()
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"archive of match {self.match_id} ({self.events} events)"

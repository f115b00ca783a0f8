"""Moderation of matches: the list with filters, seats inline, the event log as a
readable list, the replay of a match that is over, and an "abort" action.

Nothing here edits a match directly: aborting goes through ``services.match_abort``
(which appends and publishes MATCH_ABORTED and leaves ratings alone), and every
custom action is recorded in the admin log (LogEntry).
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

import matches.notifications.admin  # noqa: F401 (registers its models)
from matches import selectors, services
from matches.errors import Rejected
from matches.models import Match, MatchEvent, PlayerReport, Round, Seat

MAX_EVENTS_SHOWN = 500


class SeatInline(admin.TabularInline):  # type: ignore[type-arg]  # generic in django-stubs only
    model = Seat
    extra = 0
    can_delete = False
    fields = ("index", "user", "bot_level", "joined_at")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class RoundInline(admin.TabularInline):  # type: ignore[type-arg]  # generic in django-stubs only
    model = Round
    extra = 0
    can_delete = False
    fields = ("number", "started_seq", "ended_seq", "ended_at", "result")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in django-stubs only
    list_display = (
        "id",
        "ruleset",
        "status",
        "players",
        "ranked",
        "private",
        "turn",
        "round",
        "last_seq",
        "created_by",
        "created_at",
    )
    list_filter = ("status", "ruleset", "ranked", "private", "created_at")
    search_fields = ("=id", "seats__user__username", "created_by__username")
    date_hierarchy = "created_at"
    inlines = (SeatInline, RoundInline)
    actions = ("abort_matches",)
    readonly_fields = (
        "ruleset",
        "options",
        "players",
        "status",
        "ranked",
        "private",
        "turn_seconds",
        "correspondence_hours",
        "created_by",
        "created_at",
        "started_at",
        "finished_at",
        "turn",
        "round",
        "on_turn",
        "deadline",
        "last_seq",
        "actions_count",
        "winners",
        "outcome",
        "event_log",
        "replay",
    )
    fields = readonly_fields

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # matches are created by players through the API

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # the event log is kept forever

    @admin.display(description="event log")
    def event_log(self, obj: Match) -> SafeString:
        """The log as spectators saw it (public payloads; private parts only once over)."""
        rows = MatchEvent.objects.filter(match=obj).order_by("seq")[:MAX_EVENTS_SHOWN]
        return format_html(
            "<table><tr><th>seq</th><th>type</th><th>payload</th><th>at</th></tr>{}</table>",
            format_html_join(
                "",
                "<tr><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td></tr>",
                (
                    (e.seq, e.type, json.dumps(e.public)[:400], e.created_at.isoformat())
                    for e in rows
                ),
            ),
        )

    @admin.display(description="replay (full information, matches that are over)")
    def replay(self, obj: Match) -> SafeString:
        if not obj.over:
            return format_html("<em>{}</em>", "shown once the match is over")
        data = selectors.replay_data(obj)
        return format_html(
            "<p>hands at the end: <code>{}</code></p>"
            "<details><summary>{} events, {} actions</summary><pre>{}</pre></details>",
            json.dumps(data["hands"]),
            len(data["events"]),
            len(data["actions"]),
            json.dumps(data["events"], indent=1)[:200_000],
        )

    @admin.action(description="Abort the selected matches (no result, ratings untouched)")
    def abort_matches(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        aborted = 0
        # One transaction per match, in primary-key order (see services.lock_matches).
        for pk in sorted(queryset.values_list("pk", flat=True)):
            result = services.match_abort(
                match_id=pk, by=request.user, reason="aborted by a moderator"
            )
            match = Match.objects.get(pk=pk)
            if isinstance(result, Rejected):
                self.message_user(request, f"match {pk}: {result.message}", messages.WARNING)
                continue
            self.log_change(
                request, match, f"Aborted the match (MATCH_ABORTED at seq {match.last_seq})."
            )
            aborted += 1
        if aborted:
            self.message_user(request, f"Aborted {aborted} match(es).", messages.SUCCESS)


@admin.register(MatchEvent)
class MatchEventAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in django-stubs only
    list_display = ("match", "seq", "type", "created_at")
    list_filter = ("type",)
    search_fields = ("=match__id",)
    readonly_fields = ("match", "seq", "type", "public", "private_parts", "created_at")
    fields = readonly_fields

    @admin.display(description="private parts")
    def private_parts(self, obj: MatchEvent) -> str:
        # Hands and drawn cards stay hidden while the match runs, from staff too.
        return json.dumps(obj.private) if obj.match.over else "hidden while the match runs"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(PlayerReport)
class PlayerReportAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in django-stubs only
    """Reports of players (reportPlayer): moderators read them and mark them resolved."""

    list_display = ("created_at", "reported", "reason", "reporter", "match", "resolved")
    list_filter = ("reason", "resolved")
    search_fields = ("reported__username", "reporter__username", "text")
    readonly_fields = ("reporter", "reported", "match", "reason", "text", "created_at")
    list_editable = ("resolved",)

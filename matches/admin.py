"""Moderation of matches: the list with filters, seats inline, the event log as a
readable list, the replay of a match that is over, and an "abort" action; reports of
players, with the lines they carry, the reported player's earlier reports and a "ban"
action; chat lines (hide them, time their authors out for 15 minutes, an hour or a day),
chat time-outs and challenges.

A match is shown and found by its public id (what players see and quote) everywhere, as
well as by its database key.

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
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

import matches.notifications.admin  # noqa: F401 (registers its models)
from accounts import services as accounts
from matches import archive, chat, selectors, services
from matches.errors import Rejected
from matches.models import (
    Challenge,
    ChatKind,
    ChatLine,
    ChatTimeout,
    Match,
    MatchEvent,
    PlayerReport,
    Round,
    Seat,
)

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
        "public_id",
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
    search_fields = ("=public_id", "=id", "seats__user__username", "created_by__username")
    date_hierarchy = "created_at"
    inlines = (SeatInline, RoundInline)
    actions = ("abort_matches",)
    readonly_fields = (
        "public_id",
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
        rows = archive.event_rows(obj.pk, limit=MAX_EVENTS_SHOWN)
        return format_html(
            "<table><tr><th>seq</th><th>type</th><th>payload</th><th>at</th></tr>{}</table>",
            format_html_join(
                "",
                "<tr><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td></tr>",
                ((e["seq"], e["type"], json.dumps(e["public"])[:400], e["at"]) for e in rows),
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
    search_fields = ("=match__public_id", "=match__id")
    list_select_related = ("match",)
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
    """Reports of players (reportPlayer): moderators read them, see what else the player
    was reported for, ban the player, and mark reports resolved."""

    list_display = (
        "created_at", "reported", "reason", "reporter", "match_public_id", "line_count", "earlier",
        "resolved",
    )  # fmt: skip
    list_filter = ("reason", "resolved")
    search_fields = (
        "reported__username", "reporter__username", "text", "=match__public_id", "=match__id"
    )  # fmt: skip
    list_select_related = ("reported", "reporter", "match")
    readonly_fields = (
        "reporter", "reported", "reported_status", "match_link", "reason", "text", "created_at",
        "reported_lines", "earlier_reports",
    )  # fmt: skip
    fields = (*readonly_fields, "resolved")
    list_editable = ("resolved",)
    actions = ("ban_reported",)

    @admin.display(description="match", ordering="match__public_id")
    def match_public_id(self, report: PlayerReport) -> str:
        return report.match.public_id if report.match is not None else "-"

    @admin.display(description="match")
    def match_link(self, report: PlayerReport) -> SafeString | str:
        if report.match is None:
            return "-"
        url = reverse("admin:matches_match_change", args=[report.match.pk])
        return format_html('<a href="{}">{}</a>', url, str(report.match))

    @admin.display(description="lines")
    def line_count(self, obj: PlayerReport) -> int:
        return len(obj.lines or ())

    @admin.display(description="reported chat lines (as they were)")
    def reported_lines(self, obj: PlayerReport) -> SafeString:
        return format_html(
            "<table><tr><th>seq</th><th>room</th><th>at</th><th>text</th></tr>{}</table>",
            format_html_join(
                "",
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                ((x["seq"], x["room"], x["at"], x["text"]) for x in obj.lines or ()),
            ),
        )

    @admin.display(description="earlier reports")
    def earlier(self, report: PlayerReport) -> int:
        return self._earlier(report).count()

    @admin.display(description="the player")
    def reported_status(self, report: PlayerReport) -> str:
        player = report.reported
        if player.is_banned:
            return f"banned since {player.banned_at:%Y-%m-%d %H:%M} ({player.ban_reason})"
        return "not banned"

    @admin.display(description="the player's earlier reports")
    def earlier_reports(self, report: PlayerReport) -> SafeString | str:
        earlier = self._earlier(report).select_related("reporter", "match")[:50]
        if not earlier:
            return "none"
        return format_html(
            "<table><tr><th>when</th><th>reason</th><th>by</th><th>match</th><th>text</th>"
            "<th>resolved</th></tr>{}</table>",
            format_html_join(
                "",
                '<tr><td><a href="{}">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>'
                "<td>{}</td></tr>",
                (
                    (
                        reverse("admin:matches_playerreport_change", args=[r.pk]),
                        f"{r.created_at:%Y-%m-%d %H:%M}",
                        r.reason,
                        r.reporter.get_username(),
                        r.match.public_id if r.match is not None else "-",
                        r.text[:200],
                        "yes" if r.resolved else "no",
                    )
                    for r in earlier
                ),
            ),
        )

    @staticmethod
    def _earlier(report: PlayerReport) -> QuerySet[PlayerReport]:
        return PlayerReport.objects.filter(
            reported_id=report.reported_id, created_at__lt=report.created_at
        ).order_by("-created_at")

    @admin.action(description="Ban the reported players (revokes their tokens at once)")
    def ban_reported(self, request: HttpRequest, queryset: QuerySet[PlayerReport]) -> None:
        banned = 0
        for report in queryset.select_related("reported").order_by("pk"):
            player = report.reported
            if player.pk == request.user.pk:
                self.message_user(request, "You cannot ban yourself.", messages.ERROR)
                continue
            reason = (
                f"banned by {request.user.get_username()} on {timezone.now():%Y-%m-%d} "
                f"after report {report.pk} ({report.reason})"
            )
            if accounts.user_ban(user=player, reason=reason):
                # logged on the player, as the user admin's ban is
                self.log_change(request, player, f"Banned after report {report.pk}.")
                banned += 1
        self.message_user(request, f"Banned {banned} player(s).", messages.SUCCESS)


class HiddenFilter(admin.SimpleListFilter):
    title = "hidden"
    parameter_name = "hidden"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "Hidden"), ("no", "Shown")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[ChatLine]) -> QuerySet[ChatLine]:
        if self.value() == "yes":
            return queryset.filter(hidden_at__isnull=False)
        if self.value() == "no":
            return queryset.filter(hidden_at__isnull=True)
        return queryset


@admin.register(ChatLine)
class ChatLineAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in django-stubs only
    """Every chat line with its match and author; moderators hide lines and time their
    authors out (``matches.chat``). Nothing is edited or deleted by hand."""

    list_display = ("created_at", "match", "seq", "room", "author", "text", "quick",
                    "hidden_at")  # fmt: skip
    list_filter = ("room", HiddenFilter, "created_at")
    search_fields = ("text", "author__username", "=match__public_id")
    list_select_related = ("match", "author")
    date_hierarchy = "created_at"
    ordering = ("-created_at",)
    actions = ("hide_lines", "time_out_15", "time_out_60", "time_out_1440")

    def get_queryset(self, request: HttpRequest) -> QuerySet[ChatLine]:
        return super().get_queryset(request).filter(kind=ChatKind.MESSAGE)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(description="Hide the selected lines (from every reader)")
    def hide_lines(self, request: HttpRequest, queryset: QuerySet[ChatLine]) -> None:
        hidden = 0
        for line in queryset.order_by("match_id", "seq"):
            result = chat.chat_hide(match_id=line.match_id, seq=line.seq, by=request.user)
            if isinstance(result, Rejected):
                self.message_user(request, result.message, messages.WARNING)
                continue
            self.log_change(request, line, f"Hid line {line.seq} of match {line.match_id}.")
            hidden += 1
        self.message_user(request, f"Hid {hidden} line(s).", messages.SUCCESS)

    def _time_out(self, request: HttpRequest, queryset: QuerySet[ChatLine], minutes: int) -> None:
        authors = {line.author for line in queryset.select_related("author") if line.author}
        for author in sorted(authors, key=lambda u: u.pk):
            timeout = chat.chat_time_out(
                user=author,
                minutes=minutes,
                by=request.user,
                reason=f"for lines in the chat, by {request.user.get_username()}",
            )
            self.log_change(request, timeout, f"Timed {author} out of chat for {minutes} minutes.")
        self.message_user(request, f"Timed {len(authors)} player(s) out.", messages.SUCCESS)

    @admin.action(description="Time the authors out of chat for 15 minutes")
    def time_out_15(self, request: HttpRequest, queryset: QuerySet[ChatLine]) -> None:
        self._time_out(request, queryset, 15)

    @admin.action(description="Time the authors out of chat for 1 hour")
    def time_out_60(self, request: HttpRequest, queryset: QuerySet[ChatLine]) -> None:
        self._time_out(request, queryset, 60)

    @admin.action(description="Time the authors out of chat for 1 day")
    def time_out_1440(self, request: HttpRequest, queryset: QuerySet[ChatLine]) -> None:
        self._time_out(request, queryset, 1440)


@admin.register(ChatTimeout)
class ChatTimeoutAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in django-stubs only
    """Chat time-outs, current and past; ending one early is an action (logged)."""

    list_display = ("user", "until", "reason", "created_by", "created_at")
    search_fields = ("user__username",)
    list_select_related = ("user", "created_by")
    readonly_fields = ("user", "until", "reason", "created_by", "created_at")
    actions = ("end_now",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # from the chat lines' actions

    @admin.action(description="End the selected time-outs now")
    def end_now(self, request: HttpRequest, queryset: QuerySet[ChatTimeout]) -> None:
        for timeout in queryset.order_by("pk"):
            ChatTimeout.objects.filter(pk=timeout.pk).update(until=timezone.now())
            self.log_change(request, timeout, "Ended the time-out early.")
        self.message_user(request, "Ended the time-out(s).", messages.SUCCESS)


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in django-stubs only
    """Challenges between players (read-only: they are answered by the players)."""

    list_display = ("created_at", "challenger", "challenged", "ruleset", "ranked", "status",
                    "expires_at", "match")  # fmt: skip
    list_filter = ("status", "ranked", "ruleset")
    search_fields = ("challenger__username", "challenged__username", "=public_id")
    list_select_related = ("challenger", "challenged", "match")
    readonly_fields = ("public_id", "challenger", "challenged", "ruleset", "options",
                       "turn_seconds", "correspondence_hours", "ranked", "status", "match",
                       "created_at", "expires_at", "answered_at")  # fmt: skip

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

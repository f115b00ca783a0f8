"""Tournaments in the admin: staff create them (the form checks the settings as the API
does), see their players, standings and rounds with links to each table's match,
start one now or cancel it. Every action is recorded in the admin log (LogEntry).

Once a tournament has begun its settings are read-only: its rounds were played by them.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from matches.errors import Rejected
from tournaments import rounds, selectors, services
from tournaments.models import Tournament, TournamentPlayer, TournamentStatus

SETTINGS = (
    "name",
    "description",
    "ruleset",
    "options",
    "table_size",
    "rounds",
    "turn_seconds",
    "correspondence_days",
    "round_minutes",
    "rated",
    "starts_at",
    "min_players",
    "max_players",
)
# Shown on a tournament's page besides its settings.
SHOWN = ("status", "current_round", "cancel_reason", "rules", "round_tables", "created_by")


class TournamentForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Tournament
        fields = SETTINGS

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise forms.ValidationError("options must be a JSON object")
        name, refused = services.check_settings(
            ruleset_name=data.get("ruleset") or "robbers",
            options=options,
            table_size=data.get("table_size") or 0,
            rounds=data.get("rounds") or 0,
            turn_seconds=data.get("turn_seconds"),
            correspondence_days=data.get("correspondence_days"),
            round_minutes=data.get("round_minutes") or 0,
            rated=bool(data.get("rated")),
            min_players=data.get("min_players") or 0,
            max_players=data.get("max_players"),
        )
        if refused is not None:
            raise forms.ValidationError(refused.message)
        data["ruleset"] = name
        return data


class PlayerInline(admin.TabularInline):  # type: ignore[type-arg]
    model = TournamentPlayer
    extra = 0
    can_delete = False
    fields = ("user", "points", "tiebreak", "played", "byes", "forfeits", "withdrawn_reason")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # players register themselves (joinTournament)

    @admin.display(description="points")
    def points(self, obj: TournamentPlayer) -> str:
        return f"{obj.points_12 / 12:g}"

    @admin.display(description="opponents' points")
    def tiebreak(self, obj: TournamentPlayer) -> str:
        return f"{obj.tiebreak_12 / 12:g}"


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    form = TournamentForm
    list_display = (
        "name",
        "status",
        "ruleset",
        "table_size",
        "rounds",
        "current_round",
        "player_count",
        "rated",
        "starts_at",
    )
    list_filter = ("status", "ruleset", "rated", "table_size")
    search_fields = ("name", "players__user__username")
    date_hierarchy = "starts_at"
    inlines = (PlayerInline,)
    actions = ("start_now", "cancel_tournaments")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        if obj is not None and obj.status != TournamentStatus.SCHEDULED:
            return SETTINGS + SHOWN
        return SHOWN

    def get_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        if obj is None:
            return SETTINGS
        return SETTINGS + SHOWN

    def save_model(self, request: HttpRequest, obj: Tournament, form: Any, change: bool) -> None:
        if not change:
            obj.created_by = request.user  # type: ignore[assignment]
            obj.points = dict(settings.TOURNAMENT_POINTS)
        super().save_model(request, obj, form, change)

    @admin.display(description="players")
    def player_count(self, obj: Tournament) -> int:
        return selectors.player_count(obj)

    @admin.display(description="rules")
    def rules(self, obj: Tournament) -> str:
        return selectors.rules_text(obj)

    @admin.display(description="rounds and tables")
    def round_tables(self, obj: Tournament) -> SafeString:
        rows: list[tuple[object, ...]] = []
        for r in selectors.rounds(obj):
            for t in r.tables:
                url = reverse("admin:matches_match_changelist") + f"?q={t.match_id}"
                results = ", ".join(
                    f"{x['place']}. {x['points12'] / 12:g}{' (forfeit)' if x['forfeit'] else ''}"
                    for x in t.results or ()
                )
                rows.append(
                    (
                        r.number,
                        t.index + 1,
                        ", ".join(u.get_username() for u in t.players),
                        url,
                        t.match_id,
                        t.match_status + (" (adjudicated)" if t.adjudicated else ""),
                        results,
                    )
                )
            if r.byes:
                byes = ", ".join(u.get_username() for u in r.byes)
                rows.append((r.number, "bye", byes, "#", "-", "", ""))
        return format_html(
            "<table><tr><th>round</th><th>table</th><th>players</th><th>match</th>"
            "<th>status</th><th>places, points</th></tr>{}</table>",
            format_html_join(
                "",
                "<tr><td>{}</td><td>{}</td><td>{}</td><td><a href='{}'>{}</a></td>"
                "<td>{}</td><td>{}</td></tr>",
                rows,
            ),
        )

    @admin.action(description="Start the selected tournaments now (close registration)")
    def start_now(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        for pk in sorted(queryset.values_list("pk", flat=True)):
            Tournament.objects.filter(pk=pk, status=TournamentStatus.SCHEDULED).update(
                starts_at=timezone.now()
            )
            try:
                outcome = rounds.begin(pk)
            except rounds.RoundFailed as exc:
                self.message_user(request, f"tournament {pk}: {exc}", messages.ERROR)
                continue
            tournament = Tournament.objects.get(pk=pk)
            self.log_change(request, tournament, f"Started by hand: {outcome}.")
            self.message_user(request, f"{tournament.name}: {outcome}", messages.INFO)

    @admin.action(description="Cancel the selected tournaments")
    def cancel_tournaments(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        for pk in sorted(queryset.values_list("pk", flat=True)):
            result = services.tournament_cancel(
                tournament_id=pk, reason=f"cancelled by {request.user}"
            )
            if isinstance(result, Rejected):
                self.message_user(request, f"tournament {pk}: {result.message}", messages.WARNING)
                continue
            self.log_change(request, result, "Cancelled.")
            self.message_user(request, f"Cancelled {result.name}.", messages.SUCCESS)

"""Tournaments in the admin (issue 30): staff create one through the form (which refuses
what the API refuses), see its players and rounds, start it now or cancel it; each
action is in the admin log."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.admin.models import LogEntry
from django.test import Client
from django.utils import timezone

from accounts.models import User
from tournaments import services
from tournaments.models import Tournament, TournamentStatus

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def plain_static_files(settings: Any) -> None:
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


def form(**overrides: Any) -> dict[str, Any]:
    when = timezone.now() + timedelta(days=1)
    data: dict[str, Any] = {
        "name": "Friday Swiss",
        "description": "",
        "ruleset": "robbers",
        "options": '{"hand_size": 8}',
        "table_size": "3",
        "rounds": "3",
        "turn_seconds": "60",
        "correspondence_days": "",
        "round_minutes": "40",
        "starts_at_0": when.strftime("%Y-%m-%d"),
        "starts_at_1": when.strftime("%H:%M:%S"),
        "min_players": "3",
        "max_players": "",
        "players-TOTAL_FORMS": "0",
        "players-INITIAL_FORMS": "0",
    }
    data.update(overrides)
    return data


def test_staff_create_a_tournament_in_the_admin(admin_client: Client, admin_user: Any) -> None:
    refused = admin_client.post("/admin/tournaments/tournament/add/", form(table_size="5"))
    made = admin_client.post("/admin/tournaments/tournament/add/", form())

    assert refused.status_code == 200 and "a table seats 2 to 4 players" in refused.content.decode()
    assert made.status_code == 302, made.content.decode()[:2000]
    tournament = Tournament.objects.get()
    assert tournament.created_by == admin_user
    assert tournament.points["3"] == [6, 3, 0]
    assert tournament.options == {"hand_size": 8}


def test_start_now_and_cancel_are_logged(admin_client: Client, admin_user: Any) -> None:
    made = services.tournament_create(
        by=admin_user,
        name="Now",
        starts_at=timezone.now() + timedelta(days=1),
        options={"rounds": 1, "hand_size": 7},
        table_size=2,
        turn_seconds=60,
        min_players=2,
    )
    assert isinstance(made, Tournament)
    other = services.tournament_create(
        by=admin_user, name="Later", starts_at=timezone.now() + timedelta(days=1), turn_seconds=60
    )
    assert isinstance(other, Tournament)
    for name in ("ana", "ben"):
        services.tournament_join(tournament_id=made.pk, user=User.objects.create(username=name))

    admin_client.post(
        "/admin/tournaments/tournament/",
        {"action": "start_now", "_selected_action": [made.pk]},
    )
    admin_client.post(
        "/admin/tournaments/tournament/",
        {"action": "cancel_tournaments", "_selected_action": [other.pk]},
    )
    page = admin_client.get(f"/admin/tournaments/tournament/{made.pk}/change/")

    assert Tournament.objects.get(pk=made.pk).status == TournamentStatus.RUNNING
    assert Tournament.objects.get(pk=other.pk).status == TournamentStatus.CANCELLED
    logged = list(LogEntry.objects.order_by("pk").values_list("object_id", "change_message"))
    assert logged == [(str(made.pk), "Started by hand: started."), (str(other.pk), "Cancelled.")]
    text = page.content.decode()
    assert page.status_code == 200 and "ana" in text and "ben" in text
    assert "Swiss, 3 round(s)" in text

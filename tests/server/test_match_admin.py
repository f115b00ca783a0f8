"""Moderation of matches in the Django admin: list, detail with the event log, replay,
and the audited "abort" action."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.admin.models import LogEntry
from django.test import Client

from matches import services
from matches.models import Match, MatchEvent, MatchStatus
from matches.selectors import MatchView

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def plain_static_files(settings: Any) -> None:
    # The suite runs with production settings but without collectstatic's manifest.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture
def running(postgres: dict[str, Any]) -> Match:
    from accounts.models import User

    a = User.objects.create_user("mod_a", password="pw-unused-1")
    b = User.objects.create_user("mod_b", password="pw-unused-1")
    created = services.match_create(user=a, options={"hand_size": 7}, seats=2)
    assert isinstance(created, MatchView)
    services.match_join(match_id=created.id, user=b)
    services.match_start(match_id=created.id, user=a)
    return Match.objects.get(pk=created.id)


def test_the_match_list_filters_by_status(admin_client: Client, running: Match) -> None:
    response = admin_client.get("/admin/matches/match/", {"status__exact": "ACTIVE"})

    assert response.status_code == 200
    assert f"match {running.pk}" in response.content.decode() or str(running.pk) in (
        response.content.decode()
    )


def test_the_detail_page_shows_seats_and_the_event_log(
    admin_client: Client, running: Match
) -> None:
    response = admin_client.get(f"/admin/matches/match/{running.pk}/change/")

    page = response.content.decode()
    assert response.status_code == 200
    assert "ROUND_STARTED" in page and "mod_b" in page
    assert "shown once the match is over" in page


def test_aborting_appends_match_aborted_and_is_audited(
    admin_client: Client, running: Match, django_capture_on_commit_callbacks: Any
) -> None:
    # when
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            "/admin/matches/match/",
            {"action": "abort_matches", "_selected_action": [str(running.pk)]},
        )

    # then
    assert response.status_code == 302
    running.refresh_from_db()
    assert running.status == MatchStatus.ABORTED
    last = MatchEvent.objects.filter(match=running).order_by("-seq").first()
    assert last is not None and last.type == "MATCH_ABORTED" and last.seq == running.last_seq
    assert LogEntry.objects.filter(
        object_id=str(running.pk), change_message__contains="Aborted"
    ).exists()
    page = admin_client.get(f"/admin/matches/match/{running.pk}/change/").content.decode()
    assert "hands at the end" in page

"""Reports of players (reportPlayer) are listed for moderators in the admin."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from accounts import services as accounts
from matches import services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def plain_static_files(settings: Any) -> None:
    # The suite runs with production settings but without collectstatic's manifest.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


def test_a_report_is_listed_in_the_admin(admin_client: Client) -> None:
    ada = accounts.user_register(username="ada", password="a long enough passphrase 7")
    bob = accounts.user_register(username="bobby", password="a long enough passphrase 8")
    services.player_report(user=ada, username="bobby", match_id=None, reason="ABUSE", text="rude")

    response = admin_client.get("/admin/matches/playerreport/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "bobby" in page and "ABUSE" in page
    assert bob.pk


def _report(reporter: Any, reported: str, match_id: object, text: str) -> None:
    assert services.player_report(
        user=reporter, username=reported, match_id=match_id, reason="CHEATING", text=text
    )


def test_a_report_shows_the_public_match_id_and_the_players_earlier_reports(
    admin_client: Client,
) -> None:
    """Issue 26: moderators see and search what players see and quote."""
    from django.contrib.admin.models import LogEntry

    from matches.models import Match, PlayerReport

    ada = accounts.user_register(username="ada", password="a long enough passphrase 7")
    cy = accounts.user_register(username="cyril", password="a long enough passphrase 9")
    bob = accounts.user_register(username="bobby", password="a long enough passphrase 8")
    created = services.match_create(user=ada, seats=2)
    match = Match.objects.get(pk=created.id)  # type: ignore[union-attr]
    public_id = match.public_id
    services.match_join(match_id=match.pk, user=bob)
    _report(cy, "bobby", None, "an earlier one")
    _report(ada, "bobby", match.pk, "peeks at my hand")
    report = PlayerReport.objects.get(text="peeks at my hand")

    # the list shows the public id and finds the report by it
    listed = admin_client.get("/admin/matches/playerreport/", {"q": public_id}).content.decode()
    assert public_id in listed
    assert (
        admin_client.get("/admin/matches/playerreport/", {"q": public_id})
        .context["cl"]
        .result_count
        == 1
    )
    # the matches and their events are found by it too, and show it
    matches = admin_client.get("/admin/matches/match/", {"q": public_id})
    assert matches.context["cl"].result_count == 1 and public_id in matches.content.decode()
    events = admin_client.get("/admin/matches/matchevent/", {"q": public_id})
    assert events.context["cl"].result_count >= 1
    assert public_id in events.content.decode()
    # the report's page links the match by its public id and lists the earlier report
    page = admin_client.get(f"/admin/matches/playerreport/{report.pk}/change/").content.decode()
    assert public_id in page and f"/admin/matches/match/{match.pk}/change/" in page
    assert "an earlier one" in page and "cyril" in page and "not banned" in page

    # when: the moderator bans the reported player from the report
    response = admin_client.post(
        "/admin/matches/playerreport/",
        {"action": "ban_reported", "_selected_action": [report.pk]},
    )

    # then
    assert response.status_code == 302
    bob.refresh_from_db()
    assert bob.is_banned and f"report {report.pk}" in bob.ban_reason
    entry = LogEntry.objects.get(object_id=str(bob.pk))
    assert entry.get_change_message() == f"Banned after report {report.pk}."

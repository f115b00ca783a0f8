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

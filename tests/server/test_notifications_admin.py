"""The notifications in the admin: a user's devices (the token never shown whole), their
last deliveries, and the "send a test notification" action."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.admin.models import LogEntry

from accounts.models import User
from matches.models import Delivery, PushDevice
from matches.notifications.dispatch import send_test

pytestmark = pytest.mark.django_db

TOKEN = "fcm-token-that-is-a-secret-of-the-device-0123456789"


@pytest.fixture(autouse=True)
def plain_static_files(settings: Any) -> None:
    # The suite runs with production settings but without collectstatic's manifest.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture
def staff(client: Any) -> User:
    admin = User.objects.create(username="root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    return admin


def test_devices_are_listed_by_user_without_their_token(client: Any, staff: User) -> None:
    player = User.objects.create(username="phoneowner")
    device = PushDevice.objects.create(user=player, platform="android", token=TOKEN)
    send_test(device)

    listing = client.get("/admin/matches/pushdevice/", {"q": "phoneowner"})
    page = client.get(f"/admin/matches/pushdevice/{device.pk}/change/")

    assert listing.status_code == 200 and page.status_code == 200
    for response in (listing, page):
        text = response.content.decode()
        assert "phoneowner" in text and TOKEN not in text and TOKEN[-8:] in text
    assert "TEST" in page.content.decode() and "QUEUED" in page.content.decode()


def test_the_test_notification_action_queues_a_delivery(client: Any, staff: User) -> None:
    device = PushDevice.objects.create(
        user=User.objects.create(username="tester"), platform="ios", token="ab" * 32
    )

    response = client.post(
        "/admin/matches/pushdevice/",
        {"action": "send_test_notification", "_selected_action": [device.pk]},
    )

    assert response.status_code == 302
    [row] = Delivery.objects.filter(device=device)
    assert row.notice.kind == "TEST" and row.status == "QUEUED"
    assert LogEntry.objects.filter(object_id=str(device.pk)).exists()

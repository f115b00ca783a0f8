"""Notifications over GraphQL: vapidPublicKey, addPushDevice (a Rejection for a private
Web Push endpoint, at most 10 devices), removePushDevice, me { pushDevices
notificationSettings } and setNotificationSettings (nothing changes on a refusal)."""

from __future__ import annotations

from typing import Any

import pytest

from accounts import services as account_services
from accounts.models import User
from api.notifications import NotificationKind
from matches.models import NotificationSettings, PushDevice
from matches.notifications.kinds import KINDS
from matches.notifications.webpush import public_key

pytestmark = pytest.mark.django_db

VAPID = "{ vapidPublicKey }"
ADD = """
mutation ($input: PushDeviceInput!) {
  addPushDevice(input: $input) {
    __typename
    ... on PushDevice { id platform createdAt lastSuccessAt locale }
    ... on Rejection { code message }
  }
}
"""
REMOVE = "mutation ($id: ID!) { removePushDevice(id: $id) }"
ME = """
{ me { username pushDevices { id platform createdAt lastSuccessAt }
  notificationSettings { kinds { kind push email } quietHours { start end } timeZone
    whileWatching digest language } } }
"""
SET = """
mutation ($input: NotificationSettingsInput!) {
  setNotificationSettings(input: $input) {
    __typename
    ... on NotificationSettings { kinds { kind push email } quietHours { start end }
      timeZone whileWatching digest language }
    ... on Rejection { code message }
  }
}
"""
P256DH = "B" + "A" * 86
AUTH = "A" * 22


@pytest.fixture
def user(redis_url: str) -> User:
    return User.objects.create(username="notified", email="notified@example.com")


@pytest.fixture
def token(user: User) -> str:
    return account_services.token_create(user=user)


def test_the_vapid_public_key_is_null_without_a_key_and_the_public_half_with_one(
    gql: Any, settings: Any
) -> None:
    settings.VAPID_PRIVATE_KEY = ""
    assert gql.data(VAPID)["vapidPublicKey"] is None
    settings.VAPID_PRIVATE_KEY = "Xm9tnESIHosBaFNxwYPUh6HqrKxBT2V1dpYFOf_6YPs"
    key = gql.data(VAPID)["vapidPublicKey"]
    assert key == public_key() and len(key) == 87 and key.startswith("B")


def test_devices_are_added_listed_and_removed(gql: Any, token: str, user: User) -> None:
    # when
    android = gql.data(
        ADD, {"input": {"platform": "ANDROID", "token": "fcm:abc", "locale": "nl-BE"}}, token=token
    )["addPushDevice"]
    me = gql.data(ME, token=token)["me"]

    # then
    assert android["__typename"] == "PushDevice" and android["platform"] == "ANDROID"
    assert android["lastSuccessAt"] is None and android["locale"] == "nl-BE"
    assert [d["id"] for d in me["pushDevices"]] == [android["id"]]
    other = User.objects.create(username="other")
    theirs = PushDevice.objects.create(user=other, platform="android", token="theirs")
    assert gql.data(REMOVE, {"id": str(theirs.pk)}, token=token)["removePushDevice"] is False
    assert gql.data(REMOVE, {"id": android["id"]}, token=token)["removePushDevice"] is True
    assert gql.data(ME, token=token)["me"]["pushDevices"] == []
    assert PushDevice.objects.filter(pk=theirs.pk).exists()


def test_a_private_web_push_endpoint_is_a_rejection(gql: Any, token: str, settings: Any) -> None:
    settings.NOTIFY_ALLOW_LOCAL_ENDPOINTS = False
    web = {"endpoint": "https://127.0.0.1:8090/notify/x", "p256dh": P256DH, "auth": AUTH}

    result = gql.data(ADD, {"input": {"platform": "WEB", "webPush": web}}, token=token)

    assert result["addPushDevice"]["__typename"] == "Rejection"
    assert result["addPushDevice"]["code"] == "BAD_ENDPOINT"
    assert not PushDevice.objects.exists()
    missing = gql.data(ADD, {"input": {"platform": "WEB"}}, token=token)["addPushDevice"]
    assert missing["code"] == "BAD_INPUT"


def test_at_most_ten_devices_the_one_unused_longest_goes(gql: Any, token: str, user: User) -> None:
    for i in range(11):
        gql.data(ADD, {"input": {"platform": "ANDROID", "token": f"t{i}"}}, token=token)

    tokens = set(PushDevice.objects.filter(user=user).values_list("token", flat=True))
    assert tokens == {f"t{i}" for i in range(1, 11)}


def test_settings_are_set_read_and_a_refusal_changes_nothing(
    gql: Any, token: str, user: User
) -> None:
    # given: the defaults
    assert [k.name for k in NotificationKind] == list(KINDS)
    defaults = gql.data(ME, token=token)["me"]["notificationSettings"]
    assert defaults["digest"] is True and defaults["quietHours"] is None
    assert all(k["push"] and k["email"] for k in defaults["kinds"])

    # when
    changes = {
        "kinds": [{"kind": "MATCH_ENDED", "push": False}, {"kind": "YOUR_TURN", "email": False}],
        "quietHours": {"start": "22:30", "end": "07:00"},
        "timeZone": "America/Argentina/Buenos_Aires",
        "whileWatching": True,
        "language": "es",
    }
    set_ = gql.data(SET, {"input": changes}, token=token)["setNotificationSettings"]
    bad = gql.data(SET, {"input": {"digest": False, "timeZone": "Mars/Olympus"}}, token=token)

    # then
    kinds = {k["kind"]: k for k in set_["kinds"]}
    assert kinds["MATCH_ENDED"] == {"kind": "MATCH_ENDED", "push": False, "email": True}
    assert kinds["YOUR_TURN"] == {"kind": "YOUR_TURN", "push": True, "email": False}
    assert set_["quietHours"] == {"start": "22:30", "end": "07:00"}
    assert set_["language"] == "es" and set_["whileWatching"] is True
    assert bad["setNotificationSettings"]["code"] == "BAD_INPUT"
    assert NotificationSettings.objects.get(user=user).digest is True  # unchanged
    cleared = gql.data(SET, {"input": {"quietHours": None, "language": None}}, token=token)
    assert cleared["setNotificationSettings"]["quietHours"] is None
    assert cleared["setNotificationSettings"]["language"] is None
    assert cleared["setNotificationSettings"]["timeZone"] == "America/Argentina/Buenos_Aires"


def test_anonymous_callers_get_no_devices(gql: Any) -> None:
    _, body = gql.call("mutation { removePushDevice(id: 1) }")
    assert [e["extensions"]["code"] for e in body["errors"]] == ["UNAUTHENTICATED"]

"""FCM HTTP v1 and APNs against local fakes that check what the real services check
(tests/server/push_fakes.py): a "your turn" reaches each with the public match id, the
deep link, the collapse key, the TTL and the badge; an unregistered device is deleted;
a 429 is retried after its Retry-After; the Web Push endpoint guard refuses private
addresses when adding a device and again when sending. Deliveries run in this process
(``delivery.deliver``); the Celery path is tests/e2e/test_notifications_live.py's."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import User
from matches import services
from matches.models import Delivery, Match, PushDevice
from matches.notifications import apns as apns_channel
from matches.notifications import delivery, devices, dispatch, metrics
from matches.notifications.kinds import YOUR_TURN
from matches.notifications.models import DeliveryStatus
from matches.selectors import MatchView
from tests.server.push_fakes import FakeApns, FakeFcm, free_port

pytestmark = pytest.mark.django_db

APNS_TOKEN = "ab" * 32


@pytest.fixture
def players(redis_url: str) -> list[User]:
    return [User.objects.create(username=f"pusher{i}") for i in range(2)]  # no hashing


def started_match(players: list[User]) -> Match:
    created = services.match_create(user=players[0], ruleset_name="rummikub", seats=2)
    assert isinstance(created, MatchView), created
    services.match_join(match_id=created.id, user=players[1])
    started = services.match_start(match_id=created.id, user=players[0])
    assert isinstance(started, MatchView), started
    return Match.objects.get(pk=created.id)


def your_turn(match: Match, device: PushDevice) -> Delivery:
    """A YOUR_TURN notice for the player on turn, and its delivery to ``device``."""
    notice = dispatch.notice(YOUR_TURN, user_id=device.user_id, match=match, turn=match.turn)
    assert notice is not None and notice.skipped == "", notice
    return Delivery.objects.get(notice=notice, device=device)


@pytest.fixture(scope="module")
def fcm_service() -> Iterator[FakeFcm]:
    with FakeFcm() as fake:
        yield fake


@pytest.fixture(scope="module")
def apns_service() -> Iterator[FakeApns]:
    with FakeApns() as fake:
        yield fake
        apns_channel.close_client()  # its HTTP/2 connection would hold the server's shutdown


@pytest.fixture
def fcm(fcm_service: FakeFcm, settings: Any) -> FakeFcm:
    fcm_service.reset()
    settings.FCM_CREDENTIALS = json.dumps(fcm_service.service_account())
    settings.FCM_ENDPOINT = fcm_service.url
    return fcm_service


@pytest.fixture
def apns(apns_service: FakeApns, settings: Any) -> FakeApns:
    apns_service.reset()
    settings.APNS_KEY = apns_service.p8()
    settings.APNS_KEY_ID = apns_service.KEY_ID
    settings.APNS_TEAM_ID = apns_service.TEAM
    settings.APNS_TOPIC = apns_service.TOPIC
    settings.APNS_ENDPOINT = apns_service.url
    settings.APNS_CA_FILE = str(apns_service.cert)
    return apns_service


def on_turn(match: Match, players: list[User]) -> User:
    assert match.on_turn is not None
    return players[match.on_turn]


def test_fcm_gets_your_turn_with_the_public_match_id(fcm: FakeFcm, players: list[User]) -> None:
    # given
    match = started_match(players)
    player = on_turn(match, players)
    device = devices.add_device(
        user=player, platform="ANDROID", token="fcm-token-1", locale="es-ES"
    )
    fcm.registered.add("fcm-token-1")
    row = your_turn(match, device)

    # when
    result = delivery.deliver(row.pk)

    # then
    assert result.status == "sent", fcm.refused
    assert fcm.tokens_issued, "the bearer came from the service account's token endpoint"
    [sent] = fcm.sent
    message = sent.body
    assert message["data"]["matchId"] == match.public_id
    assert message["data"]["url"] == f"/#/match/{match.public_id}"
    assert message["data"]["kind"] == "YOUR_TURN"
    assert message["notification"]["title"] == "Te toca"  # the device's language
    assert "Rummikub" in message["notification"]["body"]
    assert message["android"]["collapse_key"] == "YOUR_TURN"
    assert message["android"]["priority"] == "HIGH"
    assert message["android"]["ttl"] == "43200s"  # untimed: 12 h at most
    assert message["apns"]["payload"]["aps"]["badge"] == 1
    row.refresh_from_db()
    device.refresh_from_db()
    assert row.status == DeliveryStatus.SENT and device.last_success_at is not None


def test_fcm_unregistered_deletes_the_device(
    fcm: FakeFcm, players: list[User], client: Any
) -> None:
    match = started_match(players)
    device = devices.add_device(user=on_turn(match, players), platform="ANDROID", token="old")
    before = metrics.read().get(("fcm", "pruned"), 0)

    result = delivery.deliver(your_turn(match, device).pk)

    assert result.status == "gone"
    assert fcm.refused and fcm.refused[-1][0] == 404 and "UNREGISTERED" in fcm.refused[-1][1]
    assert not PushDevice.objects.filter(pk=device.pk).exists()
    assert metrics.read().get(("fcm", "pruned"), 0) == before + 1
    scraped = client.get("/metrics").content.decode()
    assert f'rummy_notifications_total{{channel="fcm",result="pruned"}} {before + 1}' in scraped


def test_fcm_429_is_retried_after_its_retry_after(fcm: FakeFcm, players: list[User]) -> None:
    match = started_match(players)
    device = devices.add_device(user=on_turn(match, players), platform="ANDROID", token="busy")
    fcm.registered.add("busy")
    fcm.busy["busy"] = 1
    fcm.retry_after = "7"
    row = your_turn(match, device)

    first = delivery.deliver(row.pk)
    again = delivery.deliver(row.pk)

    assert first.status == "retry" and first.countdown == 7.0
    assert again.status == "sent" and len(fcm.sent) == 1
    row.refresh_from_db()
    assert row.status == DeliveryStatus.SENT and row.attempts == 2
    # At most once: a duplicate task finds nothing to claim.
    assert delivery.deliver(row.pk).status == "claimed" and len(fcm.sent) == 1


def test_apns_gets_your_turn_over_http2_with_its_headers(
    apns: FakeApns, players: list[User]
) -> None:
    # given
    match = started_match(players)
    device = devices.add_device(user=on_turn(match, players), platform="IOS", token=APNS_TOKEN)
    row = your_turn(match, device)
    before = int(time.time())

    # when
    result = delivery.deliver(row.pk)

    # then
    assert result.status == "sent", apns.refused
    assert apns.versions == {"2"}
    [sent] = apns.sent
    assert sent.path == f"/3/device/{APNS_TOKEN}"
    assert sent.headers["apns-topic"] == FakeApns.TOPIC
    assert sent.headers["apns-push-type"] == "alert"
    assert sent.headers["apns-collapse-id"] == "YOUR_TURN"
    assert sent.headers["apns-priority"] == "10"
    assert before < int(sent.headers["apns-expiration"]) <= before + 12 * 3600 + 60
    aps = sent.body["aps"]
    assert aps["alert"]["title"] == "Your turn" and aps["badge"] == 1
    assert sent.body["matchId"] == match.public_id
    assert sent.body["url"] == f"/#/match/{match.public_id}"


@pytest.mark.parametrize(
    ("token", "reason"), [("cd" * 32, "Unregistered"), ("ef" * 33, "BadDeviceToken")]
)
def test_apns_unregistered_or_bad_token_deletes_the_device(
    apns: FakeApns, players: list[User], token: str, reason: str
) -> None:
    apns.unregistered.add("cd" * 32)
    match = started_match(players)
    device = devices.add_device(user=on_turn(match, players), platform="IOS", token=token)

    result = delivery.deliver(your_turn(match, device).pk)

    assert result.status == "gone" and apns.refused[-1][1] == reason
    assert not PushDevice.objects.filter(pk=device.pk).exists()


def test_apns_429_is_retried_after_its_retry_after(apns: FakeApns, players: list[User]) -> None:
    match = started_match(players)
    device = devices.add_device(user=on_turn(match, players), platform="IOS", token=APNS_TOKEN)
    apns.busy[APNS_TOKEN] = 1
    apns.retry_after = "3"
    row = your_turn(match, device)

    assert delivery.deliver(row.pk) == delivery.Result("retry", 3.0)
    assert delivery.deliver(row.pk).status == "sent"


def test_a_notice_no_longer_true_is_dropped(fcm: FakeFcm, players: list[User]) -> None:
    # given: the turn ended between the notice and its delivery
    match = started_match(players)
    device = devices.add_device(user=on_turn(match, players), platform="ANDROID", token="t")
    fcm.registered.add("t")
    row = your_turn(match, device)
    Match.objects.filter(pk=match.pk).update(turn=match.turn + 1)

    assert delivery.deliver(row.pk).status == "dropped"
    assert fcm.sent == []


# --- the Web Push endpoint guard ------------------------------------------------------------

KEYS = {"p256dh": "B" + "A" * 86, "auth": "A" * 22}


def web(endpoint: str) -> devices.WebPushKeys:
    return devices.WebPushKeys(endpoint=endpoint, **KEYS)


@pytest.mark.parametrize(
    "endpoint",
    [
        "http://93.184.216.34/push",  # not https
        "https://127.0.0.1/push",
        "https://localhost:8443/push",
        "https://10.1.2.3/push",
        "https://192.168.0.9/push",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/push",
        "https://[::ffff:127.0.0.1]/push",
        "https://user:pw@93.184.216.34/push",
    ],
)
def test_private_or_plain_endpoints_are_refused(
    players: list[User], settings: Any, endpoint: str
) -> None:
    settings.NOTIFY_ALLOW_LOCAL_ENDPOINTS = False
    with pytest.raises(devices.Refused) as refused:
        devices.add_device(user=players[0], platform="WEB", web_push=web(endpoint))
    assert refused.value.code == "BAD_ENDPOINT"
    assert not PushDevice.objects.exists()


def test_a_public_https_endpoint_is_accepted(players: list[User], settings: Any) -> None:
    settings.NOTIFY_ALLOW_LOCAL_ENDPOINTS = False
    device = devices.add_device(
        user=players[0], platform="WEB", web_push=web("https://93.184.216.34/push/abc")
    )
    assert device.platform == "web" and device.p256dh == KEYS["p256dh"]


class _Counter(BaseHTTPRequestHandler):
    hits = 0

    def log_message(self, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        type(self).hits += 1
        self.send_response(201)
        self.end_headers()


def test_the_endpoint_is_checked_again_when_sending(
    players: list[User], settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    # given: a device added while local endpoints were allowed (a local push service)
    from py_vapid import Vapid02

    key = Vapid02()
    key.generate_keys()
    import base64

    raw = key.private_key.private_numbers().private_value.to_bytes(32, "big")
    settings.VAPID_PRIVATE_KEY = base64.urlsafe_b64encode(raw).decode().rstrip("=")
    settings.NOTIFY_ALLOW_LOCAL_ENDPOINTS = True
    port = free_port()
    server = ThreadingHTTPServer(("127.0.0.1", port), _Counter)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        match = started_match(players)
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ec

        browser = (
            ec.generate_private_key(ec.SECP256R1())
            .public_key()
            .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        )
        keys = devices.WebPushKeys(
            endpoint=f"http://127.0.0.1:{port}/push/1",
            p256dh=base64.urlsafe_b64encode(browser).decode().rstrip("="),
            auth=base64.urlsafe_b64encode(b"0123456789abcdef").decode().rstrip("="),
        )
        device = devices.add_device(user=on_turn(match, players), platform="WEB", web_push=keys)
        first = your_turn(match, device)
        assert delivery.deliver(first.pk).status == "sent" and _Counter.hits == 1

        # when: local endpoints are no longer allowed
        settings.NOTIFY_ALLOW_LOCAL_ENDPOINTS = False
        Delivery.objects.all().delete()
        from matches.models import Notice

        Notice.objects.all().delete()
        second = your_turn(match, device)

        # then: nothing reaches it
        assert delivery.deliver(second.pk).status == "failed"
        assert _Counter.hits == 1
        second.refresh_from_db()
        assert second.status == DeliveryStatus.FAILED and "https" in second.error
        assert "failed" in caplog.text and keys.endpoint not in caplog.text  # never logged
    finally:
        server.shutdown()
        server.server_close()
        _ = timezone.now()

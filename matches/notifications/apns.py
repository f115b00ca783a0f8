"""Apple Push Notification service over HTTP/2 with token (.p8) authentication.

``httpx`` speaks HTTP/2 (with ``h2``) to ``APNS_ENDPOINT`` (production
``https://api.push.apple.com``, or the sandbox); the provider token is an ES256 JWT
(``PyJWT``) of ``APNS_TEAM_ID`` signed with the .p8 key (``APNS_KEY``: its path or PEM
text) and naming ``APNS_KEY_ID``, kept for 40 minutes (Apple refuses one older than an
hour, and renewing more often than every 20 minutes). ``APNS_CA_FILE`` adds a
certificate authority to trust (the tests' local fake).

Each notice: ``POST /3/device/<token>`` with ``apns-topic`` (the app's bundle id,
``APNS_TOPIC``), ``apns-push-type: alert``, ``apns-priority`` (10, or 5 for a finished
match), ``apns-expiration`` (when the time on the clock is up, 12 h at most) and
``apns-collapse-id`` (the kind); the body's ``aps`` has the alert, the badge (matches
where it is the player's turn), ``thread-id`` and, for the last-chance alarm, the
``time-sensitive`` interruption level. 410 ``Unregistered`` and 400 ``BadDeviceToken``
delete the device; 429 and 5xx are retried; ``ExpiredProviderToken`` renews the token.
"""

from __future__ import annotations

import ssl
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import jwt
from django.conf import settings

from matches.notifications.kinds import Urgency
from matches.notifications.models import PushDevice
from matches.notifications.push import Message, Outcome, retry_after

GONE_REASONS = frozenset({"Unregistered", "BadDeviceToken", "DeviceTokenNotForTopic"})
TOKEN_SECONDS = 40 * 60
TIMEOUT_SECONDS = 10.0

_lock = threading.Lock()
_state: dict[str, Any] = {}


def _key() -> str:
    raw = str(getattr(settings, "APNS_KEY", "") or "").strip()
    return raw if raw.startswith("-----BEGIN") else Path(raw).read_text()


def provider_token(*, renew: bool = False) -> str:
    """The ES256 provider token, made again after 40 minutes (or when ``renew``)."""
    with _lock:
        made = _state.get("token_at", 0.0)
        signer = (settings.APNS_TEAM_ID, settings.APNS_KEY_ID, settings.APNS_KEY)
        if _state.get("signer") != signer:
            _state.update(signer=signer, token=None)
        if renew or not _state.get("token") or time.time() - made > TOKEN_SECONDS:
            now = int(time.time())
            _state["token"] = jwt.encode(
                {"iss": settings.APNS_TEAM_ID, "iat": now},
                _key(),
                algorithm="ES256",
                headers={"kid": settings.APNS_KEY_ID},
            )
            _state["token_at"] = float(now)
        return str(_state["token"])


def _client() -> httpx.Client:
    ca_file = getattr(settings, "APNS_CA_FILE", "")
    client = _state.get("client")
    if client is None or _state.get("ca_file") != ca_file:
        _state["ca_file"] = ca_file
        context = ssl.create_default_context()
        if ca_file:
            context.load_verify_locations(cafile=ca_file)
        # One HTTP/2 connection carries every notice (Apple asks providers to keep it).
        client = _state["client"] = httpx.Client(
            http1=False, http2=True, verify=context, timeout=TIMEOUT_SECONDS
        )
    assert isinstance(client, httpx.Client)
    return client


def close_client() -> None:
    """Close the process's connection to APNs (a new one is made when needed)."""
    client = _state.pop("client", None)
    if client is not None:
        client.close()


def aps_body(message: Message) -> dict[str, Any]:
    aps: dict[str, Any] = {
        "alert": {"title": message.title, "body": message.body},
        "sound": "default",
        "thread-id": message.collapse_key,
        "interruption-level": "time-sensitive" if message.urgency == Urgency.HIGH else "active",
    }
    if message.badge is not None:
        aps["badge"] = message.badge
    return {"aps": aps, **message.payload()}


def headers(message: Message) -> dict[str, str]:
    return {
        "apns-topic": settings.APNS_TOPIC,
        "apns-push-type": "alert",
        "apns-priority": "5" if message.urgency == Urgency.LOW else "10",
        "apns-expiration": str(message.expires_at),
        "apns-collapse-id": message.collapse_key,
    }


class ApnsChannel:
    name = "apns"

    def enabled(self) -> bool:
        return all(
            getattr(settings, name, "")
            for name in ("APNS_KEY", "APNS_KEY_ID", "APNS_TEAM_ID", "APNS_TOPIC")
        )

    def send(self, device: PushDevice, message: Message) -> Outcome:
        endpoint = str(getattr(settings, "APNS_ENDPOINT", "https://api.push.apple.com"))
        url = f"{endpoint.rstrip('/')}/3/device/{device.token}"
        body = aps_body(message)
        try:
            response = self._post(url, body, message, provider_token())
            if response.status_code == 403 and _reason(response) == "ExpiredProviderToken":
                response = self._post(url, body, message, provider_token(renew=True))
        except httpx.HTTPError as exc:
            return Outcome("retry", None, f"{type(exc).__name__}: {exc}"[:200])
        code = response.status_code
        if code == 200:
            return Outcome("sent", code)
        reason = _reason(response)
        if code == 410 or reason in GONE_REASONS:
            return Outcome("gone", code, reason)
        if code == 429 or code >= 500:
            return Outcome("retry", code, reason, retry_after(response.headers.get("Retry-After")))
        return Outcome("failed", code, reason)

    def _post(self, url: str, body: dict[str, Any], message: Message, token: str) -> httpx.Response:
        return _client().post(
            url, json=body, headers={"authorization": f"bearer {token}", **headers(message)}
        )


def _reason(response: httpx.Response) -> str:
    try:
        body = response.json()
    except ValueError:
        return ""
    return str(body.get("reason", "")) if isinstance(body, dict) else ""

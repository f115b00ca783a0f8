"""Firebase Cloud Messaging, HTTP v1 API: Android devices, and iOS apps that register an
FCM token.

``google-auth`` turns the service account (``FCM_CREDENTIALS``: the JSON key file's path
or its text) into an OAuth2 access token, at the account's own ``token_uri``; the
message is POSTed to ``{FCM_ENDPOINT}/v1/projects/{project}/messages:send`` with it as
the bearer. Both addresses come from settings (the token's from the key file), so the
tests point them at a local fake.

The message: ``notification`` (title, body), ``data`` (:meth:`Message.payload`: the
kind, the public match id, the deep link...), ``android`` (``collapse_key`` and
notification ``tag``: the kind; ``ttl``; priority HIGH for a normal or urgent notice),
and ``apns`` for iOS through FCM (the same headers as the APNs channel's, the badge).
An ``UNREGISTERED`` or ``SENDER_ID_MISMATCH`` answer deletes the device; 429 and 5xx
are retried (``Retry-After``); an expired access token is renewed once at once.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import httpx
from django.conf import settings
from google.auth.exceptions import GoogleAuthError
from google.auth.transport.requests import Request
from google.oauth2 import service_account

from matches.notifications.kinds import Urgency
from matches.notifications.models import PushDevice
from matches.notifications.push import Message, Outcome, retry_after

SCOPE = "https://www.googleapis.com/auth/firebase.messaging"
GONE_CODES = frozenset({"UNREGISTERED", "SENDER_ID_MISMATCH"})
TIMEOUT_SECONDS = 10.0


def credentials_info() -> dict[str, Any] | None:
    """The service account key (``FCM_CREDENTIALS``: a path, or the JSON itself)."""
    raw = str(getattr(settings, "FCM_CREDENTIALS", "") or "").strip()
    if not raw:
        return None
    text = raw if raw.startswith("{") else Path(raw).read_text()
    info = json.loads(text)
    return info if isinstance(info, dict) else None


class _Auth:
    """The process's access token, renewed by google-auth when it expires."""

    def __init__(self, info: dict[str, Any]) -> None:
        self.credentials = service_account.Credentials.from_service_account_info(  # type: ignore[no-untyped-call]
            info, scopes=[SCOPE]
        )
        self.lock = threading.Lock()

    def token(self, *, renew: bool = False) -> str:
        with self.lock:
            if renew or not self.credentials.valid:
                self.credentials.refresh(Request())
            return str(self.credentials.token)


_state: dict[str, Any] = {}


def _auth(info: dict[str, Any]) -> _Auth:
    key = (info.get("client_email"), info.get("token_uri"), info.get("private_key_id"))
    if _state.get("key") != key:
        _state.update(key=key, auth=_Auth(info))
    auth: _Auth = _state["auth"]
    return auth


def _client() -> httpx.Client:
    client = _state.get("client")
    if client is None:
        client = _state["client"] = httpx.Client(http2=True, timeout=TIMEOUT_SECONDS)
    assert isinstance(client, httpx.Client)
    return client


def message_json(token: str, message: Message) -> dict[str, Any]:
    """The v1 API's ``message`` for one device."""
    urgent = message.urgency != Urgency.LOW
    aps: dict[str, Any] = {"thread-id": message.collapse_key, "sound": "default"}
    if message.badge is not None:
        aps["badge"] = message.badge
    if message.urgency == Urgency.HIGH:
        aps["interruption-level"] = "time-sensitive"
    return {
        "token": token,
        "notification": {"title": message.title, "body": message.body},
        "data": message.payload(),
        "android": {
            "collapse_key": message.collapse_key,
            "priority": "HIGH" if urgent else "NORMAL",
            "ttl": f"{message.ttl}s",
            "notification": {"tag": message.collapse_key},
        },
        "apns": {
            "headers": {
                "apns-collapse-id": message.collapse_key,
                "apns-expiration": str(message.expires_at),
                "apns-priority": "10" if urgent else "5",
                "apns-push-type": "alert",
            },
            "payload": {"aps": aps},
        },
    }


def error_code(body: Any) -> str:
    """The FcmError ``errorCode`` of an error answer (else its ``status``)."""
    error = body.get("error") if isinstance(body, dict) else None
    if not isinstance(error, dict):
        return ""
    for detail in error.get("details") or ():
        if isinstance(detail, dict) and detail.get("errorCode"):
            return str(detail["errorCode"])
    return str(error.get("status") or "")


class FcmChannel:
    name = "fcm"

    def enabled(self) -> bool:
        return bool(getattr(settings, "FCM_CREDENTIALS", ""))

    def send(self, device: PushDevice, message: Message) -> Outcome:
        info = credentials_info()
        if info is None:
            return Outcome("failed", None, "FCM is not configured")
        project = getattr(settings, "FCM_PROJECT_ID", "") or info.get("project_id", "")
        endpoint = str(getattr(settings, "FCM_ENDPOINT", "https://fcm.googleapis.com"))
        url = f"{endpoint.rstrip('/')}/v1/projects/{project}/messages:send"
        body = {"message": message_json(device.token, message)}
        auth = _auth(info)
        try:
            response = self._post(url, body, auth.token())
            if response.status_code == 401 and error_code(_json(response)) in (
                "UNAUTHENTICATED",
                "",
            ):
                response = self._post(url, body, auth.token(renew=True))
        except GoogleAuthError as exc:
            return Outcome("retry", None, f"access token: {type(exc).__name__}: {exc}"[:200])
        except httpx.HTTPError as exc:
            return Outcome("retry", None, f"{type(exc).__name__}: {exc}"[:200])
        code = response.status_code
        if 200 <= code < 300:
            return Outcome("sent", code)
        reason = error_code(_json(response))
        if reason in GONE_CODES:
            return Outcome("gone", code, reason)
        if code == 429 or code >= 500:
            return Outcome("retry", code, reason, retry_after(response.headers.get("Retry-After")))
        return Outcome("failed", code, reason or response.text[:200])

    def _post(self, url: str, body: dict[str, Any], token: str) -> httpx.Response:
        return _client().post(url, json=body, headers={"Authorization": f"Bearer {token}"})


def _json(response: httpx.Response) -> Any:
    try:
        return response.json()
    except ValueError:
        return None

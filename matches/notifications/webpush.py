"""Web Push (RFC 8030) with an encrypted payload (RFC 8291, ``aes128gcm``) and VAPID
(RFC 8292), for browsers' push subscriptions.

``pywebpush`` encrypts the payload for the subscription's keys and ``py-vapid`` signs
the VAPID token; the POST itself goes through the endpoint guard
(``matches.notifications.endpoints``), which checks the address it connects to. The key
pair comes from ``VAPID_PRIVATE_KEY`` (its public half is ``vapidPublicKey``, what a
browser subscribes with); ``make run`` generates one into its var directory.

Headers: ``TTL`` (the time left on the clock, 12 h at most), ``Urgency`` (high for the
last-chance alarm, low for a finished match), ``Topic`` (the kind: a newer notice of the
same kind replaces an undelivered older one). The payload is the JSON of
:meth:`Message.payload` with ``title`` and ``body``, which the web client's service
worker shows.
"""

from __future__ import annotations

import base64
import json
import time
from functools import cache
from urllib.parse import urlsplit

import httpx
from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid02
from pywebpush import WebPusher, WebPushException

from matches.notifications.endpoints import (
    NETWORK_ERRORS,
    EndpointRefused,
    GuardedTransport,
    RefusedAddress,
    check_endpoint,
)
from matches.notifications.models import PushDevice
from matches.notifications.push import Message, Outcome, by_status

# 404 and 410: the subscription is gone (RFC 8030 section 7.3).
GONE = frozenset({404, 410})
TIMEOUT_SECONDS = 10.0


@cache
def _vapid(private_key: str) -> Vapid02:
    return Vapid02.from_string(private_key)


def public_key() -> str | None:
    """The VAPID public key (uncompressed P-256 point, URL-safe base64 without padding),
    what ``PushManager.subscribe`` takes as ``applicationServerKey``; None when Web Push
    is off (no ``VAPID_PRIVATE_KEY``)."""
    private = getattr(settings, "VAPID_PRIVATE_KEY", "")
    if not private:
        return None
    raw = _vapid(private).public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


_client: httpx.Client | None = None


def client() -> httpx.Client:
    """One guarded client per process (created after a worker forks)."""
    global _client
    if _client is None:
        _client = httpx.Client(transport=GuardedTransport(timeout=TIMEOUT_SECONDS))
    return _client


class WebPushChannel:
    name = "webpush"

    def enabled(self) -> bool:
        return bool(getattr(settings, "VAPID_PRIVATE_KEY", ""))

    def send(self, device: PushDevice, message: Message) -> Outcome:
        endpoint = device.token
        try:
            check_endpoint(endpoint)
        except EndpointRefused as exc:
            return Outcome("failed", None, str(exc))
        body = json.dumps({"title": message.title, "body": message.body, **message.payload()})
        subscription = {
            "endpoint": endpoint,
            "keys": {"p256dh": device.p256dh, "auth": device.auth},
        }
        try:
            encoded = WebPusher(subscription).encode(body.encode(), "aes128gcm")
        except (WebPushException, ValueError) as exc:
            return Outcome("failed", None, f"the subscription's keys do not work: {exc}"[:200])
        parts = urlsplit(endpoint)
        claims = {
            "aud": f"{parts.scheme}://{parts.netloc}",
            "sub": settings.VAPID_SUBJECT,
            # RFC 8292: at most 24 hours ahead.
            "exp": int(time.time()) + 12 * 3600,
        }
        headers = _vapid(settings.VAPID_PRIVATE_KEY).sign(claims)
        headers.update(
            {
                "TTL": str(message.ttl),
                "Urgency": str(message.urgency),
                "Topic": message.collapse_key,
                "Content-Encoding": "aes128gcm",
                "Content-Type": "application/octet-stream",
            }
        )
        try:
            response = client().post(endpoint, content=encoded["body"], headers=headers)
        except RefusedAddress as exc:  # resolved somewhere else since it was added
            return Outcome("failed", None, str(exc)[:200])
        except NETWORK_ERRORS as exc:
            return Outcome("retry", None, f"{type(exc).__name__}: {exc}"[:200])
        return by_status(
            response.status_code,
            gone=GONE,
            header=response.headers.get("Retry-After"),
            error=response.text[:200] if response.status_code >= 300 else "",
        )

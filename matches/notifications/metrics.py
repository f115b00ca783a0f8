"""Counts of pushes per channel and result, kept in Redis so that ``/metrics`` of any web
process shows what the workers sent (a worker has no HTTP endpoint of its own).

Best effort: Redis trouble loses a count, never a notice.
"""

from __future__ import annotations

import logging

import redis
from django.conf import settings

log = logging.getLogger(__name__)

KEY = "rummy:metrics:notifications"
RESULTS = ("sent", "failed", "pruned", "retried")


def _client() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL, socket_timeout=1, socket_connect_timeout=1)


def count(channel: str, result: str) -> None:
    client = _client()
    try:
        client.hincrby(KEY, f"{channel}|{result}", 1)
    except Exception as exc:
        log.warning("notification count not recorded: %s", exc)
    finally:
        client.close()


def read() -> dict[tuple[str, str], int]:
    """(channel, result) -> count, across every process; {} when Redis does not answer."""
    client = _client()
    try:
        raw = client.hgetall(KEY)
    except Exception as exc:
        log.warning("notification counts not read: %s", exc)
        return {}
    finally:
        client.close()
    out: dict[tuple[str, str], int] = {}
    for field, value in raw.items():
        text = field.decode() if isinstance(field, bytes) else str(field)
        channel, _, result = text.partition("|")
        out[(channel, result)] = int(value)
    return out

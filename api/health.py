"""Probes for the orchestrator: liveness (/healthz) and readiness (/readyz)."""

from __future__ import annotations

from collections.abc import Callable

import redis
from django.conf import settings
from django.db import connections
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.deprecation import MiddlewareMixin
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from api import availability
from api.metrics import metrics_view

# A probe must answer within the orchestrator's timeout even when a dependency hangs.
REDIS_TIMEOUT_SECONDS = 2.0


@require_safe
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """The process is alive and serving requests; checks nothing else."""
    return JsonResponse({"status": "ok"})


def _check_database() -> None:
    try:
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        availability.note_error(exc)
        raise
    availability.note_up()  # what the GraphQL view answers follows what this saw


def _check_redis() -> None:
    client = redis.Redis.from_url(
        settings.REDIS_URL,
        socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
        socket_timeout=REDIS_TIMEOUT_SECONDS,
    )
    try:
        client.ping()
    finally:
        client.close()


CHECKS = {"database": _check_database, "redis": _check_redis}


@require_safe
@never_cache
def readyz(request: HttpRequest) -> JsonResponse:
    """200 when the database answers a query and Redis a PING; else 503 naming the failures.

    Body: {"status": "ok" | "unavailable", "checks": {"database": "ok" | "<error>", ...}}.
    """
    results: dict[str, str] = {}
    for name, check in CHECKS.items():
        try:
            check()
        except Exception as exc:  # any failure means "not ready"; the text says which
            results[name] = f"{type(exc).__name__}: {exc}".strip()
        else:
            results[name] = "ok"
    ready = all(result == "ok" for result in results.values())
    return JsonResponse(
        {"status": "ok" if ready else "unavailable", "checks": results},
        status=200 if ready else 503,
    )


# /metrics is scraped the same way (by pod address, plain HTTP); METRICS_TOKEN guards it.
PROBES: dict[str, Callable[[HttpRequest], HttpResponse]] = {
    "/healthz": healthz,
    "/readyz": readyz,
    "/metrics": metrics_view,
}


class ProbeMiddleware(MiddlewareMixin):
    """Answer the probes (and /metrics) before host validation and HTTPS redirects.

    Orchestrators probe a pod by its IP over plain HTTP, with a Host header that is not in
    ALLOWED_HOSTS; the probes reveal nothing, so they answer any host and scheme.
    """

    def process_request(self, request: HttpRequest) -> HttpResponse | None:
        probe = PROBES.get(request.path_info)
        return probe(request) if probe is not None else None

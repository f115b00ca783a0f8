"""Prometheus metrics of this process, in the text exposition format at GET /metrics.

Hand-written rather than prometheus_client: a handful of counters and one gauge need no
dependency. The figures are per process (each web process is scraped on its own, as the
Procfile runs one uvicorn process per container). Set METRICS_TOKEN to require
`Authorization: Bearer <METRICS_TOKEN>` from the scraper.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache

from matches.notifications.metrics import read as notification_counts

_lock = threading.Lock()
_counters: dict[str, Counter[tuple[tuple[str, str], ...]]] = {}
_gauges: dict[str, float] = {}
_started = time.time()

HELP = {
    "rummy_http_requests_total": ("counter", "HTTP responses sent, by method and status."),
    "rummy_graphql_operations_total": ("counter", "GraphQL operations run, by type."),
    "rummy_graphql_errors_total": ("counter", "GraphQL errors sent, by extensions.code."),
    "rummy_rate_limited_total": ("counter", "Requests refused by a rate limit, by limit."),
    "rummy_websocket_connections_total": ("counter", "Websocket connections accepted."),
    "rummy_websocket_connections_open": ("gauge", "Websocket connections open now."),
}


def inc(name: str, amount: float = 1, **labels: str) -> None:
    key = tuple(sorted(labels.items()))
    with _lock:
        _counters.setdefault(name, Counter())[key] += amount  # type: ignore[assignment]


def gauge_add(name: str, amount: float) -> None:
    with _lock:
        _gauges[name] = _gauges.get(name, 0) + amount


def count_error(code: str) -> None:
    inc("rummy_graphql_errors_total", code=code)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


# Figures of the whole deployment, the same from every web process: the clock's backlog
# (matches.deadlines) and how long ago a worker received a heartbeat, and beat sent a
# task (config.liveness). Each is left out while what it is read from does not answer.
SYSTEM_HELP = {
    "rummy_deadlines_overdue": "Active matches whose turn deadline is past.",
    "rummy_deadline_overdue_seconds": "By how much the oldest past deadline is past (0: none).",
    "rummy_worker_heartbeat_age_seconds": "Seconds since a worker last received a heartbeat.",
    "rummy_beat_heartbeat_age_seconds": "Seconds since beat last sent a task.",
}


def system_gauges() -> list[str]:
    from config import liveness
    from matches.deadlines import overdue_deadlines

    values: dict[str, float] = {}
    try:
        count, oldest = overdue_deadlines()
    except Exception:  # the database is away: /readyz says so
        pass
    else:
        values.update(rummy_deadlines_overdue=count, rummy_deadline_overdue_seconds=oldest)
    try:
        progress = liveness.last_progress()
    except Exception:  # Redis is away: /readyz says so
        pass
    else:
        now = time.time()
        for kind, when in progress.items():
            if when is not None:
                values[f"rummy_{kind}_heartbeat_age_seconds"] = max(0.0, now - when)
    lines: list[str] = []
    for name, text in SYSTEM_HELP.items():
        if name in values:
            lines += [f"# HELP {name} {text}", f"# TYPE {name} gauge", f"{name} {values[name]:g}"]
    return lines


def render() -> str:
    lines: list[str] = []
    with _lock:
        counters = {name: dict(values) for name, values in _counters.items()}
        gauges = dict(_gauges)
    for name, (kind, text) in HELP.items():
        lines += [f"# HELP {name} {text}", f"# TYPE {name} {kind}"]
        if kind == "gauge":
            lines.append(f"{name} {gauges.get(name, 0):g}")
            continue
        for labels, value in sorted(counters.get(name, {}).items()):
            rendered = ",".join(f'{k}="{_escape(v)}"' for k, v in labels)
            lines.append(f"{name}{{{rendered}}} {value:g}" if rendered else f"{name} {value:g}")
    lines += [
        "# HELP rummy_notifications_total Pushes by channel and result (sent, failed, "
        "pruned, retried), counted in Redis by every worker: the same in every process.",
        "# TYPE rummy_notifications_total counter",
    ]
    for (channel, result), value in sorted(notification_counts().items()):
        lines.append(
            f'rummy_notifications_total{{channel="{_escape(channel)}",result="{_escape(result)}"}}'
            f" {value}"
        )
    lines += [
        "# HELP rummy_build_info The running server version.",
        "# TYPE rummy_build_info gauge",
        f'rummy_build_info{{version="{_escape(str(settings.VERSION))}"}} 1',
        "# HELP process_start_time_seconds Start time of the process (Unix epoch).",
        "# TYPE process_start_time_seconds gauge",
        f"process_start_time_seconds {_started:.3f}",
        *system_gauges(),
    ]
    return "\n".join(lines) + "\n"


@never_cache
def metrics_view(request: HttpRequest) -> HttpResponse:
    if request.method not in {"GET", "HEAD"}:
        return HttpResponse(status=405, headers={"Allow": "GET, HEAD"})
    expected = settings.METRICS_TOKEN
    if expected:
        given = request.headers.get("Authorization", "")
        if not secrets.compare_digest(given.encode(), f"Bearer {expected}".encode()):
            return HttpResponse("Unauthorized\n", status=401, content_type="text/plain")
    return HttpResponse(render(), content_type="text/plain; version=0.0.4; charset=utf-8")


def count_operation(context: Any) -> None:
    """Counts GraphQL operations by type (query, mutation, subscription). Called by
    api.schema.OperationChecks."""
    try:
        kind = context.operation_type.value
    except RuntimeError:
        kind = "unknown"
    inc("rummy_graphql_operations_total", type=kind)


Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class MetricsMiddleware:
    """ASGI middleware counting HTTP responses and websocket connections."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            method = str(scope.get("method", ""))

            async def counting_send(message: MutableMapping[str, Any]) -> None:
                if message["type"] == "http.response.start":
                    inc("rummy_http_requests_total", method=method, status=str(message["status"]))
                await send(message)

            await self.app(scope, receive, counting_send)
        elif scope["type"] == "websocket":
            accepted = False

            async def watching_send(message: MutableMapping[str, Any]) -> None:
                nonlocal accepted
                if message["type"] == "websocket.accept" and not accepted:
                    accepted = True
                    inc("rummy_websocket_connections_total")
                    gauge_add("rummy_websocket_connections_open", 1)
                await send(message)

            try:
                await self.app(scope, receive, watching_send)
            finally:
                if accepted:
                    gauge_add("rummy_websocket_connections_open", -1)
        else:
            await self.app(scope, receive, send)

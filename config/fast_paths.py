"""FAST_PATHS: every speed shortcut of the server, by name, beside its plain twin (issue 32).

A shortcut does what stock framework code does (Django's request handler, the ORM,
Celery, kombu, strawberry) by a way of its own: hand-built SQL, a library's internals, a
request path of its own. Each one is a *piece* named in :data:`PIECES`; the code that uses
it (its seam) asks :func:`on` and runs the fast twin or the plain one, which is the stock
framework code the piece replaces. ``docs/performance.md`` is the ledger: for each piece,
what it replaces, what it gained (an A/B of this switch), the library versions whose
internals it touches, and its test.

``settings.FAST_PATHS`` (the environment variable ``FAST_PATHS``) chooses:

- ``1`` (the default): every piece;
- ``0``: none; the server runs only stock framework code;
- ``lock_query,move_write``: only these pieces; ``-lock_query``: every piece but these (for A/B
  measurements: ``bench/api_bench.py --fast-paths``).

A piece that needs PostgreSQL runs its plain twin on any other database: the seam chooses
that here, and nowhere else, and each process says so when it starts (:func:`describe`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Piece:
    summary: str
    postgresql_only: bool = False


PIECES: dict[str, Piece] = {
    # The web process: one GraphQL request.
    "request_threads": Piece("request threads kept between requests (config.asgi)"),
    "middleware": Piece("one thread hop for the middleware chain (config.middleware)"),
    "document_caches": Piece("parsed and validated documents kept (api.limits)"),
    # The web process: a live event.
    "live_events": Piece("a live event executed and encoded once per view (api.events.live)"),
    # A move, in the web process and the worker.
    "lock_query": Piece("the match lock and its seats in SQL built once (matches.locks)"),
    "move_write": Piece("a move's events, action and match row in one statement", True),
    # The worker.
    "bot_inline": Piece("bot moves due at once played by the task that started them"),
    "worker_connections": Piece("a worker keeps its database session between tasks"),
}


def parse(value: str) -> frozenset[str]:
    """The pieces a ``FAST_PATHS`` value turns on; ValueError for an unknown name."""
    raw = value.strip().lower()
    if raw in ("", "1", "on", "true", "yes", "all"):
        return frozenset(PIECES)
    if raw in ("0", "off", "false", "no", "none"):
        return frozenset()
    names = [n.strip() for n in raw.split(",") if n.strip()]
    unknown = sorted({n.lstrip("-") for n in names} - set(PIECES))
    if unknown:
        raise ValueError(
            f"FAST_PATHS names no piece {', '.join(unknown)}; the pieces are "
            f"{', '.join(sorted(PIECES))} (or 1 for all, 0 for none)"
        )
    excluded = {n[1:] for n in names if n.startswith("-")}
    included = {n for n in names if not n.startswith("-")}
    if excluded and included:
        raise ValueError("FAST_PATHS lists pieces to turn on, or pieces to leave off: not both")
    return frozenset(PIECES) - excluded if excluded else frozenset(included)


def chosen(name: str) -> bool:
    """Whether the settings turn piece ``name`` on (whatever the database)."""
    from django.conf import settings

    if name not in PIECES:
        raise KeyError(f"no fast path is named {name!r}")
    return name in settings.FAST_PATHS


def on(name: str) -> bool:
    """Whether piece ``name`` runs its fast twin here and now: chosen by the settings,
    and, if it needs PostgreSQL, on a PostgreSQL connection."""
    if not chosen(name):
        return False
    if PIECES[name].postgresql_only:
        from django.db import connection

        return bool(connection.vendor == "postgresql")
    return True


def describe() -> str:
    """One line for a process's start-up log: which pieces run fast, and which run their
    plain twin because this database is not PostgreSQL."""
    from django.conf import settings
    from django.db import connection

    fast = sorted(n for n in PIECES if n in settings.FAST_PATHS)
    if not fast:
        return "fast paths: off (FAST_PATHS=0): stock framework code only"
    vendor = connection.vendor
    plain = [n for n in fast if PIECES[n].postgresql_only and vendor != "postgresql"]
    line = "fast paths: " + ", ".join(n for n in fast if n not in plain)
    off = sorted(set(PIECES) - set(fast))
    if off:
        line += f"; off: {', '.join(off)}"
    if plain:
        line += f"; on {vendor} the plain twin of {', '.join(plain)} (PostgreSQL only)"
    return line


def log_at_start(process: str) -> None:
    log.info("%s: %s", process, describe())

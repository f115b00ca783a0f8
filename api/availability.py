"""Whether this process can reach its database, so that an outage is answered at once
(issue 26): every request gets HTTP 503 with a GraphQL error coded UNAVAILABLE, every
websocket is closed with 4503, within a second, instead of each waiting for the
connection pool's timeout (5 s) and anonymous ones answering INTERNAL_SERVER_ERROR.

The first request to meet the outage waits as before and says so (:func:`note_error`
with the error, or :func:`note_outage`); from then on, :func:`is_down` is true and the
GraphQL view and the websocket consumer answer without touching the database. A probe,
at most one at a time and one a second, runs in a thread of its own: it asks the
database for ``SELECT 1`` as a request would (through the pool, if any); when that
works, the outage is over. ``/readyz`` reports what it sees here too.

Only an outage counts: a connection that cannot be made or was lost, the server going
down or refusing connections, the pool's wait for a connection; SQLite's "database is
locked" (a busy file, under ``make run``). A deadlock, a statement timeout or a
constraint are errors of one request and change nothing here.
"""

from __future__ import annotations

import logging
import threading
import time

from django.db import InterfaceError, OperationalError, close_old_connections, connection

log = logging.getLogger(__name__)

PROBE_INTERVAL = 1.0  # seconds between two probes while the database is down
UNAVAILABLE_MESSAGE = "The service is temporarily unavailable; try again shortly."
# PostgreSQL SQLSTATEs of an outage: connection exceptions (08...), the server shutting
# down or starting (57P01-57P03), too many connections (53300).
OUTAGE_STATES = ("08", "57P01", "57P02", "57P03", "53300")

_lock = threading.Lock()
_down_since: float | None = None  # time.monotonic() of the first failure, while down
_probing = False
_last_probe = 0.0


def is_outage(error: BaseException) -> bool:
    """Whether a database error means the database cannot be reached (see the notes)."""
    if isinstance(error, InterfaceError):
        return True
    if not isinstance(error, OperationalError):
        return False
    cause = error.__cause__
    state = getattr(cause, "sqlstate", None)
    if isinstance(state, str):
        return state.startswith(OUTAGE_STATES)
    if type(cause).__module__.startswith("sqlite3"):
        text = str(error).lower()
        return "locked" in text or "unable to open" in text
    return True  # psycopg's connection failures and the pool's timeout carry no state


def note_error(error: BaseException) -> bool:
    """Record ``error`` if it is an outage; whether it was."""
    if not is_outage(error):
        return False
    note_outage()
    return True


def note_outage() -> None:
    global _down_since
    with _lock:
        if _down_since is None:
            _down_since = time.monotonic()
            log.warning("the database is unreachable: answering 503 until a probe reaches it")


def note_up() -> None:
    global _down_since
    with _lock:
        if _down_since is not None:
            log.warning("the database answers again (after %.1f s)", time.monotonic() - _down_since)
            _down_since = None


def down_since() -> float | None:
    """When (``time.monotonic()``) this process found the database unreachable; None
    while it is not."""
    return _down_since


def is_down() -> bool:
    """Whether the database is known to be unreachable; starts a probe when one is due."""
    if _down_since is None:
        return False
    _maybe_probe()
    return _down_since is not None


def _maybe_probe() -> None:
    global _probing, _last_probe
    with _lock:
        now = time.monotonic()
        if _probing or now - _last_probe < PROBE_INTERVAL:
            return
        _probing, _last_probe = True, now
    threading.Thread(target=_probe, name="database-probe", daemon=True).start()


def _probe() -> None:
    global _probing
    try:
        close_old_connections()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # still down (or worse): the next probe tries again
        log.debug("database probe: %s", exc)
    else:
        note_up()
    finally:
        connection.close()
        with _lock:
            _probing = False

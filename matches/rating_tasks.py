"""The rating task (STYLE 16): an id in, no logic, idempotent.

A ranked match is rated in the transaction that finishes it (``matches.results``,
``rate_at_end``), so nothing queues this task any more. It stays for messages queued
before that change and for rating a finished ranked match by hand: it calls
``matches.results.match_rate``, which re-checks everything under the match's lock, so
running it again (a retry, a duplicate delivery, a match rated at its end) rates the
match once.
"""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from matches import results


@shared_task(  # type: ignore[untyped-decorator]  # celery ships no type hints
    name="accounts.update_ratings",
    autoretry_for=(OperationalError,),  # a lost connection or a deadlock victim
    retry_backoff=True,
    retry_backoff_max=60,
    max_retries=5,
    acks_late=True,
)
def update_ratings(match_id: int) -> int | None:
    """Rate a finished ranked match; the number of players whose rating moved, or None
    if it was not rated now (not ranked, not finished, or rated before)."""
    changes = results.match_rate(match_id=match_id)
    return None if changes is None else len(changes)

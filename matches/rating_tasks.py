"""The rating task (STYLE 16): an id in, no logic, queued after commit, idempotent.

``queue_rating_update`` is called by ``matches.services`` when a ranked match finishes;
the task calls ``matches.results.match_rate``, which re-checks everything under the
match's lock, so running it twice (a retry, a duplicate delivery) rates the match once.
"""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError, transaction

from matches import results


@shared_task(
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


def queue_rating_update(match_id: int) -> None:
    """Queue the rating of a match once the current transaction commits."""
    from matches.publishing import in_background

    send = lambda: update_ratings.delay(match_id)  # noqa: E731
    transaction.on_commit(lambda: in_background(send, f"update_ratings({match_id})"))

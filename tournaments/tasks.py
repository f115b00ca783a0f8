"""The tournaments' Celery tasks (STYLE 16): ids in, explicit names, no logic (that is
``tournaments.rounds``), idempotent by re-checking under the tournament's lock."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from tournaments import rounds


@shared_task(
    name="tournaments.tick",
    ignore_result=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=3,
)
def tick() -> dict[str, int]:
    """Beat's tick: start tournaments whose registration closed, close rounds whose
    matches are over or whose deadline passed, start the next rounds."""
    return rounds.tick()


@shared_task(
    name="tournaments.match_over",
    ignore_result=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
)
def match_over(match_id: int) -> str:
    """A tournament's match ended: close its round if every match of it is over."""
    return rounds.match_over(match_id)

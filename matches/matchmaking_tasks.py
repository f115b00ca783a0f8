"""The matchmaking tick (STYLE 16), run by Celery beat every MATCHMAKING_TICK_SECONDS.

No logic here: ``matches.matchmaking.matchmaking_tick`` forms the tables. Two ticks at
once are safe (it locks the tickets of a table before seating them), so a tick delayed
behind another does no harm.
"""

from __future__ import annotations

from celery import shared_task

from matches import matchmaking


@shared_task(name="matches.matchmaking_tick", ignore_result=True)  # type: ignore[untyped-decorator]  # celery ships no type hints
def matchmaking_tick() -> int:
    """Form every table that can be formed now; the number of matches started."""
    return len(matchmaking.matchmaking_tick())

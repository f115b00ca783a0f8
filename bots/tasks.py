"""The Celery task that plays bot seats (STYLE 16): ids in, an explicit name, no logic.

The logic is ``matches.bot_turns.play_turn``: it reads the seat's view, asks the
seat's level (``bots.levels``) for an action and applies it through the same service
as a human move; a late or repeated task finds the turn over and does nothing.
It is imported by name at run time: ``bots`` is type-checked on its own, without the
Django side it calls into.
"""

from __future__ import annotations

import importlib

from celery import shared_task


def _transient() -> tuple[type[BaseException], ...]:
    # django.db.OperationalError: a lost database connection or a deadlock victim.
    db = importlib.import_module("django.db")
    return (db.OperationalError,)


@shared_task(  # type: ignore[untyped-decorator]  # celery ships no type information
    name="bots.play_turn",
    autoretry_for=_transient(),
    retry_backoff=True,
    retry_backoff_max=10,
    max_retries=5,
)
def play_turn(match_id: int, turn: int) -> str:
    """Play the next action of the bot on turn ``turn`` of the match, if it still is."""
    bot_turns = importlib.import_module("matches.bot_turns")
    result: str = bot_turns.play_turn(match_id=match_id, turn=turn)
    return result

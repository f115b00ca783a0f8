from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """A tournament's round ends when its matches end: ``matches.signals.match_over``
    (sent after the commit that ended a match) queues ``tournaments.match_over`` for a
    tournament's table; beat's ``tournaments.tick`` is the net under it (and starts
    tournaments and rounds, and applies round deadlines)."""

    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from matches.signals import match_over

        match_over.connect(_match_over, dispatch_uid="tournaments.match_over")


def _match_over(sender: Any, *, match_id: int, **_: Any) -> None:
    from tournaments.rounds import queue_match_over

    queue_match_over(match_id)

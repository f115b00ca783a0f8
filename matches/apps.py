from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class MatchesConfig(AppConfig):
    """Bot moves, turn expiries and notices are queued by the services after commit
    (``matches.store``, ``matches.queueing``). A match that is over is packed
    (``matches.archive``) by a task queued on ``matches.signals.match_over``; beat's
    ``matches.sweep_archive`` is the net under it."""

    name = "matches"
    verbose_name = "Matches"

    def ready(self) -> None:
        from matches.signals import match_over

        match_over.connect(_match_over, dispatch_uid="matches.archive")


def _match_over(sender: Any, *, match_id: int, **_: Any) -> None:
    from django.conf import settings

    from matches.queueing import ARCHIVE_TASK, send

    delay = float(settings.ARCHIVE_DELAY_SECONDS)
    send(ARCHIVE_TASK, [match_id], **({"countdown": delay} if delay > 0 else {}))

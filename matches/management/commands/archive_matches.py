"""``python manage.py archive_matches``: pack every match that is over and not packed
yet (``matches.archive``; issue 31), as beat's ``matches.sweep_archive`` does a few at a
time. For operators after the deploy that brought packing: the matches over before it
are read from their rows until packed. Idempotent: a packed match is left alone.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand

from matches import archive


class Command(BaseCommand):
    help = "Pack the event and action logs of every match that is over (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        total = 0
        while packed := archive.sweep(limit=200, grace=timedelta(0)):
            total += packed
        self.stdout.write(f"{total} match(es) packed")

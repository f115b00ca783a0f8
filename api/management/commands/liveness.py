"""``python manage.py liveness [worker|beat|system]``: is it working, not only running?
(issue 26, ``config/liveness.py``). Exit status 0 when it is, 1 when not, with one line
of figures either way.

- ``worker`` / ``beat``: the processes of that kind on this machine (this container):
  each keeps a file fresh while it makes progress or the broker is away; fails when
  there is none or one is older than ``LIVENESS_SECONDS``. Kubernetes' livenessProbe of
  the worker and beat runs it.
- ``system`` (the default): the whole deployment, for an operator or an alert: some
  worker received a heartbeat, and beat sent a task, within ``LIVENESS_SECONDS`` (as
  they report to Redis), and no turn deadline is overdue by more than
  ``DEADLINE_OVERDUE_LIMIT_SECONDS``.
"""

from __future__ import annotations

import json
import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from config import liveness


def process_verdict(kind: str) -> tuple[bool, dict[str, Any]]:
    ages = liveness.file_ages(kind)
    bound = float(settings.LIVENESS_SECONDS)
    figures: dict[str, Any] = {
        "kind": kind,
        "ages": {str(pid): round(age, 1) for pid, age in sorted(ages.items())},
        "bound": bound,
    }
    return bool(ages) and max(ages.values()) <= bound, figures


def system_verdict() -> tuple[bool, dict[str, Any]]:
    from matches.deadlines import overdue_deadlines

    bound = float(settings.LIVENESS_SECONDS)
    now = time.time()
    figures: dict[str, Any] = {"bound": bound}
    ok = True
    try:
        progress = liveness.last_progress()
    except Exception as exc:
        figures["redis"] = f"{type(exc).__name__}: {exc}"
        ok = False
    else:
        for kind, when in progress.items():
            age = None if when is None else round(now - when, 1)
            figures[f"{kind}_age"] = age
            ok = ok and age is not None and age <= bound
    count, oldest = overdue_deadlines()
    limit = float(settings.DEADLINE_OVERDUE_LIMIT_SECONDS)
    figures.update(overdue=count, overdue_oldest=round(oldest, 1), overdue_limit=limit)
    return ok and oldest <= limit, figures


class Command(BaseCommand):
    help = "Exit 0 if the worker, beat or the whole system is working, else 1."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "what", nargs="?", default="system", choices=["worker", "beat", "system"]
        )

    def handle(self, *args: Any, what: str, **options: Any) -> None:
        ok, figures = system_verdict() if what == "system" else process_verdict(what)
        line = json.dumps({"status": "ok" if ok else "failing", **figures})
        if not ok:
            raise CommandError(line)
        self.stdout.write(line)

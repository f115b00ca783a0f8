"""A worker rides out Redis hangs (issue 26, High): Redis is SIGSTOPped for 30 s and
resumed, three times in a row, against the same worker and beat. After each resume every
deadline that fell due during the hang is applied within 15 s, and each exactly once.

Before the fix the worker stayed alive but stopped consuming: an expiry task that came
due during the hang was acknowledged into the hung Redis, the ack timed out ("Couldn't
ack ..., reason: network:TimeoutError") and kombu kept the message counted against the
worker's prefetch limit for good. Two such acks and the worker never asked Redis for
work again: deadlines went overdue for ever while the process looked healthy.

Each hang starts just before the deadlines of matches made for it: the worker holds
their expiry tasks and runs them in the hang's first seconds (soon after, its event loop
waits on its own event heartbeat until Redis answers), so that their acks are the ones
that time out. The matches are made by a process of their own on the test's Redis (the
test process's Celery app is bound to the session's), so that their expiry tasks really
are queued to the worker as in production.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from matches.models import MatchEvent
from tests.deploy.cluster import ROOT, Processes, RedisServer, wait_for
from tests.server.game_workers import game_env

HANG_SECONDS = 30.0
APPLIED_WITHIN = 15.0  # seconds after the resume (the bound)
HANGS = 3
MATCHES_PER_HANG = 4
TURN_SECONDS = 10
LEAD = 0.4  # seconds from the hang's start to the first deadline


def make_matches(count: int, turn_seconds: int, prefix: str) -> list[dict[str, Any]]:
    """Run in a process of its own (``python -c``, the group's environment): create and
    start ``count`` two-player matches; each one's database id, turn and deadline."""
    from accounts.models import User
    from matches import services
    from matches.models import Match

    made = []
    for i in range(count):
        a, b = (User.objects.create_user(f"{prefix}{i}{s}", password=None) for s in "ab")
        created = services.match_create(
            user=a, ruleset_name="robbers", seats=2, turn_seconds=turn_seconds
        )
        services.match_join(match_id=created.id, user=b)  # type: ignore[union-attr]
        services.match_start(match_id=created.id, user=a)  # type: ignore[union-attr]
        match = Match.objects.get(pk=created.id)  # type: ignore[union-attr]
        assert match.deadline is not None
        made.append({"id": match.pk, "turn": match.turn, "deadline": match.deadline.isoformat()})
    return made


def run_make_matches(env: dict[str, str], prefix: str) -> list[dict[str, Any]]:
    code = (
        "import django, json; django.setup(); "
        "from tests.deploy.test_hung_redis_worker import make_matches; "
        f"print(json.dumps(make_matches({MATCHES_PER_HANG}, {TURN_SECONDS}, {prefix!r})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def now() -> datetime:
    return datetime.now(UTC)


def expiries(match_id: int, turn: int) -> int:
    return MatchEvent.objects.filter(
        match_id=match_id, type="TURN_EXPIRED", public__turn=turn
    ).count()


@pytest.mark.django_db(transaction=True)
def test_every_deadline_of_three_redis_hangs_is_applied_once_by_the_same_worker(
    postgres: dict[str, Any], own_redis: RedisServer, tmp_path: Path
) -> None:
    queue = "fault-hung-redis-worker"
    env = game_env(postgres, own_redis.url, queue, tmp_path / "mail")
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    group = Processes(env, tmp_path)
    try:
        group.worker("worker", queue)
        worker_pid = group.children["worker"].pid
        group.beat()
        applied: list[tuple[int, int]] = []
        for hang in range(HANGS):
            made = run_make_matches(env, f"hang{hang}x")
            deadlines = sorted(datetime.fromisoformat(m["deadline"]) for m in made)
            # when: Redis hangs for 30 s from just before the first of these deadlines
            # (the worker is then holding their expiry tasks, to run them during the hang)
            time.sleep(max(0.0, (deadlines[0] - now()).total_seconds() - LEAD))
            own_redis.freeze()
            frozen_at = now()
            try:
                time.sleep(HANG_SECONDS)  # the fault's length itself, not a wait on a result
            finally:
                own_redis.thaw()
            resumed = time.monotonic()
            overdue = [
                (m["id"], m["turn"])
                for m in made
                if frozen_at < datetime.fromisoformat(m["deadline"]) < now()
            ]
            assert len(overdue) == MATCHES_PER_HANG, (made, frozen_at)

            # then: every one of them is applied within 15 s of the resume
            wait_for(
                f"hang {hang + 1}: the overdue deadlines {overdue}, applied "
                f"{[expiries(*m) for m in overdue]}\n{group.logs()}",
                lambda: all(expiries(*m) for m in overdue),  # noqa: B023
                APPLIED_WITHIN,
            )
            assert time.monotonic() - resumed <= APPLIED_WITHIN + 1
            applied += overdue
            # by the worker the test started, still running
            assert group.alive("worker") and group.children["worker"].pid == worker_pid

        # and each exactly once, after the last sweeps too: the next deadlines of the
        # last matches are applied (the worker goes on consuming), and no turn twice
        last = [(m, t + 1) for m, t in applied[-MATCHES_PER_HANG:]]
        wait_for(f"the next deadlines\n{group.logs()}", lambda: all(expiries(*m) for m in last), 60)
        assert [expiries(*m) for m in applied + last] == [1] * len(applied + last)
    finally:
        group.stop()

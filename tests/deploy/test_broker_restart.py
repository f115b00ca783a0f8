"""A Celery worker rides out a Redis restart (issue 14, faults 1): it held an ETA task
when Redis died (kombu then tried to restore it through a closed transport and the
worker died with ``'NoneType' object has no attribute 'hostname'``); after Redis is back
the worker is still running, answers, and a turn's deadline is still applied, once."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from matches import services
from matches.models import Match, MatchEvent
from matches.selectors import MatchView
from tests.deploy.cluster import Processes, RedisServer, pings, probe_app, wait_for
from tests.server.game_workers import game_env, settings_for


@pytest.mark.django_db(transaction=True)
def test_a_worker_holding_an_eta_task_survives_a_redis_restart_and_applies_the_deadline(
    postgres: dict[str, Any], own_redis: RedisServer, tmp_path: Path, settings: Any
) -> None:
    from accounts.models import User

    queue = "fault-broker-restart"
    env = game_env(postgres, own_redis.url, queue, tmp_path / "mail")
    group = Processes(env, tmp_path)
    probe = probe_app(own_redis.url)
    try:
        hostname = group.worker("worker", queue)
        group.beat()
        # given: the worker holds an unacknowledged ETA task
        probe.send_task("config.ping", queue=queue, countdown=120)

        def held() -> bool:
            scheduled = probe.control.inspect(destination=[hostname], timeout=1).scheduled()
            return bool(scheduled and any(scheduled.values()))

        wait_for("the worker to hold the ETA task", held, 30)

        # when: Redis dies and comes back empty
        own_redis.kill()
        time.sleep(2)
        own_redis.start()

        # then: the worker is still running and consuming
        wait_for(
            f"the worker to answer after the restart\n{group.logs()}",
            lambda: group.alive("worker") and pings(probe, hostname),
            60,
        )
        assert group.alive("worker"), group.logs()

        # and a deadline that falls after the restart is applied once (the sweeper's
        # task, queued by beat through the new Redis, run by the same worker)
        for name, value in settings_for(queue, tmp_path / "mail").items():
            setattr(settings, name, value)
        a, b = (User.objects.create_user(f"rr{i}", password="pw-unused-1") for i in range(2))
        created = services.match_create(user=a, ruleset_name="robbers", seats=2, turn_seconds=5)
        assert isinstance(created, MatchView)
        services.match_join(match_id=created.id, user=b)
        services.match_start(match_id=created.id, user=a)
        turn = Match.objects.get(pk=created.id).turn

        def expired() -> int:
            return MatchEvent.objects.filter(
                match_id=created.id, type="TURN_EXPIRED", public__turn=turn
            ).count()

        wait_for(f"the expiry\n{group.logs()}", expired, 90)
        time.sleep(2)
        assert expired() == 1
        assert group.alive("worker"), group.logs()
    finally:
        group.stop()
        probe.close()

import subprocess

from config.celery import app, ping


def test_ping_task_round_trips_through_a_real_worker(
    live_worker: subprocess.Popen[bytes],
) -> None:
    result = ping.delay()

    assert result.get(timeout=30) == "pong"


def test_tasks_are_never_run_eagerly() -> None:
    assert app.conf.task_always_eager is False

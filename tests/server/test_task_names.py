"""The Celery task names never change (issue 12): a message queued in a running broker
carries its task's name, so a worker of the next release must know every name the last
one queued, wherever the task's code moved (``bots.play_turn`` lives in
``matches.tasks`` now)."""

from __future__ import annotations

import subprocess

from config.celery import app

# Every task the server queues or beat schedules, by the name a queued message carries,
# and where its code lives now.
TASKS = {
    "bots.play_turn": "matches.tasks",
    "matches.expire_turn": "matches.tasks",
    "matches.sweep_deadlines": "matches.tasks",
    "matches.notify": "matches.tasks",
    "matches.matchmaking_tick": "matches.matchmaking_tasks",
    "matches.archive_match": "matches.tasks",
    "matches.sweep_archive": "matches.tasks",
    "accounts.update_ratings": "matches.rating_tasks",
    "notifications.deliver": "matches.notifications.tasks",
    "notifications.notify": "matches.notifications.tasks",
    "notifications.sweep": "matches.notifications.tasks",
    "tournaments.tick": "tournaments.tasks",
    "tournaments.match_over": "tournaments.tasks",
    "config.ping": "config.celery",
}


def test_every_task_name_is_registered_where_its_code_lives() -> None:
    app.loader.import_default_modules()

    found = {name: app.tasks[name].__module__ for name in TASKS if name in app.tasks}

    assert found == TASKS


def test_the_names_the_services_queue_are_those_of_the_tasks() -> None:
    from matches import queueing
    from matches.notifications import dispatch

    names = {
        queueing.BOT_TASK,
        queueing.EXPIRE_TASK,
        queueing.NOTIFY_TASK,
        queueing.NOTIFY_USERS_TASK,
        queueing.ARCHIVE_TASK,
        dispatch.DELIVER_TASK,
    }

    assert names <= set(TASKS)


def test_a_real_worker_knows_every_task_name(live_worker: subprocess.Popen[bytes]) -> None:
    registered = app.control.inspect(timeout=10).registered() or {}

    assert registered, "no worker answered"
    for worker, names in registered.items():
        assert set(TASKS) <= set(names), f"{worker} lacks {set(TASKS) - set(names)}"

"""The Celery app, shared by the worker, beat and the web processes that queue tasks."""

from __future__ import annotations

import os

from celery import Celery
from celery.signals import worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("rummy")
# Every CELERY_* setting in config/settings.py configures this app.
app.config_from_object("django.conf:settings", namespace="CELERY")
# kombu's Redis transport with the fix of config/broker.py (a worker survives a Redis
# restart); the broker URL stays redis://. Keep trying to reconnect for as long as it
# takes (the default gives up after 100 attempts, a few minutes of Redis away).
app.conf.broker_transport = "config.broker:Transport"
app.conf.broker_connection_max_retries = None
# A hung Redis (the process alive, nothing answering) must not hold a sender forever:
# without socket timeouts a publish waits on the dead connection for good.
app.conf.broker_transport_options = {"socket_timeout": 5, "socket_connect_timeout": 2}
app.conf.redis_socket_timeout = 5
app.conf.redis_socket_connect_timeout = 2
app.autodiscover_tasks()
# bots/ is not a Django app (it knows only the engine), so the line above misses its tasks.
app.autodiscover_tasks(["bots"])


@app.task(name="config.ping")
def ping() -> str:
    """Answer "pong": a worker is consuming the queue and results come back."""
    return "pong"


@worker_process_init.connect
def _freeze_start_up_objects(**_: object) -> None:
    """What a worker process built at start-up lives as long as it: out of the
    collector's generations, later collections do not walk it again (issue 12)."""
    import gc

    gc.freeze()

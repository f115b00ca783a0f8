"""The Celery app, shared by the worker, beat and the web processes that queue tasks."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("rummy")
# Every CELERY_* setting in config/settings.py configures this app.
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# bots/ is not a Django app (it knows only the engine), so the line above misses its tasks.
app.autodiscover_tasks(["bots"])


@app.task(name="config.ping")
def ping() -> str:
    """Answer "pong": a worker is consuming the queue and results come back."""
    return "pong"

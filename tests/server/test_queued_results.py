"""Tasks the services queue after a commit are sent with ``ignore_result``: nobody waits
for them, and storing each result cost the worker a Redis SET and PUBLISH (issue 12)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from matches import queueing


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    calls: list[tuple[str, dict[str, Any]]] = []

    def send_task(name: str, **options: Any) -> None:
        calls.append((name, options))

    # Sent here, on this thread: the background sender's thread may see another current
    # Celery app (it is per thread), and it sends after this test's assertions could run.
    monkeypatch.setattr(queueing, "in_background", lambda fn, what: fn())
    monkeypatch.setattr(queueing.current_app, "send_task", send_task)
    return calls


def test_queued_tasks_store_no_result(sent: list[tuple[str, dict[str, Any]]]) -> None:
    queueing.queue_bot_turn(7, 3, think=False)
    queueing.queue_expiry(7, 3, timezone.now() + timedelta(seconds=5))
    queueing.queue_notice(7, 3, "YOUR_TURN")

    assert [name for name, _ in sent] == [
        queueing.BOT_TASK,
        queueing.EXPIRE_TASK,
        queueing.NOTIFY_TASK,
    ]
    assert all(options["ignore_result"] is True for _, options in sent), sent
    assert [options["args"] for _, options in sent] == [[7, 3], [7, 3], [7, 3, "YOUR_TURN"]]

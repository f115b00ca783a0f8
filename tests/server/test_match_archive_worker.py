"""Packing a match that is over in a real Celery worker (``matches.archive``): the task
queued at its end, and beat's sweep when that task never ran. In a module of their own:
the worker and beat serve the whole module they start in."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from matches import selectors
from matches.models import Match, MatchArchive, MatchEvent
from tests.server.game_workers import wait_for
from tests.server.test_match_archive import _finished
from tests.server.test_match_services import users

__all__ = ["users"]  # the fixture
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("game_settings")]


def test_a_match_whose_packing_never_ran_is_packed_by_the_sweep(
    users: list[Any], settings: Any
) -> None:
    # given: a match that ended long ago (the sweep's grace is over) while its packing
    # task went to a queue nobody serves
    settings.GAME_TASK_QUEUE = "nobody-serves-this-queue"
    settings.MATCH_EVENTS_REPLAY_LIMIT = 10_000
    match = _finished(users, "rummy", target_score=1, hand_size=7)
    rows = selectors.match_event_rows(match_id=match.pk, after=0)
    assert rows is not None and len(rows) == match.last_seq
    assert not MatchArchive.objects.filter(match=match).exists()
    Match.objects.filter(pk=match.pk).update(finished_at=timezone.now() - timedelta(hours=1))

    # when: beat's sweep runs in the module's worker (every second here)
    packed = wait_for("the sweep", lambda: MatchArchive.objects.filter(match=match).exists())

    # then
    assert packed
    assert not MatchEvent.objects.filter(match=match).exists()
    assert selectors.match_event_rows(match_id=match.pk, after=0) == rows


def test_a_match_that_ends_is_packed_by_the_worker(users: list[Any], settings: Any) -> None:
    settings.ARCHIVE_DELAY_SECONDS = 0
    match = _finished(users, "rummy", target_score=1, hand_size=7)
    assert wait_for("the task", lambda: MatchArchive.objects.filter(match=match).exists())

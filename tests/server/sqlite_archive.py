"""Packing a finished match on the embedded SQLite (``make run``'s default), run in a
fresh process by ``test_match_archive.py``: the migration's triggers keep a log that is
not packed, packing is idempotent, and the document reads back as the rows did."""

from __future__ import annotations

from django.core.management import call_command
from django.db import DatabaseError, connection, transaction

from accounts.models import User
from matches import archive, selectors, services
from matches.models import Match, MatchArchive, MatchEvent
from matches.selectors import MatchView
from tests.server.test_match_services import play_out


def main() -> None:
    assert connection.vendor == "sqlite", connection.vendor
    call_command("migrate", verbosity=0)
    users = [User.objects.create_user(f"lite{i}", password="pw-unused-1") for i in range(2)]
    created = services.match_create(
        user=users[0], ruleset_name="rummy", options={"target_score": 1, "hand_size": 7}, seats=2
    )
    assert isinstance(created, MatchView), created
    services.match_join(match_id=created.id, user=users[1])
    services.match_start(match_id=created.id, user=users[0])
    play_out(created.id, users if created.seat == 0 else users[::-1])
    match = Match.objects.get(pk=created.id)
    assert match.over
    rows = selectors.match_event_rows(match_id=match.pk, after=0)
    assert rows is not None and len(rows) == match.last_seq
    actions = archive.action_rows(match.pk)
    replay = selectors.replay_data(match)
    try:
        with transaction.atomic():
            MatchEvent.objects.filter(match=match).delete()
        raise AssertionError("a log that is not packed was deleted")
    except DatabaseError as exc:
        assert "append-only" in str(exc), exc

    assert archive.pack(match.pk)
    assert not archive.pack(match.pk)

    assert not MatchEvent.objects.filter(match=match).exists()
    assert selectors.match_event_rows(match_id=match.pk, after=0) == rows
    assert archive.action_rows(match.pk) == actions
    assert selectors.replay_data(match) == replay
    try:
        with transaction.atomic():
            MatchArchive.objects.filter(match=match).delete()
        raise AssertionError("an archive was deleted")
    except DatabaseError as exc:
        assert "append-only" in str(exc), exc
    print(f"packed on sqlite: {len(rows or [])} events")

"""The move path's own statements (the lock, the move's write) are bound server-side and
prepared by psycopg once a session has run them a few times (issue 12); a session that
is lost or forgets its prepared statements costs nothing but their preparing again
(real PostgreSQL)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import OperationalError, connection

from engine.actions import action_to_dict
from engine.policy import choose
from matches import selectors, services
from matches.models import Match
from matches.selectors import match_rules
from tests.server.test_match_services import started, users

__all__ = ["users"]  # the fixture


def prepared() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [s for (s,) in cursor.fetchall()]


def moves(match_id: int, users: list[Any], count: int) -> None:
    """``count`` moves of the built-in policy through the services (as ``play_out``)."""
    for _ in range(count):
        match = Match.objects.get(pk=match_id)
        assert not match.over
        seat = match.on_turn
        seen = selectors.match_view(match=match, user=users[seat])
        assert seen.view is not None
        action = action_to_dict(choose(seen.view, match_rules(match)))
        common = {"match_id": match_id, "turn": seen.turn, "user": users[seat]}
        kind = action["kind"]
        if kind == "commit":
            result = services.match_commit_turn(table=action["table"], **common)
        elif kind == "draw":
            result = services.match_draw(source=action["source"], **common)
        elif kind == "discard":
            result = services.match_discard(card=action["card"], **common)
        else:
            result = services.match_pass(**common)
        assert isinstance(result, selectors.MatchView), result


@pytest.mark.django_db
def test_the_lock_and_the_write_are_prepared_after_a_few_moves(users: list[Any]) -> None:
    view = started(users)
    moves(view.id, users, 12)
    statements = prepared()
    assert any("FOR UPDATE OF m" in s for s in statements), statements
    assert any(s.startswith("WITH e AS (INSERT INTO") for s in statements), statements


@pytest.mark.django_db(transaction=True)
def test_moves_go_on_after_the_session_is_lost_or_forgets_its_statements(
    users: list[Any],
) -> None:
    view = started(users)
    moves(view.id, users, 8)
    # when: the session forgets its prepared statements
    with connection.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")
    moves(view.id, users, 8)
    # and when: the session is lost (as in a database restart)
    with pytest.raises(OperationalError), connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(pg_backend_pid())")
    connection.close()  # what the request's end does with a broken connection
    # then: the next moves work, on a new session that prepares its statements again
    moves(view.id, users, 8)
    assert any("FOR UPDATE OF m" in s for s in prepared())

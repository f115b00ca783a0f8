"""The worker's first read of a bot task and of an expiry is one plain read of the match's
status and turn (``matches.locks.match_status_turn``), without the lock, and a bot move
reads its match once, under the lock (``matches.play.match_bot_move``)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import connection

from matches import bot_turns, deadlines, locks, services
from matches.models import Match
from matches.selectors import MatchView


@pytest.fixture
def quiet_queue(settings: Any) -> None:
    settings.GAME_TASK_QUEUE = f"worker-reads-{uuid.uuid4().hex[:8]}"


class Statements:
    """The SQL a block sends, as written (an execute wrapper)."""

    def __init__(self) -> None:
        self.sql: list[str] = []

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.sql.append(sql)
        return execute(sql, params, many, context)


def _bot_on_turn() -> int:
    from accounts.models import User

    person = User.objects.create_user(f"reads-{uuid.uuid4().hex[:6]}", password="pw-unused-1")
    created = services.match_create(
        user=person, ruleset_name="rummy", seats=2, bots=["EASY"], turn_seconds=600
    )
    assert isinstance(created, MatchView)
    assert isinstance(services.match_start(match_id=created.id, user=person), MatchView)
    return created.id


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("quiet_queue")
def test_the_status_read_gives_status_and_turn() -> None:
    match_id = _bot_on_turn()
    match = Match.objects.get(pk=match_id)
    assert locks.match_status_turn(match_id) == (match.status, match.turn)
    assert locks.match_status_turn(10**9) is None


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("quiet_queue")
def test_a_stale_task_sends_the_status_read_only() -> None:
    match_id = _bot_on_turn()
    match = Match.objects.get(pk=match_id)

    # a stale expiry: one plain read
    expiry = Statements()
    with connection.execute_wrapper(expiry):
        assert deadlines.expire_turn(match_id=match_id, turn=match.turn + 5) == "STALE_TURN"
    assert len(expiry.sql) == 1
    assert '"turn" FROM' in expiry.sql[0]

    # a stale bot task: the same one plain read, no lock (a live one reads the match
    # under the lock, once, and chooses there: matches.play.match_bot_move)
    bot = Statements()
    with connection.execute_wrapper(bot):
        assert bot_turns.play_turn(match_id=match_id, turn=match.turn + 5) == "stale"
    assert len(bot.sql) == 1
    assert '"turn" FROM' in bot.sql[0] and "FOR UPDATE" not in bot.sql[0]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("quiet_queue")
def test_a_bot_move_reads_its_match_once() -> None:
    # given: the bot on turn (the person plays the built-in policy until it is)
    from tests.server.test_move_queries import move

    match_id = _bot_on_turn()
    person = Match.objects.get(pk=match_id).seats.get(index=0).user
    while Match.objects.get(pk=match_id).on_turn != 1:
        move(match_id, person, bot_seat=1)
    match = Match.objects.get(pk=match_id)

    # when: its task plays
    bot = Statements()
    with connection.execute_wrapper(bot):
        assert bot_turns.play_turn(match_id=match_id, turn=match.turn).startswith("moved")

    # then: the plain status read, then the match read once, under the lock (where the
    # bot chose), and its write; not the seat-on-turn read it chose from before the lock
    reads = [sql for sql in bot.sql if sql.lstrip().upper().startswith("SELECT")]
    assert len(reads) == 2, bot.sql
    assert '"turn" FROM' in reads[0] and "FOR UPDATE" in reads[1]
    assert not any("INNER JOIN" in sql and "FOR UPDATE" not in sql for sql in bot.sql)
    assert Match.objects.get(pk=match_id).last_seq > match.last_seq

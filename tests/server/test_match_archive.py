"""A match that is over, packed into one document (issue 31, ``matches.archive``): every
answer stays what the rows gave, byte for byte through the GraphQL API (each seat's and a
spectator's ``matchEvents`` with ``after``, the replay); packing is idempotent and
atomic, the database refuses to drop a log that is not packed, the sweep packs a match
whose first packing never ran, and what a finished match stores is measured."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.db import DatabaseError, connection, transaction
from django.test import Client

from matches import archive, selectors, services
from matches.models import (
    Match,
    MatchAction,
    MatchArchive,
    MatchEvent,
    Round,
    Seat,
    new_public_id,
)
from matches.selectors import MatchView
from tests.server.test_fast_paths import in_process
from tests.server.test_match_services import play_out, users

__all__ = ["users"]  # the fixture
# Committed: the websocket is served in another thread, VACUUM runs outside a transaction.
pytestmark = pytest.mark.django_db(transaction=True)

MATCH_EVENTS = """
subscription Events($id: ID!, $after: Int) {
  matchEvents(matchId: $id, after: $after) {
    __typename seq type kind matchId at myHand { code } payload
  }
}
"""
REPLAY = """
query Replay($id: ID!) {
  replay(matchId: $id) {
    matchId ruleset status options seats { index userId username handCount score }
    events {
      seq type payload private hands { code }
      event { __typename seq type at myHand { code } payload }
    }
    actions hands { code } winners outcome
  }
}
"""


def _finished(users: list[Any], ruleset: str = "robbers", **options: Any) -> Match:
    created = services.match_create(
        user=users[0], ruleset_name=ruleset, options=options or {"rounds": 1}, seats=2
    )
    assert isinstance(created, MatchView), created
    services.match_join(match_id=created.id, user=users[1])
    services.match_start(match_id=created.id, user=users[0])
    play_out(created.id, users[:2] if created.seat == 0 else [users[1], users[0]])
    match = Match.objects.get(pk=created.id)
    assert match.over
    return match


async def _frames(token: str, public_id: str, after: int) -> list[str]:
    """Every message text of ``matchEvents(after:)`` on a match that is over, until the
    server completes the stream."""
    from config.asgi import application

    ws = WebsocketCommunicator(application, "/graphql", subprotocols=["graphql-transport-ws"])
    connected, _ = await ws.connect()
    assert connected
    await ws.send_json_to(
        {"type": "connection_init", "payload": {"authorization": f"Bearer {token}"}}
    )
    assert (await ws.receive_json_from(timeout=10))["type"] == "connection_ack"
    await ws.send_json_to(
        {"id": "1", "type": "subscribe",
         "payload": {"query": MATCH_EVENTS, "variables": {"id": public_id, "after": after}}}
    )  # fmt: skip
    frames = []
    while True:
        text = await ws.receive_from(timeout=30)
        kind = json.loads(text)["type"]
        if kind == "complete":
            break
        if kind == "ping":  # the server's keepalive, on a slow machine
            continue
        assert kind == "next", text
        frames.append(text)
    await ws.disconnect()
    return frames


def _answers(match: Match, tokens: list[str]) -> dict[str, Any]:
    """What the API answers about ``match``, as the raw texts: each viewer's
    ``matchEvents`` from the start, from the middle and near the end, and the replay."""
    out: dict[str, Any] = {}
    for who, token in enumerate(tokens):
        for after in (0, match.last_seq // 2, match.last_seq - 3):
            out[f"viewer {who} after {after}"] = async_to_sync(_frames)(
                token, match.public_id, after
            )
        response = Client().post(
            "/graphql",
            data=json.dumps({"query": REPLAY, "variables": {"id": match.public_id}}),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}",
        )
        assert response.status_code == 200
        assert json.loads(response.content)["data"]["replay"]["events"], response.content
        out[f"viewer {who} replay"] = response.content
    return out


def test_a_packed_match_answers_byte_for_byte_what_its_rows_did(
    users: list[Any], settings: Any, redis_url: str
) -> None:
    from accounts.services import token_create

    settings.MATCH_EVENTS_REPLAY_LIMIT = 1000  # the whole match, not a RESYNC
    match = _finished(users, "rummy", target_score=1, hand_size=7)
    tokens = [token_create(user=u) for u in users]  # seats 0 and 1 (some order), a spectator
    before = _answers(match, tokens)
    assert not MatchArchive.objects.filter(match=match).exists()  # read from the rows

    assert archive.pack(match.pk)

    assert not MatchEvent.objects.filter(match=match).exists()
    assert not MatchAction.objects.filter(match=match).exists()
    after = _answers(match, tokens)
    assert after == before
    whole = before["viewer 0 after 0"]
    assert len(whole) == match.last_seq
    assert [json.loads(t)["payload"]["data"]["matchEvents"]["seq"] for t in whole] == list(
        range(1, match.last_seq + 1)
    )
    # Hidden information: each seat sees only its own hands, the spectator none.
    seat_of = dict(Seat.objects.filter(match=match).values_list("user_id", "index"))
    document = archive.document(match.pk)
    assert document is not None
    for who, user in enumerate(users):
        seat = seat_of.get(user.pk)
        own = [
            private[str(seat)]["myHand"]
            for _seq, _type, _public, private, _at in document["events"]
            if seat is not None and "myHand" in private.get(str(seat), {})
        ]
        seen = [
            json.loads(t)["payload"]["data"]["matchEvents"]["myHand"]
            for t in after[f"viewer {who} after 0"]
        ]
        seen = [[c["code"] for c in hand] for hand in seen if hand is not None]
        assert seen == own
        assert bool(seen) == (seat is not None)


def test_packing_is_idempotent_and_all_or_nothing(users: list[Any], settings: Any) -> None:
    settings.MATCH_EVENTS_REPLAY_LIMIT = 10_000  # every event, not "too many: RESYNC"
    match = _finished(users, "rummy", target_score=1, hand_size=7)
    rows = selectors.match_event_rows(match_id=match.pk, after=0)
    assert rows is not None and len(rows) == match.last_seq
    actions = archive.action_rows(match.pk)
    replay = selectors.replay_data(match)
    # A packing that fails half-way (here: the database refuses the actions' delete)
    # leaves everything as it was.
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN "
            "RAISE EXCEPTION 'refused by the test'; END; $$ LANGUAGE plpgsql; "
            "CREATE TRIGGER refuse BEFORE DELETE ON matches_matchaction "
            "FOR EACH ROW EXECUTE FUNCTION refuse();"
        )
    try:
        with pytest.raises(DatabaseError, match="refused by the test"):
            archive.pack(match.pk)
    finally:
        with connection.cursor() as cursor:
            cursor.execute("DROP TRIGGER refuse ON matches_matchaction; DROP FUNCTION refuse();")
    assert not MatchArchive.objects.filter(match=match).exists()
    assert MatchEvent.objects.filter(match=match).count() == match.last_seq

    assert archive.pack(match.pk)
    assert not archive.pack(match.pk)  # a second time: nothing to do

    assert MatchArchive.objects.get(match=match).events == match.last_seq
    assert selectors.match_event_rows(match_id=match.pk, after=0) == rows
    assert archive.action_rows(match.pk) == actions
    assert selectors.replay_data(match) == replay
    assert selectors.match_event_rows(match_id=match.pk, after=5, upto=9) == rows[5:9]
    settings.MATCH_EVENTS_REPLAY_LIMIT = 3  # more than that: None (the caller's RESYNC)
    assert selectors.match_event_rows(match_id=match.pk, after=0) is None
    assert selectors.match_event_rows(match_id=match.pk, after=match.last_seq - 3) == rows[-3:]
    assert selectors.match_event_rows(match_id=match.pk, after=match.last_seq) == []


def test_the_database_keeps_a_log_that_is_not_packed(users: list[Any]) -> None:
    running = services.match_create(user=users[0], options={"hand_size": 7}, seats=2)
    assert isinstance(running, MatchView)
    services.match_join(match_id=running.id, user=users[1])
    services.match_start(match_id=running.id, user=users[0])
    match = Match.objects.get(pk=running.id)
    assert match.on_turn is not None
    drawn = services.match_draw(match_id=match.pk, turn=match.turn, user=users[match.on_turn])
    assert isinstance(drawn, MatchView), drawn
    assert MatchAction.objects.filter(match_id=running.id).exists()

    assert not archive.pack(running.id)  # a running match is not packed
    for model in (MatchEvent, MatchAction):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            model.objects.filter(match_id=running.id).delete()
    finished = _finished(users, "rummy", target_score=1, hand_size=7)
    assert archive.pack(finished.pk)
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        MatchArchive.objects.filter(match=finished).update(events=0)
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        MatchArchive.objects.filter(match=finished).delete()
    assert MatchEvent.objects.filter(match_id=running.id).count() > 0


def test_a_match_packed_before_it_was_rated_counts_its_players_moves(
    users: list[Any],
) -> None:
    """``matches.results`` counts each player's moves from the action log, and a
    tournament asks whether a player acted: from the document once packed (the rating
    task of messages queued before rating at the end; a round closed late)."""
    from matches.results import MOVE_KINDS

    match = _finished(users, "rummy", target_score=1, hand_size=7)
    people = [s.user_id for s in Seat.objects.filter(match=match) if s.user_id is not None]
    counted = dict.fromkeys(people, 0)
    for a in archive.action_rows(match.pk):
        if a["action"]["kind"] in MOVE_KINDS:
            counted[a["user"]] += 1
    assert all(counted.values())
    assert all(archive.acted(match.pk, person) for person in people)
    assert archive.pack(match.pk)
    assert archive.moves_by(match.pk, people, MOVE_KINDS) == counted
    # and a tournament's forfeit (tournaments.rounds.missed) sees who played
    assert all(archive.acted(match.pk, person) for person in people)
    assert not archive.acted(match.pk, users[2].pk)


TABLES = (
    "matches_match",
    "matches_seat",
    "matches_round",
    "matches_matchevent",
    "matches_matchaction",
    "matches_matcharchive",
)


def test_a_finished_match_stores_at_most_40_kb(users: list[Any]) -> None:
    """What ``bench/storage_bench.py`` prints as "all" once packed: the bytes of the
    match's tables (rows, indexes, TOAST: ``pg_total_relation_size`` after ``VACUUM
    FULL``) per finished one-round Robbers' Rummy match, for one played to the end and 19
    copies of its rows (so that a table's fixed pages weigh as in the bench's 20)."""
    match = _finished(users)
    assert MatchAction.objects.filter(match=match).count() > 60
    assert archive.pack(match.pk)
    packed = MatchArchive.objects.filter(match=match).first()
    for _ in range(19):
        copy = Match.objects.get(pk=match.pk)
        copy.pk, copy.public_id = None, new_public_id()
        copy.save()
        seats = list(Seat.objects.filter(match=match))
        rounds = list(Round.objects.filter(match=match))
        events = list(MatchEvent.objects.filter(match=match))  # none once packed
        actions = list(MatchAction.objects.filter(match=match))
        for row in [*seats, *rounds, *events, *actions]:
            row.pk, row.match = None, copy
        Seat.objects.bulk_create(seats)
        Round.objects.bulk_create(rounds)
        MatchEvent.objects.bulk_create(events)
        MatchAction.objects.bulk_create(actions)
        if packed is not None:
            MatchArchive.objects.create(
                match=copy,
                format=packed.format,
                events=packed.events,
                actions=packed.actions,
                data=bytes(packed.data),
            )
    with connection.cursor() as cursor:
        cursor.execute("VACUUM FULL")
        total = 0
        for table in TABLES:
            cursor.execute("SELECT pg_total_relation_size(%s)", [table])
            total += cursor.fetchone()[0]
    per_match = total / Match.objects.count()
    assert per_match <= 40 * 1024, per_match / 1024


def test_on_sqlite_a_finished_match_is_packed_and_reads_the_same(
    tmp_path: Path, redis_url: str
) -> None:
    """``make run``'s default database: the triggers and packing, in a fresh process."""
    done = in_process(
        "from tests.server.sqlite_archive import main; main()",
        tmp_path,
        REDIS_URL=redis_url,
        GAME_TASK_QUEUE="nobody-serves-this-queue",
        MATCH_EVENTS_REPLAY_LIMIT="10000",
    )

    assert done.returncode == 0, done.stderr
    assert "packed on sqlite:" in done.stdout

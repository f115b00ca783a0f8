"""The move path's hand-written SQL (issue 12; the fast twins of ``lock_query`` and
``move_write``) reads and writes what the ORM would: the lock query builds the same
Match, Seat and user instances as the ORM's select_related query, and a move's combined
write stores the same rows as the ORM's saves (real PostgreSQL)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import models, transaction

from matches.locks import lock_match, lock_match_keyed
from matches.models import Match, Seat
from tests.server.test_match_services import play_out, started, users

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_twins")]
__all__ = ["users"]  # the fixture


def values(instance: models.Model) -> dict[str, Any]:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def orm_lock(match_id: object, lookup: str) -> tuple[Match, list[Seat]]:
    seats = list(
        Seat.objects.select_related("match", "user")
        .select_for_update(of=("self", "match"))
        .filter(**{f"match__{lookup}": match_id})
        .order_by("index")
    )
    return seats[0].match, seats


def test_the_lock_query_builds_what_the_orm_builds(users: list[Any]) -> None:
    # given: a match played a few turns, and one played out (outcome, winners, results)
    live = started(users, "rummy", target_score=30)
    done = started(users, "rummy", target_score=30)
    play_out(done.id, users)
    for view in (live, done):
        match = Match.objects.get(pk=view.id)
        for key, lookup in ((match.pk, "pk"), (match.public_id, "public_id")):
            # when: the match is locked by either kind of id
            with transaction.atomic():
                got_match, got_seats = lock_match(key)
                want_match, want_seats = orm_lock(key, lookup)
            # then: every field of every instance is what the ORM reads
            assert values(got_match) == values(want_match)
            assert isinstance(got_match.snapshot, dict) and isinstance(got_match.options, dict)
            assert isinstance(got_match.seed, (bytes, memoryview))
            assert bytes(got_match.seed) == bytes(want_match.seed)
            assert [values(s) for s in got_seats] == [values(s) for s in want_seats]
            assert [values(s.user) if s.user else None for s in got_seats] == [
                values(s.user) if s.user else None for s in want_seats
            ]
            assert all(s.match is got_match for s in got_seats)
            assert not got_match._state.adding and got_match._state.db == "default"


def test_a_played_match_stores_what_the_orm_stored(users: list[Any]) -> None:
    # given: a match played out through the services (the move's one-statement write)
    from matches.models import MatchAction, MatchEvent
    from matches.selectors import load_state, replayed_state

    view = started(users, "rummy", target_score=30)
    before = Match.objects.get(pk=view.id).updated_at
    play_out(view.id, users)
    match = Match.objects.get(pk=view.id)
    # then: consecutive events with their times, one action row per action with its
    # user, the match row saved as save() saves it, and the snapshot is the replay's
    assert match.over and match.outcome and match.winners
    events = list(MatchEvent.objects.filter(match=match).order_by("seq"))
    assert [e.seq for e in events] == list(range(1, match.last_seq + 1))
    assert all(e.created_at is not None and isinstance(e.public, dict) for e in events)
    actions = list(MatchAction.objects.filter(match=match).order_by("index"))
    assert [a.index for a in actions] == list(range(match.actions_count))
    assert all(a.user_id in {u.pk for u in users} for a in actions)
    assert all(isinstance(a.action, dict) and a.seq <= match.last_seq for a in actions)
    assert match.updated_at > before
    assert load_state(match) == replayed_state(match)


def test_the_keyed_lock_reads_the_record_of_the_key(users: list[Any]) -> None:
    # given: a move of users[0]'s seat recorded under a key
    from matches import services
    from matches.models import IdempotencyRecord

    view = started(users, "rummy", target_score=30)
    match = Match.objects.get(pk=view.id)
    mover = users[match.on_turn]
    drawn = services.match_draw(match_id=view.id, turn=view.turn, user=mover, idempotency_key="k")
    assert drawn is not None
    stored = IdempotencyRecord.objects.get(user=mover, key="k")
    other = next(u for u in users if u != mover)
    for who, key, want in ((mover, "k", stored), (mover, "nope", None), (other, "k", None)):
        # when: the match is locked with the key
        with transaction.atomic():
            locked, seats, record = lock_match_keyed(view.id, user=who, key=key)
        # then: the record is the ORM's, or None; the match and seats are lock_match's
        if want is None:
            assert record is None
        else:
            assert record is not None and values(record) == values(want)
            assert isinstance(record.result, dict)
        with transaction.atomic():
            plain, plain_seats = lock_match(view.id)
        assert values(locked) == values(plain)
        assert [values(s) for s in seats] == [values(s) for s in plain_seats]

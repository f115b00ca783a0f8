"""Ranked matchmaking (issue 6): the queue services, table forming (pure), seating through
matches.services, and two ticks at once on PostgreSQL never seating a user twice."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from accounts import ratings
from accounts.models import Rating, Tempo
from engine.errors import Code
from matches import matchmaking, services
from matches.errors import InvalidRequest, Rejected
from matches.matchmaking import Waiting, form_tables
from matches.models import Match, MatchStatus, QueueTicket, Seat
from matches.selectors import MatchView

T0 = datetime(2030, 1, 1, tzinfo=UTC)


def waiting(
    pk: int,
    ordinal: float = 0.0,
    waited: float = 0.0,
    players: int = 4,
    ruleset: str = "robbers",
    tempo: str = Tempo.LIVE,
    bots_after: float = 60.0,
) -> Waiting:
    created = T0 - timedelta(seconds=waited)
    return Waiting(
        id=pk,
        user_id=pk,
        ruleset=ruleset,
        players=players,
        tempo=tempo,
        ordinal=ordinal,
        created_at=created,
        bots_after=created + timedelta(seconds=bots_after),
    )


@pytest.fixture
def ranges(settings: Any) -> None:
    settings.MATCHMAKING_RANGE_START = 3.0
    settings.MATCHMAKING_RANGE_PER_SECOND = 0.5


# -- table forming (pure) ----------------------------------------------------------------------


def test_four_close_players_make_one_table(ranges: None) -> None:
    tickets = [waiting(i, ordinal=o) for i, o in enumerate([0.0, 1.0, -1.0, 2.0])]

    tables = form_tables(tickets, T0)

    assert len(tables) == 1
    assert sorted(t.id for t in tables[0].tickets) == [0, 1, 2, 3]
    assert tables[0].bots == ()


def test_requests_differing_in_rule_set_size_or_tempo_never_share_a_table(ranges: None) -> None:
    tickets = [
        waiting(1, players=2),
        waiting(2, players=2, ruleset="rummikub"),
        waiting(3, players=2, tempo=Tempo.CORRESPONDENCE),
        waiting(4, players=3),
    ]

    assert form_tables(tickets, T0) == []


def test_the_range_widens_with_the_wait(ranges: None) -> None:
    # given: 10 apart; each accepts 3 + 0.5 per second waited
    near = [waiting(1, ordinal=0.0, players=2), waiting(2, ordinal=10.0, players=2)]
    assert form_tables(near, T0) == []

    # when both waited 14 s (a range of 10)
    later = [
        waiting(1, ordinal=0.0, players=2, waited=14),
        waiting(2, ordinal=10.0, players=2, waited=14),
    ]

    # then
    assert len(form_tables(later, T0)) == 1


def test_both_must_accept_the_other(ranges: None) -> None:
    # the old ticket accepts the new one, the new one (range 3) does not accept it yet
    tickets = [
        waiting(1, ordinal=0.0, players=2, waited=100, bots_after=1000),
        waiting(2, ordinal=10.0, players=2, waited=0, bots_after=1000),
    ]

    assert form_tables(tickets, T0) == []


def test_the_closest_players_are_seated_together(ranges: None) -> None:
    tickets = [
        waiting(1, ordinal=0.0, players=2, waited=5),
        waiting(2, ordinal=2.5, players=2, waited=4),
        waiting(3, ordinal=0.5, players=2, waited=3),
        waiting(4, ordinal=3.0, players=2, waited=2),
    ]

    tables = form_tables(tickets, T0)

    assert sorted(sorted(t.id for t in table.tickets) for table in tables) == [[1, 3], [2, 4]]


def test_a_long_wait_fills_the_table_with_bots_of_a_matching_level(ranges: None) -> None:
    # given: a lone strong player who waited past its bot time
    strong = 26.0
    tickets = [waiting(1, ordinal=strong, players=3, waited=61, bots_after=60)]

    # when
    tables = form_tables(tickets, T0)

    # then
    assert len(tables) == 1
    assert tables[0].bots == (ratings.bot_level_near(strong),) * 2
    assert tables[0].bots[0] == "EXPERT"


def test_no_bots_before_the_bot_time(ranges: None) -> None:
    tickets = [waiting(1, players=3, waited=59, bots_after=60)]

    assert form_tables(tickets, T0) == []


# -- the queue ---------------------------------------------------------------------------------


@pytest.fixture
def users(postgres: dict[str, Any]) -> list[Any]:
    from accounts.models import User

    return [User.objects.create_user(f"queued{i}", password="pw-unused-1") for i in range(5)]


@pytest.mark.django_db
def test_enqueue_again_keeps_the_ticket_or_replaces_it(users: list[Any]) -> None:
    # given
    first = matchmaking.queue_enqueue(user=users[0], ruleset_name="robbers", players=4)
    assert isinstance(first, QueueTicket)

    # when: the same request again, then another
    same = matchmaking.queue_enqueue(user=users[0], ruleset_name="robbers", players=4)
    other = matchmaking.queue_enqueue(user=users[0], ruleset_name="robbers", players=2)

    # then
    assert isinstance(same, QueueTicket) and same.pk == first.pk
    assert same.created_at == first.created_at
    assert isinstance(other, QueueTicket) and other.pk != first.pk and other.players == 2
    assert QueueTicket.objects.filter(user=users[0]).count() == 1
    assert matchmaking.queue_status(user=users[0]) == other


@pytest.mark.django_db
def test_dequeue(users: list[Any]) -> None:
    matchmaking.queue_enqueue(user=users[0], ruleset_name="robbers", players=4)

    assert matchmaking.queue_dequeue(user=users[0]) is True
    assert matchmaking.queue_dequeue(user=users[0]) is False
    assert matchmaking.queue_status(user=users[0]) is None


@pytest.mark.django_db
def test_bad_requests_are_rejected(users: list[Any]) -> None:
    unknown = matchmaking.queue_enqueue(user=users[0], ruleset_name="chess", players=2)
    too_many = matchmaking.queue_enqueue(user=users[0], ruleset_name="robbers", players=9)
    alone = matchmaking.queue_enqueue(user=users[0], ruleset_name="robbers", players=1)

    for result in (unknown, too_many, alone):
        assert isinstance(result, Rejected) and result.code == Code.BAD_OPTION, result
    with pytest.raises(InvalidRequest):
        matchmaking.queue_enqueue(user=users[0], ruleset_name="robbers", players=2, tempo="BLITZ")
    assert not QueueTicket.objects.exists()


@pytest.mark.django_db
def test_a_ticket_carries_the_rating_of_its_rule_set_and_tempo(users: list[Any]) -> None:
    Rating.objects.create(
        user=users[0], ruleset="robbers", tempo=Tempo.LIVE, mu=30, sigma=2, ordinal=24
    )

    live = matchmaking.queue_enqueue(user=users[0], ruleset_name="robbers", players=2)
    assert isinstance(live, QueueTicket) and live.ordinal == 24
    mail = matchmaking.queue_enqueue(
        user=users[0], ruleset_name="robbers", players=2, tempo=Tempo.CORRESPONDENCE
    )
    assert isinstance(mail, QueueTicket) and mail.ordinal == pytest.approx(0.0)


@pytest.mark.django_db
def test_a_player_of_a_live_ranked_match_may_not_queue_for_another(users: list[Any]) -> None:
    # given: users 0 and 1 are playing a live ranked match
    for user in users[:2]:
        matchmaking.queue_enqueue(user=user, ruleset_name="robbers", players=2)
    [match_id] = matchmaking.matchmaking_tick()

    # when
    live = matchmaking.queue_enqueue(user=users[0], ruleset_name="robbers", players=2)
    mail = matchmaking.queue_enqueue(
        user=users[0], ruleset_name="robbers", players=2, tempo=Tempo.CORRESPONDENCE
    )

    # then: correspondence play may go on beside it
    assert isinstance(live, Rejected) and live.code == Code.NOT_ALLOWED
    assert isinstance(mail, QueueTicket)
    # and after resigning, the live queue is open again
    assert isinstance(services.match_resign(match_id=match_id, user=users[0]), MatchView)
    again = matchmaking.queue_enqueue(user=users[0], ruleset_name="robbers", players=2)
    assert isinstance(again, QueueTicket)


# -- seating -----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_tick_seats_four_players_in_one_ranked_started_match(users: list[Any]) -> None:
    for user in users[:4]:
        matchmaking.queue_enqueue(user=user, ruleset_name="robbers", players=4)

    started = matchmaking.matchmaking_tick()

    assert len(started) == 1
    match = Match.objects.get(pk=started[0])
    assert match.ranked and match.status == MatchStatus.ACTIVE and match.players == 4
    assert match.turn_seconds is not None and match.correspondence_hours is None
    seated = set(Seat.objects.filter(match=match).values_list("user_id", flat=True))
    assert seated == {u.pk for u in users[:4]}
    assert not QueueTicket.objects.exists()
    assert matchmaking.matchmaking_tick() == []


@pytest.mark.django_db
def test_a_correspondence_ticket_gets_a_correspondence_match(users: list[Any]) -> None:
    for user in users[:2]:
        matchmaking.queue_enqueue(
            user=user, ruleset_name="rummikub", players=2, tempo=Tempo.CORRESPONDENCE
        )

    [match_id] = matchmaking.matchmaking_tick()

    match = Match.objects.get(pk=match_id)
    assert match.ruleset == "rummikub" and match.correspondence_hours and match.ranked


@pytest.mark.django_db
def test_a_lone_player_gets_bots_after_the_wait(users: list[Any], settings: Any) -> None:
    # given
    settings.MATCHMAKING_BOT_FILL_SECONDS = 30
    ticket = matchmaking.queue_enqueue(user=users[0], ruleset_name="robbers", players=3)
    assert isinstance(ticket, QueueTicket)
    assert matchmaking.matchmaking_tick() == []

    # when: the bot time has come
    [match_id] = matchmaking.matchmaking_tick(now=ticket.bots_after + timedelta(seconds=1))

    # then
    seats = list(Seat.objects.filter(match_id=match_id).order_by("index"))
    assert seats[0].user_id == users[0].pk
    assert [s.bot_level for s in seats[1:]] == [ratings.bot_level_near(ticket.ordinal)] * 2
    assert Match.objects.get(pk=match_id).status == MatchStatus.ACTIVE


@pytest.mark.django_db
def test_a_banned_users_ticket_is_dropped(users: list[Any]) -> None:
    for user in users[:2]:
        matchmaking.queue_enqueue(user=user, ruleset_name="robbers", players=2)
    users[1].banned_at = timezone.now()
    users[1].save()

    assert matchmaking.matchmaking_tick() == []
    assert list(QueueTicket.objects.values_list("user_id", flat=True)) == [users[0].pk]


def run_at_once(n: int, fn: Callable[[], Any]) -> list[Any]:
    """Run ``fn`` in ``n`` threads released together; their results (or exceptions)."""
    barrier = threading.Barrier(n)
    results: list[Any] = [None] * n

    def work(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            results[i] = fn()
        except Exception as exc:
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


@pytest.mark.django_db(transaction=True)
def test_two_ticks_at_once_never_seat_a_user_twice(users: list[Any], settings: Any) -> None:
    # Whatever their ratings (a worker of another test may rate them), the four fit.
    settings.MATCHMAKING_RANGE_START = 1000.0
    for attempt in range(3):
        # given: four players queued
        for user in users[:4]:
            ticket = matchmaking.queue_enqueue(user=user, ruleset_name="robbers", players=4)
            assert isinstance(ticket, QueueTicket), ticket
        tables = form_tables(
            [Waiting.of(t) for t in QueueTicket.objects.order_by("pk")], timezone.now()
        )
        assert len(tables) == 1

        # when: two ticks seat the same table at the same moment, and two full ticks run
        seated = run_at_once(2, functools.partial(matchmaking.seat_table, tables[0]))
        ticked = run_at_once(2, matchmaking.matchmaking_tick)

        # then: exactly one match, each player in it once
        assert not any(isinstance(r, Exception) for r in seated + ticked), seated + ticked
        assert sorted(seated, key=lambda r: r is None)[1] is None
        match_id = next(r for r in seated if r is not None)
        assert ticked == [[], []]
        assert not QueueTicket.objects.exists()
        for user in users[:4]:
            assert Seat.objects.filter(user=user).count() == attempt + 1
        assert Seat.objects.filter(match_id=match_id, user__isnull=False).count() == 4
        # let them queue again: end the match without a result (nothing left for a worker)
        assert isinstance(services.match_abort(match_id=match_id, reason="test"), MatchView)
    assert Match.objects.filter(ranked=True).count() == 3

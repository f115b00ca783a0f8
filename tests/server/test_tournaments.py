"""Tournaments (issue 30): creating, registering and leaving, the start (or the
cancellation), rounds seated as ordinary matches, a round closed when its matches end or
at its deadline (adjudicated by the current totals), points by place, forfeits, byes,
tie-breaks, withdrawals and the end, with their events and notices."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import User
from engine.errors import Code
from matches import services as match_services
from matches.archive import event_rows
from matches.errors import Rejected
from matches.models import Match, MatchStatus, Seat
from matches.notifications import compose
from matches.notifications.kinds import TOURNAMENT_ENDED
from matches.notifications.models import Notice, PushDevice
from matches.notifications.preferences import Prefs
from matches.selectors import load_state
from tests.server.conftest import UserEvents
from tournaments import rounds, services
from tournaments.errors import TournamentCode
from tournaments.models import (
    Tournament,
    TournamentEvent,
    TournamentPlayer,
    TournamentRound,
    TournamentStatus,
    TournamentTable,
)
from tournaments.pairing import table_sizes

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(postgres: dict[str, Any]) -> Any:
    return User.objects.create(username="director", is_staff=True)


@pytest.fixture
def people(postgres: dict[str, Any]) -> list[Any]:
    return [User.objects.create(username=f"entrant{i}") for i in range(10)]


def new_tournament(staff: Any, **overrides: Any) -> Tournament:
    settings: dict[str, Any] = {
        "by": staff,
        "name": "Spring Swiss",
        "starts_at": timezone.now() - timedelta(seconds=1),
        "ruleset_name": "robbers",
        "options": {"rounds": 1, "hand_size": 7},
        "table_size": 3,
        "rounds": 2,
        "turn_seconds": 60,
        "round_minutes": 30,
        "min_players": 3,
    }
    settings.update(overrides)
    made = services.tournament_create(**settings)
    assert isinstance(made, Tournament), made
    return made


def register(tournament: Tournament, users: list[Any]) -> None:
    for user in users:
        joined = services.tournament_join(tournament_id=tournament.pk, user=user)
        assert isinstance(joined, Tournament), joined


def kinds(tournament: Tournament) -> list[str]:
    return list(
        TournamentEvent.objects.filter(tournament=tournament)
        .order_by("seq")
        .values_list("type", flat=True)
    )


def entry(tournament: Tournament, user: Any) -> TournamentPlayer:
    return TournamentPlayer.objects.get(tournament=tournament, user=user)


def tables_of(tournament: Tournament, number: int) -> list[TournamentTable]:
    return list(
        TournamentTable.objects.filter(round__tournament=tournament, round__number=number)
        .select_related("match")
        .order_by("index")
    )


# -- creating and registering ------------------------------------------------------------------


def test_only_staff_create_tournaments_unless_the_setting_allows_players(
    people: list[Any], staff: Any, settings: Any
) -> None:
    settings.TOURNAMENTS_BY_PLAYERS = False
    refused = services.tournament_create(
        by=people[0], name="Mine", starts_at=timezone.now(), turn_seconds=30
    )
    assert isinstance(refused, Rejected) and refused.code == Code.NOT_ALLOWED

    settings.TOURNAMENTS_BY_PLAYERS = True
    made = services.tournament_create(
        by=people[0], name="Mine", starts_at=timezone.now(), turn_seconds=30
    )
    assert isinstance(made, Tournament)
    assert made.created_by == people[0]
    assert made.points == {"2": [1, 0], "3": [6, 3, 0], "4": [6, 5, 3, 1]}


@pytest.mark.parametrize(
    "bad",
    [
        {"table_size": 5},
        {"table_size": 1},
        {"rounds": 0},
        {"turn_seconds": None},  # no time control
        {"correspondence_days": 2},  # two time controls
        {"rated": True},  # rated with option overrides
        {"ruleset_name": "chess"},
        {"options": {"hand_size": "many"}},
        {"min_players": 1},
        {"max_players": 2},  # below the minimum
        {"name": "  "},
    ],
)
def test_settings_a_tournament_cannot_have_are_bad_option(staff: Any, bad: dict[str, Any]) -> None:
    settings: dict[str, Any] = {
        "by": staff,
        "name": "Autumn",
        "starts_at": timezone.now(),
        "options": {"hand_size": 7},
        "table_size": 3,
        "turn_seconds": 30,
    }
    settings.update(bad)

    refused = services.tournament_create(**settings)

    assert isinstance(refused, Rejected), refused
    assert refused.code == Code.BAD_OPTION
    assert not Tournament.objects.exists()


def test_registering_twice_is_harmless_and_a_full_tournament_says_so(
    staff: Any, people: list[Any]
) -> None:
    tournament = new_tournament(staff, max_players=2, min_players=2)
    register(tournament, people[:2])
    register(tournament, people[:1])

    full = services.tournament_join(tournament_id=tournament.pk, user=people[2])

    assert isinstance(full, Rejected) and full.code == TournamentCode.TOURNAMENT_FULL
    assert TournamentPlayer.objects.filter(tournament=tournament).count() == 2
    assert kinds(tournament) == ["PLAYER_JOINED", "PLAYER_JOINED"]


def test_leaving_before_the_start_unregisters_and_after_it_withdraws(
    staff: Any, people: list[Any]
) -> None:
    tournament = new_tournament(staff)
    register(tournament, people[:4])

    left = services.tournament_leave(tournament_id=tournament.pk, user=people[3])
    again = services.tournament_leave(tournament_id=tournament.pk, user=people[3])

    assert isinstance(left, Tournament)
    assert isinstance(again, Rejected) and again.code == Code.NOT_A_PLAYER
    assert not TournamentPlayer.objects.filter(tournament=tournament, user=people[3]).exists()

    assert rounds.begin(tournament.pk) == "started"
    late = services.tournament_join(tournament_id=tournament.pk, user=people[5])
    withdrawn = services.tournament_leave(tournament_id=tournament.pk, user=people[0])

    assert isinstance(late, Rejected) and late.code == TournamentCode.REGISTRATION_CLOSED
    assert isinstance(withdrawn, Tournament)
    assert entry(tournament, people[0]).withdrawn_reason == "left"
    assert kinds(tournament)[-1] == "PLAYER_WITHDRAWN"


def test_too_few_players_at_the_start_cancel_it(staff: Any, people: list[Any]) -> None:
    tournament = new_tournament(staff, min_players=4)
    register(tournament, people[:3])

    assert rounds.tick()["cancelled"] == 1

    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.CANCELLED
    assert "3 player(s) registered, 4 needed" in tournament.cancel_reason
    assert kinds(tournament)[-1] == "TOURNAMENT_CANCELLED"
    assert not Match.objects.exists()


def test_a_tournament_not_due_yet_is_left_alone(staff: Any, people: list[Any]) -> None:
    tournament = new_tournament(staff, starts_at=timezone.now() + timedelta(hours=1))
    register(tournament, people[:3])

    assert rounds.tick() == {"started": 0, "cancelled": 0, "rounds": 0, "finished": 0}
    assert Tournament.objects.get(pk=tournament.pk).status == TournamentStatus.SCHEDULED


# -- rounds -----------------------------------------------------------------------------------


def test_the_start_seats_every_player_at_tables_of_ordinary_matches(
    staff: Any, people: list[Any]
) -> None:
    tournament = new_tournament(staff, table_size=3)
    register(tournament, people[:10])

    assert rounds.begin(tournament.pk) == "started"

    tables = tables_of(tournament, 1)
    assert [len(t.players) for t in tables] == table_sizes(10, 3)[0] == [3, 3, 2, 2]
    seated = sorted(u for t in tables for u in t.players)
    assert seated == sorted(p.pk for p in people[:10])
    for t in tables:
        match = t.match
        assert match.status == MatchStatus.ACTIVE and not match.private
        assert match.turn_seconds == 60 and match.options == {"rounds": 1, "hand_size": 7}
        in_seats = list(
            Seat.objects.filter(match=match).order_by("index").values_list("user_id", flat=True)
        )
        assert in_seats == t.players
    started = TournamentEvent.objects.get(tournament=tournament, type="ROUND_STARTED")
    assert [len(t["players"]) for t in started.payload["tables"]] == [3, 3, 2, 2]
    assert started.payload["tables"][0]["matchId"] == tables[0].match.public_id
    assert kinds(tournament)[-2:] == ["TOURNAMENT_STARTED", "ROUND_STARTED"]


def test_a_rated_correspondence_tournament_seats_ranked_tables_on_its_clock(
    staff: Any, people: list[Any]
) -> None:
    tournament = new_tournament(
        staff,
        table_size=3,
        options={},
        rated=True,
        turn_seconds=None,
        correspondence_days=2,
        round_minutes=7 * 24 * 60,
    )
    register(tournament, people[:3])

    assert rounds.begin(tournament.pk) == "started"

    (table,) = tables_of(tournament, 1)
    match = table.match
    assert match.ranked and match.status == MatchStatus.ACTIVE
    assert (match.turn_seconds, match.correspondence_hours) == (None, 48)
    assert match.deadline is not None
    assert timedelta(hours=47) < match.deadline - timezone.now() <= timedelta(hours=48)
    (row,) = TournamentRound.objects.filter(tournament=tournament)
    assert row.deadline - row.started_at == timedelta(days=7)


def resign_all_but(match: Match, keep: int) -> None:
    for seat in Seat.objects.filter(match=match).exclude(user_id=keep).select_related("user"):
        result = match_services.match_resign(match_id=match.pk, user=seat.user)
        assert not isinstance(result, Rejected), result


def test_a_round_whose_matches_ended_closes_with_points_by_place_and_the_next_one_starts(
    staff: Any, people: list[Any]
) -> None:
    # given: 6 players at two tables of three
    tournament = new_tournament(staff, table_size=3, rounds=2)
    register(tournament, people[:6])
    rounds.begin(tournament.pk)
    first, second = tables_of(tournament, 1)
    winners = {first.players[1], second.players[2]}

    # when: one match ends, the round waits; then the other ends too
    resign_all_but(first.match, keep=first.players[1])
    waiting = rounds.check_round(tournament.pk)
    resign_all_but(second.match, keep=second.players[2])
    closed = rounds.match_over(second.match.pk)

    # then: the winners get 6, the two who resigned share second and third (3 + 0) / 2
    assert waiting == "playing"
    assert closed == "rounds"
    points = {
        p.user_id: p.points_12 for p in TournamentPlayer.objects.filter(tournament=tournament)
    }
    assert {u: v / 12 for u, v in points.items()} == {
        u: (6.0 if u in winners else 1.5) for u in first.players + second.players
    }
    results = TournamentTable.objects.get(pk=first.pk).results
    assert [(r["place"], r["points12"], r["forfeit"]) for r in results] == [
        (2, 18, False) if r["userId"] != first.players[1] else (1, 72, False) for r in results
    ]
    # the opponents' points: a winner sat with two players of 1.5
    tiebreaks = {
        p.user_id: p.tiebreak_12 / 12
        for p in TournamentPlayer.objects.filter(tournament=tournament)
    }
    for u in winners:
        assert tiebreaks[u] == 3.0
    assert TournamentRound.objects.get(tournament=tournament, number=1).ended_at is not None
    assert kinds(tournament)[-2:] == ["STANDINGS_CHANGED", "ROUND_STARTED"]
    # round 2: the two winners (top of the standings) sit together
    top = tables_of(tournament, 2)[0]
    assert winners <= set(top.players)


def time_out(match_id: int, user: Any) -> None:
    """Play the match until ``user``'s turn has run out once: the others draw, the clock
    expires theirs (forced: no waiting)."""
    for _ in range(30):
        match = Match.objects.get(pk=match_id)
        mine = Seat.objects.get(match=match, user=user)
        if mine.timeouts:
            return
        state = load_state(match)
        assert state is not None and match.status == MatchStatus.ACTIVE
        if state.on_turn == mine.index:
            result = match_services.match_timeout(match_id=match_id, turn=match.turn, force=True)
        else:
            other = Seat.objects.get(match=match, index=state.on_turn).user
            result = match_services.match_draw(match_id=match_id, turn=match.turn, user=other)
        assert not isinstance(result, Rejected), result
    raise AssertionError("the turn never came")


def test_at_the_deadline_running_matches_are_adjudicated_and_the_absent_forfeit(
    staff: Any, people: list[Any]
) -> None:
    # given: one table of three; the others draw, the absent one's turn runs out
    tournament = new_tournament(staff, table_size=3, rounds=1)
    register(tournament, people[:3])
    rounds.begin(tournament.pk)
    (table,) = tables_of(tournament, 1)
    absent = User.objects.get(pk=table.players[1])
    time_out(table.match.pk, absent)
    state = load_state(Match.objects.get(pk=table.match.pk))
    assert state is not None
    totals = [s.total for s in state.seats]

    # when: before the deadline nothing happens; after it the round closes
    assert rounds.check_round(tournament.pk) == "playing"
    deadline = TournamentRound.objects.get(tournament=tournament, number=1).deadline
    assert rounds.check_round(tournament.pk, deadline + timedelta(seconds=1)) == "finished"

    # then: stopped and placed by the totals of the round in play (all 0: tied, sharing
    # (6 + 3 + 0) / 3 = 3), the absent one forfeits with 0
    table.refresh_from_db()
    table.match.refresh_from_db()
    assert table.adjudicated
    assert table.match.status == MatchStatus.ABORTED
    aborted = next(e for e in event_rows(table.match.pk) if e["type"] == "MATCH_ABORTED")["public"]
    assert aborted["reasonCode"] == "TOURNAMENT_DEADLINE", aborted
    assert totals == [0, 0, 0]
    by_user = {r["userId"]: r for r in table.results}
    assert by_user[absent.pk]["forfeit"] and by_user[absent.pk]["points12"] == 0
    assert {r["place"] for r in table.results} == {1}
    others = [u for u in table.players if u != absent.pk]
    assert all(by_user[u]["points12"] == 36 and not by_user[u]["forfeit"] for u in others)
    assert entry(tournament, absent).forfeits == 1
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    assert kinds(tournament)[-2:] == ["STANDINGS_CHANGED", "TOURNAMENT_ENDED"]


def test_a_player_whose_match_ended_before_their_turn_did_not_forfeit(
    staff: Any, people: list[Any]
) -> None:
    tournament = new_tournament(staff, table_size=3, rounds=1)
    register(tournament, people[:3])
    rounds.begin(tournament.pk)
    (table,) = tables_of(tournament, 1)
    keep = table.players[0]

    resign_all_but(table.match, keep=keep)
    rounds.check_round(tournament.pk)

    table.refresh_from_db()
    assert not any(r["forfeit"] for r in table.results)
    assert entry(tournament, User.objects.get(pk=keep)).points_12 == 72


def test_two_forfeits_in_a_row_withdraw_a_player(staff: Any, people: list[Any]) -> None:
    # given: 4 players at tables of 2; one of them lets their turns run out twice
    tournament = new_tournament(staff, table_size=2, rounds=3, min_players=2)
    register(tournament, people[:4])
    rounds.begin(tournament.pk)
    absent = people[0]

    # when
    for number in (1, 2):
        (mine,) = [t for t in tables_of(tournament, number) if absent.pk in t.players]
        time_out(mine.match.pk, absent)
        deadline = TournamentRound.objects.get(tournament=tournament, number=number).deadline
        rounds.check_round(tournament.pk, deadline + timedelta(seconds=1))

    # then: withdrawn (and told), not seated in round 3; the others were never withdrawn
    gone = entry(tournament, absent)
    assert (gone.forfeits, gone.missed_in_row, gone.withdrawn_reason) == (2, 2, "missed")
    assert all(not entry(tournament, p).withdrawn_reason for p in people[1:4])
    third = TournamentRound.objects.get(tournament=tournament, number=3)
    seated = {u for t in tables_of(tournament, 3) for u in t.players} | set(third.byes)
    assert seated == {p.pk for p in people[1:4]}
    assert len(third.byes) == 1  # three players at tables of two
    withdrawn = TournamentEvent.objects.get(tournament=tournament, type="PLAYER_WITHDRAWN")
    assert withdrawn.payload["userId"] == absent.pk and withdrawn.payload["reason"] == "missed"


def test_a_bye_at_tables_of_four_gives_the_points_of_a_second_place(
    staff: Any, people: list[Any]
) -> None:
    tournament = new_tournament(staff, table_size=4, rounds=1, min_players=2)
    register(tournament, people[:5])  # 5 in fours: one table of 4, one bye
    rounds.begin(tournament.pk)
    (bye,) = TournamentRound.objects.get(tournament=tournament, number=1).byes
    deadline = TournamentRound.objects.get(tournament=tournament, number=1).deadline

    rounds.check_round(tournament.pk, deadline + timedelta(seconds=1))

    assert entry(tournament, User.objects.get(pk=bye)).points_12 == 5 * 12


def test_two_ticks_at_once_close_a_round_once(staff: Any, people: list[Any]) -> None:
    tournament = new_tournament(staff, table_size=3, rounds=2)
    register(tournament, people[:3])
    rounds.begin(tournament.pk)
    deadline = TournamentRound.objects.get(tournament=tournament, number=1).deadline
    later = deadline + timedelta(seconds=1)

    assert rounds.check_round(tournament.pk, later) == "rounds"
    assert rounds.check_round(tournament.pk, later) == "playing"

    assert TournamentRound.objects.filter(tournament=tournament).count() == 2
    assert kinds(tournament).count("STANDINGS_CHANGED") == 1


def test_the_end_tells_every_player_their_place(
    staff: Any, people: list[Any], django_capture_on_commit_callbacks: Any, user_events: UserEvents
) -> None:
    tournament = new_tournament(staff, table_size=3, rounds=1)
    register(tournament, people[:3])
    rounds.begin(tournament.pk)
    (table,) = tables_of(tournament, 1)
    resign_all_but(table.match, keep=table.players[0])

    with django_capture_on_commit_callbacks(execute=True):
        assert rounds.check_round(tournament.pk) == "finished"

    sent = user_events.take()  # as Redis carried them to each player's myEvents
    ended = {u: e["payload"] for u, e in sent if e["type"] == "TOURNAMENT_ENDED"}
    assert ended[table.players[0]]["place"] == 1
    assert ended[table.players[0]]["points12"] == 72
    assert {ended[u]["place"] for u in table.players[1:]} == {2}
    assert all(e["payload"]["tournamentId"] == str(tournament.pk) for _, e in sent)
    # pushed too, through the notifications: each player's place, in their language
    pushed = {n.user_id: n for n in Notice.objects.filter(kind=TOURNAMENT_ENDED)}
    assert set(pushed) == set(table.players)
    winner = pushed[table.players[0]]
    device = PushDevice(user_id=winner.user_id, platform="WEB", locale="nl")
    message = compose.message(winner, compose.about(winner), device, Prefs(), timezone.now())
    assert message.title == "Spring Swiss is afgelopen"
    assert message.body == "Je eindigde op plaats 1 van 3."
    assert message.url == f"/#/tournament/{tournament.pk}"


def test_a_match_of_a_tournament_ending_queues_its_round_check(
    staff: Any, people: list[Any], django_capture_on_commit_callbacks: Any, monkeypatch: Any
) -> None:
    queued: list[tuple[str, list[Any]]] = []
    monkeypatch.setattr(
        "matches.queueing.send", lambda name, args, **_: queued.append((name, args))
    )
    tournament = new_tournament(staff, table_size=3, rounds=1)
    register(tournament, people[:3])
    rounds.begin(tournament.pk)
    (table,) = tables_of(tournament, 1)
    other = match_services.match_create(user=people[5], seats=2)
    assert not isinstance(other, Rejected)

    with django_capture_on_commit_callbacks(execute=True):
        resign_all_but(table.match, keep=table.players[0])
        match_services.match_abort(match_id=other.id)

    # (and, for every match over, its packing: matches.archive)
    assert [q for q in queued if q[0] != "matches.archive_match"] == [
        ("tournaments.match_over", [table.match.pk])
    ]

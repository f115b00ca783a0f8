"""Ratings (issues 6, 11): OpenSkill updates from a finished ranked match, once per match,
made in the transaction that ends it; the `accounts.update_ratings` task (run by the real
Celery worker) rates a match not rated yet and is a no-op afterwards; bots stand for fixed
ratings."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from django.conf import settings

from accounts import ratings
from accounts.models import RatedMatch, Rating, RatingChange, Tempo
from engine.actions import action_to_dict
from engine.policy import choose
from matches import selectors, services
from matches.errors import Rejected
from matches.models import Match, MatchStatus
from matches.rating_tasks import update_ratings
from matches.results import finishing_ranks, match_rate
from matches.selectors import MatchView, load_state, match_rules

T = TypeVar("T")
TIMEOUT = 60.0  # generous: a bound on waiting, never a claim about speed


def wait_for(check: Callable[[], T | None], what: str, timeout: float = TIMEOUT) -> T:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def make_users(n: int, prefix: str = "rated") -> list[Any]:
    from accounts.models import User

    return [User.objects.create_user(f"{prefix}{i}", password="pw-unused-1") for i in range(n)]


def ranked_match(
    users: list[Any], bots: tuple[str, ...] = (), correspondence: bool = False, **options: Any
) -> int:
    """A started ranked match: the users, then the bots."""
    created = services.match_create(
        user=users[0],
        options=options,
        seats=len(users) + len(bots),
        ranked=True,
        correspondence_hours=24 if correspondence else None,
        matchmade=True,  # as matchmaking makes them: bots, and short rules for speed
    )
    assert isinstance(created, MatchView), created
    for user in users[1:]:
        assert isinstance(services.match_join(match_id=created.id, user=user), MatchView)
    for level in bots:
        added = services.match_add_bot(
            match_id=created.id, user=users[0], level=level, matchmade=True
        )
        assert isinstance(added, MatchView), added
    started = services.match_start(match_id=created.id, user=users[0])
    assert isinstance(started, MatchView), started
    return created.id


def resign(match_id: int, user: Any) -> None:
    assert isinstance(services.match_resign(match_id=match_id, user=user), MatchView)


def draw_moves(match_id: int, users: list[Any], each: int) -> None:
    """Each user, in turn, draws from the stock ``each`` times (a move that ends a turn)."""
    by_seat = {
        seat.index: seat.user
        for seat in Match.objects.get(pk=match_id).seats.select_related("user")
    }
    for _ in range(each * len(users)):
        match = Match.objects.get(pk=match_id)
        user = by_seat[match.on_turn]
        drawn = services.match_draw(match_id=match_id, turn=match.turn, user=user, source="stock")
        assert isinstance(drawn, MatchView), drawn


def played_and_resigned(users: list[Any], moves: int = 2) -> int:
    """A two-player ranked match: ``moves`` draws each, then the second player resigns."""
    match_id = ranked_match(users)
    draw_moves(match_id, users, moves)
    resign(match_id, users[1])
    return match_id


def ended_payload(match_id: int) -> dict[str, Any]:
    from matches.archive import event_rows

    # Through the reader of a match that is over: the worker may have packed it.
    return dict(next(e["public"] for e in event_rows(match_id) if e["type"] == "MATCH_ENDED"))


def rating(user: Any, tempo: str = Tempo.LIVE) -> Rating | None:
    return Rating.objects.filter(user=user, ruleset="robbers", tempo=tempo).first()


def snapshot() -> list[tuple[Any, ...]]:
    return list(Rating.objects.order_by("pk").values_list("user_id", "mu", "sigma", "games"))


# -- the finishing order (pure) --------------------------------------------------------------


def outcome(
    ranking: list[int], totals: list[int], winners: list[int], resigned: tuple[int, ...] = ()
) -> dict[str, Any]:
    return {"ranking": ranking, "totals": totals, "winners": winners, "resigned": list(resigned)}


def test_the_winner_ranks_first_then_the_others_by_total_with_ties() -> None:
    # given: seat 2 won; seats 0 and 3 ended on the same penalty
    result = outcome(ranking=[2, 0, 3, 1], totals=[10, 40, 0, 10], winners=[2])

    # then
    assert finishing_ranks(result, set()) == {2: 1, 0: 2, 3: 2, 1: 4}


def test_resigned_and_abandoned_seats_rank_last_tied() -> None:
    result = outcome(ranking=[1, 0, 2, 3], totals=[5, 0, 9, 30], winners=[1], resigned=(3,))

    # seat 0 was abandoned to a bot after timeouts; seat 3 resigned
    assert finishing_ranks(result, {0}) == {1: 1, 2: 2, 0: 3, 3: 3}


def test_tied_winners_share_first_place() -> None:
    result = outcome(ranking=[0, 1, 2], totals=[3, 3, 20], winners=[0, 1])

    assert finishing_ranks(result, set()) == {0: 1, 1: 1, 2: 3}


def test_the_bot_level_nearest_a_rating() -> None:
    levels = {level: ratings.ordinal(*ratings.bot_rating(level)) for level in settings.RATING_BOTS}

    assert ratings.bot_level_near(-100.0) == min(levels, key=levels.__getitem__)
    assert ratings.bot_level_near(+100.0) == max(levels, key=levels.__getitem__)
    for level, value in levels.items():
        assert ratings.bot_level_near(value) == level


# -- the rating service ----------------------------------------------------------------------


@pytest.mark.django_db
def test_a_result_moves_the_users_and_leaves_bots_unrated(postgres: dict[str, Any]) -> None:
    # given
    users = make_users(3)
    standings = [
        ratings.Standing(rank=1, user_id=users[0].pk),
        ratings.Standing(rank=2, bot_level="HARD"),
        ratings.Standing(rank=3, user_id=users[1].pk),
        ratings.Standing(rank=3, user_id=users[2].pk),
    ]

    # when
    changes = ratings.ratings_record_result(
        match_id=10_001, ruleset="robbers", tempo=Tempo.LIVE, standings=standings
    )

    # then
    assert changes is not None and {c.user_id for c in changes} == {u.pk for u in users}
    first, second, third = (rating(u) for u in users)
    assert first and second and third
    assert first.mu > settings.RATING_MU > second.mu
    assert second.mu == pytest.approx(third.mu)  # tied, same start: same result
    assert all(r.games == 1 and r.sigma < settings.RATING_SIGMA for r in (first, second, third))
    assert first.ordinal == pytest.approx(first.mu - 3 * first.sigma)
    assert Rating.objects.count() == 3  # no row for the bot
    assert RatingChange.objects.filter(match_id=10_001).count() == 3


@pytest.mark.django_db
def test_a_result_is_recorded_once_per_match(postgres: dict[str, Any]) -> None:
    users = make_users(2)
    standings = [
        ratings.Standing(rank=1, user_id=users[0].pk),
        ratings.Standing(rank=2, user_id=users[1].pk),
    ]
    ratings.ratings_record_result(
        match_id=7, ruleset="robbers", tempo=Tempo.LIVE, standings=standings
    )
    before = snapshot()

    again = ratings.ratings_record_result(
        match_id=7, ruleset="robbers", tempo=Tempo.LIVE, standings=standings
    )

    assert again is None
    assert snapshot() == before
    assert RatingChange.objects.filter(match_id=7).count() == 2


@pytest.mark.django_db
def test_tempos_are_rated_apart(postgres: dict[str, Any]) -> None:
    users = make_users(2)
    standings = [
        ratings.Standing(rank=1, user_id=users[0].pk),
        ratings.Standing(rank=2, user_id=users[1].pk),
    ]

    ratings.ratings_record_result(
        match_id=1, ruleset="robbers", tempo=Tempo.CORRESPONDENCE, standings=standings
    )

    assert rating(users[0], Tempo.LIVE) is None
    correspondence = rating(users[0], Tempo.CORRESPONDENCE)
    assert correspondence is not None and correspondence.games == 1
    assert ratings.tempo_of(correspondence_hours=24) == Tempo.CORRESPONDENCE
    assert ratings.tempo_of(correspondence_hours=None) == Tempo.LIVE


# -- finished matches, rated as they end; the task with the real worker -----------------------


@pytest.mark.django_db(transaction=True)
def test_a_finished_ranked_match_is_rated_as_it_ends(
    live_worker: subprocess.Popen[bytes],
) -> None:
    # given: three players who each made their moves; two resign, so the third wins
    users = make_users(3)
    match_id = ranked_match(users)
    draw_moves(match_id, users, 2)

    # when
    resign(match_id, users[1])
    resign(match_id, users[2])

    # then: rated in the transaction that ended it (no task to wait for)
    assert Match.objects.get(pk=match_id).status == MatchStatus.FINISHED
    assert RatedMatch.objects.filter(match_id=match_id).exists()
    winner, loser1, loser2 = (rating(u) for u in users)
    assert winner and loser1 and loser2
    assert winner.ordinal > loser1.ordinal
    assert loser1.mu == pytest.approx(loser2.mu)  # both resigned: tied last
    changes = ratings.rating_changes_of_match(match_id=match_id)
    assert changes[0].user_id == users[0].pk
    assert [c.rank for c in changes] == [1, 2, 2]


@pytest.mark.django_db(transaction=True)
def test_the_rating_task_run_twice_changes_ratings_once(
    live_worker: subprocess.Popen[bytes],
) -> None:
    # given: a rated match
    users = make_users(2)
    match_id = played_and_resigned(users)
    wait_for(lambda: RatedMatch.objects.filter(match_id=match_id).exists(), "the rating")
    before = snapshot()

    # when: the task is delivered twice more
    first = update_ratings.delay(match_id)
    second = update_ratings.delay(match_id)

    # then
    assert first.get(timeout=TIMEOUT) is None
    assert second.get(timeout=TIMEOUT) is None
    assert snapshot() == before
    assert all(r.games == 1 for r in Rating.objects.all())
    assert RatingChange.objects.filter(match_id=match_id).count() == 2


@pytest.mark.django_db(transaction=True)
def test_an_aborted_match_changes_nothing(live_worker: subprocess.Popen[bytes]) -> None:
    # given: a running ranked match
    users = make_users(2)
    match_id = ranked_match(users)

    # when: a moderator aborts it, and the task is run for it anyway
    aborted = services.match_abort(match_id=match_id, reason="test")
    assert isinstance(aborted, MatchView)
    result = update_ratings.delay(match_id)

    # then
    assert result.get(timeout=TIMEOUT) is None
    assert match_rate(match_id=match_id) is None
    assert not Rating.objects.exists()
    assert not RatingChange.objects.exists()
    assert not RatedMatch.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_an_unranked_match_is_not_rated(live_worker: subprocess.Popen[bytes]) -> None:
    users = make_users(2)
    created = services.match_create(user=users[0], seats=2)
    assert isinstance(created, MatchView)
    services.match_join(match_id=created.id, user=users[1])
    services.match_start(match_id=created.id, user=users[0])
    resign(created.id, users[1])

    assert update_ratings.delay(created.id).get(timeout=TIMEOUT) is None
    assert not Rating.objects.exists()


def play_out(match_id: int, users: list[Any], limit: int = 5000) -> None:
    """Play the built-in policy for every seat through the services until the match ends.

    Bot seats are played through `match_act` as a bot task would; if a bot task of the
    worker moves first, the stale attempt is rejected and the loop reads the match again.
    """
    for _ in range(limit):
        match = Match.objects.get(pk=match_id)
        if match.over:
            return
        seat = match.on_turn
        assert seat is not None
        state = load_state(match)
        assert state is not None
        human = seat < len(users) and not state.seats[seat].bot
        viewer = users[seat] if human else None
        seen = selectors.match_view(match=match, seat=seat)
        assert seen.view is not None
        action = action_to_dict(choose(seen.view, match_rules(match)))
        if not human:
            services.match_act(match_id=match_id, turn=seen.turn, action=action, bot_seat=seat)
            continue
        kind = action["kind"]
        common = {"match_id": match_id, "turn": seen.turn, "user": viewer}
        if kind == "commit":
            result = services.match_commit_turn(table=action["table"], **common)
        elif kind == "draw":
            result = services.match_draw(source=action["source"], **common)
        elif kind == "discard":
            result = services.match_discard(card=action["card"], **common)
        elif kind == "pass":
            result = services.match_pass(**common)
        else:
            result = services.match_undo(**common)
        assert isinstance(result, MatchView | Rejected), result
    raise AssertionError("the match did not end")


@pytest.mark.django_db(transaction=True)
def test_a_match_against_a_bot_moves_only_the_humans(
    live_worker: subprocess.Popen[bytes],
) -> None:
    # given: two players and an expert bot, one short round
    users = make_users(2, prefix="versus")
    match_id = ranked_match(users, bots=("EXPERT",), rounds=1, hand_size=7)

    # when: it is played to the end
    play_out(match_id, users)

    # then: the humans are rated against the bot's fixed rating; the bot has no rating
    match = Match.objects.get(pk=match_id)
    assert match.status == MatchStatus.FINISHED
    wait_for(lambda: RatedMatch.objects.filter(match_id=match_id).exists(), "the rating")
    assert Rating.objects.filter(user__in=users).count() == 2
    assert Rating.objects.count() == 2
    assert match.outcome is not None
    ranks = finishing_ranks(match.outcome, set())
    changes = {c.user_id: c for c in ratings.rating_changes_of_match(match_id=match_id)}
    for seat, user in enumerate(users):
        assert changes[user.pk].rank == ranks[seat]
    board, _ = ratings.leaderboard(ruleset="robbers")
    assert {e.user.pk for e in board} == {u.pk for u in users}


# -- endings that are not rated (issue 26: ranked farming with a second account) -------------


@pytest.mark.django_db(transaction=True)
def test_a_ranked_match_resigned_before_both_players_moved_is_not_rated() -> None:
    # given: a second account joins a ranked match by invitation
    users = make_users(2, prefix="farm")
    match_id = ranked_match(users)
    draw_moves(match_id, users, 1)  # one move each: still too few

    # when: it resigns at once
    resign(match_id, users[1])

    # then: the match is over, and no rating moved
    assert Match.objects.get(pk=match_id).status == MatchStatus.FINISHED
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    ended = ended_payload(match_id)
    assert ended["ratingChanges"] == []
    assert "before every player had made 2 moves" in ended["unrated"]
    # and the rating task finds nothing left to do
    assert match_rate(match_id=match_id) is None
    assert not Rating.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_ranked_match_is_rated_once_both_players_made_their_moves() -> None:
    users = make_users(2, prefix="fair")
    match_id = played_and_resigned(users, moves=2)

    ended = ended_payload(match_id)
    assert "unrated" not in ended
    assert [c["userId"] for c in ended["ratingChanges"]] == [u.pk for u in users]
    winner, loser = (rating(u) for u in users)
    assert winner and loser and winner.ordinal > loser.ordinal


@pytest.mark.django_db(transaction=True)
def test_rated_results_between_the_same_two_accounts_are_limited_per_day(settings: Any) -> None:
    settings.RATING_PAIR_DAILY_LIMIT = 2
    users = make_users(2, prefix="pair")

    # when: the same two play three ranked matches in a day
    matches = [played_and_resigned(users) for _ in range(3)]

    # then: the first two are rated, the third is not
    assert [bool(ended_payload(m)["ratingChanges"]) for m in matches] == [True, True, False]
    assert "rated together 2 times" in ended_payload(matches[2])["unrated"]
    winner = rating(users[0])
    assert winner is not None and winner.games == 2
    # and another opponent is rated as usual
    third = make_users(1, prefix="other")[0]
    match_id = played_and_resigned([users[0], third])
    assert ended_payload(match_id)["ratingChanges"]


@pytest.mark.django_db(transaction=True)
def test_a_player_alone_against_a_bot_is_rated_even_resigning_at_once() -> None:
    # a resign against a bot's fixed rating is a loss: nothing to farm
    users = make_users(1, prefix="solo")
    match_id = ranked_match(users, bots=("EASY",))

    resign(match_id, users[0])

    ended = ended_payload(match_id)
    assert "unrated" not in ended and len(ended["ratingChanges"]) == 1

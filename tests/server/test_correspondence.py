"""Correspondence play (T-ASYNC, issue 6) with a real worker and beat: "your turn" and
the 80% reminder (once per turn; by e-mail in a digest), vacations that pause the clock and their
yearly bound, and the GraphQL mutations setVacation and registerDevice."""

from __future__ import annotations

import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from matches import correspondence, services
from matches.errors import InvalidRequest
from matches.models import Digest, Match, MatchEvent, Notice, PushDevice, Vacation
from matches.selectors import MatchView
from tests.server.game_workers import (
    Processes,
    wait_for,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("game_settings")]


@pytest.fixture
def users() -> list[Any]:
    from accounts.models import User

    return [
        User.objects.create_user(f"post{i}", email=f"post{i}@example.com", password="pw-un-1")
        for i in range(2)
    ]


def correspondence_match(users: list[Any]) -> int:
    created = services.match_create(
        user=users[0], ruleset_name="robbers", seats=2, correspondence_hours=24
    )
    assert isinstance(created, MatchView), created
    services.match_join(match_id=created.id, user=users[1])
    started = services.match_start(match_id=created.id, user=users[0])
    assert isinstance(started, MatchView), started
    return created.id


def mails(procs: Processes, words: str, to: str) -> int:
    found = 0
    for path in Path(procs.workdir / "mail").glob("*"):
        text = path.read_text(errors="replace")
        found += text.count(words) if f"To: {to}" in text else 0
    return found


def test_your_turn_and_the_80_percent_reminder_are_sent_once(
    users: list[Any], procs: Processes
) -> None:
    # given
    match_id = correspondence_match(users)
    match = Match.objects.get(pk=match_id)
    player = users[match.on_turn]
    assert match.remind_at is not None and match.deadline is not None
    assert match.remind_at == match.deadline - timedelta(hours=24) * 0.2
    notices = Notice.objects.filter(user=player, match_id=match_id)
    wait_for("the your-turn notice", lambda: notices.filter(kind="YOUR_TURN").exists())
    # Told by e-mail in a digest (never a mail per move), with the public match id.
    wait_for("the digest", lambda: mails(procs, f"/#/match/{match.public_id}", player.email))

    # when: 80% of the turn's time is gone (moved forward instead of waiting 19 hours)
    Match.objects.filter(pk=match_id).update(remind_at=timezone.now())

    # then
    wait_for("the reminder", lambda: notices.filter(kind="TURN_REMINDER").exists())
    time.sleep(4)  # several sweeps later
    assert notices.filter(kind="TURN_REMINDER").count() == 1
    assert Match.objects.get(pk=match_id).reminded_turn == match.turn
    assert Digest.objects.filter(user=player).count() == 1  # a digest, not a mail per notice


def test_a_vacation_pauses_the_clock_of_a_running_turn(users: list[Any], procs: Processes) -> None:
    # given: a turn with two seconds left
    match_id = correspondence_match(users)
    match = Match.objects.get(pk=match_id)
    mover = users[match.on_turn]
    Match.objects.filter(pk=match_id).update(deadline=timezone.now() + timedelta(seconds=2))

    # when: its player goes on vacation for a day
    correspondence.set_vacation(user=mover, days=1)

    # then: the deadline moved by a day and does not pass
    paused = Match.objects.get(pk=match_id).deadline
    assert paused is not None and paused > timezone.now() + timedelta(hours=23)
    time.sleep(4)
    assert not MatchEvent.objects.filter(match_id=match_id, type="TURN_EXPIRED").exists()

    # when: back early, the two seconds that were left run out
    correspondence.set_vacation(user=mover, days=0)
    resumed = Match.objects.get(pk=match_id).deadline
    assert resumed is not None and resumed < timezone.now() + timedelta(seconds=3)
    wait_for(
        "the expiry",
        lambda: MatchEvent.objects.filter(match_id=match_id, type="TURN_EXPIRED").count(),
        60,
    )
    time.sleep(2)
    assert MatchEvent.objects.filter(match_id=match_id, type="TURN_EXPIRED").count() == 1


def test_a_turn_starting_during_a_vacation_gets_its_time_after_it(
    users: list[Any], procs: Processes
) -> None:
    # given
    match_id = correspondence_match(users)
    match = Match.objects.get(pk=match_id)
    mover, waiting = users[match.on_turn], users[1 - match.on_turn]
    correspondence.set_vacation(user=waiting, days=2)

    # when: the other player's turn starts
    result = services.match_draw(match_id=match_id, turn=match.turn, user=mover)

    # then
    assert isinstance(result, MatchView), result
    deadline = Match.objects.get(pk=match_id).deadline
    assert deadline is not None
    expected = timezone.now() + timedelta(days=2, hours=24)
    assert abs((deadline - expected).total_seconds()) < 60


def test_vacations_are_bounded_per_year(users: list[Any]) -> None:
    user = users[0]
    with pytest.raises(InvalidRequest):
        correspondence.set_vacation(user=user, days=31)
    correspondence.set_vacation(user=user, days=20)
    correspondence.set_vacation(user=user, days=25)  # moves the running one's end
    assert Vacation.objects.filter(user=user).count() == 1
    assert correspondence.vacation_days_left(user=user) == 5
    correspondence.set_vacation(user=user, days=0)  # back: the unused days return
    assert correspondence.vacation_days_left(user=user) == 30
    with pytest.raises(InvalidRequest):
        correspondence.set_vacation(user=user, days=-1)


REGISTER = """
mutation { register(username: "mobile", password: "a-long-pass-phrase-1") {
  ... on AuthPayload { token } } }
"""
SET_VACATION = "mutation ($days: Int!) { setVacation(days: $days) }"
MY_VACATION = "{ myVacation { endsAt daysLeft } }"
REGISTER_DEVICE = """
mutation ($platform: String!, $token: String!) {
  registerDevice(platform: $platform, pushToken: $token)
}
"""


def test_set_vacation_and_register_device_over_graphql(gql: Any) -> None:
    # given
    token = gql.data(REGISTER)["register"]["token"]

    # when
    assert gql.data(SET_VACATION, {"days": 3}, token=token)["setVacation"] is True
    vacation = gql.data(MY_VACATION, token=token)["myVacation"]
    device = gql.data(REGISTER_DEVICE, {"platform": "ios", "token": "t0k3n"}, token=token)
    _, too_long = gql.call(SET_VACATION, {"days": 40}, token=token)
    _, anonymous = gql.call(SET_VACATION, {"days": 1})

    # then
    assert vacation["endsAt"] and vacation["daysLeft"] == 27
    assert device["registerDevice"] is True
    assert PushDevice.objects.filter(
        platform="ios", token="t0k3n", user__username="mobile"
    ).exists()
    assert [e["extensions"]["code"] for e in too_long["errors"]] == ["BAD_INPUT"]
    assert [e["extensions"]["code"] for e in anonymous["errors"]] == ["UNAUTHENTICATED"]

"""What is told, when (matches.notifications): preferences per kind and channel, quiet
hours in the user's time zone on a frozen clock (the last-chance alarm never waits),
stacking (a newer notice of a kind replaces the waiting ones; "your turn in 3 matches"),
the "away" rule against a real presence record, at most once, and the e-mail digest
(two a day at most, whatever the number of moves; a signed one-click unsubscribe)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, time, timedelta
from typing import Any

import pytest
from django.core import mail

from accounts.models import User
from matches import presence, services
from matches.models import Delivery, Digest, Match, MatchAction, Notice, PushDevice
from matches.notifications import devices, digest, dispatch, sweep
from matches.notifications.compose import about, message
from matches.notifications.kinds import LAST_CHANCE, YOUR_TURN
from matches.notifications.models import DeliveryStatus
from matches.notifications.preferences import Prefs, prefs_for
from matches.selectors import MatchView

pytestmark = pytest.mark.django_db


@pytest.fixture
def users(redis_url: str) -> list[User]:
    return [
        User.objects.create(username=f"rules{i}", email=f"rules{i}@example.com") for i in range(4)
    ]


def started(creator: User, other: User, ruleset: str = "robbers", **kw: Any) -> Match:
    created = services.match_create(user=creator, ruleset_name=ruleset, seats=2, **kw)
    assert isinstance(created, MatchView), created
    services.match_join(match_id=created.id, user=other)
    assert isinstance(services.match_start(match_id=created.id, user=creator), MatchView)
    return Match.objects.get(pk=created.id)


def player_on_turn(match: Match) -> User:
    return User.objects.get(match_seats__match=match, match_seats__index=match.on_turn)


def phone(user: User, token: str = "fcm-1") -> PushDevice:
    return devices.add_device(user=user, platform="ANDROID", token=token)


def test_a_kind_turned_off_is_not_pushed_and_email_off_is_not_digested(users: list[User]) -> None:
    match = started(users[0], users[1])
    player = player_on_turn(match)
    phone(player)
    devices.set_settings(user=player, push={YOUR_TURN: False}, email={YOUR_TURN: False})

    notice = dispatch.notice(YOUR_TURN, user_id=player.pk, match=match, turn=match.turn)

    assert notice is not None and notice.skipped == "off"
    assert not Delivery.objects.filter(notice=notice).exists()
    assert notice.email_pending is False


def test_a_notice_is_made_once(users: list[User]) -> None:
    match = started(users[0], users[1])
    player = player_on_turn(match)
    phone(player)

    first = dispatch.notice(YOUR_TURN, user_id=player.pk, match=match, turn=match.turn)
    again = dispatch.notice(YOUR_TURN, user_id=player.pk, match=match, turn=match.turn)

    assert first is not None and again is None
    assert Delivery.objects.count() == 1 and first.email_pending


def test_quiet_hours_across_midnight_in_the_users_time_zone() -> None:
    prefs = Prefs(quiet_start=time(22), quiet_end=time(7, 30), time_zone="Europe/Madrid")
    # 23:00 in Madrid (CET, UTC+1) on 15 January: quiet until 07:30 local the next day.
    assert prefs.quiet_until(datetime(2026, 1, 15, 22, 0, tzinfo=UTC)) == datetime(
        2026, 1, 16, 6, 30, tzinfo=UTC
    )
    # 03:00 local: until 07:30 the same day; 12:00 local: not quiet.
    assert prefs.quiet_until(datetime(2026, 1, 16, 2, 0, tzinfo=UTC)) == datetime(
        2026, 1, 16, 6, 30, tzinfo=UTC
    )
    assert prefs.quiet_until(datetime(2026, 1, 16, 11, 0, tzinfo=UTC)) is None
    assert prefs.push_at(LAST_CHANCE, datetime(2026, 1, 15, 22, 0, tzinfo=UTC)) is None


def test_quiet_hours_hold_pushes_and_only_the_newest_of_a_kind_goes(users: list[User]) -> None:
    # given: a player with quiet hours from 22:00 to 07:00 in Madrid, and two matches
    a = started(users[0], users[1])
    b = started(users[2], users[3])
    player_a, player_b = player_on_turn(a), player_on_turn(b)
    # One person on turn in both: give match b's seat on turn to player_a's account.
    b.seats.filter(index=b.on_turn).update(user=player_a)
    assert player_b != player_a
    device = phone(player_a)
    devices.set_settings(user=player_a, quiet_hours=("22:00", "07:00"), time_zone="Europe/Madrid")
    night = datetime(2026, 1, 15, 23, 0, tzinfo=UTC)  # 00:00 in Madrid

    # when: two "your turn" and a last-chance alarm during the night
    first = dispatch.notice(YOUR_TURN, user_id=player_a.pk, match=a, turn=a.turn, now=night)
    second = dispatch.notice(
        YOUR_TURN, user_id=player_a.pk, match=b, turn=b.turn, now=night + timedelta(minutes=5)
    )
    alarm = dispatch.notice(LAST_CHANCE, user_id=player_a.pk, match=a, turn=a.turn, now=night)

    # then: the alarm goes at once; the turns wait until 07:00 (06:00 UTC), one per kind
    assert first and second and alarm
    rows = {d.notice_id: d for d in Delivery.objects.filter(device=device)}
    assert rows[alarm.pk].status == DeliveryStatus.QUEUED
    assert rows[first.pk].status == DeliveryStatus.DROPPED  # replaced by the newer one
    assert rows[second.pk].status == DeliveryStatus.WAITING
    assert rows[second.pk].not_before == datetime(2026, 1, 16, 6, 0, tzinfo=UTC)

    # when: the sweep runs before and after the end of the quiet hours
    assert sweep.release_waiting(datetime(2026, 1, 16, 5, 59, tzinfo=UTC)) == 0
    assert sweep.release_waiting(datetime(2026, 1, 16, 6, 1, tzinfo=UTC)) == 1

    # then: the one that goes says how many matches wait, and the badge counts them
    row = Delivery.objects.get(pk=rows[second.pk].pk)
    assert row.status == DeliveryStatus.QUEUED
    told = message(second, about(second), device, prefs_for(player_a.pk), night)
    assert told.title == "Your turn in 2 matches" and told.badge == 2
    assert told.collapse_key == "YOUR_TURN"


@contextmanager
def subscribed(match_id: int, user: User) -> Iterator[None]:
    """A live matchEvents subscription's presence (``presence.attending``, what the
    subscription runs), in a thread of its own with its own event loop."""
    entered, leave = threading.Event(), threading.Event()

    async def attend() -> None:
        async with presence.attending(match_id, user):
            entered.set()
            while not leave.is_set():
                await asyncio.sleep(0.01)

    thread = threading.Thread(target=asyncio.run, args=(attend(),))
    thread.start()
    assert entered.wait(10)
    try:
        yield
    finally:
        leave.set()
        thread.join(10)


def test_your_turn_is_not_pushed_while_the_player_watches_the_match(
    users: list[User], settings: Any, redis_url: str
) -> None:
    match = started(users[0], users[1])
    player = player_on_turn(match)
    phone(player)

    # Watching: no push (the notice is kept, for the digest).
    with subscribed(match.pk, player):
        assert presence.watching(match.pk, player.pk)
        assert dispatch.notify_turn(match_id=match.pk, turn=match.turn, kind=YOUR_TURN) == (
            "watching"
        )
    assert not Delivery.objects.exists()
    # Gone from the page: the next turn's notice is pushed.
    assert not presence.watching(match.pk, player.pk)
    Match.objects.filter(pk=match.pk).update(turn=match.turn + 2)
    assert dispatch.notify_turn(match_id=match.pk, turn=match.turn + 2, kind=YOUR_TURN) == "queued"
    # Unless they asked to be told while watching too.
    devices.set_settings(user=player, while_watching=True)

    Match.objects.filter(pk=match.pk).update(turn=match.turn + 4)
    with subscribed(match.pk, player):
        assert dispatch.notify_turn(match_id=match.pk, turn=match.turn + 4, kind=YOUR_TURN) == (
            "queued"
        )


def test_your_turn_is_cancelled_when_the_player_acts_first(users: list[User]) -> None:
    match = started(users[0], users[1])
    player = player_on_turn(match)
    phone(player)
    since = match.last_seq
    # The player acted in this turn (a draft, a draw...) after it started.
    MatchAction.objects.create(
        match=match, index=match.actions_count, action={"kind": "x"}, seq=since + 1, user=player
    )
    Match.objects.filter(pk=match.pk).update(last_seq=since + 1)

    result = dispatch.notify_turn(
        match_id=match.pk, turn=match.turn, kind=YOUR_TURN, since_seq=since
    )

    assert result == "acted" and not Notice.objects.exists()


def test_the_last_chance_alarm_goes_only_to_a_seat_about_to_be_taken_over(
    users: list[User],
) -> None:
    match = started(users[0], users[1], correspondence_hours=24)
    player = player_on_turn(match)
    phone(player)

    assert dispatch.notify_turn(match_id=match.pk, turn=match.turn, kind=LAST_CHANCE) == (
        "no takeover at the deadline"
    )
    # With max_timeouts 1 the coming expiry hands the seat to a bot.
    one = started(users[2], users[3], correspondence_hours=24, options={"max_timeouts": 1})
    phone(player_on_turn(one), "fcm-2")
    assert dispatch.notify_turn(match_id=one.pk, turn=one.turn, kind=LAST_CHANCE) == "queued"
    assert one.last_chance_at == one.deadline - timedelta(hours=1)


# --- the e-mail digest ------------------------------------------------------------------


def test_two_digests_a_day_at_most_whatever_the_number_of_moves(
    users: list[User], settings: Any
) -> None:
    # given: a player whose turn comes again and again over a day (frozen clock)
    settings.NOTIFY_DIGEST_PER_DAY = 2
    settings.NOTIFY_DIGEST_DELAY_SECONDS = 3600
    settings.PUBLIC_URL = "https://rummy.example.com"
    match = started(users[0], users[1])
    player = player_on_turn(match)
    start = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)

    # when: 48 notices, one every half hour, and the sweep after each
    for step in range(48):
        now = start + timedelta(minutes=30 * step)
        dispatch.notice(YOUR_TURN, user_id=player.pk, match=match, turn=1000 + step, now=now)
        digest.send_due(now + timedelta(minutes=1))

    # then: two mails, twelve hours apart at least
    sent = [m for m in mail.outbox if m.to == [player.email]]
    assert len(sent) == 2, [m.subject for m in sent]
    times = sorted(Digest.objects.filter(user=player).values_list("sent_at", flat=True))
    assert times[1] - times[0] >= timedelta(hours=12)
    body = sent[0].body
    assert f"https://rummy.example.com/#/match/{match.public_id}" in body
    assert "Robbers' Rummy" in body and users[1 - match.on_turn].username in body
    assert sent[0].extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert (
        sent[0]
        .extra_headers["List-Unsubscribe"]
        .startswith("<https://rummy.example.com/notifications/unsubscribe/")
    )


def test_no_digest_when_nothing_waits_any_more(users: list[User], settings: Any) -> None:
    settings.NOTIFY_DIGEST_DELAY_SECONDS = 0
    match = started(users[0], users[1])
    player = player_on_turn(match)
    dispatch.notice(YOUR_TURN, user_id=player.pk, match=match, turn=match.turn)
    Match.objects.filter(pk=match.pk).update(on_turn=1 - match.on_turn)  # they moved

    assert digest.send_due() == 0
    assert mail.outbox == [] and not Notice.objects.filter(email_pending=True).exists()


def test_the_unsubscribe_link_turns_the_digest_off_in_one_click(
    users: list[User], client: Any
) -> None:
    player = users[0]
    url = digest.unsubscribe_url(player.pk)
    path = url[url.index("/notifications/") :]

    page = client.get(path)
    assert page.status_code == 200 and b"Unsubscribe" in page.content
    assert prefs_for(player.pk).digest is True  # a GET (a mail scanner) changes nothing

    done = client.post(path, {"List-Unsubscribe": "One-Click"})
    assert done.status_code == 200 and prefs_for(player.pk).digest is False
    assert client.post(path[:-3] + "abc").status_code == 404  # a forged token


def test_a_digest_in_the_users_language(users: list[User], settings: Any) -> None:
    settings.NOTIFY_DIGEST_DELAY_SECONDS = 0
    match = started(users[0], users[1], ruleset="rummikub")
    player = player_on_turn(match)
    devices.set_settings(user=player, language="nl")
    dispatch.notice(YOUR_TURN, user_id=player.pk, match=match, turn=match.turn)

    assert digest.send_due() == 1
    [sent] = mail.outbox
    assert sent.subject == "Rummy: een partij wacht op je"
    assert "Jij bent aan de beurt:" in sent.body and "Rummikub" in sent.body


def test_a_digest_tells_of_challenges_and_tournaments_with_their_links(
    users: list[User], settings: Any
) -> None:
    """Notices about no match (a challenge, a tournament's cancellation) reach the digest
    with their texts and the page they lead to (they were dropped, marked sent)."""
    from matches import challenges
    from matches.errors import Rejected
    from matches.models import Challenge
    from tournaments import services as tournaments

    settings.NOTIFY_DIGEST_DELAY_SECONDS = 0
    settings.PUBLIC_URL = "https://rummy.example.com"
    player, friend = users[0], users[1]
    staff = User.objects.create(username="rules-staff", is_staff=True)
    # given: a challenge from a friend, and a tournament the player joined, cancelled
    challenge = challenges.challenge_create(user=friend, username=player.username)
    assert isinstance(challenge, Challenge), challenge
    tournament = tournaments.tournament_create(
        by=staff,
        name="Winter Cup",
        starts_at=datetime.now(UTC) + timedelta(days=1),
        turn_seconds=60,
    )
    assert not isinstance(tournament, Rejected), tournament
    assert not isinstance(
        tournaments.tournament_join(tournament_id=tournament.pk, user=player),
        Rejected,
    )
    tournaments.tournament_cancel(tournament_id=tournament.pk, reason="snow")

    # when: the digest goes
    assert digest.send_due() == 1

    # then: both are in it, each with its link
    [sent] = mail.outbox
    assert f"{friend.username} invites you to play" in sent.body, sent.body
    assert "https://rummy.example.com/#/friends" in sent.body
    assert "Winter Cup is cancelled" in sent.body
    assert f"https://rummy.example.com/#/tournament/{tournament.pk}" in sent.body
    assert not Notice.objects.filter(user=player, email_pending=True).exists()


def test_notices_older_than_a_month_are_forgotten(users: list[User]) -> None:
    match = started(users[0], users[1])
    player = player_on_turn(match)
    phone(player)
    now = datetime(2026, 5, 1, tzinfo=UTC)
    old = dispatch.notice(YOUR_TURN, user_id=player.pk, match=match, turn=1, now=now)
    new = dispatch.notice(
        YOUR_TURN, user_id=player.pk, match=match, turn=2, now=now + timedelta(days=20)
    )
    Notice.objects.update(email_pending=False)

    assert sweep.forget_old(now + timedelta(days=31)) == 1
    assert list(Notice.objects.values_list("pk", flat=True)) == [new.pk]  # type: ignore[union-attr]
    assert old is not None and not Delivery.objects.filter(notice_id=old.pk).exists()

"""Hidden information in playing together (issue 30): what the chat, the notices on
``myEvents``, the tournaments' stored events and the pushes carry, over a tournament's
round and a challenge, holds no seat's hand and nothing of the stock."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import User
from matches import challenges, chat
from matches import services as match_services
from matches.errors import Rejected
from matches.models import Challenge, ChatLine, Match, Seat
from matches.notifications import compose, devices
from matches.notifications.models import Notice, PushDevice
from matches.notifications.preferences import Prefs
from matches.selectors import load_state
from tests.server.conftest import UserEvents
from tournaments import rounds, services
from tournaments.models import Tournament, TournamentEvent, TournamentTable

pytestmark = pytest.mark.django_db

# Keys under which a hand, a draw or the deck travel in a match's own events and views.
PRIVATE_KEYS = {"hand", "myHand", "hands", "stock", "seed", "private", "view", "drawn", "cards"}


def walk(value: Any) -> Iterator[tuple[str | None, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from walk(item)


def secrets_of(match: Match) -> list[list[str]]:
    """Every seat's hand and the stock of the match now, as lists of card codes."""
    state = load_state(match)
    assert state is not None
    hands = [[c.code for c in seat.hand] for seat in state.seats]
    return [*hands, [c.code for c in state.stock]]


def assert_nothing_hidden(sent: Any, secrets: list[list[str]], where: str) -> None:
    for key, _ in walk(sent):
        assert key not in PRIVATE_KEYS, f"{where}: {key!r} was sent"
    text = json.dumps(sent)
    for cards in secrets:
        # A hand or the stock, whole or any run of three of its cards in order.
        for i in range(max(0, len(cards) - 2)):
            assert json.dumps(cards[i : i + 3])[1:-1] not in text, f"{where}: {cards}"


def test_chat_notices_and_pushes_carry_no_hand_and_nothing_of_the_stock(
    postgres: dict[str, Any],
    redis_url: str,
    django_capture_on_commit_callbacks: Any,
    user_events: UserEvents,
) -> None:
    # given: what is published to each user's myEvents, as Redis carries it
    staff = User.objects.create(username="director", is_staff=True)
    people = [User.objects.create(username=f"hider{i}") for i in range(4)]
    for user in people:
        devices.add_device(user=user, platform="ANDROID", token=f"fcm-{user.pk}")
    tournament = services.tournament_create(
        by=staff,
        name="Quiet Swiss",
        starts_at=timezone.now() - timedelta(seconds=1),
        ruleset_name="robbers",
        options={"rounds": 1, "hand_size": 7},
        table_size=3,
        rounds=1,
        turn_seconds=60,
        round_minutes=30,
        min_players=3,
    )
    assert isinstance(tournament, Tournament), tournament
    for user in people[:3]:
        assert isinstance(
            services.tournament_join(tournament_id=tournament.pk, user=user), Tournament
        )

    # when: the round starts; its players and a spectator talk; a challenge is made and
    # accepted; the table's match ends and so does the tournament
    with django_capture_on_commit_callbacks(execute=True):
        assert rounds.begin(tournament.pk) == "started"
    (table,) = TournamentTable.objects.filter(round__tournament=tournament).select_related("match")
    match = table.match
    secrets = secrets_of(match)
    players = [User.objects.get(pk=pk) for pk in table.players]
    with django_capture_on_commit_callbacks(execute=True):
        for user in players:
            line = chat.chat_send(match_id=match.public_id, user=user, text=f"hi from {user}")
            assert isinstance(line, ChatLine), line
        assert isinstance(
            chat.chat_send(match_id=match.public_id, user=players[0], quick="GOOD_LUCK"), ChatLine
        )
        assert isinstance(
            chat.chat_send(match_id=match.public_id, user=people[3], text="watching"), ChatLine
        )
    with django_capture_on_commit_callbacks(execute=True):
        made = challenges.challenge_create(user=people[3], username=players[0].username)
        assert isinstance(made, Challenge), made
    with django_capture_on_commit_callbacks(execute=True):
        accepted = challenges.challenge_accept(challenge_id=made.public_id, user=players[0])
        assert isinstance(accepted, Challenge) and accepted.match is not None, accepted
    challenge_secrets = secrets_of(accepted.match)
    with django_capture_on_commit_callbacks(execute=True):
        for seat in Seat.objects.filter(match=match).exclude(index=0).select_related("user"):
            assert not isinstance(
                match_services.match_resign(match_id=match.pk, user=seat.user), Rejected
            )
        assert rounds.check_round(tournament.pk) == "finished"

    # then: the notices, the chat as each reader gets it, the replay's chat, the
    # tournament's events and every push hold no hand and nothing of either stock
    every = secrets + challenge_secrets
    sent = user_events.take()
    kinds = {e["type"] for _, e in sent}
    assert {
        "TOURNAMENT_ROUND_STARTED",
        "CHALLENGE_RECEIVED",
        "CHALLENGE_ACCEPTED",
        "TOURNAMENT_ENDED",
    } <= kinds
    assert_nothing_hidden([e for _, e in sent], every, "myEvents")
    for reader in [*people, staff]:
        _, lines = chat.chat_after(match_id=match.public_id, user=reader)
        assert lines, reader
        assert_nothing_hidden(lines, every, f"the chat as {reader} reads it")
        assert_nothing_hidden(
            chat.chat_replay(Match.objects.get(pk=match.pk), reader), every, "the replay's chat"
        )
    stored = list(
        TournamentEvent.objects.filter(tournament=tournament).values_list("payload", flat=True)
    )
    assert stored
    assert_nothing_hidden(stored, every, "tournamentEvents")
    notices = list(Notice.objects.filter(user__in=people))
    assert {n.kind for n in notices} >= {"INVITED", "TOURNAMENT_ENDED"}
    for notice in notices:
        device = PushDevice.objects.filter(user_id=notice.user_id).first()
        assert device is not None
        message = compose.message(notice, compose.about(notice), device, Prefs(), timezone.now())
        assert_nothing_hidden(
            [notice.payload, message.title, message.body, message.url], every, notice.kind
        )

"""Fields a client developer met untyped (issue 32): a notification says when it was made
(``UserEvent.at``), and the turn its phase as the ``TurnPhase`` enum (``Turn.phaseKind``;
the string ``phase`` stays, deprecated)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.services import token_create
from api.events.notices import TurnNotice, user_event
from matches import services, store
from matches.selectors import MatchView
from tests.conftest import GraphQLClient

pytestmark = pytest.mark.django_db

TURN = "query($id: ID!) { match(id: $id) { turn { phase phaseKind } } }"


def test_a_notification_carries_when_it_was_made() -> None:
    outbox = store.Outbox(7, "m7")
    before = timezone.now()

    outbox.notify([3], "YOUR_TURN", {"turn": 2, "seat": 1, "deadline": None})

    ((_users, event),) = outbox.notices
    notice = user_event(event)
    assert isinstance(notice, TurnNotice)
    assert notice.at is not None
    assert before <= notice.at <= timezone.now() + timedelta(seconds=1)


def test_a_notification_stored_without_a_time_has_none() -> None:
    assert user_event({"type": "MATCH_STARTED", "matchId": 7, "payload": {}}).at is None


def test_the_turn_gives_its_phase_as_the_enum(gql: GraphQLClient, settings: Any) -> None:
    from accounts.models import User

    settings.GAME_TASK_QUEUE = "typed-fields-nobody-reads"
    user = User.objects.create_user("phased", password="pw-unused-1")
    created = services.match_create(user=user, ruleset_name="rummy", seats=2, bots=["EASY"])
    assert isinstance(created, MatchView)
    assert isinstance(services.match_start(match_id=created.id, user=user), MatchView)
    public_id = store.Match.objects.get(pk=created.id).public_id

    turn = gql.data(TURN, {"id": public_id}, token=token_create(user=user))["match"]["turn"]

    assert turn["phase"] == "draw" and turn["phaseKind"] == "DRAW", turn

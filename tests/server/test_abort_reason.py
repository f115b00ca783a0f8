"""Why a match was aborted, as a code a client can switch on (``AbortReason``): on the
match's MATCH_ABORTED event and on each player's MatchAbortedNotice, beside the English
``reason``; events stored before the code existed get it from their text. Real
PostgreSQL, real Redis pub/sub for the notice."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from accounts.services import token_create
from api.events.mapping import match_event
from api.events.match_events import MatchAborted
from api.events.notices import MatchAbortedNotice, user_event
from api.matches.enums import AbortReason
from config import pubsub
from config.pubsub import USER_EVENT, user_topic
from matches import services
from matches.models import Match
from matches.selectors import MatchView
from tests.conftest import GraphQLClient
from tests.server.test_match_services import started, users

__all__ = ["users"]  # the fixture

REPLAY = """query($id: ID!) { replay(matchId: $id) { events { event {
  __typename ... on MatchAborted { reason reasonCode } } } } }"""


async def _listen(topic: str) -> pubsub.Inbox:
    inbox = pubsub.Inbox()
    await pubsub.hub().add(topic, inbox, json.loads)
    return inbox


async def _receive(inbox: pubsub.Inbox) -> Any:
    message = await asyncio.wait_for(anext(inbox), 10)
    await pubsub.hub().close()
    return message


def _aborted_event(gql: GraphQLClient, match_id: int, user: Any) -> dict[str, Any]:
    public_id = Match.objects.get(pk=match_id).public_id
    data = gql.data(REPLAY, {"id": public_id}, token=token_create(user=user))
    last: dict[str, Any] = data["replay"]["events"][-1]["event"]
    assert last["__typename"] == "MatchAborted", data
    return last


@pytest.mark.django_db(transaction=True)
def test_the_creator_leaving_gives_the_event_and_the_notice_its_code(
    users: list[Any], gql: GraphQLClient
) -> None:
    # given: a waiting match with a second player, who listens to their notifications
    created = services.match_create(user=users[0], ruleset_name="rummy", seats=3)
    assert isinstance(created, MatchView)
    assert isinstance(services.match_join(match_id=created.id, user=users[1]), MatchView)
    loop = asyncio.new_event_loop()
    try:
        inbox = loop.run_until_complete(_listen(user_topic(users[1].pk)))

        # when: the creator leaves before the start
        assert isinstance(services.match_resign(match_id=created.id, user=users[0]), MatchView)
        message = loop.run_until_complete(_receive(inbox))
    finally:
        loop.close()

    # then: the notice and the match's event both say CREATOR_LEFT, the text unchanged
    assert message["type"] == USER_EVENT and message["event"]["type"] == "MATCH_ABORTED"
    notice = user_event(message["event"])
    assert isinstance(notice, MatchAbortedNotice)
    assert notice.reason_code == AbortReason.CREATOR_LEFT
    assert notice.reason == "the creator left before the start"
    event = _aborted_event(gql, created.id, users[1])
    assert event == {
        "__typename": "MatchAborted",
        "reason": "the creator left before the start",
        "reasonCode": "CREATOR_LEFT",
    }


def test_a_moderators_abort_says_moderator(users: list[Any], gql: GraphQLClient) -> None:
    view = started(users)

    services.match_abort(match_id=view.id, reason="spam at the table")

    event = _aborted_event(gql, view.id, users[0])
    assert event["reasonCode"] == "MODERATOR" and event["reason"] == "spam at the table"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("the creator left before the start", AbortReason.CREATOR_LEFT),
        ("aborted by a moderator", AbortReason.MODERATOR),
        (
            "stopped at the round's deadline: placed by the current totals",
            AbortReason.TOURNAMENT_DEADLINE,
        ),
        ("test", AbortReason.OTHER),
        ("", AbortReason.OTHER),
    ],
)
def test_an_abort_stored_without_a_code_gets_it_from_its_text(text: str, code: AbortReason) -> None:
    # Events and notices made before the code existed carry only the English text.
    event = match_event(
        {"seq": 3, "type": "MATCH_ABORTED", "matchId": "m1", "payload": {"reason": text}}
    )
    notice = user_event({"type": "MATCH_ABORTED", "matchId": "m1", "payload": {"reason": text}})

    assert isinstance(event, MatchAborted) and event.reason_code == code
    assert isinstance(notice, MatchAbortedNotice) and notice.reason_code == code
    assert event.reason == notice.reason == text

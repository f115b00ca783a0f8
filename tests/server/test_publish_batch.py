"""A committed move's messages reach Redis in one hand-over to the publisher thread
(``matches.publishing.batched``, issue 12): the match's events and the next player's
YOUR_TURN notice, in that order, and before any task the move queues. Real PostgreSQL,
real Redis pub/sub (``config.pubsub``)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from config import pubsub
from config.pubsub import USER_EVENT, match_topic, user_topic
from matches import publishing, services
from matches.models import Match
from tests.server.test_match_services import started, users

__all__ = ["users"]  # the fixture


async def _listen(topics: list[str]) -> pubsub.Inbox:
    inbox = pubsub.Inbox()
    for topic in topics:
        await pubsub.hub().add(topic, inbox, lambda data, topic=topic: (topic, json.loads(data)))
    return inbox


async def _receive_all(inbox: pubsub.Inbox, count: int) -> list[tuple[str, dict[str, Any]]]:
    got = [await asyncio.wait_for(anext(inbox), 10) for _ in range(count)]
    await pubsub.hub().close()
    return got


@pytest.mark.django_db(transaction=True)
def test_a_moves_events_and_notice_go_in_one_hand_over(
    users: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # given: a live match, a listener on its group and on the next player's user group,
    # and the hand-overs to the publisher and the task sender recorded (still made)
    view = started(users, turn_seconds=600)
    match = Match.objects.get(pk=view.id)
    mover, waiting = users[match.on_turn], users[1 - match.on_turn]
    loop = asyncio.new_event_loop()
    try:
        inbox = loop.run_until_complete(
            _listen([match_topic(match.public_id), user_topic(waiting.pk)])
        )
        handed: list[str] = []
        for name in ("_publisher", "_enqueuer"):
            background = getattr(publishing, name)
            real = background.run

            def run(fn: Any, what: str, real: Any = real, name: str = name) -> None:
                handed.append(name)
                real(fn, what)

            monkeypatch.setattr(background, "run", run)

        # when: the player on turn draws (the turn passes: events, YOUR_TURN, the expiry)
        drawn = services.match_draw(match_id=view.id, turn=view.turn, user=mover)
        assert drawn is not None
        received = loop.run_until_complete(_receive_all(inbox, 2))
    finally:
        loop.close()

    # then: one hand-over to the publisher, before the tasks' one; both messages arrived,
    # the events first
    assert handed == ["_publisher", "_enqueuer"], handed
    assert [topic for topic, _ in received] == [
        match_topic(match.public_id),
        user_topic(waiting.pk),
    ]
    assert [e["type"] for e in received[0][1]["events"]][-1] == "TURN_STARTED"
    assert received[1][1]["type"] == USER_EVENT
    assert received[1][1]["event"]["type"] == "YOUR_TURN"


def test_nested_batches_send_once_at_the_outermost_end(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[list[str]] = []
    monkeypatch.setattr(publishing, "_publish", lambda s: sent.append([g for g, _ in s]))
    with publishing.batched():
        publishing.publish_user_event(1, {"type": "A"})
        with publishing.batched():
            publishing.publish_user_event(2, {"type": "B"})
        assert sent == []
    assert sent == [[user_topic(1), user_topic(2)]]
    # outside a batch each message goes at once
    publishing.publish_user_event(3, {"type": "C"})
    assert sent[-1] == [user_topic(3)]

"""A committed move's messages reach Redis in one hand-over to the publisher thread
(``matches.publishing.batched``, issue 12): the match's events and the next player's
YOUR_TURN notice, in that order, and before any task the move queues. Real PostgreSQL,
real Redis and the project's Channels layer."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.layers import get_channel_layer

from matches import publishing, services
from matches.models import Match
from matches.publishing import MATCH_EVENTS, USER_EVENT, match_group, user_group
from tests.server.test_match_services import started, users

__all__ = ["users"]  # the fixture


async def _listen(groups: list[str]) -> tuple[Any, str]:
    layer = get_channel_layer()
    channel = await layer.new_channel()
    for group in groups:
        await layer.group_add(group, channel)
    return layer, channel


async def _receive_all(layer: Any, channel: str, count: int) -> list[dict[str, Any]]:
    return [await asyncio.wait_for(layer.receive(channel), 10) for _ in range(count)]


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
        layer, channel = loop.run_until_complete(
            _listen([match_group(match.pk), user_group(waiting.pk)])
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
        received = loop.run_until_complete(_receive_all(layer, channel, 2))
    finally:
        loop.close()

    # then: one hand-over to the publisher, before the tasks' one; both messages arrived,
    # the events first
    assert handed == ["_publisher", "_enqueuer"], handed
    assert [m["type"].replace(".", "_") for m in received] == [
        MATCH_EVENTS.replace(".", "_"),
        USER_EVENT.replace(".", "_"),
    ]
    assert [e["type"] for e in received[0]["events"]][-1] == "TURN_STARTED"
    assert received[1]["event"]["type"] == "YOUR_TURN"


def test_nested_batches_send_once_at_the_outermost_end(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[list[str]] = []
    monkeypatch.setattr(publishing, "_publish", lambda s: sent.append([g for g, _ in s]))
    with publishing.batched():
        publishing.publish_user_event(1, {"type": "A"})
        with publishing.batched():
            publishing.publish_user_event(2, {"type": "B"})
        assert sent == []
    assert sent == [[user_group(1), user_group(2)]]
    # outside a batch each message goes at once
    publishing.publish_user_event(3, {"type": "C"})
    assert sent[-1] == [user_group(3)]

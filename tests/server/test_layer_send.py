"""The layer's send to several groups at once (``ChannelLayer.send_to_groups``, issue 12):
what channels_redis's ``group_send`` delivers, group by group and in order, in two round
trips to Redis for the whole batch instead of four per group. Real Redis, the project's
layer as the settings configure it."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import redis
from django.conf import settings
from django.utils.module_loading import import_string


def _layer(**overrides: Any) -> Any:
    layer_class = import_string(settings.CHANNEL_LAYERS["default"]["BACKEND"])
    return layer_class(**{**settings.CHANNEL_LAYERS["default"]["CONFIG"], **overrides})


async def _drain(layer: Any, channel: str) -> list[dict[str, Any]]:
    got = []
    while True:
        try:
            got.append(await asyncio.wait_for(layer.receive(channel), 0.3))
        except TimeoutError:
            return got


@pytest.mark.usefixtures("redis_url")
def test_every_member_of_every_group_gets_its_messages_in_order_in_two_round_trips(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # given: a channel in two groups, one in the first only, one in a third; a fourth
    # group with nobody in it
    layer = _layer()
    executes: list[int] = []
    real_execute = redis.client.Pipeline.execute

    def execute(pipe: Any, *args: Any, **kwargs: Any) -> Any:
        executes.append(len(pipe))
        return real_execute(pipe, *args, **kwargs)

    monkeypatch.setattr(redis.client.Pipeline, "execute", execute)

    async def run() -> dict[str, list[dict[str, Any]]]:
        both, first, third = [await layer.new_channel() for _ in range(3)]
        for group, channel in (("g.1", both), ("g.2", both), ("g.1", first), ("g.3", third)):
            await layer.group_add(group, channel)
        # when: one batch from a thread without an event loop, as the publisher sends
        await asyncio.to_thread(
            layer.send_to_groups,
            [
                ("g.1", {"type": "m.one", "n": 1}),
                ("g.2", {"type": "m.two", "n": 2}),
                ("g.4", {"type": "m.none"}),
                ("g.3", {"type": "m.three", "n": 3}),
                ("g.1", {"type": "m.one", "n": 4}),
                # a channel reads its messages in the order they were sent, however many
                *[(f"g.{1 + n % 2}", {"type": "m.more", "n": n}) for n in range(5, 45)],
            ],
        )
        try:
            return {
                "both": await _drain(layer, both),
                "first": await _drain(layer, first),
                "third": await _drain(layer, third),
            }
        finally:
            await layer.flush()

    got = asyncio.run(run())

    # then: each channel got what its groups were sent, in the order sent
    assert [m["n"] for m in got["both"]] == [1, 2, 4, *range(5, 45)]
    assert [m["n"] for m in got["first"]] == [1, 4, *range(6, 45, 2)]
    assert [m["n"] for m in got["third"]] == [3]
    # and the batch took two pipelines: the groups' members, then the messages
    assert len(executes) == 2, executes
    assert executes[0] == 2 * 4  # drop expired members and read them, for each group


@pytest.mark.usefixtures("redis_url")
def test_a_full_channel_gets_no_more_as_with_group_send() -> None:
    # given: a layer whose channels hold two messages, and a channel nobody reads
    layer = _layer(capacity=2)

    async def run() -> list[dict[str, Any]]:
        channel = await layer.new_channel()
        await layer.group_add("g.full", channel)
        # when: three messages are sent to its group
        await asyncio.to_thread(
            layer.send_to_groups, [("g.full", {"type": "m", "n": n}) for n in range(3)]
        )
        try:
            return await _drain(layer, channel)
        finally:
            await layer.flush()

    # then: the first two are kept, the third is dropped (channels_redis's capacity rule)
    assert [m["n"] for m in asyncio.run(run())] == [0, 1]

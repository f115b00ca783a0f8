"""A cancelled receive of the Channels layer ends (config/channel_layers.py).

A consumer whose client went away cancels its pending receive. With channels_redis's
own RedisChannelLayer on redis-py 8, a cancellation that arrives just as Redis answers
is swallowed now and then, and the receive reads on forever: the consumer never ends and
its web process never finishes a graceful shutdown (seen under bench/api_bench.py). On
that layer it fails in its first round or soon after (3 runs of 3; without stopping at the
first, 25 and 28 of 300 receives were still running).
Real Redis, no mocks: the race is between a reply on the socket and the cancel.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any

import pytest
from channels.exceptions import ChannelFull
from django.conf import settings
from django.utils.module_loading import import_string

RECEIVERS = 10
ROUNDS = 30


async def _cancel_under_traffic(layer: Any, rng: random.Random) -> int:
    """Receivers on one layer, messages arriving, every receiver cancelled at a random
    moment: how many had not ended within two of the layer's blocking reads (a cancel
    that came during the first one's set-up is seen when it returns; on the old layer a
    stuck receive would live on forever)."""
    channels = [await layer.new_channel() for _ in range(RECEIVERS)]

    async def receive_forever(channel: str) -> None:
        while True:
            await layer.receive(channel)

    stop = asyncio.Event()

    async def traffic() -> None:  # stops by a flag: redis-py can swallow its cancel too
        while not stop.is_set():
            for channel in rng.sample(channels, 3):
                with contextlib.suppress(ChannelFull):
                    await layer.send(channel, {"type": "x"})
            await asyncio.sleep(rng.random() * 0.005)

    receivers = [asyncio.ensure_future(receive_forever(c)) for c in channels]
    sender = asyncio.ensure_future(traffic())
    await asyncio.sleep(rng.random() * 0.2)
    for task in rng.sample(receivers, len(receivers)):
        task.cancel()
        if rng.random() < 0.5:
            await asyncio.sleep(rng.random() * 0.003)
    stop.set()
    await sender
    _done, pending = await asyncio.wait(receivers, timeout=2 * layer.brpop_timeout + 2)
    for task in pending:  # a stuck one: ask again, so the loop can close
        task.cancel()
    return len(pending)


@pytest.mark.usefixtures("redis_url")
def test_every_cancelled_receive_ends_under_traffic() -> None:
    layer_class = import_string(settings.CHANNEL_LAYERS["default"]["BACKEND"])
    config = settings.CHANNEL_LAYERS["default"]["CONFIG"]
    rng = random.Random(12)

    async def rounds() -> list[int]:
        layer = layer_class(**config)
        stuck = []
        try:
            for _ in range(ROUNDS):
                stuck.append(await _cancel_under_traffic(layer, rng))
                if stuck[-1]:
                    break
        finally:
            await layer.flush()
        return stuck

    stuck = asyncio.run(rounds())
    assert sum(stuck) == 0, f"receives still running after their cancel, per round: {stuck}"

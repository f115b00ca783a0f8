"""A read of the Channels layer (config/channel_layers.py, issue 12): one round trip to
Redis per message, and a message read just as its receive is cancelled goes to the next
read. Real Redis; the race is made certain by cancelling the reading task right after
Redis answered (the moment redis-py can swallow a cancellation), not by faking a reply."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import redis.asyncio
from django.conf import settings
from django.utils.module_loading import import_string


def _layer() -> Any:
    layer_class = import_string(settings.CHANNEL_LAYERS["default"]["BACKEND"])
    return layer_class(**settings.CHANNEL_LAYERS["default"]["CONFIG"])


@pytest.mark.usefixtures("redis_url")
def test_reading_a_waiting_message_is_one_round_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    # given: a message waiting in a consumer's channel, and the commands to Redis counted
    layer = _layer()
    commands: list[str] = []
    real = redis.asyncio.Redis.execute_command

    async def execute_command(client: Any, *args: Any, **options: Any) -> Any:
        commands.append(str(args[0]))
        return await real(client, *args, **options)

    async def run() -> dict[str, Any]:
        channel = await layer.new_channel()
        await layer.send(channel, {"type": "m.one"})
        monkeypatch.setattr(redis.asyncio.Redis, "execute_command", execute_command)
        try:
            # when: the consumer reads it
            return await asyncio.wait_for(layer.receive(channel), 5)
        finally:
            await asyncio.sleep(0.05)  # what a read leaves to do after it returns
            monkeypatch.undo()
            await layer.flush()

    got = asyncio.run(run())

    # then: it got the message with a single command
    assert got == {"type": "m.one"}
    assert commands == ["BZPOPMIN"], commands


@pytest.mark.usefixtures("redis_url")
def test_a_message_read_as_its_receive_is_cancelled_goes_to_the_next_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # given: two messages waiting for two consumers of one process, and Redis's answer to
    # the first read arriving just as the reading task is cancelled (redis-py returns it)
    layer = _layer()
    real = redis.asyncio.Redis.bzpopmin
    cancelled: list[bool] = []

    async def bzpopmin(client: Any, *args: Any, **kwargs: Any) -> Any:
        popped = await real(client, *args, **kwargs)
        if not cancelled:
            cancelled.append(True)
            task = asyncio.current_task()
            assert task is not None
            task.cancel()
        return popped

    monkeypatch.setattr(redis.asyncio.Redis, "bzpopmin", bzpopmin)

    async def run() -> tuple[bool, Any, Any]:
        first, second = await layer.new_channel(), await layer.new_channel()
        await layer.send(second, {"type": "m.second"})
        await layer.send(first, {"type": "m.first"})
        # when: the first consumer's read is cancelled as the message for the second
        # arrives; then both consumers read
        reading = asyncio.ensure_future(layer.receive(first))
        ended_cancelled = False
        try:
            await reading
        except asyncio.CancelledError:
            ended_cancelled = True
        try:
            return (
                ended_cancelled,
                await asyncio.wait_for(layer.receive(second), 5),
                await asyncio.wait_for(layer.receive(first), 5),
            )
        finally:
            await layer.flush()

    ended_cancelled, second, first = asyncio.run(run())

    # then: the cancelled read ended, and no message was lost
    assert ended_cancelled
    assert second == {"type": "m.second"}
    assert first == {"type": "m.first"}

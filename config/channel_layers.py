"""The Channels layer: channels_redis's RedisChannelLayer, with cancellation kept.

A consumer that ends (its client went away, the server shuts down) cancels its pending
``receive``. In a process, one receive at a time holds the layer's lock and reads the
process's Redis list for everybody (a blocking BZPOPMIN, ``brpop_timeout`` seconds at a
time), and redis-py's asyncio client can swallow a cancellation that arrives just as a
reply does (redis-py issue 2028: the read returns, the CancelledError is gone). The
receive then goes on reading, 5 s at a time, for a channel nobody will ever send to
again: the consumer never ends, its socket's task never finishes, and uvicorn's
graceful shutdown waits for it forever (seen under bench/api_bench.py: a web worker that
did not exit on SIGTERM, its presence heartbeats still running after its Redis was gone).

Here every read of the layer checks, after it returns, whether its task was asked to
stop (``Task.cancelling()``, Python 3.11) and then stops. A message read at that moment
is not lost: channels_redis keeps it in the channel's backup set until it is processed,
and the next read puts it back (``_brpop_with_clean``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from channels_redis.core import RedisChannelLayer


def raise_if_cancelled() -> None:
    """Raise CancelledError if the current task was cancelled and the cancellation was
    swallowed on the way (a task that means to go on after a cancel calls uncancel)."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


class ChannelLayer(RedisChannelLayer):  # type: ignore[misc]  # channels_redis is untyped
    async def _brpop_with_clean(self, index: int, channel: str, timeout: int) -> Any:
        member = await super()._brpop_with_clean(index, channel, timeout)
        raise_if_cancelled()
        return member

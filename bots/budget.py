"""How long a bot may think about one decision (issue 28).

A :class:`Budget` bounds a whole decision twice: by the CPU time of the deciding thread
(``time.thread_time``), which is what the thinking costs and does not grow when the
machine is busy, and by wall-clock time, which is how long a worker is held and does
grow: under load a decision gets less thinking, never more time. Every solver call of
the decision takes the smaller of its own limit and what is left of both, so a search
cut short returns its best play so far and the decision ends in time.

``Budget.unlimited()`` (what a ``time_limit_ms`` of None gives) never runs out: bots
then decide by their fixed amount of work alone, the same on any machine (tests).
"""

from __future__ import annotations

import time
from dataclasses import dataclass


class OutOfTime(Exception):
    """The decision's budget is spent: the caller keeps the best choice it has."""


@dataclass(slots=True)
class Budget:
    """A decision's budget: ``cpu_ms`` of thread CPU time and ``wall_ms`` of wall-clock
    time from ``start`` (None: no bound)."""

    cpu_ms: float | None
    wall_ms: float | None
    wall_start: float
    cpu_start: float

    @classmethod
    def start(cls, cpu_ms: float | None, wall_ms: float | None) -> Budget:
        return cls(cpu_ms, wall_ms, time.perf_counter(), time.thread_time())

    @classmethod
    def unlimited(cls) -> Budget:
        return cls.start(None, None)

    @property
    def limited(self) -> bool:
        return self.cpu_ms is not None or self.wall_ms is not None

    def left_ms(self) -> float | None:
        """What is left of the tighter bound, in ms (None: unlimited; may be <= 0)."""
        left: float | None = None
        if self.wall_ms is not None:
            left = self.wall_ms - (time.perf_counter() - self.wall_start) * 1000.0
        if self.cpu_ms is not None:
            cpu = self.cpu_ms - (time.thread_time() - self.cpu_start) * 1000.0
            left = cpu if left is None else min(left, cpu)
        return left

    def spent(self) -> bool:
        left = self.left_ms()
        return left is not None and left <= 0.0

    def check(self) -> None:
        """Raise OutOfTime when the budget is spent."""
        if self.spent():
            raise OutOfTime

    def limit(self, ms: float | None) -> float | None:
        """A solver call's time limit: ``ms`` (None: none) within what is left; at
        least a millisecond, so that a late call still returns at once."""
        left = self.left_ms()
        if left is None:
            return ms
        left = max(1.0, left)
        return left if ms is None else min(ms, left)

    def deadline(self) -> float | None:
        """The ``time.perf_counter()`` at which what is left runs out (None: never).
        CPU time left counts as wall time: a thread never gets more CPU than wall."""
        left = self.left_ms()
        return None if left is None else time.perf_counter() + max(0.0, left) / 1000.0

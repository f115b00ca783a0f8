"""Deterministic, cryptographically strong shuffles from a match seed (R-RNG, STYLE 8).

The server draws a seed with :mod:`secrets`; everything random in a match (the cut,
every deal) is derived from it, so a match replays exactly from its seed and action
log. The byte stream is SHA-256 in counter mode, keyed by the seed and a label per
use, so a deal's order says nothing about another deal's. ``random.Random`` is never
used for cards: its state can be recovered from its output.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

# Accepted seed sizes: the server's secrets.token_bytes(32) and anything a test passes.
MAX_SEED_BYTES = 1024


def seed_bytes(seed: bytes | int | str) -> bytes:
    """A seed as bytes: bytes as they are, an int big-endian, a str as UTF-8.

    Raises ValueError for a negative int or an oversized seed.
    """
    if isinstance(seed, bytes):
        out = seed
    elif isinstance(seed, bool):
        raise ValueError("a seed is bytes, a non-negative int or a str")
    elif isinstance(seed, int):
        if seed < 0:
            raise ValueError("an integer seed must not be negative")
        out = b"int:" + seed.to_bytes(max(1, (seed.bit_length() + 7) // 8), "big")
    elif isinstance(seed, str):
        out = b"str:" + seed.encode()
    else:
        raise ValueError("a seed is bytes, a non-negative int or a str")
    if len(out) > MAX_SEED_BYTES:
        raise ValueError(f"a seed of {len(out)} bytes is longer than {MAX_SEED_BYTES}")
    return out


class Stream:
    """An endless byte stream: SHA-256(len(seed) | seed | label | counter) blocks."""

    __slots__ = ("_buffer", "_counter", "_prefix")

    def __init__(self, seed: bytes, label: str) -> None:
        self._prefix = len(seed).to_bytes(4, "big") + seed + label.encode() + b"\x00"
        self._counter = 0
        self._buffer = b""

    def read(self, n: int) -> bytes:
        while len(self._buffer) < n:
            block = hashlib.sha256(self._prefix + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._buffer += block
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1, by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = int.from_bytes(self.read(8), "big")
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place: every order equally likely."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

"""``python -m bots <command>``: ``arena`` (two bot levels measured against each other,
bots/arena.py) and ``solve`` (the best play for a position, bots/solve.py, also run as
``python -m bots.solve``); the dispatcher is engine/commands.py."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from engine.commands import dispatch

COMMANDS = {
    "arena": ("bots.arena", "play two bot levels against each other; win shares and times"),
    "solve": ("bots.solve", "the best play for a position: JSON in, JSON out"),
}


def main(argv: Sequence[str] | None = None) -> int:
    return dispatch("bots", COMMANDS, argv)


if __name__ == "__main__":
    sys.exit(main())

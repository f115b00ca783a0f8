"""``python -m engine <command>``: ``check`` (melds and turns as JSON, engine/cli.py) and
``simulate`` (whole matches by the built-in policy, engine/simulate.py); the dispatcher
is engine/commands.py."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from engine.commands import dispatch

COMMANDS = {
    "check": ("engine.cli", "check melds or a turn: JSON in, JSON out"),
    "simulate": ("engine.simulate", "play whole matches with the built-in policy"),
}


def main(argv: Sequence[str] | None = None) -> int:
    return dispatch("engine", COMMANDS, argv)


if __name__ == "__main__":
    sys.exit(main())

"""``python -m bots <command>``: ``arena`` (two bot levels measured against each other,
bots/arena.py) and ``solve`` (the best play for a position, bots/solve.py, also run as
``python -m bots.solve``).

Each command lives in its own module, imported only when asked for.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

COMMANDS = {
    "arena": ("bots.arena", "play two bot levels against each other; win shares and times"),
    "solve": ("bots.solve", "the best play for a position: JSON in, JSON out"),
}


def _usage() -> str:
    lines = ["usage: python -m bots <command> [options]", "", "commands:"]
    lines += [f"  {name:<8}{about}" for name, (_, about) in COMMANDS.items()]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to a command's ``main(argv) -> int``; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(_usage(), file=sys.stdout if args else sys.stderr)
        return 0 if args else 2
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"unknown command {name!r}\n\n{_usage()}", file=sys.stderr)
        return 2
    module = importlib.import_module(COMMANDS[name][0])
    return int(module.main(rest))


if __name__ == "__main__":
    sys.exit(main())

"""``python -m engine <command>``: ``check`` (melds and turns as JSON, engine/cli.py) and
``simulate`` (whole matches by the built-in policy, engine/simulate.py).

Each command lives in its own module, imported only when asked for, so that one
command's imports never slow down or break another.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

COMMANDS = {
    "check": ("engine.cli", "check melds or a turn: JSON in, JSON out"),
    "simulate": ("engine.simulate", "play whole matches with the built-in policy"),
}


def _usage() -> str:
    lines = ["usage: python -m engine <command> [options]", "", "commands:"]
    lines += [f"  {name:<10}{about}" for name, (_, about) in COMMANDS.items()]
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
    module_name = COMMANDS[name][0]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        print(f"the {name!r} command is not available in this build", file=sys.stderr)
        return 2
    return int(module.main(rest))


if __name__ == "__main__":
    sys.exit(main())

"""``python -m <program> <command>``: one dispatcher for the command-line programs
(``python -m engine``, ``python -m bots``).

Each command lives in its own module, imported only when asked for, so that one
command's imports never slow down or break another. A command module has
``main(argv) -> int``.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping, Sequence

# A command's name -> (its module, one line about it).
Commands = Mapping[str, tuple[str, str]]


def usage(program: str, commands: Commands) -> str:
    width = max(len(name) for name in commands) + 2
    lines = [f"usage: python -m {program} <command> [options]", "", "commands:"]
    lines += [f"  {name:<{width}}{about}" for name, (_, about) in commands.items()]
    return "\n".join(lines)


def dispatch(program: str, commands: Commands, argv: Sequence[str] | None = None) -> int:
    """Run the command named by ``argv[0]`` with the rest; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(usage(program, commands), file=sys.stdout if args else sys.stderr)
        return 0 if args else 2
    name, rest = args[0], args[1:]
    if name not in commands:
        print(f"unknown command {name!r}\n\n{usage(program, commands)}", file=sys.stderr)
        return 2
    module_name = commands[name][0]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        print(f"the {name!r} command is not available in this build", file=sys.stderr)
        return 2
    return int(module.main(rest))

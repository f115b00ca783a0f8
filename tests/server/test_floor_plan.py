"""The floor plan of ``matches/`` (its ``__init__`` docstring, DESIGN.md "Layout"):
imports point only down, every module has its place, ``bots`` never imports ``matches``.

Read from the source with ``ast``, every import counts: a function-local one too, since
that is how a circle hides."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import matches

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGE = ROOT / "matches"
ORDER = [name for _floor, names in matches.FLOORS for name in names]
FLOOR = {name: floor for floor, names in matches.FLOORS for name in names}


def module_name(path: Path, package: Path) -> str:
    parts = list(path.relative_to(package).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(tree: ast.AST, package: str, here: str) -> Iterator[tuple[str, int]]:
    """(module, line) of every import in ``tree`` of ``package`` (names relative to it);
    ``here`` is the importing module (for relative imports). ``from package import x``
    counts as importing module ``x`` when ``x`` is one, else the package itself."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == package or alias.name.startswith(package + "."):
                    yield alias.name[len(package) + 1 :], node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = here.split(".")[: -node.level] if here else []
                base = ".".join([package, *parent, *([base] if base else [])])
            if base == package:
                for alias in node.names:
                    yield alias.name, node.lineno
            elif base.startswith(package + "."):
                yield base[len(package) + 1 :], node.lineno
        elif isinstance(node, ast.Call):
            # importlib.import_module("matches.x") and the like.
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__") and node.args:
                arg = node.args[0]
                text = arg.value if isinstance(arg, ast.Constant) else None
                if isinstance(text, str) and (text == package or text.startswith(package + ".")):
                    yield text[len(package) + 1 :], node.lineno


def matches_modules() -> dict[str, Path]:
    return {
        module_name(p, PACKAGE): p
        for p in sorted(PACKAGE.rglob("*.py"))
        if "migrations" not in p.relative_to(PACKAGE).parts
    }


def place(name: str) -> int:
    """The module's place in the floor plan; a package's import of a submodule that is
    not listed (``matches.management``) counts as its own listing."""
    return ORDER.index(name)


def test_every_module_of_matches_has_a_place_on_the_floor_plan() -> None:
    unplaced = sorted(set(matches_modules()) - set(ORDER) - {""})
    assert not unplaced, f"give these modules a floor in matches/__init__.py: {unplaced}"
    assert len(ORDER) == len(set(ORDER)), "a module stands on two floors"


def test_matches_modules_import_only_modules_below_them() -> None:
    wrong = []
    for here, path in matches_modules().items():
        if here == "":
            continue
        tree = ast.parse(path.read_text(), str(path))
        for target, line in imported(tree, "matches", here):
            if target == "" or target not in FLOOR:
                continue  # the package itself (FLOORS), or a module checked elsewhere
            if place(target) >= place(here):
                wrong.append(
                    f"matches/{path.relative_to(PACKAGE)}:{line}: {here} ({FLOOR[here]}) "
                    f"imports {target} ({FLOOR[target]}), which stands above it"
                )
    assert not wrong, "\n".join(wrong)


def test_the_check_sees_an_upward_import_even_inside_a_function() -> None:
    source = "def f():\n    from matches.services import match_draw\n"
    found = list(imported(ast.parse(source), "matches", "takeover"))
    assert found == [("services", 2)]
    assert place("services") > place("takeover")
    hidden = "import importlib\nbot_turns = importlib.import_module('matches.bot_turns')\n"
    assert list(imported(ast.parse(hidden), "matches", "")) == [("bot_turns", 2)]


def test_bots_import_neither_matches_nor_django() -> None:
    wrong = []
    for path in sorted((ROOT / "bots").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for package in ("matches", "django", "accounts", "api", "celery"):
            for target, line in imported(tree, package, ""):
                wrong.append(f"bots/{path.relative_to(ROOT / 'bots')}:{line}: {package}.{target}")
    assert not wrong, "bots/ knows only the engine (DESIGN.md):\n" + "\n".join(wrong)

"""``api/`` imports in one direction: no module of it reaches itself again through the
imports of others (issue 32: six of its modules once imported each other in a circle,
held together by function-local imports).

Read from the source with ``ast``, every import counts: a function-local one, one under
``TYPE_CHECKING``, ``importlib.import_module("api.x")`` and ``strawberry.lazy("api.x")``
(strawberry imports the module when it builds the schema). Importing ``api.a.b`` also
runs the package ``api.a``, so it counts as importing that package too."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGE = ROOT / "api"
DYNAMIC = ("import_module", "__import__", "lazy")


def module_name(path: Path) -> str:
    parts = ["api", *path.relative_to(PACKAGE).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def api_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports(tree: ast.AST, here: str, modules: set[str]) -> Iterator[tuple[str, int]]:
    """(module, line) of every module of ``api`` that ``tree`` (the module ``here``)
    imports. ``from api.x import y`` imports ``api.x.y`` when that is a module, else
    ``api.x``."""
    is_package = here in modules and any(m.startswith(here + ".") for m in modules)
    for node in ast.walk(tree):
        found: list[str] = []
        if isinstance(node, ast.Import):
            found = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = here.split(".")
                parent = parent[: len(parent) - node.level + (1 if is_package else 0)]
                base = ".".join([*parent, *([base] if base else [])])
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append(sub if sub in modules else base)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in DYNAMIC and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found = [arg.value]
        for target in found:
            if target != "api" and not target.startswith("api."):
                continue
            parts = target.split(".")
            # the module and every package above it (their __init__ runs first)
            for end in range(len(parts), 1, -1):
                name = ".".join(parts[:end])
                if name in modules:
                    yield name, node.lineno


def import_graph() -> dict[str, dict[str, int]]:
    """Each module of api/ → the modules of api/ it imports (with the first line)."""
    modules = api_modules()
    names = set(modules)
    graph: dict[str, dict[str, int]] = {}
    for here, path in modules.items():
        edges = graph.setdefault(here, {})
        for target, line in imports(ast.parse(path.read_text(), str(path)), here, names):
            if target != here and not here.startswith(target + "."):
                edges.setdefault(target, line)
    return graph


def find_cycle(graph: dict[str, dict[str, int]]) -> list[str] | None:
    """One circle of ``graph`` as the path that closes it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, {})):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_no_module_of_api_imports_itself_through_others() -> None:
    graph = import_graph()
    cycle = find_cycle(graph)
    assert cycle is None, "api/ imports in a circle:\n" + "\n".join(
        f"  {a} imports {b} (line {graph[a][b]})" for a, b in pairwise(cycle)
    )


def test_the_check_sees_a_circle_hidden_in_a_function_or_a_lazy_type() -> None:
    modules = {"api", "api.a", "api.b", "api.c", "api.p", "api.p.x"}
    a = "from api.b import thing\n"
    b = "def f():\n    from api import c\n"
    c = 'import strawberry\nT = strawberry.lazy("api.a")\n'
    x = "from . import y\nfrom .. import a\n"
    graph = {
        name: dict(imports(ast.parse(text), name, modules))
        for name, text in {"api.a": a, "api.b": b, "api.c": c, "api.p.x": x}.items()
    }
    assert graph == {
        "api.a": {"api.b": 1},
        "api.b": {"api.c": 2},
        "api.c": {"api.a": 2},
        "api.p.x": {"api.p": 1, "api.a": 2},
    }
    assert find_cycle(graph) == ["api.a", "api.b", "api.c", "api.a"]
    del graph["api.c"]
    assert find_cycle(graph) is None


def test_the_graph_holds_every_module_of_api() -> None:
    graph = import_graph()
    assert {"api.schema", "api.matches.match", "api.events.subscriptions"} <= set(graph)
    # the root schema lists every domain
    assert {"api.accounts.login", "api.matches.queries", "api.matchmaking"} <= set(
        graph["api.schema"]
    )

"""The production lines of the speed wing's pieces at a commit (docs/performance.md, "The
speed wing in lines"); not a test.

    .venv/bin/python bench/wing_lines.py 3b29965 HEAD

Each piece is a list of files with their top-level names: functions, classes, methods
(``Class.method``) and assignments, counted from their first decorator to their last
line with ``ast``; ``*`` counts the whole file. A name a commit does not have counts 0.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# piece -> "file: names" (``*``: the whole file)
PIECES: dict[str, list[str]] = {
    "lane (config/lane.py)": ["config/lane.py: *"],
    "request threads (config/asgi.py)": ["config/asgi.py: _RequestThread RequestThreads"],
    "middleware (config/middleware.py, the token hand-over, the CSRF check)": [
        "config/middleware.py: *",
        "api/views.py: authenticate_in_thread PREPARED_AUTH",
        "api/apps.py: csrf_middleware_check CSRF_MIDDLEWARE",
    ],
    "lock query, hand-made instances, binding (matches/locks.py)": [
        "matches/locks.py: lock_match_keyed _lock bound_cursor _Columns _PLAIN _attribute"
        " _LockQuery _lock_query Converter",
        "matches/models.py: LOADED Match.save",
    ],
    "status read (matches/locks.py)": ["matches/locks.py: match_status_turn"],
    "one-statement write, changed columns (matches/store.py)": [
        "matches/store.py: _write_move _write_move_orm _MATCH_FIELDS _ALWAYS changed_fields"
        " _columns _move_sql",
    ],
    "idempotency record (matches/play.py)": ["matches/play.py: _record _RECORDS"],
    "raw token SELECT (accounts/services.py)": [
        "accounts/services.py: _token_query _from_row _token_with_user"
    ],
    "validation and limiter caches (api/limits.py)": [
        "api/limits.py: _shape_rules DOCUMENT_CACHE_SIZE _parse CachedParse _validated"
        " CachedValidation",
    ],
    "body parsed once (api/views.py)": [
        "api/views.py: GraphQLView._parsed_body GraphQLView.decode_json"
    ],
    "errors without a Protocol isinstance (api/errors.py)": [
        "api/errors.py: ShapeErrors._process_result"
    ],
    "bot moves inline (matches/bot_turns.py, queueing.py, tasks.py)": [
        "matches/bot_turns.py: playing_bots_inline MAX_INLINE_MOVES",
        "matches/queueing.py: BotTurns _collected collecting_bot_turns",
        "matches/tasks.py: _late",
    ],
    "kombu send path (config/broker.py, config/celery.py)": [
        "config/broker.py: Channel._create_client",
        "config/celery.py: SEND_PATH_SETTINGS _pin_send_path_settings",
    ],
    "worker connections (config/celery.py)": [
        "config/celery.py: keep_database_connections close_old_database_connections"
        " WORKER_DB_CONN_MAX_AGE close_database_connections",
    ],
    "gc.freeze (config/celery.py)": ["config/celery.py: _freeze_start_up_objects"],
}


def source(commit: str, path: str) -> str | None:
    done = subprocess.run(
        ["git", "show", f"{commit}:{path}"], cwd=ROOT, capture_output=True, text=True
    )
    return done.stdout if done.returncode == 0 else None


def spans(text: str) -> dict[str, int]:
    """Lines of each top-level name and each method (``Class.method``)."""
    out: dict[str, int] = {}

    def first(node: ast.stmt) -> int:
        return min([d.lineno for d in getattr(node, "decorator_list", [])] + [node.lineno])

    for node in ast.parse(text).body:
        names: list[str] = []
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names = [node.name]
        elif isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names = [node.target.id]
        for name in names:
            out[name] = (node.end_lineno or node.lineno) - first(node) + 1
        if isinstance(node, ast.ClassDef):
            for sub in node.body:
                if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef):
                    out[f"{node.name}.{sub.name}"] = (sub.end_lineno or sub.lineno) - first(sub) + 1
                elif isinstance(sub, ast.AnnAssign | ast.Assign):
                    target = sub.target if isinstance(sub, ast.AnnAssign) else sub.targets[0]
                    if isinstance(target, ast.Name):
                        out[f"{node.name}.{target.id}"] = (sub.end_lineno or sub.lineno) - (
                            sub.lineno - 1
                        )
    return out


def count(commit: str) -> dict[str, int]:
    lines = {}
    for piece, parts in PIECES.items():
        n = 0
        for part in parts:
            path, names = part.split(": ")
            text = source(commit, path)
            if text is None:
                continue
            if names == "*":
                n += len(text.splitlines())
            else:
                found = spans(text)
                n += sum(found.get(name, 0) for name in names.split())
        lines[piece] = n
    return lines


def main(commits: list[str]) -> None:
    counts = [count(c) for c in commits]
    print("".join(f"{c:>10}" for c in commits) + "  piece")
    for piece in PIECES:
        print("".join(f"{c[piece]:>10}" for c in counts) + f"  {piece}")
    print("".join(f"{sum(c.values()):>10}" for c in counts) + "  total")


if __name__ == "__main__":
    main(sys.argv[1:] or ["HEAD"])

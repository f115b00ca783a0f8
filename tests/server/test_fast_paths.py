"""The FAST_PATHS switch (config/fast_paths.py, issue 32): what a value turns on, and the
one place where a piece that needs PostgreSQL gives way to its plain twin elsewhere.
Settings are read at start-up: each database case runs a fresh process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from config import fast_paths

ROOT = Path(__file__).resolve().parents[2]
POSTGRESQL_ONLY = sorted(n for n, p in fast_paths.PIECES.items() if p.postgresql_only)
ANYWHERE = sorted(n for n, p in fast_paths.PIECES.items() if not p.postgresql_only)


def test_one_turns_every_piece_on_and_zero_none() -> None:
    assert fast_paths.parse("1") == set(fast_paths.PIECES)
    assert fast_paths.parse("") == set(fast_paths.PIECES)
    assert fast_paths.parse("0") == set()
    assert fast_paths.parse("off") == set()


def test_a_list_turns_on_those_pieces_and_minus_leaves_them_off() -> None:
    first, second = sorted(fast_paths.PIECES)[:2]

    assert fast_paths.parse(f"{first}, {second}") == {first, second}
    assert fast_paths.parse(f"-{first}") == set(fast_paths.PIECES) - {first}


@pytest.mark.parametrize(
    "value", ["lock_query,no_such_piece", "-no_such_piece", "lock_query,-move_write"]
)
def test_an_unknown_name_or_a_mixed_list_is_refused(value: str) -> None:
    with pytest.raises(ValueError, match="FAST_PATHS"):
        fast_paths.parse(value)


def test_a_seam_follows_the_setting(settings: Any) -> None:
    settings.FAST_PATHS = fast_paths.parse("1")
    assert all(fast_paths.on(name) for name in fast_paths.PIECES)  # PostgreSQL here
    settings.FAST_PATHS = fast_paths.parse("0")
    assert not any(fast_paths.on(name) for name in fast_paths.PIECES)


def in_process(code: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``code`` after django.setup() in a fresh process: on the embedded SQLite unless
    ``env`` gives a DATABASE_URL."""
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "FAST_PATHS"}}
    clean.update(RUMMY_VAR_DIR=str(tmp_path / "var"), DJANGO_SETTINGS_MODULE="config.settings")
    clean.update(DJANGO_DEBUG="1", **env)
    return subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_on_sqlite_a_piece_that_needs_postgresql_runs_its_plain_twin(tmp_path: Path) -> None:
    done = in_process(
        "from config import fast_paths as f; "
        "print(sorted(n for n in f.PIECES if f.chosen(n) and not f.on(n))); print(f.describe())",
        tmp_path,
    )

    assert done.returncode == 0, done.stderr
    plain, described = done.stdout.splitlines()
    assert plain == repr(POSTGRESQL_ONLY)
    assert f"on sqlite the plain twin of {', '.join(POSTGRESQL_ONLY)}" in described
    assert all(name in described for name in ANYWHERE)


def test_an_unknown_piece_stops_the_process_at_start_up(tmp_path: Path) -> None:
    done = in_process("pass", tmp_path, FAST_PATHS="lock_query,warp_drive")

    assert done.returncode != 0
    assert "ImproperlyConfigured: FAST_PATHS names no piece warp_drive" in done.stderr


def test_off_the_settings_name_only_stock_middleware(tmp_path: Path) -> None:
    done = in_process(
        "from django.conf import settings; print(settings.MIDDLEWARE)", tmp_path, FAST_PATHS="0"
    )

    assert done.returncode == 0, done.stderr
    assert "config." not in done.stdout
    assert "django.middleware.csrf.CsrfViewMiddleware" in done.stdout

"""Logs a person can read (issue 11): no INFO line per periodic tick while idle (real
worker and beat, a sweep every second), and one JSON object a line with LOG_FORMAT=json."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.server.game_workers import ROOT, game_processes


def test_an_idle_worker_and_beat_log_no_line_per_tick(
    postgres: dict[str, Any], redis_url: str, tmp_path: Path
) -> None:
    with game_processes(postgres, redis_url, tmp_path) as procs:
        time.sleep(6)  # about six sweeps and matchmaking ticks, with nothing to do
        logs = procs.logs()

    assert "Sending due task" not in logs, logs
    assert "succeeded in" not in logs and "] received" not in logs, logs


def test_log_format_json_writes_one_json_object_a_line() -> None:
    code = (
        "import django, logging; django.setup();"
        "logging.getLogger('rummy.test').warning('hello %s', 'there');"
        "\ntry:\n 1/0\nexcept ZeroDivisionError:\n"
        " logging.getLogger('rummy.test').exception('boom')"
    )
    env = dict(os.environ, LOG_FORMAT="json", DJANGO_SETTINGS_MODULE="config.settings")
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )

    lines = [json.loads(line) for line in result.stderr.splitlines() if line.strip()]
    assert [(e["level"], e["logger"], e["message"]) for e in lines] == [
        ("WARNING", "rummy.test", "hello there"),
        ("ERROR", "rummy.test", "boom"),
    ], result.stderr
    assert "ZeroDivisionError" in lines[1]["exception"]

"""``python -m bots.solve`` as a subprocess (API.md "Command-line tools")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

EXAMPLE = {
    "ruleset": "rummikub",
    "options": {},
    "table": [["4S", "5S", "6S", "7S"]],
    "hand": ["3S", "4H", "4D", "9C"],
    "opened": True,
    "objective": "cards",
    "timeLimitMs": 1000,
}


def solve_cli(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bots.solve", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_one_request() -> None:
    proc = solve_cli(json.dumps(EXAMPLE))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert sorted(map(sorted, out["table"])) == [["4D", "4H", "4S"], ["5S", "6S", "7S"]]
    assert sorted(out["played"]) == ["4D", "4H"]
    assert out["cards"] == 2 and out["points"] == 8 and out["optimal"] is True
    assert isinstance(out["ms"], float)
    assert "jokersToHand" not in out


def test_jsonl_answers_every_line_in_order_with_errors_in_place() -> None:
    lines = [
        json.dumps(EXAMPLE),
        "not json",
        json.dumps({**EXAMPLE, "hand": ["ZZ"]}),
        json.dumps({**EXAMPLE, "table": [["4S", "5S"]]}),
        json.dumps({**EXAMPLE, "objective": "fun"}),
        json.dumps(["a", "list"]),
        json.dumps({"ruleset": "robbers", "table": [["7S", "7H", "7D", "*"]], "hand": ["7C"],
                    "opened": True}),
        json.dumps({**EXAMPLE, "opened": False}),
    ]  # fmt: skip
    proc = solve_cli("\n".join(lines) + "\n", "--jsonl")
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert answers[0]["cards"] == 2
    assert answers[1]["error"]["code"] == "BAD_INPUT"
    assert answers[2]["error"]["code"] == "UNKNOWN_CARD"
    assert answers[3]["error"]["code"] == "BAD_INPUT"
    assert answers[4]["error"]["code"] == "BAD_INPUT"
    assert answers[5]["error"]["code"] == "BAD_INPUT"
    assert all("message" in a["error"] for a in answers[1:6])
    assert answers[6]["played"] == ["7C"] and answers[6]["jokersToHand"] == 1
    assert answers[7]["cards"] == 0  # 4H-4D... is no opening of 30


def test_nothing_readable_exits_2() -> None:
    for args in ((), ("--jsonl",)):
        proc = solve_cli("", *args)
        assert proc.returncode == 2
        assert json.loads(proc.stdout.splitlines()[0])["error"]["code"] == "BAD_INPUT"
    proc = solve_cli("{nope", "--jsonl")
    assert proc.returncode == 2
    proc = solve_cli("{nope")
    assert proc.returncode == 2

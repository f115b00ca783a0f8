"""``python -m engine check`` as API.md "Command-line tools" specifies it.

The contract tests run the CLI as a subprocess, as a client would; the many small
cases of one request each go through ``engine.cli.main`` in-process (the same code
path, without paying for an interpreter start per case).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import cli, jsoncli

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | bytes) -> tuple[int, list[Any], str]:
    """Run ``python -m engine <args>``; returns the exit status, the JSON lines out, stderr."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    proc = subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=data,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    lines = [json.loads(line) for line in proc.stdout.decode().splitlines() if line.strip()]
    return proc.returncode, lines, proc.stderr.decode()


def check(request: Any) -> dict[str, Any]:
    """One request through the CLI code in-process."""
    out = io.StringIO()
    text = request if isinstance(request, str) else json.dumps(request)
    assert cli.main([], stdin=io.StringIO(text), stdout=out) == 0
    answer: dict[str, Any] = json.loads(out.getvalue())
    return answer


API_MELDS = {"ruleset": "robbers", "options": {}, "melds": [["4S", "5S", "6S"], ["7H", "7H", "7D"]]}
API_TURN = {
    "ruleset": "robbers",
    "options": {},
    "table": [["4S", "5S", "6S", "7S"]],
    "hand": ["3S", "4H", "4D", "9C"],
    "opened": True,
    "commit": [["5S", "6S", "7S"], ["4S", "4H", "4D"]],
}


def test_meld_check_matches_the_api_example() -> None:
    """API.md: a meld check answers valid/kind/points, or the reason code and meldIndex."""
    status, [answer], _ = run("check", stdin=json.dumps(API_MELDS))
    assert status == 0
    first, second = answer["melds"]
    assert {k: first[k] for k in ("valid", "kind", "points")} == {
        "valid": True,
        "kind": "run",
        "points": 15,
    }
    assert second["valid"] is False
    assert second["code"] == "DUPLICATE_SUIT"
    assert second["meldIndex"] == 1
    assert "7H" in second["message"]


def test_turn_check_matches_the_api_example() -> None:
    """API.md / RR-EXAMPLE: the best valid play is accepted, listing the hand cards played."""
    status, [answer], _ = run("check", stdin=json.dumps(API_TURN))
    assert status == 0
    assert answer["ok"] is True
    assert answer["played"] == ["4H", "4D"]
    assert answer["table"] == [["5S", "6S", "7S"], ["4S", "4H", "4D"]]


def test_turn_check_rejects_the_sources_example_with_the_missing_card() -> None:
    """RR-EXAMPLE: 3S-5S-6S-7S has a gap; the answer names 4S."""
    request = dict(API_TURN, commit=[["3S", "5S", "6S", "7S"], ["4S", "4H", "4D"]])
    status, [answer], _ = run("check", stdin=json.dumps(request))
    assert status == 0
    assert answer["ok"] is False
    assert answer["code"] == "INVALID_MELD"
    assert answer["reason"] == "GAP"
    assert answer["missingCard"] == "4S"
    assert answer["meldIndex"] == 0
    assert "needs 4S" in answer["message"]


def test_jsonl_answers_each_line_in_order_and_bad_lines_with_an_error() -> None:
    """API.md --jsonl: one answer a line, in order; bad input answers {"error": …}."""
    lines = [
        json.dumps({"melds": [["*", "*", "6S"]]}),
        "not json",
        "",  # blank lines are skipped, not answered
        json.dumps({"ruleset": "poker", "melds": []}),
        json.dumps(API_TURN),
        json.dumps([1, 2, 3]),
        json.dumps({"ruleset": "rummy", "melds": [["QS", "KS", "AS"]]}),
    ]
    status, answers, _ = run("check", "--jsonl", stdin="\n".join(lines) + "\n")
    assert status == 0
    assert len(answers) == 6
    assert answers[0]["melds"][0]["cards"] == ["6S", "*:7S", "*:8S"]  # R-JOKER
    assert answers[1]["error"]["code"] == "BAD_INPUT"
    assert answers[2]["error"]["code"] == "BAD_OPTION"
    assert "poker" in answers[2]["error"]["message"]
    assert answers[3]["ok"] is True
    assert answers[4]["error"]["code"] == "BAD_INPUT"
    assert answers[5]["melds"][0]["code"] == "RUN_WRAPS"


def test_exit_status_2_when_nothing_could_be_read() -> None:
    """API.md: exit status 2 when nothing could be read at all."""
    status, answers, _ = run("check", "--jsonl", stdin="junk\n{also junk\n")
    assert status == 2
    assert [a["error"]["code"] for a in answers] == ["BAD_INPUT", "BAD_INPUT"]
    status, [answer], _ = run("check", stdin="")
    assert status == 2
    assert answer["error"]["code"] == "BAD_INPUT"
    status, [answer], _ = run("check", stdin=b"\xff\xfe{")
    assert status == 2


def test_deeply_nested_json_is_an_error_not_a_crash() -> None:
    status, [answer], stderr = run("check", stdin="[" * 100_000 + "]" * 100_000)
    assert status == 2
    assert answer["error"]["code"] == "BAD_INPUT"
    assert "Traceback" not in stderr


def test_dispatcher_refuses_unknown_commands_and_reaches_simulate() -> None:
    status, _, stderr = run("frobnicate", stdin="")
    assert status == 2
    assert "unknown command" in stderr
    status, _, stderr = run(stdin="")
    assert status == 2
    assert "check" in stderr
    # `simulate` is dispatched lazily to engine/simulate.py; its --help exits 0.
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "--help"],
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0
    assert b"simulate" in proc.stdout


# -- in-process cases ---------------------------------------------------------------------


def test_meld_check_reports_unknown_codes_per_meld() -> None:
    answer = check({"melds": [["ZZ", "4S", "5S"], ["4S", "5S", "6S"], "7H"]})
    bad, good, junk = answer["melds"]
    assert (bad["valid"], bad["code"], bad["meldIndex"]) == (False, "UNKNOWN_CARD", 0)
    assert good["valid"] is True
    assert (junk["valid"], junk["code"]) == (False, "BAD_INPUT")


def test_meld_check_gap_names_the_missing_card() -> None:
    """R-EXPLAIN: "needs 7H between 6H and 8H"."""
    [entry] = check({"melds": [["6H", "8H", "9H"]]})["melds"]
    assert entry["code"] == "GAP"
    assert entry["missingCard"] == "7H"
    assert entry["message"] == "needs 7H between 6H and 8H"


def test_meld_check_uses_the_ruleset_values() -> None:
    """R-JOKER: *,*,KS is three kings with Rummikub values, J-Q-K with Robbers values."""
    rk = check({"ruleset": "rummikub", "melds": [["*", "*", "KS"]]})["melds"][0]
    rr = check({"ruleset": "robbers", "melds": [["*", "*", "KS"]]})["melds"][0]
    assert (rk["kind"], rk["points"]) == ("group", 39)
    assert (rr["kind"], rr["points"]) == ("run", 30)


def test_meld_check_options_apply() -> None:
    """R-RUN ace_high: Q-K-A valid."""
    [entry] = check({"options": {"ace_high": True}, "melds": [["QS", "KS", "AS"]]})["melds"]
    assert entry["valid"] is True


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"ruleset": "robbers", "options": {"jokers": 9}, "melds": []}, "BAD_OPTION"),
        ({"options": {"players": 7}, "melds": []}, "BAD_OPTION"),
        ({"options": [1], "melds": []}, "BAD_OPTION"),
        ({"melds": "4S 5S 6S"}, "BAD_INPUT"),
        ({"melds": [["4S", "5S", "6S"]] * 1001}, "BAD_INPUT"),
        ({"ruleset": "robbers"}, "BAD_INPUT"),
        ({"commit": [["4S", "5S", "6S"]]}, "BAD_INPUT"),  # no hand
        ({"hand": "4S", "commit": []}, "BAD_INPUT"),
        ({"hand": [], "opened": "yes", "commit": []}, "BAD_INPUT"),
        ({"table": [["4S", "5S"]], "hand": ["6S"], "commit": [["4S", "5S", "6S"]]}, "BAD_INPUT"),
        ({"hand": ["7H", "7H", "7H"], "commit": [["7H", "8H", "9H"]]}, "TOO_MANY_COPIES"),
        ({"hand": ["4S"], "commit": [["4S", "5S", "QQ"]]}, "UNKNOWN_CARD"),
        (
            {"hand": ["4S"], "commit": [], "jokerSwaps": [{"meldIndex": "0", "card": "4S"}]},
            "BAD_INPUT",
        ),
        (
            {"hand": ["4S"], "commit": [], "jokerSwaps": [{"meldIndex": 0, "card": "4X"}]},
            "UNKNOWN_CARD",
        ),
    ],
)
def test_bad_requests_answer_a_typed_error(request_: Any, code: str) -> None:
    assert check(request_)["error"]["code"] == code


def test_turn_check_refusals_carry_their_code() -> None:
    """RR-OPEN: an opening below the minimum is a refusal, not an error."""
    answer = check({"hand": ["KC", "QC", "JC"], "opened": False, "commit": [["KC", "QC", "JC"]]})
    assert answer["ok"] is False
    assert answer["code"] == "OPENING_TOO_LOW"


def test_turn_check_reports_an_opening_and_redemptions() -> None:
    """RR-OPEN openingPoints; RR-JOKER jokersToHand with a named swap."""
    opening = check({"hand": ["AS", "AH", "AD"], "opened": False, "commit": [["AS", "AH", "AD"]]})
    assert (opening["ok"], opening["openingPoints"]) == (True, 45)
    swap = check(
        {
            "table": [["4H", "*", "6H"]],
            "hand": ["5H"],
            "opened": True,
            "commit": [["4H", "5H", "6H"]],
            "jokerSwaps": [{"meldIndex": 0, "card": "5H"}],
        }
    )
    assert (swap["ok"], swap["jokersToHand"], swap["played"]) == (True, 1, ["5H"])


def test_classic_rummy_turn_is_judged_after_the_draw() -> None:
    """CR-LAYOFF: the hand includes the drawn card; a lay-off is accepted, a split is not."""
    layoff = check(
        {"ruleset": "rummy", "table": [["4S", "5S", "6S"]], "hand": ["7S", "2D"],
         "commit": [["4S", "5S", "6S", "7S"]]}
    )  # fmt: skip
    assert (layoff["ok"], layoff["played"]) == (True, ["7S"])
    split = check(
        {"ruleset": "rummy", "table": [["5S", "6S", "7S", "8S"]], "hand": ["8H", "8D"],
         "commit": [["5S", "6S", "7S"], ["8S", "8H", "8D"]]}
    )  # fmt: skip
    assert (split["ok"], split["code"]) == (False, "MANIPULATION_NOT_ALLOWED")


def test_an_overlong_request_is_refused_before_parsing() -> None:
    out = io.StringIO()
    text = json.dumps({"melds": [["4S"] * (jsoncli.MAX_REQUEST_CHARS // 5)]})
    assert cli.main([], stdin=io.StringIO(text), stdout=out) == 2
    assert json.loads(out.getvalue())["error"]["code"] == "BAD_INPUT"

"""Table-driven rule tests (STYLE 10): every line of ``fixtures/*.jsonl`` is a case.

Like python-chess's perft files, the fixtures are data a reviewer can read against
RULES.md: each names the rule it exercises (``rule``), the rule set, the input and
the expected result. ``melds.jsonl`` reads one meld (R-RUN, R-GROUP, R-JOKER,
R-EXPLAIN, R-CODE); ``turns.jsonl`` judges one commit (RR-MANIP, RR-OPEN, RR-JOKER,
RK-*, CR-LAYOFF, RR-EXAMPLE); ``rulesets.jsonl`` builds one rule set.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.cards import Card, parse_card
from engine.errors import BadInput, EngineError, InvalidMeld, RuleViolation
from engine.melds import read_meld
from engine.rules import ruleset
from engine.turn import JokerSwap, check_turn, parse_hand, read_table

FIXTURES = Path(__file__).parent / "fixtures"
RULE_ID = re.compile(r"^(R|RR|RK|CR|T)-[A-Z]+$")


def _load(name: str) -> list[dict[str, Any]]:
    lines = (FIXTURES / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _id(case: dict[str, Any]) -> str:
    shown = case.get("meld", case.get("commit", case.get("options")))
    return f"{case['rule']}:{case['ruleset']}:{json.dumps(shown)[:60]}"


MELDS = _load("melds.jsonl")
TURNS = _load("turns.jsonl")
RULESETS = _load("rulesets.jsonl")


ERRORS: dict[str, type[EngineError]] = {
    "BadInput": BadInput,
    "RuleViolation": RuleViolation,
    "InvalidMeld": InvalidMeld,
}


def _assert_error(exc: EngineError, case: dict[str, Any]) -> None:
    """The error family (STYLE 5), its code, and each detail the case names."""
    assert type(exc) is ERRORS[case["error"]], f"{type(exc).__name__} {exc.as_dict()}"
    got = exc.as_dict()
    assert got["code"] == case["code"], got
    for key in ("reason", "missingCard", "missingCards", "meldIndex"):
        if key in case:
            assert got.get(key) == case[key], got
    if "message" in case:
        assert case["message"] in str(got["message"]), got


def test_fixture_files_are_big_enough_and_cite_rules() -> None:
    """STYLE 10: at least ~150 meld and ~60 turn cases, each citing a RULES.md id."""
    assert len(MELDS) >= 150
    assert len(TURNS) >= 60
    for case in MELDS + TURNS + RULESETS:
        assert RULE_ID.match(case["rule"]), case


@pytest.mark.parametrize("case", MELDS, ids=_id)
def test_meld_fixture(case: dict[str, Any]) -> None:
    rules = ruleset(case["ruleset"], case["options"])
    if case["valid"]:
        meld = read_meld(rules, case["meld"])
        assert (meld.kind, meld.points) == (case["kind"], case["points"]), meld
        if "cards" in case:
            assert list(meld.codes) == case["cards"]
        # R-JOKER: what the server returns reads back as the same meld.
        assert read_meld(rules, meld.codes) == meld
    else:
        with pytest.raises(EngineError) as info:
            read_meld(rules, case["meld"])
        _assert_error(info.value, case)


def _turn(case: dict[str, Any]) -> Any:
    rules = ruleset(case["ruleset"], case["options"])
    table = read_table(rules, case["table"])
    swaps = [JokerSwap(i, parse_card(c)) for i, c in case.get("jokerSwaps", [])]
    return check_turn(
        rules,
        table=table,
        hand=parse_hand(case["hand"]),
        opened=case["opened"],
        commit=case["commit"],
        joker_swaps=swaps,
        seat=case.get("seat", 0),
        placed_by=case.get("placedBy"),
    )


@pytest.mark.parametrize("case", TURNS, ids=_id)
def test_turn_fixture(case: dict[str, Any]) -> None:
    if case["ok"]:
        result = _turn(case)
        played = Counter(Card.parse(c) for c in case["played"])
        assert Counter(result.played) == played
        assert result.jokers_to_hand == case.get("jokersToHand", 0)
        assert result.opening_points == case.get("openingPoints")
        if "placedByAfter" in case:
            assert [list(p) for p in result.placed_by] == case["placedByAfter"]
        if "tableAfter" in case:
            assert [list(m.codes) for m in result.table] == case["tableAfter"]
    else:
        with pytest.raises(EngineError) as info:
            _turn(case)
        _assert_error(info.value, case)


@pytest.mark.parametrize("case", RULESETS, ids=_id)
def test_ruleset_fixture(case: dict[str, Any]) -> None:
    if case["ok"]:
        rules = ruleset(case["ruleset"], case["options"])
        for key, value in case.get("expect", {}).items():
            assert getattr(rules, key) == value, key
    else:
        with pytest.raises(EngineError) as info:
            ruleset(case["ruleset"], case["options"])
        _assert_error(info.value, case)

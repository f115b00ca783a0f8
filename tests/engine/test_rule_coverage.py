"""Every rule id of RULES.md is cited by at least one engine test (issue 3).

The ids are kept in rule_ids.txt; where the specification sits beside the checkout
(../shared/RULES.md, as on developer machines and in CI) the list is checked against it,
so a rule added to the specification cannot go untested unnoticed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SPEC = ROOT.parent / "shared" / "RULES.md"
RULE_ID = re.compile(r"\b(?:R|RR|RK|CR|T)-[A-Z]+(?:-[A-Z]+)*\b")


def rule_ids() -> list[str]:
    return (HERE / "rule_ids.txt").read_text().split()


def test_rule_id_list_matches_the_specification() -> None:
    if not SPEC.exists():
        pytest.skip("../shared/RULES.md is not beside this checkout")
    assert sorted(set(RULE_ID.findall(SPEC.read_text()))) == sorted(rule_ids())


@pytest.mark.parametrize("rule", rule_ids())
def test_rule_is_cited_by_a_test(rule: str) -> None:
    snake = rule.lower().replace("-", "_")
    cited = re.compile(rf"{re.escape(rule)}\b|\b(?:test_)?{snake}(?:_|\b)")
    for path in HERE.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        if cited.search(path.read_text()):
            return
    for path in (HERE / "fixtures").glob("*"):
        if cited.search(path.read_text()):
            return
    pytest.fail(f"no engine test cites {rule}")

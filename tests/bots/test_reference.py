"""The solver against an independent reference (an integer programme solved by HiGHS).

300 generated positions (early, mid, late with 60..100 table cards, joker-heavy), after
opening with manipulation: the solver's value must equal the reference optimum, and
every play it returns must pass the engine's turn check (``strict`` raises otherwise).
"""

from __future__ import annotations

from collections import Counter

import pytest

from bots.positions import CATEGORIES, generate
from bots.solver import solve
from engine.cards import ALL_NATURALS, JOKER, parse_card
from engine.turn import check_turn, read_table
from tests.bots.reference import reference_value

PER_CATEGORY = 75


@pytest.mark.parametrize("category", CATEGORIES)
def test_solver_matches_reference(category: str) -> None:
    mismatches = []
    for seed in range(PER_CATEGORY):
        pos = generate(category, seed)
        rules = pos.rules
        table = read_table(rules, [list(m) for m in pos.table])
        hand = Counter(parse_card(c) for c in pos.hand)
        play = solve(rules, table, hand, opened=True, strict=True)
        assert play.optimal
        # (cards, points) as cards * 1000 + points keeps the numbers small for HiGHS
        weight = {c: 1000 + rules.card_value(c) for c in (*ALL_NATURALS, JOKER)}
        got = sum(weight[c] for c in play.played)
        assert divmod(got, 1000) == (play.cards, play.points)
        want = reference_value(rules, table, hand, weight, redeem=rules.joker_to_hand, known=got)
        if got != want:
            mismatches.append((seed, divmod(got, 1000), divmod(want, 1000)))
        if play.cards:
            chk = check_turn(
                rules,
                table=table,
                hand=hand,
                opened=True,
                commit=[list(m.codes) for m in play.table],
            )
            assert Counter(chk.played) == Counter(play.played)
            assert not Counter(chk.played) - hand
    assert not mismatches, mismatches

"""More of the solver against independent references: the points objective (HiGHS) and
openings (brute force over every packing of every meld the hand holds)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bots.positions import CATEGORIES, generate
from bots.solver import SCALE, solve
from engine.cards import ALL_NATURALS, JOKER, deck, parse_card
from engine.rules import ruleset
from engine.turn import read_table
from tests.bots.reference import opening_reference, reference_value


@pytest.mark.parametrize("category", CATEGORIES)
def test_points_objective_matches_reference(category: str) -> None:
    for seed in range(100, 125):
        pos = generate(category, seed)
        rules = pos.rules
        table = read_table(rules, [list(m) for m in pos.table])
        hand = Counter(parse_card(c) for c in pos.hand)
        play = solve(rules, table, hand, opened=True, objective="points", strict=True)
        # points * 100 + cards: the points first, the count breaks ties
        weight = {c: rules.card_value(c) * 100 + 1 for c in (*ALL_NATURALS, JOKER)}
        got = sum(weight[c] for c in play.played)
        assert divmod(got, 100) == (play.points, play.cards)
        want = reference_value(rules, table, hand, weight, redeem=rules.joker_to_hand, known=got)
        assert divmod(got, 100) == divmod(want, 100), seed


@pytest.mark.parametrize("name", ["robbers", "rummikub"])
@pytest.mark.parametrize("objective", ["cards", "points"])
def test_openings_match_brute_force(name: str, objective: str) -> None:
    rules = ruleset(name)
    rng = random.Random(f"{name}:{objective}")
    pool = list(deck(2, rules.jokers))
    for _ in range(40):
        # a hand rich in melds: a few ranks and suits only
        ranks = rng.sample(range(1, 14), 4)
        near = [c for c in pool if c.is_joker or c.rank in ranks]
        hand = Counter(rng.sample(near, rng.randint(5, 10)))
        while hand[JOKER] > 2:
            hand[JOKER] -= 1
        hand = +hand
        play = solve(rules, [], hand, opened=False, objective=objective, strict=True)  # type: ignore[arg-type]
        if objective == "cards":
            weight = {c: SCALE + rules.card_value(c) for c in (*ALL_NATURALS, JOKER)}
        else:
            weight = {c: rules.card_value(c) * SCALE + 1 for c in (*ALL_NATURALS, JOKER)}
        got = sum(weight[c] for c in play.played)
        assert got == opening_reference(rules, hand, weight), sorted(hand.elements())

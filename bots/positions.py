"""Seeded random positions for the solver's tests and benchmark.

A position is a random valid table, built meld by meld from a shuffled deck with
jokers, and a hand dealt from the cards left. Categories follow the course of a
game: ``early`` (up to 24 table cards), ``mid`` (25..59), ``late`` (60..100) and
``jokers`` (joker-heavy: 6 jokers in the deck, most of them on the table or in hand).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engine.cards import JOKER, SUITS, Card, deck
from engine.rules import RuleSet, ruleset

CATEGORIES = ("early", "mid", "late", "jokers")


@dataclass(frozen=True, slots=True)
class Position:
    category: str
    rules: RuleSet
    table: tuple[tuple[str, ...], ...]
    hand: tuple[str, ...]
    opened: bool = True

    def as_json(self, objective: str = "cards") -> dict[str, object]:
        """The input of ``python -m bots.solve``."""
        return {
            "ruleset": self.rules.name,
            "options": _options(self.rules),
            "table": [list(m) for m in self.table],
            "hand": list(self.hand),
            "opened": self.opened,
            "objective": objective,
        }


def _options(rules: RuleSet) -> dict[str, object]:
    base = ruleset(rules.name)
    return {
        k: v
        for k, v in rules.options().items()
        if v != getattr(base, k) and k not in ("name", "family")
    }


_SIZES = {
    "early": ((3, 24), (10, 20)),
    "mid": ((25, 59), (6, 18)),
    "late": ((60, 100), (5, 16)),
    "jokers": ((20, 80), (5, 16)),
}


def generate(category: str, seed: int, rules: RuleSet | None = None) -> Position:
    """One position of a category, the same for the same seed."""
    rng = random.Random(f"{category}:{seed}")
    if rules is None:
        rules = ruleset("robbers") if seed % 3 else ruleset("rummikub")
    if category == "jokers":
        rules = replace(rules, jokers=rules.max_jokers)
    (tlo, thi), (hlo, hhi) = _SIZES[category]
    target = rng.randint(tlo, thi)
    joker_rate = 0.35 if category == "jokers" else 0.06
    for _ in range(50):
        pool = deck(rules.decks, rules.jokers)
        rng.shuffle(pool)
        table = _build_table(rng, rules, pool, target, joker_rate)
        if table is not None:
            break
    else:  # pragma: no cover - the sizes above are always reachable
        raise RuntimeError(f"could not build a {category} table")
    rest = list(pool)
    rng.shuffle(rest)
    if category == "jokers":
        # Most jokers left go to the hand, the rest stays in the stock.
        jokers = [c for c in rest if c.is_joker]
        rest = [c for c in rest if not c.is_joker]
        n_hand = rng.randint(hlo, hhi)
        take = min(len(jokers), rng.randint(1, 3))
        hand = jokers[:take] + rest[: max(0, n_hand - take)]
    else:
        hand = rest[: rng.randint(hlo, hhi)]
    return Position(
        category,
        rules,
        tuple(tuple(c.code for c in m) for m in table),
        tuple(c.code for c in sorted(hand)),
    )


def _build_table(
    rng: random.Random, rules: RuleSet, pool: list[Card], target: int, joker_rate: float
) -> list[list[Card]] | None:
    table: list[list[Card]] = []
    size = 0
    fails = 0
    while size < target and fails < 400:
        meld = _try_meld(rng, rules, pool, joker_rate, max_len=min(8, max(3, target - size)))
        if meld is None:
            fails += 1
            continue
        table.append(meld)
        size += len(meld)
    if size < target and size < 3:
        return None
    return table


def _try_meld(
    rng: random.Random, rules: RuleSet, pool: list[Card], joker_rate: float, max_len: int
) -> list[Card] | None:
    if rng.random() < 0.55:
        suit = rng.choice(SUITS)
        top = rules.max_run_rank
        length = rng.randint(3, max(3, min(max_len, 6)))
        start = rng.randint(1, top - length + 1)
        wanted = [Card(1 if r == 14 else r, suit) for r in range(start, start + length)]
    else:
        rank = rng.randint(1, 13)
        suits = rng.sample(SUITS, rng.choice((3, 3, 4)))
        wanted = [Card(rank, s) for s in suits]
    taken: list[Card] = []
    jokers = 0
    for card in wanted:
        use_joker = rng.random() < joker_rate and jokers + 1 < len(wanted)
        if not use_joker and card in pool:
            taken.append(card)
        elif JOKER in pool and jokers + 1 < len(wanted) and pool.count(JOKER) > jokers:
            taken.append(JOKER)
            jokers += 1
        else:
            return None
    # remove from the pool only once the whole meld is certain
    for card in taken:
        pool.remove(card)
    if all(c.is_joker for c in taken):  # pragma: no cover - guarded above
        return None
    return taken

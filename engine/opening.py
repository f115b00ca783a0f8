"""The opening (RR-OPEN, RK-OPEN): what a seat's first play must be and is worth.

Whether a seat plays as opened at all is :meth:`engine.rules.RuleSet.plays_as_opened`,
the one opening rule everyone asks; :func:`check_opening` judges a first play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.cards import Card
from engine.errors import Code, RuleViolation
from engine.melds import Meld
from engine.rules import RuleSet

# Nodes the opening search may visit; far beyond any real hand, a bound on hostile ones.
_OPENING_SEARCH_BUDGET = 20_000


def meld_identity(meld: Meld) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A meld as its cards and what its jokers stand for: relisting a meld with a
    joker standing for another card makes another meld (RR-OPEN Decision)."""
    jokers = sorted(r for c, r in zip(meld.cards, meld.represents, strict=True) if c.is_joker)
    return meld.key(), tuple(jokers)


def check_opening(
    rules: RuleSet,
    table: Sequence[Meld],
    new: Sequence[Meld],
    played: Counter[Card],
    gone_jokers: int,
) -> int:
    """RR-OPEN / RK-OPEN: the value of the opening melds; raises NOT_OPENED or
    OPENING_TOO_LOW."""
    if gone_jokers:
        raise RuleViolation(
            Code.NOT_OPENED,
            "jokers on the table can be redeemed only after opening",
            rule="RR-JOKER",
        )
    old_keys = Counter(meld_identity(m) for m in table)
    if old_keys <= Counter(meld_identity(m) for m in new):
        # Every table meld is still there as it was, its jokers standing for the same
        # cards: the other melds are the played cards exactly, and all are the opening.
        fresh: list[Meld] = []
        for meld in new:
            if old_keys[meld_identity(meld)]:
                old_keys[meld_identity(meld)] -= 1
            else:
                fresh.append(meld)
        points = sum(m.points for m in fresh)
    elif rules.manipulate_on_opening_turn:
        # The opening is the new melds made of played cards alone; the rest of the
        # change is rearranging, allowed once the opening is down.
        points = _best_opening(new, played)
    else:
        raise RuleViolation(
            Code.NOT_OPENED,
            "before opening, a play is new melds from your hand only; table melds stay as they are",
            rule="RR-OPEN",
        )
    if points < rules.opening_min:
        raise RuleViolation(
            Code.OPENING_TOO_LOW,
            f"an opening needs at least {rules.opening_min} points; these melds make {points}",
            rule="RR-OPEN",
            points=points,
            points_needed=rules.opening_min,
        )
    return points


def _best_opening(new: Sequence[Meld], played: Counter[Card]) -> int:
    """The most points a set of new melds made of the played cards alone can make.

    Identical cards are interchangeable, so any meld whose cards the played cards
    cover may be the one laid from hand; several such melds must be covered jointly.
    """
    candidates = sorted(
        (m for m in new if Counter(m.cards) <= played), key=lambda m: m.points, reverse=True
    )
    needs = [Counter(m.cards) for m in candidates]
    suffix = [0] * (len(candidates) + 1)
    for i in range(len(candidates) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + candidates[i].points
    best = 0
    budget = _OPENING_SEARCH_BUDGET

    def search(i: int, pool: Counter[Card], points: int) -> None:
        nonlocal best, budget
        best = max(best, points)
        budget -= 1
        if i == len(candidates) or budget <= 0 or points + suffix[i] <= best:
            return
        if needs[i] <= pool:
            search(i + 1, pool - needs[i], points + candidates[i].points)
        search(i + 1, pool, points)

    search(0, played, 0)
    return best

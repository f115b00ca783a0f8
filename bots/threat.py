"""An opponent about to go out: how likely a table lets them (EXPERT, issue 4).

In open-manipulation rummy every card laid becomes part of the table any player may
rebuild, so a play can hand the next player the very places their last cards needed.
HARD never asks; EXPERT does once an opponent holds few cards: it guesses their hand
and measures, for each table it could leave, the share of guesses that go out on it.

The guesses are conditioned on what the opponent did not do. A player who could lay a
card on the table lays it (every level past EASY does, and so do people racing to go
out), so the opponent's cards are, but for the one they may just have drawn, cards that
cannot be placed on the current table even alone: sampling from the unseen cards that
fail that test, instead of from all of them, is what makes the estimate sharp (a large
table takes most single cards). Jokers fit almost anywhere, so they come only as the
drawn card.

Only the view is used (:func:`bots.sampling.unseen`: the cards this seat cannot see),
so the guesses are fair: nothing of another hand or of the stock order is read.

Measured (``bench/tournament.py --ruleset robbers --games 400 --seed 2026``): EXPERT
won 61.8% [56.9%, 66.4%] of single-round heads-up matches against HARD, where it had
been even (50.5%) without this check. For scale, the same check fed the opponent's
real hand (a cheat, in an experiment) won 59.5%: the conditioned guesses lose little.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bots.sampling import unseen
from bots.solver import solve
from bots.strategy import Seen
from engine.cards import Card
from engine.errors import EngineError
from engine.melds import Meld
from engine.rules import RuleSet

# An opponent with this many cards or fewer is watched.
NEAR = 4
# Sampled hands per watched opponent.
SAMPLES = 40
# The chance that one card of the opponent's hand is the card drawn last turn (so not
# conditioned on): an opponent close to going out draws about as often as it plays.
DRAWN_SHARE = 0.5
# Time per solver call while judging (small hands: far less is used).
CALL_MS = 50.0


class OutOfTime(Exception):
    """The judging budget ran out; the caller plays as if there were no threat."""


@dataclass(slots=True)
class Threat:
    """Sampled hands of the watched opponents, and a way to judge tables with them."""

    rules: RuleSet
    hands: list[list[Counter[Card]]]  # per sample, one hand per watched opponent
    deadline: float | None = None

    def p_out(self, table: Sequence[Meld]) -> float:
        """The share of samples in which some watched opponent goes out on ``table``."""
        if not self.hands:
            return 0.0
        outs = sum(1 for sample in self.hands if any(self._goes_out(table, h) for h in sample))
        return outs / len(self.hands)

    def _goes_out(self, table: Sequence[Meld], hand: Counter[Card]) -> bool:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        return placed(self.rules, table, hand) == hand.total()


def placed(rules: RuleSet, table: Sequence[Meld], hand: Mapping[Card, int]) -> int:
    """How many of ``hand``'s cards an opened player can lay on ``table`` this turn."""
    try:
        return solve(rules, table, hand, opened=True, time_limit_ms=CALL_MS).cards
    except (EngineError, ValueError, AssertionError, RecursionError):
        return 0


def watched(seen: Seen, near: int = NEAR) -> dict[int, int]:
    """Opponents who could go out on the table next: opened (or needing no opening),
    holding ``near`` cards or fewer. Seat -> hand count."""
    rules = seen.rules
    out: dict[int, int] = {}
    for s in seen.view["seats"]:
        index = int(s["index"])
        if index == seen.seat or index not in seen.other_counts:
            continue
        count = seen.other_counts[index]
        opened = rules.plays_as_opened(bool(s.get("opened")))
        if opened and 0 < count <= near:
            out[index] = count
    return out


def threat(
    seen: Seen,
    rng: random.Random,
    *,
    near: int = NEAR,
    samples: int = SAMPLES,
    deadline: float | None = None,
) -> Threat | None:
    """Sampled hands of the opponents close to going out; None when nobody is, or when
    too few unseen cards fit the conditioning. Raises OutOfTime past ``deadline``."""
    counts = watched(seen, near)
    if not counts or not seen.rules.manipulation:
        return None
    pool = unseen(seen)
    # Cards the opponent would have laid had they held them: those placeable alone.
    dead: list[Card] = []
    for card, n in sorted(pool.items()):
        if deadline is not None and time.perf_counter() > deadline:
            raise OutOfTime
        if not card.is_joker and placed(seen.rules, seen.table, Counter([card])) == 0:
            dead.extend([card] * n)
    everything = sorted(pool.elements())
    if len(dead) < sum(counts.values()):
        return None
    hands: list[list[Counter[Card]]] = []
    for _ in range(samples):
        left = list(dead)
        rng.shuffle(left)
        sample: list[Counter[Card]] = []
        for _seat, count in sorted(counts.items()):
            if rng.random() < DRAWN_SHARE:
                hand = [*left[: count - 1], rng.choice(everything)]
            else:
                hand = left[:count]
            del left[:count]
            sample.append(Counter(hand))
        hands.append(sample)
    return Threat(seen.rules, hands, deadline)

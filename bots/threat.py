"""Opponents about to go out: how likely a table lets them (EXPERT, issues 4 and 28).

In open-manipulation rummy every card laid becomes part of the table any player may
rebuild, so a play can hand the next player the very places their last cards needed.
HARD never asks; EXPERT does once an opponent holds few cards: it guesses their hands
and measures, for each table it could leave, the share of guesses that go out on it.

The guesses are conditioned on what the opponent did not do. A player who could lay a
card on the table lays it (every level past EASY does, and so do people racing to go
out), so the opponent's cards are, but for the one they may just have drawn, cards that
cannot be placed on the current table even alone: sampling from the unseen cards that
fail that test, instead of from all of them, is what makes the estimate sharp (a large
table takes most single cards). Jokers fit almost anywhere, so they come only as the
drawn card.

Every guess is judged on every candidate table (the same guesses for all, so that their
differences are not noise), by :func:`bots.solver.fits_all`, the solver asked only
whether a hand fits. A candidate table is the current one and the cards laid on it; a
guessed hand none of whose cards is near a card laid (same rank, or same suit within two
ranks) is taken to fit it when it fits the current table, and is not asked again.

Only the view is used (:func:`bots.sampling.unseen`: the cards this seat cannot see),
so the guesses are fair: nothing of another hand or of the stock order is read.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bots._dp import Timeout
from bots.budget import Budget, OutOfTime
from bots.sampling import unseen
from bots.solver import fits_all
from bots.strategy import Seen, extends
from engine.cards import JOKER, Card
from engine.melds import Meld
from engine.rules import RuleSet

# An opponent with this many cards or fewer is watched.
NEAR = 4
# Sampled hands per watched opponent.
SAMPLES = 24
# Fewer samples than this judge nothing (the budget ran out first).
MIN_SAMPLES = 8
# The chance that one card of the opponent's hand is the card drawn last turn (so not
# conditioned on): an opponent close to going out draws about as often as it plays.
DRAWN_SHARE = 0.5
# Ranks apart within which two cards of a suit may meet in a run.
REACH = 2


@dataclass(slots=True)
class Threat:
    """Sampled hands of the watched opponents, and the tables judged on them."""

    rules: RuleSet
    table: tuple[Meld, ...]  # the current table
    hands: list[list[Counter[Card]]]  # per sample, one hand per watched opponent
    budget: Budget
    # (sample, opponent) -> does that hand fit the current table
    now: dict[tuple[int, int], bool] = field(default_factory=dict)
    # (table, hand) -> does it fit (guesses repeat, the one-card ones often)
    memo: dict[tuple[int, frozenset[tuple[Card, int]]], bool] = field(default_factory=dict)

    def judge(self, tables: Sequence[Sequence[Meld]]) -> list[float]:
        """For each table, the share of samples in which some watched opponent goes out
        on it. Samples are judged in turn on every table until the budget runs out; at
        least ``MIN_SAMPLES`` of them, or OutOfTime."""
        outs = [0] * len(tables)
        near = [_near_cards(self.table, t) for t in tables]
        done = 0
        try:
            for k, sample in enumerate(self.hands):
                got = [
                    any(
                        self._fits(table, hand) if _touches(hand, near[i]) else self._now(k, j)
                        for j, hand in enumerate(sample)
                    )
                    for i, table in enumerate(tables)
                ]
                for i, out in enumerate(got):
                    outs[i] += out
                done += 1
        except (OutOfTime, Timeout):
            pass
        if done < MIN_SAMPLES:
            raise OutOfTime
        return [o / done for o in outs]

    def _fits(self, table: Sequence[Meld], hand: Counter[Card]) -> bool:
        key = (id(table), frozenset(hand.items()))
        hit = self.memo.get(key)
        if hit is None:
            self.budget.check()
            hit = self.memo[key] = fits(self.rules, table, hand, self.budget)
        return hit

    def _now(self, k: int, j: int) -> bool:
        hit = self.now.get((k, j))
        if hit is None:
            hit = self.now[(k, j)] = self._fits(self.table, self.hands[k][j])
        return hit


def fits(rules: RuleSet, table: Sequence[Meld], hand: Counter[Card], budget: Budget) -> bool:
    """Does ``hand`` fit ``table`` whole (:func:`bots.solver.fits_all`)? A single card
    that extends a meld or splits a run is seen at once, without the search."""
    if hand.total() == 1:
        (card,) = hand
        if any(_takes(rules, meld, card) for meld in table):
            return True
    return fits_all(rules, table, hand, deadline=budget.deadline())


def _takes(rules: RuleSet, meld: Meld, card: Card) -> bool:
    """Can ``meld`` take ``card`` alone: at an end of a run, in a group missing its suit,
    or splitting a run into two that keep three cards each?"""
    if card.is_joker:
        return (meld.kind == "group" and len(meld.cards) < 4) or meld.kind == "run"
    if extends(rules, meld, card):
        return True
    if meld.kind != "run" or meld.represents[0].suit != card.suit:
        return False
    ranks = [14 if r.rank == 1 and i else r.rank for i, r in enumerate(meld.represents)]
    return any(r == card.rank and i >= 2 and len(ranks) - i >= 3 for i, r in enumerate(ranks))


def _near_cards(now: Sequence[Meld], table: Sequence[Meld]) -> frozenset[Card]:
    """The cards a hand must be near to fit one table and not the other: the cards laid
    (or taken back) between them. A joker laid or redeemed changes what its melds take
    anywhere along them: then the cards of every meld that differs."""
    before = Counter(c for m in now for c in m.cards)
    after = Counter(c for m in table for c in m.cards)
    laid = (after - before) + (before - after)
    if JOKER not in laid:
        return frozenset(laid)
    old = Counter(m.key() for m in now)
    new = Counter(m.key() for m in table)
    changed = (old - new) + (new - old)
    return frozenset(c for key in changed for c in key)


def _touches(hand: Mapping[Card, int], near: frozenset[Card]) -> bool:
    """Is a card of ``hand`` near one of ``near``: a joker, the same rank, or the same
    suit within ``REACH`` ranks (an ace also above the king)?"""
    if not near:
        return False
    if JOKER in near:
        return True
    for card in hand:
        if card.is_joker:
            return True
        for other in near:
            if other.rank == card.rank:
                return True
            if other.suit == card.suit and _apart(other.rank, card.rank) <= REACH:
                return True
    return False


def _apart(a: int, b: int) -> int:
    high = (14 if a == 1 else a, 14 if b == 1 else b)
    return min(abs(a - b), abs(high[0] - high[1]))


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
    budget: Budget,
    *,
    near: int = NEAR,
    samples: int = SAMPLES,
) -> Threat | None:
    """Sampled hands of the opponents close to going out; None when nobody is, or when
    too few unseen cards fit the conditioning. Raises OutOfTime when the budget runs out."""
    counts = watched(seen, near)
    if not counts or not seen.rules.manipulation:
        return None
    pool = unseen(seen)
    # Cards the opponent would have laid had they held them: those placeable alone.
    dead: list[Card] = []
    try:
        for card, n in sorted(pool.items()):
            budget.check()
            if card.is_joker:
                continue
            if not fits(seen.rules, seen.table, Counter([card]), budget):
                dead.extend([card] * n)
    except Timeout:
        raise OutOfTime from None
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
    return Threat(seen.rules, seen.table, hands, budget)

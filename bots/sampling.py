"""Hidden information from a seat's point of view: what it has not seen, and sampled
guesses of the other hands drawn from that.

The unseen cards are the whole deck minus the own hand, the table, the discard top
and the river (RK-RIVER, public). Decision: the discard pile below its top is not in
the view (``discardCount`` only), so buried discards count as unseen; a bot with no
memory of the game cannot do better, and the error only makes it a little cautious.
"""

from __future__ import annotations

import random
from collections import Counter

from bots.strategy import Seen
from engine.cards import Card, deck


def unseen(seen: Seen) -> Counter[Card]:
    """Cards this seat cannot see: where the other hands and the stock come from."""
    rules = seen.rules
    known: Counter[Card] = Counter(seen.hand)
    for meld in seen.table:
        known.update(meld.cards)
    if seen.discard_top is not None:
        known[seen.discard_top] += 1
    known.update(seen.river)
    pool = Counter(deck(rules.decks, rules.jokers))
    # Clip at zero: an arranged test position may hold more than the deck (testing.py).
    return +(pool - known)


def sample_hands(
    seen: Seen, rng: random.Random, *, pool: Counter[Card] | None = None
) -> dict[int, Counter[Card]]:
    """One guess of every other seat's hand: its public size, drawn at random from the
    unseen cards without replacement."""
    cards = sorted((pool if pool is not None else unseen(seen)).elements())
    rng.shuffle(cards)
    out: dict[int, Counter[Card]] = {}
    pos = 0
    for seat, count in sorted(seen.other_counts.items()):
        take = cards[pos : pos + count]
        pos += count
        out[seat] = Counter(take)
    return out

"""Hidden information from a seat's point of view: what it has not seen, and sampled
guesses of the other hands drawn from that, holding what each seat is known to hold
(the cards it took face up this round and nobody has seen since).

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


def known_cards(seen: Seen, pool: Counter[Card]) -> dict[int, Counter[Card]]:
    """Cards each other seat is known to hold: those it took face up this round (the
    view's ``taken``) that this seat cannot see anywhere now (with two decks, as many as
    are unseen), newest first, at most its hand count."""
    left = Counter(pool)
    out: dict[int, Counter[Card]] = {}
    for seat, took in sorted(seen.took.items()):
        mine: Counter[Card] = Counter()
        for card in reversed(took):
            if left[card] > 0 and mine.total() < seen.other_counts.get(seat, 0):
                mine[card] += 1
                left[card] -= 1
        out[seat] = mine
    return out


def sample_hands(
    seen: Seen, rng: random.Random, *, pool: Counter[Card] | None = None
) -> dict[int, Counter[Card]]:
    """One guess of every other seat's hand: its public size, the cards it is known to
    hold (:func:`known_cards`), the rest drawn at random from the other unseen cards
    without replacement."""
    pool = pool if pool is not None else unseen(seen)
    known = known_cards(seen, pool)
    rest = pool - sum(known.values(), Counter())
    cards = sorted(rest.elements())
    rng.shuffle(cards)
    out: dict[int, Counter[Card]] = {}
    pos = 0
    for seat, count in sorted(seen.other_counts.items()):
        hand = Counter(known.get(seat, Counter()))
        take = cards[pos : pos + count - hand.total()]
        pos += len(take)
        hand.update(take)
        out[seat] = hand
    return out

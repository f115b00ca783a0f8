"""Table jokers (RR-JOKER, RK-JOKER): which natural cards redeem a joker, whether the
jokers that left the table were paid for, and how many redemptions a turn made (the
``joker_swap_bonus``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.errors import BadInput, Code, RuleViolation
from engine.melds import Meld
from engine.rules import RuleSet


@dataclass(frozen=True, slots=True)
class JokerSwap:
    """Redeem the joker of turn-start table meld ``meld_index`` with ``card`` from hand."""

    meld_index: int
    card: Card


@dataclass(frozen=True, slots=True)
class Redemption:
    """A table joker replaced by its natural card this turn (``TurnCommitted.jokerSwaps``)."""

    meld_index: int  # the turn-start table meld that held the joker
    stood_for: Card  # what the joker stood for there
    card: Card  # the natural card from the hand that replaced it


def find_redemptions(
    table: Sequence[Meld], new: Sequence[Meld], played: Counter[Card]
) -> list[Redemption]:
    """RR-JOKER Decision: every redemption counts, a table joker replaced by its
    natural card from the hand, whether the joker went to the hand or back onto the
    table. A turn-start joker whose card no joker of the new table stands for any more
    is freed; the redemptions are the most freed jokers the played cards can pay for."""
    still = Counter(
        r for m in new for c, r in zip(m.cards, m.represents, strict=True) if c.is_joker
    )
    freed: list[tuple[int, set[Card]]] = []
    stood_for: list[Card] = []
    for i, meld in enumerate(table):
        reps = [r for c, r in zip(meld.cards, meld.represents, strict=True) if c.is_joker]
        for rep, options in zip(reps, _redeemable(meld), strict=True):
            if still[rep]:
                still[rep] -= 1
            else:
                freed.append((i, options))
                stood_for.append(rep)
    for need in range(len(freed), 0, -1):
        found = _assign_redemptions(freed, Counter(played), need, 0)
        if found is not None:
            return [Redemption(freed[k][0], stood_for[k], card) for k, card in found]
    return []


def _redeemable(meld: Meld) -> list[set[Card]]:
    """For each joker of a meld, the natural cards that may replace it (RR-JOKER,
    RK-JOKER: in a group of 3 either missing suit)."""
    out: list[set[Card]] = []
    for card, rep in zip(meld.cards, meld.represents, strict=True):
        if not card.is_joker:
            continue
        if meld.kind == "group" and len(meld.cards) == 3:
            out.append({Card(rep.rank, s) for s in meld.missing_group_suits()})
        else:
            out.append({rep})
    return out


def check_redemptions(
    rules: RuleSet,
    table: Sequence[Meld],
    played: Counter[Card],
    gone_jokers: int,
    swaps: Sequence[JokerSwap],
    opened: bool,
) -> None:
    """RR-JOKER / RK-JOKER: jokers that left the table (``gone_jokers``) went to the
    hand in exchange for the cards they stood for, played from the hand."""
    if gone_jokers and not rules.joker_to_hand:
        raise RuleViolation(
            Code.JOKER_SWAP_INVALID,
            "a joker freed from the table must be played again this turn",
            rule="RK-JOKER",
        )
    if not opened:
        raise RuleViolation(
            Code.NOT_OPENED, "jokers can be redeemed only after opening", rule="RR-JOKER"
        )
    slots: list[tuple[int, set[Card]]] = [
        (i, options) for i, meld in enumerate(table) for options in _redeemable(meld)
    ]
    pool = Counter(played)
    taken: set[int] = set()
    for swap in swaps:
        if not isinstance(swap, JokerSwap) or not isinstance(swap.card, Card):
            raise BadInput(Code.BAD_INPUT, "a joker swap names a table meld and a card")
        match = next(
            (
                k
                for k, (i, options) in enumerate(slots)
                if k not in taken and i == swap.meld_index and swap.card in options
            ),
            None,
        )
        if match is None or not pool[swap.card]:
            raise RuleViolation(
                Code.JOKER_SWAP_INVALID,
                f"{swap.card} from your hand cannot redeem a joker of table meld {swap.meld_index}",
                rule="RR-JOKER",
            )
        taken.add(match)
        pool[swap.card] -= 1
    # Jokers gone beyond the named swaps: some choice of the other table jokers must be
    # redeemable by the other played cards.
    rest = [slot for k, slot in enumerate(slots) if k not in taken]
    need = gone_jokers - len(swaps)
    if need > 0 and not _match_redemptions(rest, pool, need):
        raise RuleViolation(
            Code.TABLE_CARD_MISSING,
            f"{need} joker{'s' if need > 1 else ''} left the table without the card "
            f"{'they stand' if need > 1 else 'it stands'} for being played from your hand",
            rule="RR-JOKER",
        )


def _match_redemptions(
    slots: Sequence[tuple[int, set[Card]]], pool: Counter[Card], need: int
) -> bool:
    return _assign_redemptions(slots, pool, need, 0) is not None


def _assign_redemptions(
    slots: Sequence[tuple[int, set[Card]]], pool: Counter[Card], need: int, start: int
) -> list[tuple[int, Card]] | None:
    """``need`` of the slots from ``start`` on, each paid by a card of ``pool``: their
    indexes and cards, or None. At most `jokers` (<= 6) slots: plain backtracking."""
    if need == 0:
        return []
    for k in range(start, len(slots)):
        for card in sorted(slots[k][1]):
            if pool[card]:
                pool[card] -= 1
                rest = _assign_redemptions(slots, pool, need - 1, k + 1)
                pool[card] += 1
                if rest is not None:
                    return [(k, card), *rest]
    return None

"""Turn validation by final state (RR-MANIP, RK-MANIP, RR-OPEN, RK-OPEN, CR-LAYOFF).

A committed turn is judged by the table it leaves, never by the moves that led
there: every meld must be valid, every card of the turn-start table must still be
on it (identical cards are interchangeable), the cards added must come from the
hand, and at least one must. Before opening, the old melds stay untouched and the
new ones reach the opening minimum; families without manipulation only meld and
lay off. Jokers redeemed under RR-JOKER are the one way a card leaves the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.cards import JOKER, Card, parse_card
from engine.errors import BadInput, Code, EngineError, InvalidMeld, RuleViolation
from engine.melds import Meld, read_meld
from engine.rules import RuleSet

# More melds than this cannot exist (every meld holds at least 3 of at most 318 cards).
MAX_MELDS = 120


@dataclass(frozen=True, slots=True)
class JokerSwap:
    """Redeem the joker of turn-start table meld ``meld_index`` with ``card`` from hand."""

    meld_index: int
    card: Card


@dataclass(frozen=True, slots=True)
class TurnCheck:
    """What an accepted commit does."""

    table: tuple[Meld, ...]
    played: tuple[Card, ...]  # hand cards put on the table, sorted
    jokers_to_hand: int  # jokers redeemed into the hand (RR-JOKER)
    opening_points: int | None  # the opening's value when this commit opens
    placed_by: tuple[tuple[int, ...], ...]  # seat that placed each card, per meld


def read_table(rules: RuleSet, melds: Sequence[Sequence[object]]) -> tuple[Meld, ...]:
    """Read every meld of a table; raises InvalidMeld located by ``meld_index``."""
    if isinstance(melds, (str, bytes)) or not isinstance(melds, Sequence):
        raise BadInput(Code.BAD_INPUT, "a table is a list of melds, each a list of card codes")
    if len(melds) > MAX_MELDS:
        raise BadInput(Code.BAD_INPUT, f"a table of {len(melds)} melds is more than can exist")
    out: list[Meld] = []
    for i, items in enumerate(melds):
        if isinstance(items, (str, bytes)) or not isinstance(items, Sequence):
            raise BadInput(
                Code.BAD_INPUT, f"meld {i} must be a list of card codes", meld_index=i
            )
        try:
            out.append(read_meld(rules, items))
        except InvalidMeld as exc:
            raise exc.at(i) from None
        except EngineError as exc:
            exc.meld_index = i
            raise
    return tuple(out)


def table_cards(table: Sequence[Meld]) -> Counter[Card]:
    return Counter(c for meld in table for c in meld.cards)


def _names(cards: Mapping[Card, int] | Sequence[Card]) -> str:
    items = sorted(cards.elements()) if isinstance(cards, Counter) else sorted(cards)
    return " ".join(c.code for c in items)


def check_turn(
    rules: RuleSet,
    *,
    table: Sequence[Meld],
    hand: Mapping[Card, int],
    opened: bool,
    commit: Sequence[Sequence[object]],
    joker_swaps: Sequence[JokerSwap] = (),
    seat: int = 0,
    placed_by: Sequence[Sequence[int]] | None = None,
) -> TurnCheck:
    """Judge a commit of the whole new table; raises RuleViolation or BadInput.

    ``table`` is the table at turn start, ``hand`` the hand at turn start, ``opened``
    whether the seat had opened before this turn.
    """
    new = read_table(rules, commit)
    before = table_cards(table)
    after = table_cards(new)
    hand_ms = Counter(hand)

    gone = before - after
    gone_jokers = gone.pop(JOKER, 0)
    if gone:
        raise RuleViolation(
            Code.TABLE_CARD_MISSING,
            f"every card on the table must stay on it: {_names(gone)} "
            f"{'is' if sum(gone.values()) == 1 else 'are'} missing",
            rule="RR-MANIP",
        )
    played = after - before
    short = played - hand_ms
    if short:
        raise RuleViolation(
            Code.CARD_NOT_IN_HAND, f"not in your hand: {_names(short)}", rule="RR-MANIP"
        )
    if not played:
        raise RuleViolation(
            Code.NO_CARD_FROM_HAND,
            "a play must put at least one card from your hand on the table",
            rule="RR-TURN",
        )

    opening_points: int | None = None
    if not opened:
        opening_points = _check_opening(rules, table, new, played, gone_jokers)
    elif not rules.manipulation:
        _check_layoffs(table, new)
    elif rules.strict_joker:
        _check_strict_jokers(table, new)

    if gone_jokers or joker_swaps:
        _check_redemptions(rules, table, played, gone_jokers, joker_swaps, opened)

    return TurnCheck(
        table=new,
        played=tuple(sorted(played.elements())),
        jokers_to_hand=gone_jokers,
        opening_points=opening_points,
        placed_by=_provenance(table, new, played, seat, placed_by),
    )


def _check_opening(
    rules: RuleSet,
    table: Sequence[Meld],
    new: Sequence[Meld],
    played: Counter[Card],
    gone_jokers: int,
) -> int:
    if gone_jokers:
        raise RuleViolation(
            Code.NOT_OPENED,
            "jokers on the table can be redeemed only after opening",
            rule="RR-JOKER",
        )
    old_keys = Counter(m.key() for m in table)
    kept = Counter(m.key() for m in new) & old_keys
    fresh: list[Meld] = []
    if kept == old_keys:
        pending = Counter(old_keys)
        for meld in new:
            if pending[meld.key()]:
                pending[meld.key()] -= 1
            else:
                fresh.append(meld)
    elif rules.manipulate_on_opening_turn and rules.manipulation:
        # The opening melds are those new melds made of hand cards alone.
        pool = Counter(played)
        for meld in new:
            need = Counter(meld.cards)
            if old_keys[meld.key()]:
                old_keys[meld.key()] -= 1
                continue
            if not need - pool:
                pool -= need
                fresh.append(meld)
    else:
        raise RuleViolation(
            Code.NOT_OPENED,
            "before opening, a play is new melds from your hand only; table melds stay as "
            "they are",
            rule="RR-OPEN",
        )
    points = sum(m.points for m in fresh)
    if points < rules.opening_min:
        raise RuleViolation(
            Code.OPENING_TOO_LOW,
            f"an opening needs at least {rules.opening_min} points; these melds make {points}",
            rule="RR-OPEN",
        )
    return points


def _check_layoffs(table: Sequence[Meld], new: Sequence[Meld]) -> None:
    """CR-LAYOFF: each old meld survives whole inside one new meld."""
    used = [False] * len(new)

    def place(i: int) -> bool:
        if i == len(table):
            return True
        need = Counter(table[i].cards)
        for j, meld in enumerate(new):
            if not used[j] and not need - Counter(meld.cards):
                used[j] = True
                if place(i + 1):
                    return True
                used[j] = False
        return False

    if not place(0):
        raise RuleViolation(
            Code.NOT_ALLOWED,
            "only new melds and lay-offs onto table melds are allowed; table melds may not "
            "be split or rearranged",
            rule="CR-LAYOFF",
        )


def _check_strict_jokers(table: Sequence[Meld], new: Sequence[Meld]) -> None:
    """RK-JOKER strict: a set holding a joker loses no tile, and only the exact tile
    it stands for frees the joker."""
    holders = [m for m in table if m.jokers]
    used = [False] * len(new)

    def keeps(old: Meld, meld: Meld) -> bool:
        have = Counter(meld.cards)
        for card, rep in zip(old.cards, old.represents, strict=True):
            if card.is_joker:
                if have[JOKER]:
                    have[JOKER] -= 1
                elif have[rep]:
                    have[rep] -= 1
                else:
                    return False
            elif have[card]:
                have[card] -= 1
            else:
                return False
        return True

    def place(i: int) -> bool:
        if i == len(holders):
            return True
        for j, meld in enumerate(new):
            if not used[j] and keeps(holders[i], meld):
                used[j] = True
                if place(i + 1):
                    return True
                used[j] = False
        return False

    if not place(0):
        raise RuleViolation(
            Code.JOKER_SWAP_INVALID,
            "with strict jokers, a set holding a joker may lose no tile, and only the exact "
            "tile it stands for frees the joker",
            rule="RK-JOKER",
        )


def _redeemable(meld: Meld) -> list[set[Card]]:
    """For each joker of a meld, the natural cards that may replace it (RR-JOKER)."""
    out: list[set[Card]] = []
    for card, rep in zip(meld.cards, meld.represents, strict=True):
        if not card.is_joker:
            continue
        if meld.kind == "group" and len(meld.cards) == 3:
            out.append({Card(rep.rank, s) for s in meld.missing_group_suits()})
        else:
            out.append({rep})
    return out


def _check_redemptions(
    rules: RuleSet,
    table: Sequence[Meld],
    played: Counter[Card],
    gone_jokers: int,
    swaps: Sequence[JokerSwap],
    opened: bool,
) -> None:
    if not rules.joker_to_hand:
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
    if swaps:
        if len(swaps) < gone_jokers:
            raise RuleViolation(
                Code.JOKER_SWAP_INVALID,
                f"{gone_jokers} jokers left the table but only {len(swaps)} swaps were named",
                rule="RR-JOKER",
            )
        taken: set[int] = set()
        for swap in swaps:
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
                    f"{swap.card} from your hand cannot redeem a joker of table meld "
                    f"{swap.meld_index}",
                    rule="RR-JOKER",
                )
            taken.add(match)
            pool[swap.card] -= 1
        return
    # No swaps named: some choice of table jokers must be redeemable by played cards.
    if not _match_redemptions(slots, pool, gone_jokers):
        raise RuleViolation(
            Code.TABLE_CARD_MISSING,
            f"{gone_jokers} joker{'s' if gone_jokers > 1 else ''} left the table without the "
            "card it stands for being played from your hand",
            rule="RR-JOKER",
        )


def _match_redemptions(
    slots: Sequence[tuple[int, set[Card]]], pool: Counter[Card], need: int
) -> bool:
    if need == 0:
        return True
    for k, (_, options) in enumerate(slots):
        for card in options:
            if pool[card]:
                pool[card] -= 1
                ok = _match_redemptions(slots[k + 1 :], pool, need - 1)
                pool[card] += 1
                if ok:
                    return True
    return False


def _provenance(
    table: Sequence[Meld],
    new: Sequence[Meld],
    played: Counter[Card],
    seat: int,
    placed_by: Sequence[Sequence[int]] | None,
) -> tuple[tuple[int, ...], ...]:
    """Who placed each card: a card that was on the table keeps its placer; a card
    from the hand is this seat's. Identical cards are interchangeable, so where the
    same card is both, melds that kept their place are matched first."""
    pools: dict[Card, list[int]] = {}
    if placed_by is not None:
        for meld, seats in zip(table, placed_by, strict=False):
            for card, who in zip(meld.cards, seats, strict=False):
                pools.setdefault(card, []).append(who)
    fresh = Counter(played)
    out: list[tuple[int, ...]] = []
    for meld in new:
        seats: list[int] = []
        for card in meld.cards:
            pool = pools.get(card)
            if pool:
                seats.append(pool.pop(0))
            else:
                fresh[card] -= 1
                seats.append(seat)
        out.append(tuple(seats))
    return tuple(out)


def parse_hand(codes: Sequence[object]) -> Counter[Card]:
    if isinstance(codes, (str, bytes)) or not isinstance(codes, Sequence):
        raise BadInput(Code.BAD_INPUT, "a hand is a list of card codes")
    if len(codes) > 400:
        raise BadInput(Code.BAD_INPUT, f"a hand of {len(codes)} cards is more than can exist")
    return Counter(parse_card(c) for c in codes)

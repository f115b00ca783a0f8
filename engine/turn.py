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

from engine.cards import JOKER, Card, parse_card, parse_meld_card
from engine.errors import BadInput, Code, EngineError, InvalidMeld, RuleViolation
from engine.jokers import JokerSwap as JokerSwap  # re-exported: tools import it from here
from engine.jokers import Redemption, check_redemptions, find_redemptions
from engine.melds import Meld, meld_items, read_parsed_meld
from engine.opening import check_opening
from engine.rules import RuleSet

# More melds than this cannot exist (every meld holds at least 3 of at most 318 cards).
MAX_MELDS = 120
# Nor a bigger hand (3 decks and 6 jokers).
MAX_HAND = 3 * 52 + 6


@dataclass(frozen=True, slots=True)
class TurnCheck:
    """What an accepted commit does."""

    table: tuple[Meld, ...]
    played: tuple[Card, ...]  # hand cards put on the table, sorted
    jokers_to_hand: int  # jokers redeemed into the hand (RR-JOKER)
    opening_points: int | None  # the opening's value when this commit opens
    placed_by: tuple[tuple[int, ...], ...]  # seat that placed each card, per meld
    redeemed: int = 0  # table jokers replaced by their natural card (RR-JOKER bonus)
    redemptions: tuple[Redemption, ...] = ()  # which ones, and by what (jokerSwaps)


def read_table(rules: RuleSet, melds: object) -> tuple[Meld, ...]:
    """Read every meld of a table (a list of melds, each a list of card codes).

    Checks in order: the shape (BadInput BAD_INPUT), every code (BadInput UNKNOWN_CARD,
    InvalidMeld BAD_JOKER_ANNOTATION), the number of copies of each card against the
    rule set (BadInput TOO_MANY_COPIES, R-CARD), then each meld (InvalidMeld). Every
    error names the ``meld_index`` it is about, where it is about one meld.
    """
    if isinstance(melds, (str, bytes, bytearray, Mapping)) or not isinstance(melds, Sequence):
        raise BadInput(Code.BAD_INPUT, "a table is a list of melds, each a list of card codes")
    if len(melds) > MAX_MELDS:
        raise BadInput(Code.BAD_INPUT, f"a table of {len(melds)} melds is more than can exist")
    parsed: list[list[tuple[Card, Card | None]]] = []
    for i, items in enumerate(melds):
        try:
            parsed.append([parse_meld_card(x) for x in meld_items(items)])
        except EngineError as exc:
            exc.meld_index = i
            raise
    check_copies(rules, Counter(c for meld in parsed for c, _ in meld), "the table")
    out: list[Meld] = []
    for i, meld in enumerate(parsed):
        try:
            out.append(read_parsed_meld(rules, meld))
        except InvalidMeld as exc:
            raise exc.at(i) from None
    return tuple(out)


def check_copies(rules: RuleSet, cards: Mapping[Card, int], where: str) -> None:
    """Raise BadInput(TOO_MANY_COPIES) if ``cards`` hold more of a card than the game
    has (R-CARD: ``decks`` copies of each natural card, ``jokers`` jokers)."""
    for card, count in cards.items():
        have = rules.copies(card)
        if count > have:
            what = "jokers" if card.is_joker else f"copies of {card}"
            raise BadInput(
                Code.TOO_MANY_COPIES,
                f"{where} holds {count} {what}; a {rules.name} game has {have}",
                rule="R-CARD",
            )


def table_cards(table: Sequence[Meld]) -> Counter[Card]:
    return Counter(c for meld in table for c in meld.cards)


def _names(cards: Counter[Card]) -> str:
    return " ".join(c.code for c in sorted(cards.elements()))


def check_turn(
    rules: RuleSet,
    *,
    table: Sequence[Meld],
    hand: Mapping[Card, int] | Sequence[Card],
    opened: bool,
    commit: Sequence[Sequence[object]],
    joker_swaps: Sequence[JokerSwap] = (),
    seat: int = 0,
    placed_by: Sequence[Sequence[int]] | None = None,
) -> TurnCheck:
    """Judge a commit of the whole new table by the table it leaves.

    ``table`` is the table at turn start, ``hand`` the hand at turn start (for classic
    rummy: after the draw), ``opened`` whether the seat had opened before this turn,
    ``commit`` the whole new table as listed by the client, ``joker_swaps`` the
    redemptions the client names (optional: without them any redemption the played
    cards allow is accepted), ``placed_by`` the seat that placed each card of
    ``table`` (None: unknown, reported as -1).

    Raises BadInput (malformed commit, TOO_MANY_COPIES of a card in the table, the
    commit, or the table and hand together) or RuleViolation, checked in this order:
    INVALID_MELD, TABLE_CARD_MISSING, CARD_NOT_IN_HAND, NO_CARD_FROM_HAND, NOT_OPENED,
    OPENING_TOO_LOW, MANIPULATION_NOT_ALLOWED (CR-LAYOFF), JOKER_SWAP_INVALID.
    """
    new = read_table(rules, commit)
    before = table_cards(table)
    after = table_cards(new)
    hand_ms = _hand_counter(hand)
    check_copies(rules, before + hand_ms, "the table and the hand together")

    gone = before - after
    gone_jokers = gone.pop(JOKER, 0)
    if gone:
        raise RuleViolation(
            Code.TABLE_CARD_MISSING,
            f"every card on the table must stay on it: {_names(gone)} "
            f"{'is' if gone.total() == 1 else 'are'} missing",
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

    opened_before = rules.plays_as_opened(opened)
    opening_points: int | None = None
    if not opened_before:
        opening_points = check_opening(rules, table, new, played, gone_jokers)
    if not rules.manipulation:
        _check_layoffs(table, new)
    elif rules.strict_joker:
        _check_strict_jokers(table, new)
    if gone_jokers or joker_swaps:
        check_redemptions(rules, table, played, gone_jokers, joker_swaps, opened_before)

    redemptions = tuple(find_redemptions(table, new, played))
    if rules.joker_to_new_set and len(redemptions) > gone_jokers:
        _check_jokers_in_new_sets(table, new, len(redemptions) - gone_jokers)
    return TurnCheck(
        table=new,
        played=tuple(sorted(played.elements())),
        jokers_to_hand=gone_jokers,
        opening_points=opening_points,
        placed_by=_provenance(table, new, seat, placed_by),
        redeemed=max(gone_jokers, len(redemptions)),
        redemptions=redemptions,
    )


def _hand_counter(hand: object) -> Counter[Card]:
    if isinstance(hand, Mapping):
        items = hand.items()
    elif isinstance(hand, Sequence) and not isinstance(hand, (str, bytes)):
        items = Counter(hand).items()
    else:
        raise BadInput(Code.BAD_INPUT, "a hand is a multiset of cards")
    out: Counter[Card] = Counter()
    for card, count in items:
        if not isinstance(card, Card) or type(count) is not int or count < 0:
            raise BadInput(Code.BAD_INPUT, "a hand maps cards to how many of each")
        if count:
            out[card] = count
    return out


def _perfect_matching(adjacent: Sequence[Sequence[int]], right: int) -> bool:
    """Can every left node get its own right node (Kuhn's augmenting paths)?"""
    owner = [-1] * right

    def augment(i: int, seen: list[bool]) -> bool:
        for j in adjacent[i]:
            if not seen[j]:
                seen[j] = True
                if owner[j] == -1 or augment(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return all(augment(i, [False] * right) for i in range(len(adjacent)))


def _check_layoffs(table: Sequence[Meld], new: Sequence[Meld]) -> None:
    """CR-LAYOFF: each table meld survives inside its own new meld, its jokers standing
    for the same cards; new cards only extend it (a valid superset of a run or group
    can only grow at the ends, or to at most 4). Merging, splitting or moving is out."""
    olds = [Counter(m.codes) for m in table]
    if Counter(m.codes for m in table) <= Counter(m.codes for m in new):
        return
    news = [Counter(m.codes) for m in new]
    adjacent = [[j for j, n in enumerate(news) if o <= n] for o in olds]
    if not _perfect_matching(adjacent, len(new)):
        raise RuleViolation(
            Code.MANIPULATION_NOT_ALLOWED,
            "only new melds and lay-offs onto table melds are allowed; table melds may not "
            "be split, joined or rearranged",
            rule="CR-LAYOFF",
        )


def _check_strict_jokers(table: Sequence[Meld], new: Sequence[Meld]) -> None:
    """RK-JOKER with ``strict_joker``: a set holding a joker loses no tile, and only
    the exact tile it stands for frees the joker.

    Decision: "the exact tile" of a joker is what the table shows it standing for
    (its ``represents``), also in a group of 3; a client picks another missing colour
    by annotating the joker when it lays it."""
    holders = [m for m in table if m.jokers]
    if not holders:
        return

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

    adjacent = [[j for j, meld in enumerate(new) if keeps(old, meld)] for old in holders]
    if not _perfect_matching(adjacent, len(new)):
        raise RuleViolation(
            Code.JOKER_SWAP_INVALID,
            "with strict jokers, a set holding a joker may lose no tile, and only the exact "
            "tile it stands for frees the joker",
            rule="RK-JOKER",
        )


def _check_jokers_in_new_sets(table: Sequence[Meld], new: Sequence[Meld], freed: int) -> None:
    """RK-JOKER option ``joker_to_new_set`` (seed 003: "como parte de un nuevo
    conjunto"): the ``freed`` jokers replayed this turn go into sets that did not exist
    at its start. Decision: a set of the new table existed when it holds every card of a
    turn-start set (that set, grown); jokers being alike, enough jokers must sit in the
    other, new sets."""
    olds = [Counter(m.cards) for m in table]
    in_new = sum(m.jokers for m in new if not any(old <= Counter(m.cards) for old in olds))
    if in_new < freed:
        raise RuleViolation(
            Code.JOKER_SWAP_INVALID,
            "a joker freed from the table must be played in a new set this turn, not on a "
            "set that was already on the table",
            rule="RK-JOKER",
        )


UNKNOWN_SEAT = -1


def _provenance(
    table: Sequence[Meld],
    new: Sequence[Meld],
    seat: int,
    placed_by: Sequence[Sequence[int]] | None,
) -> tuple[tuple[int, ...], ...]:
    """Who placed each card of the new table (CR-LAYOFF): a card that was on the table
    keeps its placer, a card from the hand is ``seat``'s.

    Identical cards are interchangeable, so the placer of a card that is both on the
    table and played is chosen to keep melds together: new and old melds sharing the
    most cards are paired first (a meld that stayed, or grew, keeps all its placers).
    """
    if placed_by is None:
        placed_by = [[UNKNOWN_SEAT] * len(m.cards) for m in table]
    elif len(placed_by) != len(table) or any(
        len(seats) != len(m.cards) for m, seats in zip(table, placed_by, strict=False)
    ):
        raise BadInput(Code.BAD_INPUT, "placed_by must name a seat for every table card")
    # left[i][card]: placers of old meld i not yet given to a new card.
    left: list[dict[Card, list[int]]] = []
    for meld, seats in zip(table, placed_by, strict=True):
        pools: dict[Card, list[int]] = {}
        for card, who in zip(meld.cards, seats, strict=True):
            pools.setdefault(card, []).append(who)
        left.append(pools)
    out: list[list[int | None]] = [[None] * len(m.cards) for m in new]
    old_sets = [Counter(m.cards) for m in table]
    new_sets = [Counter(m.cards) for m in new]
    pairs = sorted(
        (
            (-(o & n).total(), i, j)
            for i, o in enumerate(old_sets)
            for j, n in enumerate(new_sets)
            if not o.keys().isdisjoint(n.keys())
        )
    )

    def give(j: int, sources: Sequence[int]) -> None:
        for pos, card in enumerate(new[j].cards):
            if out[j][pos] is not None:
                continue
            for i in sources:
                seats = left[i].get(card)
                if seats:
                    out[j][pos] = seats.pop(0)
                    break

    for _, i, j in pairs:
        give(j, (i,))
    return tuple(tuple(seat if who is None else who for who in seats) for seats in out)


def parse_hand(codes: object) -> Counter[Card]:
    """A hand from its card codes; raises BadInput."""
    if isinstance(codes, (str, bytes, bytearray, Mapping)) or not isinstance(codes, Sequence):
        raise BadInput(Code.BAD_INPUT, "a hand is a list of card codes")
    if len(codes) > MAX_HAND:
        raise BadInput(Code.BAD_INPUT, f"a hand of {len(codes)} cards is more than can exist")
    return Counter(parse_card(c) for c in codes)

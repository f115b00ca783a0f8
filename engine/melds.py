"""Melds: runs and groups, jokers and what they stand for (R-GROUP, R-RUN, R-JOKER).

:func:`read_meld` turns the cards a client lists (in any order, jokers optionally
annotated ``*:7D``) into a :class:`Meld`: its kind, its cards in order, what each
joker stands for and its points; or raises :class:`InvalidMeld` with the reason a
player can act on (R-EXPLAIN).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice, pairwise
from typing import Literal

from engine.cards import JOKER, RANK_CODES, SUITS, Card, natural, parse_meld_card
from engine.errors import BadInput, Code, InvalidMeld, MeldReason
from engine.rules import RuleSet

Kind = Literal["run", "group"]
# A run spans at most 14 positions (A..K, plus a high ace), so no valid meld holds more
# than 13 cards. Longer lists are still read for a reason, up to MAX_MELD_INPUT; beyond
# that they are malformed input, refused before any card is parsed.
MAX_MELD_CARDS = 14
MAX_MELD_INPUT = 4 * MAX_MELD_CARDS


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld. ``cards[i]`` is the card at position i (JOKER for a joker) and
    ``represents[i]`` the natural card it stands for (itself for a natural card)."""

    kind: Kind
    cards: tuple[Card, ...]
    represents: tuple[Card, ...]
    points: int

    @property
    def codes(self) -> tuple[str, ...]:
        """Codes in order, jokers annotated with what they stand for (round-trips)."""
        return tuple(
            f"*:{r.code}" if c.is_joker else c.code
            for c, r in zip(self.cards, self.represents, strict=True)
        )

    @property
    def plain_codes(self) -> tuple[str, ...]:
        return tuple(c.code for c in self.cards)

    @property
    def jokers(self) -> int:
        return sum(1 for c in self.cards if c.is_joker)

    def key(self) -> tuple[Card, ...]:
        """The meld as a multiset of cards (jokers unannotated), for comparing melds."""
        return tuple(sorted(self.cards))

    def missing_group_suits(self) -> tuple[str, ...]:
        """Suits a group of 3 lacks: a joker in it may stand for either (RR-JOKER)."""
        present = {
            r.suit for c, r in zip(self.cards, self.represents, strict=True) if not c.is_joker
        }
        return tuple(s for s in SUITS if s not in present)

    def __str__(self) -> str:
        return " ".join(self.codes)

    def __repr__(self) -> str:
        return f"read_meld(RULES, {list(self.codes)!r})"


def _name(rank: int, suit: str) -> str:
    return RANK_CODES[(1 if rank == 14 else rank) - 1] + suit


def meld_items(items: object) -> list[object]:
    """The listed cards of a meld as a list; raises BadInput for anything but a list
    (or other iterable) of codes, and for absurd sizes, before looking at any card."""
    if isinstance(items, (str, bytes, bytearray, Mapping)) or not isinstance(items, Iterable):
        raise BadInput(Code.BAD_INPUT, 'a meld is a list of card codes, as in ["4S", "5S", "6S"]')
    # islice: even an endless iterator is read only up to the limit.
    out = items if isinstance(items, list) else list(islice(items, MAX_MELD_INPUT + 1))
    if len(out) > MAX_MELD_INPUT:
        raise BadInput(
            Code.BAD_INPUT,
            f"a meld of {len(out)}{'+' if out is not items else ''} cards; "
            f"no meld holds more than {MAX_MELD_CARDS - 1}",
        )
    return out


def read_meld(rules: RuleSet, items: Sequence[object] | Iterable[object]) -> Meld:
    """Read a meld from its cards listed in any order (R-JOKER: a meld is a set).

    Raises BadInput for malformed input (UNKNOWN_CARD, BAD_INPUT) and InvalidMeld with
    the reason a player can act on (R-EXPLAIN) for a meld the rules forbid.
    """
    cards = meld_items(items)
    return read_parsed_meld(rules, [parse_meld_card(x) for x in cards])


def read_parsed_meld(rules: RuleSet, parsed: Sequence[tuple[Card, Card | None]]) -> Meld:
    """:func:`read_meld` of cards already parsed by ``parse_meld_card``."""
    n = len(parsed)
    if n < 3:
        raise InvalidMeld(
            MeldReason.TOO_SHORT, f"a meld needs at least 3 cards, this has {n}", rule="R-GROUP"
        )
    naturals = [c for c, _ in parsed if not c.is_joker]
    if not naturals:
        raise InvalidMeld(
            MeldReason.NO_NATURAL_CARD,
            "a meld needs at least one natural card besides its jokers",
            rule="R-JOKER",
        )
    fixed = [t for c, t in parsed if c.is_joker and t is not None]
    free = sum(1 for c, t in parsed if c.is_joker and t is None)

    group = _read_group(rules, naturals, fixed, free)
    run = _read_run(rules, naturals, fixed, free)
    if isinstance(group, Meld) and isinstance(run, Meld):
        # R-JOKER: the reading worth more; a run on a tie.
        return group if group.points > run.points else run
    if isinstance(run, Meld):
        return run
    if isinstance(group, Meld):
        return group
    if fixed:
        # With the jokers free, do the natural cards make a meld? Then only the
        # annotation is wrong; else the naturals' own problem is what to fix first.
        plain = read_parsed_meld(rules, [(c, None) for c, _ in parsed])
        wrong = ", ".join(f"*:{t}" for t in fixed)
        raise InvalidMeld(
            MeldReason.BAD_JOKER_ANNOTATION,
            f"the joker annotation {wrong} does not fit this meld "
            f"(it reads as {' '.join(plain.codes)})",
            rule="R-JOKER",
        )
    raise _choose_error(naturals, len(parsed), group, run)


def _choose_error(
    naturals: list[Card], n: int, group_err: InvalidMeld, run_err: InvalidMeld
) -> InvalidMeld:
    """The rejection a player can act on, when neither reading is valid (R-EXPLAIN).

    The natural cards say what the player meant: one rank means a group, one suit a
    run; neither: a run if all ranks differ (the suits are what is wrong), else a group
    (the ranks are).
    """
    ranks = {c.rank for c in naturals}
    suits = {c.suit for c in naturals}
    if len(ranks) == 1 and len(suits) == 1 and len(naturals) == 1:
        # One natural card and jokers: only too many jokers can fail, and beyond 4
        # cards it can only have been meant as a run.
        return run_err if n > 4 else group_err
    if len(ranks) == 1:
        return group_err
    if len(suits) == 1:
        return run_err
    if len(ranks) == len(naturals):
        bad = sorted(suits, key=SUITS.index)
        return InvalidMeld(
            MeldReason.MIXED_SUITS,
            f"a run needs cards of one suit; this mixes {', '.join(bad)} "
            f"({' '.join(c.code for c in naturals)})",
            rule="R-RUN",
        )
    return InvalidMeld(
        MeldReason.MIXED_RANKS,
        f"a group needs cards of one rank; this mixes "
        f"{', '.join(RANK_CODES[r - 1] for r in sorted(ranks))}",
        rule="R-GROUP",
    )


def _read_group(
    rules: RuleSet, naturals: list[Card], fixed: list[Card], free: int
) -> Meld | InvalidMeld:
    """The group reading (R-GROUP), or why there is none."""
    ranks = {c.rank for c in naturals}
    if len(ranks) != 1:
        return InvalidMeld(MeldReason.MIXED_RANKS, "a group needs one rank", rule="R-GROUP")
    rank = next(iter(ranks))
    seen: Counter[str] = Counter(c.suit for c in naturals)
    for suit, count in seen.items():
        if count > 1:
            code = _name(rank, suit)
            return InvalidMeld(
                MeldReason.DUPLICATE_SUIT,
                f"{code} appears {count} times; a group needs cards of different suits",
                rule="R-GROUP",
            )
    n = len(naturals) + len(fixed) + free
    if n > 4:
        return InvalidMeld(
            MeldReason.GROUP_TOO_LARGE,
            f"a group has at most 4 cards, one of each suit; this has {n}",
            rule="R-GROUP",
        )
    for t in fixed:
        if t.rank != rank or t.suit in seen:
            return InvalidMeld(
                MeldReason.BAD_JOKER_ANNOTATION,
                f"a joker in this group of {RANK_CODES[rank - 1]}s cannot stand for {t}",
                rule="R-JOKER",
            )
        seen[t.suit] += 1
    missing = [s for s in SUITS if s not in seen]
    stand_for: dict[str, Card] = {c.suit: c for c in naturals}
    jokers: dict[str, Card] = {t.suit: t for t in fixed}
    # An unannotated joker of a group of 3 stands for the first missing suit (SHDC);
    # RR-JOKER lets either missing suit redeem it.
    for suit in missing[:free]:
        jokers[suit] = natural(rank, suit)
    cards: list[Card] = []
    reps: list[Card] = []
    for suit in SUITS:
        if suit in stand_for:
            cards.append(stand_for[suit])
            reps.append(stand_for[suit])
        elif suit in jokers:
            cards.append(JOKER)
            reps.append(jokers[suit])
    points = n * rules.rank_value(rank)
    return Meld("group", tuple(cards), tuple(reps), points)


def _read_run(
    rules: RuleSet, naturals: list[Card], fixed: list[Card], free: int
) -> Meld | InvalidMeld:
    """The best-valued run reading (R-RUN), or the error of the most plausible one."""
    suits = {c.suit for c in naturals} | {c.suit for c in fixed}
    if len(suits) != 1:
        return InvalidMeld(MeldReason.MIXED_SUITS, "a run needs one suit", rule="R-RUN")
    suit = next(iter(suits))
    seen: Counter[int] = Counter(c.rank for c in naturals)
    for rank, count in seen.items():
        if count > 1:
            return InvalidMeld(
                MeldReason.DUPLICATE_RANK,
                f"{_name(rank, suit)} appears {count} times; a run needs each rank once",
                rule="R-RUN",
            )
    nat_ranks = sorted(seen)
    fix_ranks = [t.rank for t in fixed]
    has_ace = 1 in nat_ranks or 1 in fix_ranks
    aces_as = (1, 14) if (rules.ace_high and has_ace) else (1,)
    best: Meld | None = None
    low_error: InvalidMeld | None = None
    for ace in aces_as:
        result = _run_reading(rules, suit, nat_ranks, fix_ranks, free, ace)
        if isinstance(result, Meld):
            # On equal points a natural ace reads low; a joker annotated as the ace reads
            # high, as a free joker extends above before below (R-JOKER), so that "*:AS"
            # after a K reads back where the server wrote it.
            tie_to_high = ace == 14 and 1 in fix_ranks
            if (
                best is None
                or result.points > best.points
                or (tie_to_high and result.points == best.points)
            ):
                best = result
        elif low_error is None:
            low_error = result
    if best is not None:
        return best
    assert low_error is not None
    if _wraps(rules, set(nat_ranks) | set(fix_ranks), len(naturals) + len(fixed) + free):
        wrap = "K-A-2" if rules.ace_high else "K-A"
        return InvalidMeld(
            MeldReason.RUN_WRAPS,
            f"a run cannot turn the corner {wrap}; the ace is "
            + ("high or low, not both" if rules.ace_high else "low only (A-2-3)"),
            rule="R-RUN",
        )
    return low_error


def _wraps(rules: RuleSet, ranks: set[int], n: int) -> bool:
    """Did the player mean a run round the corner from K to A (R-EXPLAIN "K-A wrap")?

    Yes when, read round the corner, the ``n`` cards (jokers included) are a run but
    for at most one missing card, and lie closer together than read along A..K:
    ``10D QD KD AD`` (10-J-Q-K-A) and ``KS * 2S`` wrap, ``AS 5S 9S KS`` just has gaps.
    With ``ace_high`` the ace may also stand above the K, and the corner is K-A-2.
    """
    straight = max(ranks) - min(ranks) + 1
    if rules.ace_high and 1 in ranks:
        high = {14 if r == 1 else r for r in ranks}
        straight = min(straight, max(high) - min(high) + 1)
    around = 99
    for start in ranks:
        # Ranks below `start` come after the corner; with ace_high an ace alone
        # after the K is no corner (Q-K-A).
        after = [r for r in ranks if r < start and not (rules.ace_high and r == 1)]
        if after:
            highest = max(after) + 13  # beyond the ace on top, if any (14)
            around = min(around, highest - start + 1)
    return around < straight and around <= n + 1


def _and(items: list[str], last: str) -> str:
    """``a``, ``a{last}b``, ``a, b{last}c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + last + items[-1]


def _gap_error(suit: str, taken: list[int], missing: list[int]) -> InvalidMeld:
    """R-EXPLAIN: "needs 3H and 4H between 2H and 5H", every missing card named, each
    between the two cards of the run around it ("..., and 5C between 4C and 6C")."""
    spans: list[str] = []
    for below, above in pairwise(taken):
        inside = [_name(p, suit) for p in missing if below < p < above]
        if inside:
            spans.append(
                f"{_and(inside, ' and ')} between {_name(below, suit)} and {_name(above, suit)}"
            )
    text = _and(spans, ", and ")
    return InvalidMeld(
        MeldReason.GAP,
        f"needs {text}",
        rule="R-RUN",
        missing_cards=tuple(_name(p, suit) for p in missing),
    )


def _run_reading(
    rules: RuleSet,
    suit: str,
    nat_ranks: list[int],
    fix_ranks: list[int],
    free: int,
    ace: int,
) -> Meld | InvalidMeld:
    """The run with a natural or annotated ace at position ``ace`` (1, or 14 if high)."""

    def pos(r: int) -> int:
        return ace if r == 1 else r

    nat = [pos(r) for r in nat_ranks]
    fix = [pos(r) for r in fix_ranks]
    taken = set(nat)
    for p in fix:
        if p in taken:
            return InvalidMeld(
                MeldReason.BAD_JOKER_ANNOTATION,
                f"a joker cannot stand for {_name(p, suit)}: that card is already in the run",
                rule="R-JOKER",
            )
        taken.add(p)
    lo, hi = min(taken), max(taken)
    gaps = [p for p in range(lo + 1, hi) if p not in taken]
    if len(gaps) > free:
        # Name every card the free jokers cannot supply: jokers fill gaps in order.
        return _gap_error(suit, sorted(taken), gaps[free:])
    # R-JOKER: jokers left over extend the run, the way worth the most points; on a tie
    # above the highest card before below the lowest. Decision: "the reading worth the
    # most" governs where it and "above, then below" differ: with the ace worth 15,
    # 2S 3S * is A-2-3 (20), not 2-3-4 (9).
    rest = free - len(gaps)
    choice: tuple[int, int] | None = None
    both_ends = False
    for up in range(min(rest, rules.max_run_rank - hi), -1, -1):
        down = rest - up
        if down > lo - 1:
            break
        if lo - down == 1 and hi + up == 14:
            both_ends = True
            continue
        value = sum(rules.rank_value(p) for p in range(lo - down, hi + up + 1))
        if choice is None or value > choice[0]:
            choice = (value, up)
    if choice is None:
        if both_ends:
            return InvalidMeld(
                MeldReason.RUN_WRAPS, "a run cannot hold the ace at both ends", rule="R-RUN"
            )
        top = "A" if rules.ace_high else "K"
        return InvalidMeld(
            MeldReason.RUN_PAST_KING,
            f"a run of {len(taken) + free} {suit} cards does not fit between A and {top}",
            rule="R-RUN",
        )
    points, up = choice
    start, end = lo - (rest - up), hi + up
    nat_set = set(nat)
    cards: list[Card] = []
    reps: list[Card] = []
    for p in range(start, end + 1):
        card = natural(p, suit)
        reps.append(card)
        cards.append(card if p in nat_set else JOKER)
    return Meld("run", tuple(cards), tuple(reps), points)

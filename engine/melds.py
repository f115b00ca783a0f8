"""Melds: runs and groups, jokers and what they stand for (R-GROUP, R-RUN, R-JOKER).

:func:`read_meld` turns the cards a client lists (in any order, jokers optionally
annotated ``*:7D``) into a :class:`Meld`: its kind, its cards in order, what each
joker stands for and its points; or raises :class:`InvalidMeld` with the reason a
player can act on (R-EXPLAIN).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from engine.cards import JOKER, RANK_CODES, SUITS, Card, parse_meld_card
from engine.errors import BadInput, Code, EngineError, InvalidMeld, MeldReason
from engine.rules import RuleSet

Kind = Literal["run", "group"]
# A run spans at most 14 positions (A..K, plus a high ace); nothing longer is parsed.
MAX_MELD_CARDS = 14


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
        present = {r.suit for c, r in zip(self.cards, self.represents, strict=True) if not c.is_joker}
        return tuple(s for s in SUITS if s not in present)

    def __str__(self) -> str:
        return " ".join(self.codes)

    def __repr__(self) -> str:
        return f"read_meld(RULES, {list(self.codes)!r})"


def _card(rank: int, suit: str) -> Card:
    return Card(1 if rank == 14 else rank, suit)


def _name(rank: int, suit: str) -> str:
    return RANK_CODES[(1 if rank == 14 else rank) - 1] + suit


def read_meld(rules: RuleSet, items: Sequence[object] | Iterable[object]) -> Meld:
    """Read a meld; raises InvalidMeld (a rule) or BadInput (malformed codes)."""
    if isinstance(items, (str, bytes)) or not isinstance(items, Sequence):
        items = list(items) if not isinstance(items, (str, bytes)) else [items]
    if len(items) > MAX_MELD_CARDS:
        if len(items) > 4 * MAX_MELD_CARDS:
            raise BadInput(
                Code.BAD_INPUT,
                f"a meld of {len(items)} cards; no meld holds more than {MAX_MELD_CARDS}",
            )
        raise InvalidMeld(
            MeldReason.RUN_PAST_KING,
            f"a meld of {len(items)} cards; no meld holds more than {rules.max_run_rank}",
            rule="R-RUN",
        )
    parsed = [parse_meld_card(x) for x in items]
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
    for c, t in parsed:
        if t is not None and not c.is_joker:  # pragma: no cover - parse forbids it
            raise BadInput(Code.UNKNOWN_CARD, f"only a joker can be annotated: {c}")

    group: Meld | InvalidMeld
    try:
        group = _read_group(rules, naturals, fixed, free)
    except InvalidMeld as exc:
        group = exc
    run: Meld | InvalidMeld = _read_run(rules, naturals, fixed, free)

    if isinstance(group, Meld) and isinstance(run, Meld):
        return group if group.points > run.points else run
    if isinstance(run, Meld):
        return run
    if isinstance(group, Meld):
        return group
    if fixed:
        # Would the cards make a meld with the jokers left to stand where they fit?
        try:
            read_meld(rules, [c for c, _ in parsed])
        except InvalidMeld:
            pass
        else:
            wrong = ", ".join(f"*:{t}" for t in fixed)
            raise InvalidMeld(
                MeldReason.BAD_JOKER_ANNOTATION,
                f"the joker annotation {wrong} does not fit this meld",
                rule="R-JOKER",
            )
    raise _choose_error(naturals, group, run)


def _choose_error(naturals: list[Card], group_err: InvalidMeld, run_err: InvalidMeld) -> InvalidMeld:
    # Annotations that cannot fit either reading are the player's most direct fix.
    for err in (group_err, run_err):
        if err.reason is MeldReason.BAD_JOKER_ANNOTATION:
            if len({c.rank for c in naturals}) == 1 and err is group_err:
                return err
            if len({c.suit for c in naturals}) == 1 and err is run_err:
                return err
    ranks = {c.rank for c in naturals}
    suits = {c.suit for c in naturals}
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


def _read_group(rules: RuleSet, naturals: list[Card], fixed: list[Card], free: int) -> Meld:
    ranks = {c.rank for c in naturals}
    if len(ranks) != 1:
        raise InvalidMeld(MeldReason.MIXED_RANKS, "a group needs one rank", rule="R-GROUP")
    rank = next(iter(ranks))
    seen: Counter[str] = Counter(c.suit for c in naturals)
    for suit, count in seen.items():
        if count > 1:
            code = _name(rank, suit)
            raise InvalidMeld(
                MeldReason.DUPLICATE_SUIT,
                f"{code} appears {count} times; a group needs cards of different suits",
                rule="R-GROUP",
            )
    n = len(naturals) + len(fixed) + free
    if n > 4:
        raise InvalidMeld(
            MeldReason.GROUP_TOO_LARGE,
            f"a group has at most 4 cards, one of each suit; this has {n}",
            rule="R-GROUP",
        )
    for t in fixed:
        if t.rank != rank or t.suit in seen:
            raise InvalidMeld(
                MeldReason.BAD_JOKER_ANNOTATION,
                f"a joker in this group of {RANK_CODES[rank - 1]}s cannot stand for {t}",
                rule="R-JOKER",
            )
        seen[t.suit] += 1
    missing = [s for s in SUITS if s not in seen]
    stand_for: dict[str, Card] = {c.suit: c for c in naturals}
    jokers: dict[str, Card] = {t.suit: t for t in fixed}
    for suit in missing[:free]:
        jokers[suit] = Card(rank, suit)
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
    """The best-valued run reading, or the error of the most plausible one."""
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
    first_error: InvalidMeld | None = None
    for ace in aces_as:
        result = _run_reading(rules, suit, nat_ranks, fix_ranks, free, ace)
        if isinstance(result, Meld):
            if best is None or result.points > best.points:
                best = result
        elif first_error is None or (ace == 1 and first_error.reason is MeldReason.GAP):
            first_error = result if first_error is None else first_error
    if best is not None:
        return best
    assert first_error is not None
    all_ranks = set(nat_ranks) | set(fix_ranks)
    if 1 in all_ranks and 13 in all_ranks and (not rules.ace_high or 2 in all_ranks):
        wrap = "K-A-2" if rules.ace_high else "K-A"
        return InvalidMeld(
            MeldReason.RUN_WRAPS,
            f"a run cannot turn the corner {wrap}; the ace is "
            + ("high or low, not both" if rules.ace_high else "low only (A-2-3)"),
            rule="R-RUN",
        )
    return first_error


def _run_reading(
    rules: RuleSet,
    suit: str,
    nat_ranks: list[int],
    fix_ranks: list[int],
    free: int,
    ace: int,
) -> Meld | InvalidMeld:
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
        # Name the first gap the free jokers cannot fill: jokers fill gaps in order.
        g = gaps[free]
        below = max(p for p in taken if p < g)
        above = min(p for p in taken if p > g)
        missing = _name(g, suit)
        return InvalidMeld(
            MeldReason.GAP,
            f"needs {missing} between {_name(below, suit)} and {_name(above, suit)}",
            rule="R-RUN",
            missing_card=missing,
        )
    rest = free - len(gaps)
    up = min(rest, rules.max_run_rank - hi)
    rest -= up
    down = min(rest, lo - 1)
    rest -= down
    if rest:
        top = "A" if rules.ace_high else "K"
        return InvalidMeld(
            MeldReason.RUN_PAST_KING,
            f"a run of {len(taken) + free} {suit} cards does not fit between A and {top}",
            rule="R-RUN",
        )
    start, end = lo - down, hi + up
    if start == 1 and end == 14:
        return InvalidMeld(
            MeldReason.RUN_WRAPS, "a run cannot hold the ace at both ends", rule="R-RUN"
        )
    nat_set = set(nat)
    cards: list[Card] = []
    reps: list[Card] = []
    for p in range(start, end + 1):
        card = _card(p, suit)
        reps.append(card)
        cards.append(card if p in nat_set else JOKER)
    points = sum(rules.rank_value(p) for p in range(start, end + 1))
    return Meld("run", tuple(cards), tuple(reps), points)


def check_melds(rules: RuleSet, melds: Sequence[Sequence[object]]) -> list[dict[str, object]]:
    """Validity, kind, points and reason of each meld (the API's checkMelds)."""
    out: list[dict[str, object]] = []
    for i, items in enumerate(melds):
        try:
            meld = read_meld(rules, items)
        except EngineError as exc:
            entry: dict[str, object] = {"valid": False, **exc.as_dict(), "meldIndex": i}
            out.append(entry)
        else:
            out.append(
                {
                    "valid": True,
                    "kind": meld.kind,
                    "points": meld.points,
                    "cards": list(meld.codes),
                }
            )
    return out


def fits(rules: RuleSet, table: Sequence[Meld], card: Card | str) -> list[int]:
    """Indexes of table melds ``card`` can join without moving anything (CR-HINTS).

    Jokers already on the table keep what they stand for: laying off never moves one.
    """
    out: list[int] = []
    for i, meld in enumerate(table):
        try:
            read_meld(rules, [*meld.codes, card])
        except EngineError:
            continue
        out.append(i)
    return out

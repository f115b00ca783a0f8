"""A simple built-in policy: play the first opening or lay-offs found, else draw.

It sees only ``view(state, seat)`` (as every bot does) and is meant for simulations,
tests and as the weakest bot: it never rearranges the table beyond laying cards
off, never takes from the river and discards its highest-valued card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.actions import Action, Commit, Discard, Draw, Pass, Undo
from engine.cards import JOKER, SUITS, Card, parse_card, sort_key
from engine.errors import EngineError
from engine.melds import Meld, read_meld
from engine.rules import RuleSet, ruleset
from engine.turn import check_turn, read_table


def rules_of(view: Mapping[str, Any]) -> RuleSet:
    """The rule set a view describes."""
    return ruleset(str(view["ruleset"]), dict(view["options"]))


def choose(view: Mapping[str, Any], rules: RuleSet | None = None) -> Action:
    """The policy's action for the seat whose view this is. Raises ValueError if the
    seat is not on turn."""
    legal = view.get("legal")
    seat = view.get("seat")
    if legal is None or seat is None:
        raise ValueError("the policy acts only for the seat on turn")
    rules = rules or rules_of(view)
    phase = legal["phase"]
    sources: list[str] = legal["drawSources"]
    if phase == "discard":
        return Discard(seat, _worst(rules, legal["discardable"]))
    if phase == "draw":
        return Draw(seat, "stock" if "stock" in sources else sources[0])  # type: ignore[arg-type]
    if phase == "key":
        return Undo(seat)  # never reached by this policy's own draws
    hand = [parse_card(c) for c in view["hand"]]
    booty = Counter(parse_card(c) for c in legal["booty"])
    usable = list((Counter(hand) - booty).elements())
    table = read_table(rules, [m["cards"] for m in view["table"]])
    taken = parse_card(view["takenDiscard"]) if view.get("takenDiscard") else None
    play = find_play(
        rules,
        table,
        usable,
        opened=rules.plays_as_opened(legal["opened"]),
        lay_off=legal["mayManipulate"] or not rules.manipulation,
        keep=taken,
    )
    if play is not None:
        return Commit(seat, play)
    if phase == "meld":
        return Discard(seat, _worst(rules, legal["discardable"]))
    if "stock" in sources:
        return Draw(seat, "stock")
    if legal["pass"]:
        return Pass(seat)
    return Draw(seat, sources[0])  # type: ignore[arg-type]


def _worst(rules: RuleSet, codes: Sequence[str]) -> str:
    cards = [parse_card(c) for c in codes]
    naturals = [c for c in cards if not c.is_joker] or cards
    return max(naturals, key=lambda c: (rules.card_value(c), sort_key(c))).code


def hand_melds(rules: RuleSet, hand: Sequence[Card]) -> tuple[list[Meld], list[Card]]:
    """Greedy melds from a hand: groups, then runs, then pairs completed by a joker.
    Returns the melds and the cards left."""
    left = Counter(hand)
    melds: list[Meld] = []

    def take(cards: Sequence[Card]) -> None:
        try:
            meld = read_meld(rules, cards)
        except EngineError:
            return
        melds.append(meld)
        left.subtract(cards)

    for rank in range(13, 0, -1):
        suits = [s for s in SUITS if left[Card(rank, s)]]
        if len(suits) >= 3:
            take([Card(rank, s) for s in suits])
    for suit in SUITS:
        rank = 1
        while rank <= 13:
            end = rank
            while end <= 13 and left[Card(end, suit)]:
                end += 1
            if end - rank >= 3:
                take([Card(r, suit) for r in range(rank, end)])
            rank = end + 1
    while left[JOKER]:
        pair = _joker_pair(left)
        if pair is None:
            break
        before = len(melds)
        take([*pair, JOKER])
        if len(melds) == before:
            break
    return melds, sorted((+left).elements(), key=sort_key)


def _joker_pair(left: Counter[Card]) -> tuple[Card, Card] | None:
    cards = sorted((c for c in +left if not c.is_joker), key=sort_key)
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            if a.rank == b.rank and a.suit != b.suit:
                return a, b
            if a.suit == b.suit and 0 < b.rank - a.rank <= 2:
                return a, b
    return None


def _may_extend(meld: Meld, card: Card) -> bool:
    """A cheap filter before reading the longer meld: same rank for a group with room,
    same suit for a run; a joker may extend anything."""
    if card.is_joker:
        return True
    first = meld.represents[0]
    if meld.kind == "group":
        return len(meld.cards) < 4 and card.rank == first.rank
    return card.suit == first.suit


def find_play(
    rules: RuleSet,
    table: Sequence[Meld],
    hand: Sequence[Card],
    *,
    opened: bool,
    lay_off: bool,
    keep: Card | None = None,
) -> list[list[str]] | None:
    """A commit (the whole new table) that plays some hand cards, or None.

    Before opening: new melds reaching ``opening_min``. After: new melds and lay-offs
    onto any meld. ``keep`` is a card that must not be the only one left
    (CR-DISCARD-RULE). The result is checked with ``check_turn``.
    """
    melds, left = hand_melds(rules, hand)
    if not opened and sum(m.points for m in melds) < rules.opening_min:
        return None
    rows = [*table, *melds]
    new_table = [list(m.codes) for m in rows]
    if opened and lay_off:
        rest: list[Card] = []
        for card in left:
            for i, meld in enumerate(rows):
                if not _may_extend(meld, card):
                    continue
                try:
                    rows[i] = read_meld(rules, [*new_table[i], card.code])
                except EngineError:
                    continue
                new_table[i].append(card.code)
                break
            else:
                rest.append(card)
        left = rest
    if len(new_table) == len(table) and all(
        len(row) == len(m.cards) for row, m in zip(new_table, table, strict=True)
    ):
        return None
    if keep is not None and left == [keep]:
        return None
    try:
        check_turn(rules, table=table, hand=Counter(hand), opened=opened, commit=new_table)
    except EngineError:
        return None
    return new_table

"""Classic rummy (CR-TURN): the melds and lay-offs after the draw, the discard, the draw.

Built on the exact solver, which for rule sets without manipulation plays new melds
and lay-offs only (CR-LAYOFF):

- :func:`classic_turn`: the play and the discard that leave the least deadwood (the
  value of the cards kept, CR-SCORE); exact over every discard;
- :func:`take_discard`: whether to take the discard pile's top instead of drawing
  from the stock; a heuristic around the exact core: take it when the best turn
  with it melds it, or leaves less deadwood than the best turn without drawing at
  all (the stock card's worth is unknown, and is counted as nothing).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bots.solver import Play, solve
from engine.cards import Card, parse_card, sort_key
from engine.melds import Meld
from engine.rules import RuleSet


@dataclass(frozen=True, slots=True)
class ClassicTurn:
    """The best turn after the draw: ``play`` (possibly nothing: ``play.cards == 0``),
    then ``discard`` (None when the play goes out, CR-OUT), leaving ``deadwood``."""

    play: Play
    discard: Card | None
    deadwood: int
    optimal: bool


def _hand(hand: Mapping[Card, int] | Iterable[Card | str]) -> Counter[Card]:
    if isinstance(hand, Mapping):
        return Counter({parse_card(c): int(n) for c, n in hand.items() if n > 0})
    return Counter(parse_card(c) for c in hand)


def classic_turn(
    rules: RuleSet,
    table: Sequence[Meld] | Sequence[Sequence[object]],
    hand: Mapping[Card, int] | Iterable[Card | str],
    *,
    taken: Card | None = None,
    opened: bool = True,
    time_limit_ms: float | None = None,
) -> ClassicTurn:
    """Melds, lay-offs and the discard that leave the least deadwood (ties: the most
    cards melded). ``taken`` is the card just taken from the discard pile: it may not
    be discarded (CR-DISCARD-RULE). Raises BadInput for a malformed position."""
    cards = _hand(hand)
    value = rules.card_value
    total = sum(value(c) * n for c, n in cards.items())
    best: ClassicTurn | None = None
    share = None if time_limit_ms is None else time_limit_ms / (len(cards) + 1)
    # Going out melds every card and needs no discard.
    full = solve(rules, table, cards, opened=opened, objective="points", time_limit_ms=share)
    if full.cards == sum(cards.values()):
        return ClassicTurn(full, None, 0, full.optimal)
    optimal = full.optimal
    for card in sorted(cards, key=sort_key):
        if card == taken and cards[card] == 1:
            continue
        rest = cards.copy()
        rest[card] -= 1
        play = solve(rules, table, +rest, opened=opened, objective="points", time_limit_ms=share)
        optimal = optimal and play.optimal
        deadwood = total - play.points - value(card)
        if (
            best is None
            or deadwood < best.deadwood
            or (deadwood == best.deadwood and play.cards > best.play.cards)
        ):
            best = ClassicTurn(play, card, deadwood, True)
    if best is None:  # only the taken card in hand: it is melded or kept
        return ClassicTurn(full, None, total - full.points, optimal)
    return ClassicTurn(best.play, best.discard, best.deadwood, optimal)


def take_discard(
    rules: RuleSet,
    table: Sequence[Meld] | Sequence[Sequence[object]],
    hand: Mapping[Card, int] | Iterable[Card | str],
    top: Card | str,
    *,
    opened: bool = True,
) -> bool:
    """Whether to draw the discard pile's ``top`` rather than from the stock."""
    cards = _hand(hand)
    card = parse_card(top)
    with_top = classic_turn(rules, table, cards + Counter([card]), taken=card, opened=opened)
    if card in with_top.play.played:
        return True
    if not cards:
        return False
    without = classic_turn(rules, table, cards, opened=opened)
    return with_top.deadwood < without.deadwood

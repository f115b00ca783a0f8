"""What the table tells a player about cards (R-EXPLAIN, CR-HINTS): each meld's validity
and reason (the API's ``checkMelds``), and the table melds a card can join (``fits``)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.errors import EngineError
from engine.melds import Meld, read_meld
from engine.rules import RuleSet


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

"""What a client asks about besides a match: the rule-set presets (`rulesets`), whether
melds are valid (`checkMelds`) and the solver's suggestion (`hint`, `hintPlay`)."""

from __future__ import annotations

from typing import Annotated, Any

import strawberry
from strawberry.scalars import JSON

from api.matches.cards import Card, Meld, MeldKind, card, cards
from api.matches.rule_options import RuleOption
from api.rejections import Rejection


@strawberry.type(description="A rule-set preset with its options and their defaults.")
class Ruleset:
    name: str
    family: str
    min_players: int
    max_players: int
    aliases: list[str]
    options: JSON = strawberry.field(deprecation_reason="Use optionList: typed, with ranges.")
    option_list: list[RuleOption] = strawberry.field(
        description="Every option: type, default, allowed range, description."
    )


@strawberry.type(description="Whether a meld is valid, and if not why (R-EXPLAIN).")
class MeldCheck:
    valid: bool
    kind: MeldKind | None
    points: int | None
    cards: list[Card] | None
    code: str | None
    reason: str | None
    message: str | None
    meld_index: int
    missing_card: str | None = strawberry.field(
        deprecation_reason="Use missingCards: a gap may need several cards (R-EXPLAIN)."
    )
    missing_cards: list[Card] | None = strawberry.field(
        default=None, description="For GAP: every card the gap needs, lowest first."
    )


@strawberry.type(description="A solver suggestion: the whole new table and what it plays.")
class Play:
    table: list[Meld]
    played: list[Card]
    cards: int
    points: int
    optimal: bool


def play_of(found: Any) -> Play:
    """The Play of the solver's suggestion (``matches.selectors.match_hint``)."""
    return Play(
        table=[
            Meld(cards=cards(m.codes), kind=MeldKind(m.kind), placed_by=None, points=m.points)
            for m in found.table
        ],
        played=[card(c.code) for c in found.played],
        cards=found.cards,
        points=found.points,
        optimal=found.optimal,
    )


HintResult = Annotated[Play | Rejection, strawberry.union("HintResult")]

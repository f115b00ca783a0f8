"""The rules of Robbers' Rummy, Rummikub and classic rummy: a pure, deterministic library.

No Django, no I/O. See RULES.md for the rule ids cited throughout.
"""

from engine.cards import JOKER, Card, parse_card, parse_meld_card
from engine.errors import BadInput, Code, EngineError, InvalidMeld, MeldReason, RuleViolation
from engine.explain import check_melds, fits
from engine.melds import Meld, read_meld
from engine.rules import PRESETS, RuleSet, find_preset, ruleset
from engine.turn import JokerSwap, TurnCheck, check_turn, read_table

__all__ = [
    "JOKER",
    "PRESETS",
    "BadInput",
    "Card",
    "Code",
    "EngineError",
    "InvalidMeld",
    "JokerSwap",
    "Meld",
    "MeldReason",
    "RuleSet",
    "RuleViolation",
    "TurnCheck",
    "check_melds",
    "check_turn",
    "find_preset",
    "fits",
    "parse_card",
    "parse_meld_card",
    "read_meld",
    "read_table",
    "ruleset",
]

"""The engine's two error families (STYLE 5): malformed input and rule violations.

Both are ``ValueError`` subclasses carrying a :class:`Code` that the API maps one to
one onto its ``RejectionCode``, the id of the rule enforced (RULES.md) and a message
naming the offending cards.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class Code(StrEnum):
    """The rules' rejection codes, shared with the API's ``RejectionCode`` enum (the
    union of these, the server's ``matches.errors.MatchCode`` and the accounts')."""

    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    MATCH_OVER = "MATCH_OVER"
    NOT_A_PLAYER = "NOT_A_PLAYER"
    INVALID_MELD = "INVALID_MELD"
    CARD_NOT_IN_HAND = "CARD_NOT_IN_HAND"
    UNKNOWN_CARD = "UNKNOWN_CARD"
    TOO_MANY_COPIES = "TOO_MANY_COPIES"
    TABLE_CARD_MISSING = "TABLE_CARD_MISSING"
    NO_CARD_FROM_HAND = "NO_CARD_FROM_HAND"
    OPENING_TOO_LOW = "OPENING_TOO_LOW"
    NOT_OPENED = "NOT_OPENED"
    MANIPULATION_NOT_ALLOWED = "MANIPULATION_NOT_ALLOWED"
    MUST_DRAW_FIRST = "MUST_DRAW_FIRST"
    MUST_DISCARD = "MUST_DISCARD"
    ALREADY_DREW = "ALREADY_DREW"
    DISCARD_TAKEN_CARD = "DISCARD_TAKEN_CARD"
    JOKER_SWAP_INVALID = "JOKER_SWAP_INVALID"
    STOCK_EMPTY = "STOCK_EMPTY"
    STOCK_NOT_EMPTY = "STOCK_NOT_EMPTY"
    DISCARD_PILE_EMPTY = "DISCARD_PILE_EMPTY"
    NOT_ALLOWED = "NOT_ALLOWED"
    NOTHING_TO_UNDO = "NOTHING_TO_UNDO"
    KEY_TILE_NOT_PLAYED = "KEY_TILE_NOT_PLAYED"
    BAD_OPTION = "BAD_OPTION"
    BAD_INPUT = "BAD_INPUT"


class MeldReason(StrEnum):
    """Why a meld is invalid (R-EXPLAIN); carried as ``reason`` of an INVALID_MELD."""

    TOO_SHORT = "TOO_SHORT"
    MIXED_SUITS = "MIXED_SUITS"
    MIXED_RANKS = "MIXED_RANKS"
    GAP = "GAP"
    DUPLICATE_SUIT = "DUPLICATE_SUIT"
    DUPLICATE_RANK = "DUPLICATE_RANK"
    GROUP_TOO_LARGE = "GROUP_TOO_LARGE"
    RUN_WRAPS = "RUN_WRAPS"
    RUN_PAST_KING = "RUN_PAST_KING"
    NO_NATURAL_CARD = "NO_NATURAL_CARD"
    BAD_JOKER_ANNOTATION = "BAD_JOKER_ANNOTATION"


class EngineError(ValueError):
    """Base of every error the engine raises on purpose."""

    def __init__(
        self,
        code: Code,
        message: str,
        *,
        rule: str = "",
        reason: MeldReason | None = None,
        meld_index: int | None = None,
        missing_cards: tuple[str, ...] = (),
        points: int | None = None,
        points_needed: int | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.reason = reason
        self.meld_index = meld_index
        # R-EXPLAIN: every card a gap needs, in rank order
        self.missing_cards = missing_cards
        # OPENING_TOO_LOW: what the play's new melds make and what the opening needs, so
        # that a client can say it in its own language
        self.points = points
        self.points_needed = points_needed
        # RR-FAIL Decision: a commit rejected by the rules still marks the turn as one
        # that touched the table. ``after`` is that state (a GameState; nothing else in
        # it changed): a server keeps it so the later draw or timeout draws the penalty.
        self.after: Any = None

    @property
    def missing_card(self) -> str | None:
        """The first missing card (deprecated beside ``missing_cards``)."""
        return self.missing_cards[0] if self.missing_cards else None

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"code": str(self.code), "message": self.message}
        if self.rule:
            out["rule"] = self.rule
        if self.reason is not None:
            out["reason"] = str(self.reason)
        if self.meld_index is not None:
            out["meldIndex"] = self.meld_index
        if self.missing_cards:
            out["missingCard"] = self.missing_cards[0]
            out["missingCards"] = list(self.missing_cards)
        if self.points is not None:
            out["points"] = self.points
        if self.points_needed is not None:
            out["pointsNeeded"] = self.points_needed
        return out

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!s}, {self.message!r})"


class BadInput(EngineError):
    """Input that is not well formed: unknown codes, absurd sizes, wrong types."""


class RuleViolation(EngineError):
    """Well-formed input that the rules forbid."""


class InvalidMeld(RuleViolation):
    """A meld that is not a valid run or group (R-EXPLAIN)."""

    def __init__(
        self,
        reason: MeldReason,
        message: str,
        *,
        rule: str = "R-EXPLAIN",
        meld_index: int | None = None,
        missing_cards: tuple[str, ...] = (),
    ) -> None:
        super().__init__(
            Code.INVALID_MELD,
            message,
            rule=rule,
            reason=reason,
            meld_index=meld_index,
            missing_cards=missing_cards,
        )

    def at(self, meld_index: int) -> InvalidMeld:
        """The same rejection, located at ``meld_index`` of a table."""
        return InvalidMeld(
            self.reason or MeldReason.TOO_SHORT,
            self.message,
            rule=self.rule,
            meld_index=meld_index,
            missing_cards=self.missing_cards,
        )

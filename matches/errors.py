"""What the match services and selectors raise or return besides a match.

- :class:`Rejected` is a domain rejection, returned (not raised) by a service: nothing
  changed. Its code is the engine's (``engine.errors.Code``: a rule of the game) or a
  :class:`MatchCode` (the server's: turns, seats, hints). The API maps it onto its
  ``Rejection`` type, code for code (``RejectionCode`` is the union of the domains'
  codes, as for ``accounts.errors.AccountCode``).
- :class:`MatchNotFound` (no such match, or one the user may not see) and
  :class:`InvalidRequest` (malformed input: wrong shapes, absurd sizes) are raised;
  the API turns them into NOT_FOUND and BAD_INPUT errors.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.errors import Code, EngineError


class MatchCode(StrEnum):
    """The server's rejection codes: what the engine cannot know (a turn number a client
    saw, a wall clock, seats being filled, ranked play)."""

    STALE_TURN = "STALE_TURN"
    MATCH_FULL = "MATCH_FULL"
    TURN_EXPIRED = "TURN_EXPIRED"
    HINT_NOT_ALLOWED = "HINT_NOT_ALLOWED"


class NotFound(LookupError):
    """No such thing (a match, a tournament, a challenge, a user), or one the user may
    not see: the API answers NOT_FOUND (or null) for every kind alike."""


class ChatCode(StrEnum):
    """The chat's rejection codes (``matches.chat``)."""

    CHAT_FLOOD = "CHAT_FLOOD"
    CHAT_TIMED_OUT = "CHAT_TIMED_OUT"
    QUICK_CHAT_ONLY = "QUICK_CHAT_ONLY"
    LINE_TOO_LONG = "LINE_TOO_LONG"
    LINE_EMPTY = "LINE_EMPTY"


class ChallengeCode(StrEnum):
    """A challenge's rejection codes (``matches.challenges``)."""

    CHALLENGE_EXPIRED = "CHALLENGE_EXPIRED"
    CHALLENGE_CLOSED = "CHALLENGE_CLOSED"


class MatchNotFound(NotFound):
    """No such match, or a private one the user may not see (the two look the same)."""

    def __init__(self, match_id: object) -> None:
        super().__init__(f"there is no match {match_id}")
        self.match_id = match_id


class InvalidRequest(ValueError):
    """Malformed input; not a rule of the game."""


@dataclass(frozen=True, slots=True)
class Rejected:
    """A domain rejection (API.md "Errors"): the code, a message a player can act on,
    and for an invalid meld where and why."""

    # The engine's or the server's code, or another domain's (tournaments, chat, ...):
    # every one of them is a member of the API's RejectionCode (api.rejections).
    code: StrEnum
    message: str
    reason: str | None = None
    meld_index: int | None = None
    missing_card: str | None = None
    rule: str | None = None
    missing_cards: tuple[str, ...] = ()  # R-EXPLAIN: every card a gap needs
    points: int | None = None  # OPENING_TOO_LOW: what the new melds make
    points_needed: int | None = None  # OPENING_TOO_LOW: the opening minimum

    @classmethod
    def of(cls, exc: EngineError) -> Rejected:
        return cls(
            code=exc.code,
            message=exc.message,
            reason=str(exc.reason) if exc.reason is not None else None,
            meld_index=exc.meld_index,
            missing_card=exc.missing_card,
            rule=exc.rule or None,
            missing_cards=exc.missing_cards,
            points=exc.points,
            points_needed=exc.points_needed,
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": str(self.code), "message": self.message}
        for key in ("reason", "meld_index", "missing_card", "rule", "points", "points_needed"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.missing_cards:
            out["missing_cards"] = list(self.missing_cards)
        return out


def match_over() -> Rejected:
    """The rejection of anything asked of a match that is over."""
    return Rejected(Code.MATCH_OVER, "the match is over", rule="RR-MATCH")

"""The enums of matches: a match's status, bots' levels, who plays a seat and why, how a
turn, a round and a match stand or ended."""

from __future__ import annotations

from enum import Enum

import strawberry


@strawberry.enum(description="The state of a match.")
class MatchStatus(Enum):
    WAITING = "WAITING"
    ACTIVE = "ACTIVE"
    FINISHED = "FINISHED"
    ABORTED = "ABORTED"


@strawberry.enum(description="How strong a bot plays.")
class BotLevel(Enum):
    EASY = "EASY"
    MEDIUM = "MEDIUM"
    HARD = "HARD"
    EXPERT = "EXPERT"


@strawberry.enum(description="myMatches lists: MY_TURN feeds app badges.")
class MyMatchesFilter(Enum):
    MY_TURN = "MY_TURN"
    ACTIVE = "ACTIVE"
    FINISHED = "FINISHED"


@strawberry.enum(description="Why a player is reported (reportPlayer).")
class ReportReason(Enum):
    CHEATING = "CHEATING"
    ABUSE = "ABUSE"
    STALLING = "STALLING"
    NAME = "NAME"
    OTHER = "OTHER"


@strawberry.enum(description="Where a draw takes its card from.")
class DrawSource(Enum):
    STOCK = "STOCK"
    DISCARD = "DISCARD"
    RIVER = "RIVER"


@strawberry.enum(description="The phase of a turn (RULES.md): what the seat on turn does next.")
class TurnPhase(Enum):
    PLAY = "play"
    DISCARD = "discard"
    KEY = "key"
    DRAW = "draw"
    MELD = "meld"
    OVER = "over"


def phase(text: object) -> TurnPhase:
    try:
        return TurnPhase(text)
    except ValueError:
        return TurnPhase.OVER


@strawberry.enum(description="Who plays a seat (RULES.md T-TAKEOVER).")
class SeatController(Enum):
    PLAYER = "PLAYER"
    BOT = "BOT"
    TAKEOVER = "TAKEOVER"


@strawberry.enum(description="Why a bot plays a person's seat (RULES.md T-ASYNC, T-TAKEOVER).")
class TakeoverReason(Enum):
    TIMEOUTS = "TIMEOUTS"
    RESIGNED = "RESIGNED"
    DISCONNECTED = "DISCONNECTED"


@strawberry.enum(
    description=(
        "Why a match was aborted (MatchAborted, MatchAbortedNotice): CREATOR_LEFT, its "
        "creator left before the start; MODERATOR, a moderator stopped it; "
        "TOURNAMENT_DEADLINE, its tournament round's deadline stopped it (placed by the "
        "current totals); OTHER, any other reason (see the English `reason`)."
    )
)
class AbortReason(Enum):
    CREATOR_LEFT = "CREATOR_LEFT"
    MODERATOR = "MODERATOR"
    TOURNAMENT_DEADLINE = "TOURNAMENT_DEADLINE"
    OTHER = "OTHER"


@strawberry.enum(description="How a round ended.")
class RoundTermination(Enum):
    OUT = "out"
    STALEMATE = "stalemate"
    DRAWN = "drawn"


@strawberry.enum(description="How a match ended.")
class MatchTermination(Enum):
    ROUNDS = "rounds"
    OUTS = "outs"
    TARGET = "target"
    EXTRA_ROUND = "extra_round"
    RESIGNATION = "resignation"

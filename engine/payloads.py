"""The payload of each event kind, as types (issue 31): what ``engine.events.Event``
carries in ``public`` and, per seat, in ``private``, JSON-able as they are. The engine
builds them, the server stores and publishes them as JSON, and the API reads them back
as these types (``api.events.mapping``): one declaration of every key, checked by mypy
on both sides.

Keys the server adds to an engine event (``matches.store.self_sufficient``: the
deadline, the stock's size after a draw, ``after`` and ``myHand``; ``matches.results``:
the rating changes) are declared here too, as NotRequired: an event as the engine made
it has none of them, and a stored event made before a key existed lacks it.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict


class SeatCounts(TypedDict):
    index: int
    handCount: int
    opened: bool
    score: int


class After(TypedDict):
    """The public state after a move, on the move's last event (server-added)."""

    turn: int
    onTurn: int | None
    phase: str
    deadline: str | None
    stockCount: int
    discardCount: int
    discardTop: str | None
    river: list[str]
    seats: list[SeatCounts]
    table: list[dict[str, Any]] | None
    draft: NotRequired[list[list[str]] | None]  # the live draft (events stored since 12-02)


class Common(TypedDict):
    """What the server may add to any event: on a move's last event, ``after``."""

    after: NotRequired[After]


class Private(TypedDict):
    """A seat's private part of an event: its own cards (each kind uses its own keys)."""

    cards: NotRequired[list[str]]  # CARD_DRAWN from the stock
    hand: NotRequired[list[str]]  # ROUND_STARTED: the dealt hand
    myHand: NotRequired[list[str]]  # server-added: the whole hand after the move


class MatchStarted(Common):
    ruleset: str
    options: dict[str, Any]
    players: int
    cut: list[dict[str, Any]]
    cutWinner: int | None
    dealer: int | None


class RoundStarted(Common):
    round: int
    dealer: int | None
    participants: list[int]
    extra: bool
    handCounts: list[int]
    stockCount: int
    discardTop: str | None


class TurnStarted(Common):
    seat: int
    turn: int
    round: int
    phase: str
    deadline: NotRequired[str | None]  # server-added


class DraftUpdated(Common):
    seat: int
    draft: list[list[str]]


class MoveUndone(Common):
    seat: int
    undone: str
    table: list[dict[str, Any]]
    handCount: int
    phase: str
    discardTop: str | None
    river: list[str]


class JokerSwap(TypedDict):
    meldIndex: int
    joker: str
    card: str


class TurnCommitted(Common):
    seat: int
    turn: int
    table: list[dict[str, Any]]
    played: list[str]
    jokersToHand: int
    jokerSwaps: NotRequired[list[JokerSwap]]
    opening: int | None
    handCount: int


class CardDrawn(Common):
    seat: int
    source: Literal["stock", "discard", "river"]
    count: int
    penalty: NotRequired[int]
    card: NotRequired[str]  # from the discard pile
    riverIndex: NotRequired[int]  # from the river
    key: NotRequired[str]
    booty: NotRequired[list[str]]
    stockCount: NotRequired[int]  # server-added: the stock's size after the draw


class CardDiscarded(Common):
    seat: int
    card: str
    to: Literal["discard", "river"]


class TurnPassed(Common):
    seat: int


class Undone(TypedDict):
    draft: bool
    steps: int
    riverTake: bool


class TurnExpired(Common):
    seat: int
    turn: int
    undone: Undone | None
    penalty: int
    committed: NotRequired[bool]


class StockRestocked(Common):
    stockCount: int


class SeatChanged(Common):
    """Engine: resigned, reclaimed, bot_took_over (timeouts); the server: joined (with
    ``username``), left, bot (with ``bot``), bot_took_over (with ``reason``, ``bot``)."""

    seat: int
    change: str
    reason: NotRequired[str]
    bot: NotRequired[str]
    username: NotRequired[str]


class RoundEnded(Common):
    """``engine.state.RoundOutcome.to_dict``."""

    round: int
    termination: str
    winners: list[int]
    wentOut: int | None
    rummy: bool
    handValues: list[int | None]
    handCounts: list[int | None]
    hands: list[list[str]]
    scores: list[int | None]
    totals: list[int]
    extra: bool


class RatingChange(TypedDict):
    """``matches.results.change_payload``."""

    seat: int
    userId: int
    ruleset: str
    tempo: str
    rank: int | None
    before: dict[str, Any]
    after: dict[str, Any]


class MatchEnded(Common):
    """``engine.state.MatchOutcome.to_dict``."""

    termination: str
    winners: list[int]
    ranking: list[int]
    totals: list[int]
    roundsWon: list[int]
    outs: list[int]
    roundsPlayed: int
    resigned: list[int]
    higherWins: bool
    ratingChanges: NotRequired[list[RatingChange]]  # server-added, ranked matches
    unrated: NotRequired[str]  # server-added: why a ranked match moved no rating


AbortCode = Literal["CREATOR_LEFT", "MODERATOR", "TOURNAMENT_DEADLINE", "OTHER"]
"""Why a match was aborted, as a client switches on it (the API's ``AbortReason``)."""


class MatchAborted(Common):
    """Server-made (``matches.store.abort``); also the payload of the MATCH_ABORTED
    notification. Stored before 12-05 without ``reasonCode``: ``matches.store.abort_code``
    maps the text of those."""

    reason: str  # English, as it always was
    reasonCode: NotRequired[AbortCode]

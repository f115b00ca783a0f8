"""Typed match events (API.md "Typed contract", issue 11): ``MatchEvent`` is an interface
(``seq type kind matchId at``) with one object type per kind the server emits, its
fields typed (``Card``, ``Meld``, seat indexes, enums). ``payload: JSON`` stays for old
clients, deprecated.

The kinds, from the code that emits them: ``engine.events`` (MATCH_STARTED,
ROUND_STARTED, TURN_STARTED, DRAFT_UPDATED, MOVE_UNDONE, TURN_COMMITTED, CARD_DRAWN,
CARD_DISCARDED, TURN_PASSED, TURN_EXPIRED, STOCK_RESTOCKED, SEAT_CHANGED, ROUND_ENDED,
MATCH_ENDED), ``matches.services`` (SEAT_CHANGED for joined/left/bot/takeover,
MATCH_ABORTED) and ``matches.selectors`` (RESYNC). A kind this module does not know
yet still reaches clients, as ``OtherEvent`` with its payload
(:func:`api.events.mapping.match_event` builds them).
"""

from __future__ import annotations

from datetime import datetime
from enum import Enum

import strawberry
from strawberry.scalars import JSON

from api.accounts.rating_changes import RatingChange
from api.events.snapshots import MatchSnapshot
from api.matches.cards import Card, Meld
from api.matches.enums import AbortReason, BotLevel, DrawSource, TakeoverReason, TurnPhase
from api.matches.match import Match
from api.matches.outcomes import MatchOutcome, RoundResult

PAYLOAD_DEPRECATION = "Use the typed fields of the event's type (issue 11)."


@strawberry.enum(description="The kind of a match event; MatchEvent.type as an enum.")
class MatchEventKind(Enum):
    MATCH_STARTED = "MATCH_STARTED"
    ROUND_STARTED = "ROUND_STARTED"
    TURN_STARTED = "TURN_STARTED"
    DRAFT_UPDATED = "DRAFT_UPDATED"
    MOVE_UNDONE = "MOVE_UNDONE"
    TURN_COMMITTED = "TURN_COMMITTED"
    CARD_DRAWN = "CARD_DRAWN"
    CARD_DISCARDED = "CARD_DISCARDED"
    TURN_PASSED = "TURN_PASSED"
    TURN_EXPIRED = "TURN_EXPIRED"
    STOCK_RESTOCKED = "STOCK_RESTOCKED"
    SEAT_CHANGED = "SEAT_CHANGED"
    ROUND_ENDED = "ROUND_ENDED"
    MATCH_ENDED = "MATCH_ENDED"
    MATCH_ABORTED = "MATCH_ABORTED"
    RESYNC = "RESYNC"
    OTHER = "OTHER"


@strawberry.enum(description="What happened to a seat (SEAT_CHANGED).")
class SeatChange(Enum):
    JOINED = "joined"
    LEFT = "left"
    BOT = "bot"
    BOT_TOOK_OVER = "bot_took_over"
    RESIGNED = "resigned"
    RECLAIMED = "reclaimed"


@strawberry.enum(description="Where a discarded card went.")
class DiscardTarget(Enum):
    DISCARD = "discard"
    RIVER = "river"


@strawberry.interface(description="One event of a match, as the viewer may see it.")
class MatchEvent:
    seq: int = strawberry.field(description="The match's event number: 1, 2, 3, ...")
    type: str = strawberry.field(description="The kind as a string (see `kind`).")
    kind: MatchEventKind
    match_id: strawberry.ID
    at: datetime | None = strawberry.field(description="When the server stored the event.")
    after: MatchSnapshot | None = strawberry.field(
        description="The public state after the move this event ends (null mid-move)."
    )
    my_hand: list[Card] | None = strawberry.field(
        description="The viewer's whole hand, when the move this event ends changed it."
    )
    payload: JSON = strawberry.field(deprecation_reason=PAYLOAD_DEPRECATION)


@strawberry.type(description="MATCH_STARTED: the cut decided the dealer.")
class MatchStarted(MatchEvent):
    ruleset: str
    options: JSON
    players: int
    dealer: int | None
    cut_winner: int | None


@strawberry.type(description="ROUND_STARTED: a deal. `hand` is the viewer's dealt hand.")
class RoundStarted(MatchEvent):
    round: int
    dealer: int | None
    participants: list[int]
    extra: bool
    hand_counts: list[int]
    stock_count: int
    discard_top: Card | None
    hand: list[Card] | None


@strawberry.type(description="TURN_STARTED: `seat` is on turn until `deadline`.")
class TurnStarted(MatchEvent):
    seat: int
    turn: int
    round: int
    phase: TurnPhase
    deadline: datetime | None


@strawberry.type(description="DRAFT_UPDATED: the live, unvalidated table of the turn.")
class DraftUpdated(MatchEvent):
    seat: int
    draft: list[Meld]


@strawberry.type(description="MOVE_UNDONE: one step of the turn was taken back.")
class MoveUndone(MatchEvent):
    seat: int
    undone: str = strawberry.field(description="draft, river, meld or draw.")
    table: list[Meld]
    hand_count: int
    phase: TurnPhase
    discard_top: Card | None
    river: list[Card]


@strawberry.type(
    description=(
        "A table joker redeemed this turn (RR-JOKER, RK-JOKER): the natural card from the "
        "hand took its place; the joker went to the hand or was played again."
    )
)
class JokerSwap:
    meld_index: int = strawberry.field(
        description="The turn-start table meld (index into the table before the turn)."
    )
    joker: Card = strawberry.field(
        description="The joker as it stood there (`represents`: the card it stood for)."
    )
    card: Card = strawberry.field(description="The natural card that replaced it.")


@strawberry.type(description="TURN_COMMITTED: the new table and the hand cards it took.")
class TurnCommitted(MatchEvent):
    seat: int
    turn: int
    table: list[Meld]
    played: list[Card]
    jokers_to_hand: int
    joker_swaps: list[JokerSwap] = strawberry.field(
        description="The table jokers this turn redeemed, in table order (empty: none)."
    )
    opening: int | None = strawberry.field(description="The opening's points, if it opened.")
    hand_count: int


@strawberry.type(
    description=(
        "CARD_DRAWN: `cards` (from the stock) only for the drawer; `card` when taken "
        "face up from the discard pile; `key` and `booty` from the river."
    )
)
class CardDrawn(MatchEvent):
    seat: int
    source: DrawSource
    count: int
    penalty: int
    cards: list[Card] | None
    card: Card | None
    river_index: int | None
    key: Card | None
    booty: list[Card] | None
    stock_count: int = strawberry.field(description="The stock's size after the draw.")


@strawberry.type(description="CARD_DISCARDED.")
class CardDiscarded(MatchEvent):
    seat: int
    card: Card
    to: DiscardTarget


@strawberry.type(description="TURN_PASSED: a seat passed on an empty stock.")
class TurnPassed(MatchEvent):
    seat: int


@strawberry.type(description="TURN_EXPIRED: the clock ran out; `penalty` cards drawn.")
class TurnExpired(MatchEvent):
    seat: int
    turn: int
    undone: JSON = strawberry.field(description="What of the turn was undone.")
    penalty: int


@strawberry.type(description="STOCK_RESTOCKED: the discard pile became the stock.")
class StockRestocked(MatchEvent):
    stock_count: int


@strawberry.type(description="SEAT_CHANGED: joined, left, a bot seated or taking over, ...")
class SeatChanged(MatchEvent):
    seat: int
    change: SeatChange
    reason: TakeoverReason | None
    bot: BotLevel | None
    username: str | None


@strawberry.type(description="ROUND_ENDED: the round's result.")
class RoundEnded(MatchEvent):
    result: RoundResult
    scores: list[int | None]
    totals: list[int]


@strawberry.type(
    description=(
        "MATCH_ENDED: the outcome, and for a ranked match how it moved each player's "
        "rating (each player also gets RATING_CHANGED on myEvents)."
    )
)
class MatchEnded(MatchEvent):
    outcome: MatchOutcome
    rating_changes: list[RatingChange] = strawberry.field(
        description="Per rated player, in seat order; empty for an unranked match."
    )
    unrated: str | None = strawberry.field(
        default=None,
        description=(
            "Why a ranked match moved no rating: it ended before every player had made "
            "a few moves, or two of its players were rated together too often today. "
            "Null when it was rated (or is unranked)."
        ),
    )


@strawberry.type(description="MATCH_ABORTED: ended without a result.")
class MatchAborted(MatchEvent):
    reason: str = strawberry.field(description="Why, in English (for a person; see reasonCode).")
    reason_code: AbortReason = strawberry.field(description="Why, as a code to switch on.")


@strawberry.type(
    description="RESYNC: the whole match as the viewer sees it now (events were too old)."
)
class Resync(MatchEvent):
    match: Match


@strawberry.type(description="An event of a kind this server version has no type for.")
class OtherEvent(MatchEvent):
    pass


SCHEMA_TYPES = [
    MatchStarted,
    RoundStarted,
    TurnStarted,
    DraftUpdated,
    MoveUndone,
    TurnCommitted,
    CardDrawn,
    CardDiscarded,
    TurnPassed,
    TurnExpired,
    StockRestocked,
    SeatChanged,
    RoundEnded,
    MatchEnded,
    MatchAborted,
    Resync,
    OtherEvent,
]

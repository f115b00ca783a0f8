"""Typed match events (API.md "Typed contract", issue 11): ``MatchEvent`` is an interface
(``seq type kind matchId at``) with one object type per kind the server emits, its
fields typed (``Card``, ``Meld``, seat indexes, enums). ``payload: JSON`` stays for old
clients, deprecated.

The kinds, from the code that emits them: ``engine.events`` (MATCH_STARTED,
ROUND_STARTED, TURN_STARTED, DRAFT_UPDATED, MOVE_UNDONE, TURN_COMMITTED, CARD_DRAWN,
CARD_DISCARDED, TURN_PASSED, TURN_EXPIRED, STOCK_RESTOCKED, SEAT_CHANGED, ROUND_ENDED,
MATCH_ENDED), ``matches.services`` (SEAT_CHANGED for joined/left/bot/takeover,
MATCH_ABORTED) and ``matches.selectors`` (RESYNC). A kind this module does not know
yet still reaches clients, as ``OtherEvent`` with its payload.

Every event that ends a move also carries ``after`` (``MatchSnapshot``: counts, turn,
deadline, seats, and the table when it changed) and, for the viewer whose hand the move
changed, ``myHand``: after one ``match`` query a client can follow the game from the
events alone (``matches.services`` adds both when it stores the events).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from enum import Enum
from typing import Any, cast

import strawberry
from strawberry.scalars import JSON

from api import match_types as t
from api.ratings import RatingChange, RatingValue, rating_change, rating_value

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


@strawberry.type(description="A seat's public counts after a move.")
class SeatSnapshot:
    index: int
    hand_count: int
    opened: bool
    score: int


@strawberry.type(
    description=(
        "The match's public state after the move this event ends: what a client needs "
        "to stay in step without re-querying `match`."
    )
)
class MatchSnapshot:
    turn: int = strawberry.field(description="The turn number to send with the next move.")
    on_turn: int | None = strawberry.field(description="The seat on turn; null when over.")
    phase: t.TurnPhase
    deadline: datetime | None
    stock_count: int
    discard_count: int
    discard_top: t.Card | None
    river: list[t.Card]
    seats: list[SeatSnapshot]
    table: list[t.Meld] | None = strawberry.field(
        description="The table, when the move changed it (else null: unchanged)."
    )
    draft: list[t.Meld] | None = strawberry.field(description="The live draft; null: none.")


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
    my_hand: list[t.Card] | None = strawberry.field(
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
    discard_top: t.Card | None
    hand: list[t.Card] | None


@strawberry.type(description="TURN_STARTED: `seat` is on turn until `deadline`.")
class TurnStarted(MatchEvent):
    seat: int
    turn: int
    round: int
    phase: t.TurnPhase
    deadline: datetime | None


@strawberry.type(description="DRAFT_UPDATED: the live, unvalidated table of the turn.")
class DraftUpdated(MatchEvent):
    seat: int
    draft: list[t.Meld]


@strawberry.type(description="MOVE_UNDONE: one step of the turn was taken back.")
class MoveUndone(MatchEvent):
    seat: int
    undone: str = strawberry.field(description="draft, river, meld or draw.")
    table: list[t.Meld]
    hand_count: int
    phase: t.TurnPhase
    discard_top: t.Card | None
    river: list[t.Card]


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
    joker: t.Card = strawberry.field(
        description="The joker as it stood there (`represents`: the card it stood for)."
    )
    card: t.Card = strawberry.field(description="The natural card that replaced it.")


def joker_swap(data: Mapping[str, Any]) -> JokerSwap:
    return JokerSwap(
        meld_index=int(data["meldIndex"]), joker=t.card(data["joker"]), card=t.card(data["card"])
    )


@strawberry.type(description="TURN_COMMITTED: the new table and the hand cards it took.")
class TurnCommitted(MatchEvent):
    seat: int
    turn: int
    table: list[t.Meld]
    played: list[t.Card]
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
    source: t.DrawSource
    count: int
    penalty: int
    cards: list[t.Card] | None
    card: t.Card | None
    river_index: int | None
    key: t.Card | None
    booty: list[t.Card] | None
    stock_count: int = strawberry.field(description="The stock's size after the draw.")


@strawberry.type(description="CARD_DISCARDED.")
class CardDiscarded(MatchEvent):
    seat: int
    card: t.Card
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
    reason: t.TakeoverReason | None
    bot: t.BotLevel | None
    username: str | None


@strawberry.type(description="ROUND_ENDED: the round's result.")
class RoundEnded(MatchEvent):
    result: t.RoundResult
    scores: list[int | None]
    totals: list[int]


@strawberry.type(
    description=(
        "MATCH_ENDED: the outcome, and for a ranked match how it moved each player's "
        "rating (each player also gets RATING_CHANGED on myEvents)."
    )
)
class MatchEnded(MatchEvent):
    outcome: t.MatchOutcome
    rating_changes: list[RatingChange] = strawberry.field(
        description="Per rated player, in seat order; empty for an unranked match."
    )


@strawberry.type(description="MATCH_ABORTED: ended without a result.")
class MatchAborted(MatchEvent):
    reason: str


@strawberry.type(
    description="RESYNC: the whole match as the viewer sees it now (events were too old)."
)
class Resync(MatchEvent):
    match: t.Match


@strawberry.type(description="An event of a kind this server version has no type for.")
class OtherEvent(MatchEvent):
    pass


# -- the user's notifications (myEvents) -----------------------------------------------------


@strawberry.enum(description="The kind of a notification; UserEvent.type as an enum.")
class UserEventKind(Enum):
    MATCH_STARTED = "MATCH_STARTED"
    YOUR_TURN = "YOUR_TURN"
    TURN_REMINDER = "TURN_REMINDER"
    SEAT_TAKEN_OVER = "SEAT_TAKEN_OVER"
    MATCH_ENDED = "MATCH_ENDED"
    MATCH_ABORTED = "MATCH_ABORTED"
    RATING_CHANGED = "RATING_CHANGED"
    OTHER = "OTHER"


@strawberry.interface(description="A notification for the user (myEvents).")
class UserEvent:
    type: str = strawberry.field(description="The kind as a string (see `kind`).")
    kind: UserEventKind
    match_id: strawberry.ID | None
    payload: JSON = strawberry.field(deprecation_reason=PAYLOAD_DEPRECATION)


@strawberry.type(description="MATCH_STARTED: a match of yours was dealt (also from the queue).")
class MatchStartedNotice(UserEvent):
    pass


@strawberry.type(description="YOUR_TURN, or TURN_REMINDER when the turn's time runs short.")
class TurnNotice(UserEvent):
    turn: int
    seat: int
    deadline: datetime | None


@strawberry.type(description="SEAT_TAKEN_OVER: a bot plays your seat now (reclaimSeat).")
class SeatTakenOver(UserEvent):
    seat: int
    reason: t.TakeoverReason | None
    bot: t.BotLevel | None
    since: datetime | None


@strawberry.type(description="MATCH_ENDED: how a match of yours ended.")
class MatchEndedNotice(UserEvent):
    winners: list[int]
    outcome: t.MatchOutcome | None


@strawberry.type(description="MATCH_ABORTED: a match of yours ended without a result.")
class MatchAbortedNotice(UserEvent):
    reason: str


@strawberry.type(description="RATING_CHANGED: a ranked match moved your rating.")
class RatingChanged(UserEvent):
    ruleset: str
    tempo: str
    rank: int | None
    before: RatingValue | None
    after: RatingValue | None


@strawberry.type(description="A notification of a kind this server version has no type for.")
class OtherNotice(UserEvent):
    pass


def _member(enum: Any, text: object) -> Any:
    value = str(text or "").upper()
    return enum(value) if value in enum.__members__ else None


def user_event(data: Mapping[str, Any]) -> UserEvent:
    """The typed notification of a published user event (type, matchId, payload)."""
    kind_text = str(data.get("type", ""))
    p: Mapping[str, Any] = data.get("payload") or {}
    kind = _member(UserEventKind, kind_text) or UserEventKind.OTHER
    match_id = data.get("matchId")
    common: dict[str, Any] = {
        "type": kind_text,
        "kind": kind,
        "match_id": strawberry.ID(str(match_id)) if match_id else None,
        "payload": p,
    }
    if kind == UserEventKind.MATCH_STARTED:
        return MatchStartedNotice(**common)
    if kind in (UserEventKind.YOUR_TURN, UserEventKind.TURN_REMINDER):
        return TurnNotice(
            **common,
            turn=p.get("turn", 0),
            seat=p.get("seat", 0),
            deadline=_time(p.get("deadline")),
        )
    if kind == UserEventKind.SEAT_TAKEN_OVER:
        return SeatTakenOver(
            **common,
            seat=p.get("seat", 0),
            reason=_member(t.TakeoverReason, p.get("reason")),
            bot=_member(t.BotLevel, p.get("bot")),
            since=_time(p.get("since")),
        )
    if kind == UserEventKind.MATCH_ENDED:
        outcome = p.get("outcome")
        return MatchEndedNotice(
            **common,
            winners=list(p.get("winners") or []),
            outcome=t.match_outcome(outcome) if isinstance(outcome, Mapping) else None,
        )
    if kind == UserEventKind.MATCH_ABORTED:
        return MatchAbortedNotice(**common, reason=str(p.get("reason", "")))
    if kind == UserEventKind.RATING_CHANGED:
        return RatingChanged(
            **common,
            ruleset=str(p.get("ruleset", "")),
            tempo=str(p.get("tempo", "")),
            rank=p.get("rank"),
            before=rating_value(p.get("before")),
            after=rating_value(p.get("after")),
        )
    return OtherNotice(**common)


SCHEMA_TYPES = [
    MatchStartedNotice,
    TurnNotice,
    SeatTakenOver,
    MatchEndedNotice,
    MatchAbortedNotice,
    RatingChanged,
    OtherNotice,
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


_SEAT_CHANGES = frozenset(c.value for c in SeatChange)


def _opt_card(code: object) -> t.Card | None:
    return t.card(code) if isinstance(code, str) and code else None


def _melds(table: Sequence[Mapping[str, Any]] | None) -> list[t.Meld]:
    return [t.meld(m) for m in table or ()]


def _drafts(draft: Sequence[Sequence[str]] | None) -> list[t.Meld]:
    return [t.draft_meld(m) for m in draft or ()]


def _time(text: object) -> datetime | None:
    return datetime.fromisoformat(text) if isinstance(text, str) and text else None


def snapshot(data: Mapping[str, Any] | None) -> MatchSnapshot | None:
    if not data:
        return None
    return MatchSnapshot(
        turn=data["turn"],
        on_turn=data.get("onTurn"),
        phase=t.phase(data.get("phase")),
        deadline=_time(data.get("deadline")),
        stock_count=data.get("stockCount", 0),
        discard_count=data.get("discardCount", 0),
        discard_top=_opt_card(data.get("discardTop")),
        river=t.cards(data.get("river")),
        seats=[
            SeatSnapshot(
                index=s["index"],
                hand_count=s.get("handCount", 0),
                opened=bool(s.get("opened")),
                score=s.get("score", 0),
            )
            for s in data.get("seats", ())
        ],
        table=_melds(data["table"]) if data.get("table") is not None else None,
        draft=_drafts(data["draft"]) if data.get("draft") is not None else None,
    )


def match_event(data: Mapping[str, Any]) -> MatchEvent:
    """The typed event of a shaped event dict (``matches.selectors.shape_event``)."""
    kind_text = data["type"]
    p: Mapping[str, Any] = data.get("payload") or {}
    try:
        kind = MatchEventKind(kind_text)
    except ValueError:
        kind = MatchEventKind.OTHER
    common: dict[str, Any] = {
        "seq": data["seq"],
        "type": kind_text,
        "kind": kind,
        "match_id": strawberry.ID(str(data["matchId"])),
        "at": _time(data.get("at")),
        "after": snapshot(p.get("after")) if kind != MatchEventKind.RESYNC else None,
        "my_hand": t.cards(p["myHand"]) if p.get("myHand") is not None else None,
        "payload": p,
    }
    # Every kind below that is about a seat carries it (matches.publishing).
    seat = cast(int, p.get("seat"))
    if kind == MatchEventKind.MATCH_STARTED:
        return MatchStarted(
            **common,
            ruleset=p.get("ruleset", ""),
            options=JSON(p.get("options") or {}),
            players=p.get("players", 0),
            dealer=p.get("dealer"),
            cut_winner=p.get("cutWinner"),
        )
    if kind == MatchEventKind.ROUND_STARTED:
        return RoundStarted(
            **common,
            round=p.get("round", 0),
            dealer=p.get("dealer"),
            participants=list(p.get("participants") or []),
            extra=bool(p.get("extra")),
            hand_counts=list(p.get("handCounts") or []),
            stock_count=p.get("stockCount", 0),
            discard_top=_opt_card(p.get("discardTop")),
            hand=t.cards(p["hand"]) if p.get("hand") is not None else None,
        )
    if kind == MatchEventKind.TURN_STARTED:
        return TurnStarted(
            **common,
            seat=seat,
            turn=p.get("turn", 0),
            round=p.get("round", 0),
            phase=t.phase(p.get("phase")),
            deadline=_time(p.get("deadline")),
        )
    if kind == MatchEventKind.DRAFT_UPDATED:
        return DraftUpdated(**common, seat=seat, draft=_drafts(p.get("draft")))
    if kind == MatchEventKind.MOVE_UNDONE:
        return MoveUndone(
            **common,
            seat=seat,
            undone=str(p.get("undone", "")),
            table=_melds(p.get("table")),
            hand_count=p.get("handCount", 0),
            phase=t.phase(p.get("phase")),
            discard_top=_opt_card(p.get("discardTop")),
            river=t.cards(p.get("river")),
        )
    if kind == MatchEventKind.TURN_COMMITTED:
        return TurnCommitted(
            **common,
            seat=seat,
            turn=p.get("turn", 0),
            table=_melds(p.get("table")),
            played=t.cards(p.get("played")),
            jokers_to_hand=int(p.get("jokersToHand") or 0),
            joker_swaps=[joker_swap(x) for x in p.get("jokerSwaps") or ()],
            opening=p.get("opening"),
            hand_count=p.get("handCount", 0),
        )
    if kind == MatchEventKind.CARD_DRAWN:
        return CardDrawn(
            **common,
            seat=seat,
            source=t.DrawSource(str(p.get("source", "stock")).upper()),
            count=p.get("count", 0),
            penalty=p.get("penalty", 0) or 0,
            cards=t.cards(p["cards"]) if p.get("cards") is not None else None,
            card=_opt_card(p.get("card")),
            river_index=p.get("riverIndex"),
            key=_opt_card(p.get("key")),
            booty=t.cards(p["booty"]) if p.get("booty") is not None else None,
            stock_count=p.get("stockCount", 0),
        )
    if kind == MatchEventKind.CARD_DISCARDED:
        return CardDiscarded(
            **common, seat=seat, card=t.card(p["card"]), to=DiscardTarget(p.get("to", "discard"))
        )
    if kind == MatchEventKind.TURN_PASSED:
        return TurnPassed(**common, seat=seat)
    if kind == MatchEventKind.TURN_EXPIRED:
        return TurnExpired(
            **common,
            seat=seat,
            turn=p.get("turn", 0),
            undone=JSON(p.get("undone")),
            penalty=p.get("penalty", 0) or 0,
        )
    if kind == MatchEventKind.STOCK_RESTOCKED:
        return StockRestocked(**common, stock_count=p.get("stockCount", 0))
    if kind == MatchEventKind.SEAT_CHANGED and p.get("change") in _SEAT_CHANGES:
        reason = str(p.get("reason") or "").upper()
        bot = str(p.get("bot") or "").upper()
        return SeatChanged(
            **common,
            seat=seat,
            change=SeatChange(p.get("change")),
            reason=t.TakeoverReason(reason) if reason in t.TakeoverReason.__members__ else None,
            bot=t.BotLevel(bot) if bot in t.BotLevel.__members__ else None,
            username=p.get("username"),
        )
    if kind == MatchEventKind.ROUND_ENDED:
        return RoundEnded(
            **common,
            result=t.round_result(p),
            scores=list(p.get("scores") or []),
            totals=list(p.get("totals") or []),
        )
    if kind == MatchEventKind.MATCH_ENDED:
        return MatchEnded(
            **common,
            outcome=t.match_outcome(p),
            rating_changes=[rating_change(x) for x in p.get("ratingChanges") or ()],
        )
    if kind == MatchEventKind.MATCH_ABORTED:
        return MatchAborted(**common, reason=str(p.get("reason", "")))
    if kind == MatchEventKind.RESYNC:
        from matches.selectors import MatchView

        return Resync(**common, match=t.match(MatchView.from_dict(p)))
    return OtherEvent(**common)

"""The typed event (``api.events.match_events``) of a shaped event dict
(``matches.selectors.shape_event``): one branch per kind."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import strawberry
from strawberry.scalars import JSON

from api.accounts.rating_changes import rating_change
from api.events.match_events import (
    CardDiscarded,
    CardDrawn,
    DiscardTarget,
    DraftUpdated,
    JokerSwap,
    MatchAborted,
    MatchEnded,
    MatchEvent,
    MatchEventKind,
    MatchStarted,
    MoveUndone,
    OtherEvent,
    Resync,
    RoundEnded,
    RoundStarted,
    SeatChange,
    SeatChanged,
    StockRestocked,
    TurnCommitted,
    TurnExpired,
    TurnPassed,
    TurnStarted,
)
from api.events.snapshots import drafts, melds, opt_card, snapshot, time_of
from api.matches.cards import card, cards
from api.matches.enums import BotLevel, DrawSource, TakeoverReason, phase
from api.matches.match import match
from api.matches.outcomes import match_outcome, round_result


def joker_swap(data: Mapping[str, Any]) -> JokerSwap:
    return JokerSwap(
        meld_index=int(data["meldIndex"]), joker=card(data["joker"]), card=card(data["card"])
    )


_SEAT_CHANGES = frozenset(c.value for c in SeatChange)


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
        "at": time_of(data.get("at")),
        "after": snapshot(p.get("after")) if kind != MatchEventKind.RESYNC else None,
        "my_hand": cards(p["myHand"]) if p.get("myHand") is not None else None,
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
            discard_top=opt_card(p.get("discardTop")),
            hand=cards(p["hand"]) if p.get("hand") is not None else None,
        )
    if kind == MatchEventKind.TURN_STARTED:
        return TurnStarted(
            **common,
            seat=seat,
            turn=p.get("turn", 0),
            round=p.get("round", 0),
            phase=phase(p.get("phase")),
            deadline=time_of(p.get("deadline")),
        )
    if kind == MatchEventKind.DRAFT_UPDATED:
        return DraftUpdated(**common, seat=seat, draft=drafts(p.get("draft")))
    if kind == MatchEventKind.MOVE_UNDONE:
        return MoveUndone(
            **common,
            seat=seat,
            undone=str(p.get("undone", "")),
            table=melds(p.get("table")),
            hand_count=p.get("handCount", 0),
            phase=phase(p.get("phase")),
            discard_top=opt_card(p.get("discardTop")),
            river=cards(p.get("river")),
        )
    if kind == MatchEventKind.TURN_COMMITTED:
        return TurnCommitted(
            **common,
            seat=seat,
            turn=p.get("turn", 0),
            table=melds(p.get("table")),
            played=cards(p.get("played")),
            jokers_to_hand=int(p.get("jokersToHand") or 0),
            joker_swaps=[joker_swap(x) for x in p.get("jokerSwaps") or ()],
            opening=p.get("opening"),
            hand_count=p.get("handCount", 0),
        )
    if kind == MatchEventKind.CARD_DRAWN:
        return CardDrawn(
            **common,
            seat=seat,
            source=DrawSource(str(p.get("source", "stock")).upper()),
            count=p.get("count", 0),
            penalty=p.get("penalty", 0) or 0,
            cards=cards(p["cards"]) if p.get("cards") is not None else None,
            card=opt_card(p.get("card")),
            river_index=p.get("riverIndex"),
            key=opt_card(p.get("key")),
            booty=cards(p["booty"]) if p.get("booty") is not None else None,
            stock_count=p.get("stockCount", 0),
        )
    if kind == MatchEventKind.CARD_DISCARDED:
        return CardDiscarded(
            **common, seat=seat, card=card(p["card"]), to=DiscardTarget(p.get("to", "discard"))
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
            reason=TakeoverReason(reason) if reason in TakeoverReason.__members__ else None,
            bot=BotLevel(bot) if bot in BotLevel.__members__ else None,
            username=p.get("username"),
        )
    if kind == MatchEventKind.ROUND_ENDED:
        return RoundEnded(
            **common,
            result=round_result(p),
            scores=list(p.get("scores") or []),
            totals=list(p.get("totals") or []),
        )
    if kind == MatchEventKind.MATCH_ENDED:
        return MatchEnded(
            **common,
            outcome=match_outcome(p),
            rating_changes=[rating_change(x) for x in p.get("ratingChanges") or ()],
            unrated=p.get("unrated"),
        )
    if kind == MatchEventKind.MATCH_ABORTED:
        return MatchAborted(**common, reason=str(p.get("reason", "")))
    if kind == MatchEventKind.RESYNC:
        from matches.selectors import MatchView

        return Resync(**common, match=match(MatchView.from_dict(p)))
    return OtherEvent(**common)

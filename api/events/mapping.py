"""The typed event (``api.events.match_events``) of a shaped event dict
(``matches.selectors.shape_event``): one branch per kind, each reading the payload as the
engine's type of that kind (``engine.payloads``), so that mypy holds the keys read here to
the keys the engine writes."""

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
from api.matches.cards import Card, card, cards
from api.matches.enums import AbortReason, BotLevel, DrawSource, TakeoverReason, phase
from api.matches.match import match
from api.matches.outcomes import match_outcome, round_result
from engine import payloads
from matches.store import abort_code


def joker_swap(data: payloads.JokerSwap) -> JokerSwap:
    return JokerSwap(
        meld_index=data["meldIndex"], joker=card(data["joker"]), card=card(data["card"])
    )


_SEAT_CHANGES = frozenset(c.value for c in SeatChange)


def _opt_cards(codes: list[str] | None) -> list[Card] | None:
    return cards(codes) if codes is not None else None


def match_event(data: Mapping[str, Any]) -> MatchEvent:
    """The typed event of a shaped event dict (``matches.selectors.shape_event``): its
    payload is the kind's ``engine.payloads`` type with the viewer's private part."""
    kind_text = data["type"]
    payload: Mapping[str, Any] = data.get("payload") or {}
    try:
        kind = MatchEventKind(kind_text)
    except ValueError:
        kind = MatchEventKind.OTHER
    mine = cast(payloads.Private, payload)
    after = cast(payloads.Common, payload).get("after")
    common: dict[str, Any] = {
        "seq": data["seq"],
        "type": kind_text,
        "kind": kind,
        "match_id": strawberry.ID(str(data["matchId"])),
        "at": time_of(data.get("at")),
        "after": snapshot(after) if kind != MatchEventKind.RESYNC else None,
        "my_hand": _opt_cards(mine.get("myHand")),
        "payload": payload,
    }
    if kind == MatchEventKind.MATCH_STARTED:
        started = cast(payloads.MatchStarted, payload)
        return MatchStarted(
            **common,
            ruleset=started["ruleset"],
            options=JSON(started["options"]),
            players=started["players"],
            dealer=started["dealer"],
            cut_winner=started["cutWinner"],
        )
    if kind == MatchEventKind.ROUND_STARTED:
        dealt = cast(payloads.RoundStarted, payload)
        return RoundStarted(
            **common,
            round=dealt["round"],
            dealer=dealt["dealer"],
            participants=dealt["participants"],
            extra=dealt["extra"],
            hand_counts=dealt["handCounts"],
            stock_count=dealt["stockCount"],
            discard_top=opt_card(dealt["discardTop"]),
            hand=_opt_cards(mine.get("hand")),
        )
    if kind == MatchEventKind.TURN_STARTED:
        turn = cast(payloads.TurnStarted, payload)
        return TurnStarted(
            **common,
            seat=turn["seat"],
            turn=turn["turn"],
            round=turn["round"],
            phase=phase(turn["phase"]),
            deadline=time_of(turn.get("deadline")),
        )
    if kind == MatchEventKind.DRAFT_UPDATED:
        updated = cast(payloads.DraftUpdated, payload)
        return DraftUpdated(**common, seat=updated["seat"], draft=drafts(updated["draft"]))
    if kind == MatchEventKind.MOVE_UNDONE:
        undone = cast(payloads.MoveUndone, payload)
        return MoveUndone(
            **common,
            seat=undone["seat"],
            undone=undone["undone"],
            table=melds(undone["table"]),
            hand_count=undone["handCount"],
            phase=phase(undone["phase"]),
            discard_top=opt_card(undone["discardTop"]),
            river=cards(undone["river"]),
        )
    if kind == MatchEventKind.TURN_COMMITTED:
        committed = cast(payloads.TurnCommitted, payload)
        return TurnCommitted(
            **common,
            seat=committed["seat"],
            turn=committed["turn"],
            table=melds(committed["table"]),
            played=cards(committed["played"]),
            jokers_to_hand=committed["jokersToHand"],
            joker_swaps=[joker_swap(x) for x in committed.get("jokerSwaps", ())],
            opening=committed["opening"],
            hand_count=committed["handCount"],
        )
    if kind == MatchEventKind.CARD_DRAWN:
        drawn = cast(payloads.CardDrawn, payload)
        return CardDrawn(
            **common,
            seat=drawn["seat"],
            source=DrawSource(drawn["source"].upper()),
            count=drawn["count"],
            penalty=drawn.get("penalty", 0),
            cards=_opt_cards(mine.get("cards")),
            card=opt_card(drawn.get("card")),
            river_index=drawn.get("riverIndex"),
            key=opt_card(drawn.get("key")),
            booty=_opt_cards(drawn.get("booty")),
            stock_count=drawn.get("stockCount", 0),
        )
    if kind == MatchEventKind.CARD_DISCARDED:
        discarded = cast(payloads.CardDiscarded, payload)
        return CardDiscarded(
            **common,
            seat=discarded["seat"],
            card=card(discarded["card"]),
            to=DiscardTarget(discarded["to"]),
        )
    if kind == MatchEventKind.TURN_PASSED:
        return TurnPassed(**common, seat=cast(payloads.TurnPassed, payload)["seat"])
    if kind == MatchEventKind.TURN_EXPIRED:
        expired = cast(payloads.TurnExpired, payload)
        return TurnExpired(
            **common,
            seat=expired["seat"],
            turn=expired["turn"],
            undone=JSON(expired["undone"]),
            penalty=expired["penalty"],
        )
    if kind == MatchEventKind.STOCK_RESTOCKED:
        restocked = cast(payloads.StockRestocked, payload)
        return StockRestocked(**common, stock_count=restocked["stockCount"])
    changed = cast(payloads.SeatChanged, payload)
    if kind == MatchEventKind.SEAT_CHANGED and changed["change"] in _SEAT_CHANGES:
        reason = changed.get("reason", "").upper()
        bot = changed.get("bot", "").upper()
        return SeatChanged(
            **common,
            seat=changed["seat"],
            change=SeatChange(changed["change"]),
            reason=TakeoverReason(reason) if reason in TakeoverReason.__members__ else None,
            bot=BotLevel(bot) if bot in BotLevel.__members__ else None,
            username=changed.get("username"),
        )
    if kind == MatchEventKind.ROUND_ENDED:
        ended = cast(payloads.RoundEnded, payload)
        return RoundEnded(
            **common, result=round_result(ended), scores=ended["scores"], totals=ended["totals"]
        )
    if kind == MatchEventKind.MATCH_ENDED:
        over = cast(payloads.MatchEnded, payload)
        return MatchEnded(
            **common,
            outcome=match_outcome(over),
            rating_changes=[rating_change(x) for x in over.get("ratingChanges", ())],
            unrated=over.get("unrated"),
        )
    if kind == MatchEventKind.MATCH_ABORTED:
        aborted = cast(payloads.MatchAborted, payload)
        return MatchAborted(
            **common, reason=aborted["reason"], reason_code=AbortReason(abort_code(aborted))
        )
    if kind == MatchEventKind.RESYNC:
        from matches.selectors import MatchView

        return Resync(**common, match=match(MatchView.from_dict(payload)))
    return OtherEvent(**common)

"""How a round and a match ended (`Match.roundResults`, `Match.result`, and the events
that end them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import strawberry

from api.matches.cards import Card, cards
from api.matches.enums import MatchTermination, RoundTermination


@strawberry.type(description="One finished round (per-seat lists are indexed by seat).")
class RoundResult:
    round: int
    termination: RoundTermination
    winners: list[int]
    went_out: int | None
    rummy: bool
    hand_values: list[int | None]
    hand_counts: list[int | None]
    hands: list[list[Card]] = strawberry.field(description="Revealed at the round's end.")
    scores: list[int | None] = strawberry.field(description="Null: sat the round out.")
    totals: list[int]
    extra: bool


def round_result(d: Mapping[str, Any]) -> RoundResult:
    return RoundResult(
        round=d.get("round", 0),
        termination=RoundTermination(d.get("termination", "out")),
        winners=list(d.get("winners") or []),
        went_out=d.get("wentOut"),
        rummy=bool(d.get("rummy")),
        hand_values=list(d.get("handValues") or []),
        hand_counts=list(d.get("handCounts") or []),
        hands=[cards(h) for h in d.get("hands") or []],
        scores=list(d.get("scores") or []),
        totals=list(d.get("totals") or []),
        extra=bool(d.get("extra")),
    )


@strawberry.type(description="How the match ended; `ranking` lists seats best first.")
class MatchOutcome:
    termination: MatchTermination
    winners: list[int]
    ranking: list[int]
    totals: list[int]
    rounds_won: list[int]
    outs: list[int]
    rounds_played: int
    resigned: list[int]
    higher_wins: bool


def match_outcome(d: Mapping[str, Any]) -> MatchOutcome:
    return MatchOutcome(
        termination=MatchTermination(d.get("termination", "rounds")),
        winners=list(d.get("winners") or []),
        ranking=list(d.get("ranking") or []),
        totals=list(d.get("totals") or []),
        rounds_won=list(d.get("roundsWon") or []),
        outs=list(d.get("outs") or []),
        rounds_played=d.get("roundsPlayed", 0),
        resigned=list(d.get("resigned") or []),
        higher_wins=bool(d.get("higherWins")),
    )

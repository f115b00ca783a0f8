"""Scoring a round and deciding a match (RR-SCORE, RR-MATCH, RK-END, CR-SCORE).

Three ways of scoring, chosen by asking the rule set:

- penalty (Robbers' Rummy, RR-SCORE): everyone but the round's winner adds the value
  of their hand; the lowest total wins the match;
- plus/minus (Rummikub, RK-END, ``winner_scores_sum``): losers score minus their
  rack, the winner plus the sum of the losers' racks; the highest total wins;
- winner takes (classic rummy, CR-SCORE): the winner scores the sum of the other
  hands, doubled for a "rummy" (``rummy_double``); the highest total wins.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from engine.cards import Card
from engine.rules import RuleSet
from engine.state import MatchEnd, MatchOutcome, SeatState

ScoringStyle = Literal["penalty", "plus_minus", "winner_takes"]


def scoring_style(rules: RuleSet) -> ScoringStyle:
    if rules.winner_scores_sum:
        return "plus_minus"
    if rules.family == "rummy":
        return "winner_takes"
    return "penalty"


def higher_wins(rules: RuleSet) -> bool:
    """Does the highest match total win (RK-END, CR-SCORE) or the lowest (RR-MATCH)?"""
    return scoring_style(rules) != "penalty"


def hand_value(rules: RuleSet, hand: Iterable[Card]) -> int:
    """The RR-VALUES / RK-END / CR-SCORE value of the cards left in a hand."""
    return sum(rules.card_value(c) for c in hand)


def stalemate_winners(
    rules: RuleSet, participants: Sequence[int], seats: Sequence[SeatState]
) -> tuple[int, ...]:
    """Who wins a round nobody went out of (RR-STOCK-OUT, RK-END).

    ``stalemate_by`` "tiles": fewest cards, ties by the lowest hand value (Decision in
    RR-STOCK-OUT); "points": lowest hand value, ties by fewest cards. Still tied: every
    tied seat wins the round (Decision).
    """

    def key(p: int) -> tuple[int, int]:
        count, value = len(seats[p].hand), hand_value(rules, seats[p].hand)
        return (count, value) if rules.stalemate_by == "tiles" else (value, count)

    best = min(key(p) for p in participants)
    return tuple(p for p in participants if key(p) == best)


def round_scores(
    rules: RuleSet,
    seats: Sequence[SeatState],
    participants: Sequence[int],
    winners: Sequence[int],
    *,
    rummy: bool,
) -> tuple[int | None, ...]:
    """Each seat's score for a round with ``winners`` (None: sat the round out).

    Decisions: a stalemate winner scores like one who went out; several tied winners
    split the winners' share (rounded down). The RR-JOKER ``joker_swap_bonus`` is taken
    off the redeemer's penalty (it may go below zero).
    """
    style = scoring_style(rules)
    values = {p: hand_value(rules, seats[p].hand) for p in participants}
    losers = [p for p in participants if p not in winners]
    pot = sum(values[p] for p in losers)
    out: list[int | None] = [None] * len(seats)
    for p in participants:
        won = p in winners
        if style == "penalty":
            score = 0 if won else values[p]
            score -= rules.joker_swap_bonus * seats[p].jokers_redeemed
        elif style == "plus_minus":
            score = pot // len(winners) if won else -values[p]
        else:
            factor = 2 if rummy and rules.rummy_double else 1
            score = pot * factor // len(winners) if won else 0
        out[p] = score
    return tuple(out)


def _eligible(seats: Sequence[SeatState], among: Iterable[int]) -> list[int]:
    pool = [s for s in among if not seats[s].resigned]
    return pool or [s for s in range(len(seats)) if not seats[s].resigned] or list(among)


def ranking(rules: RuleSet, seats: Sequence[SeatState]) -> tuple[int, ...]:
    """Seats best first: resigned last, then by total (direction of the scoring),
    then most rounds won; the ``outs`` format ranks by rounds won first."""
    sign = -1 if higher_wins(rules) else 1

    def key(s: int) -> tuple[int, ...]:
        seat = seats[s]
        if rules.match_format == "outs":
            return (seat.resigned, -seat.rounds_won, sign * seat.total, s)
        return (seat.resigned, sign * seat.total, -seat.rounds_won, s)

    return tuple(sorted(range(len(seats)), key=key))


def outcome(
    rules: RuleSet,
    seats: Sequence[SeatState],
    termination: MatchEnd,
    winners: Sequence[int],
    rounds_played: int,
) -> MatchOutcome:
    return MatchOutcome(
        termination=termination,
        winners=tuple(sorted(winners)),
        ranking=ranking(rules, seats),
        totals=tuple(s.total for s in seats),
        rounds_won=tuple(s.rounds_won for s in seats),
        outs=tuple(s.outs for s in seats),
        rounds_played=rounds_played,
        resigned=tuple(i for i, s in enumerate(seats) if s.resigned),
        higher_wins=higher_wins(rules),
    )


def decide_match(
    rules: RuleSet,
    seats: Sequence[SeatState],
    *,
    rounds_played: int,
    extra_round: bool,
    participants: Sequence[int],
    round_winners: Sequence[int],
) -> MatchOutcome | tuple[int, ...] | None:
    """After a round: the match's outcome, or the seats of an extra round (RR-MATCH
    ties), or None to play on. ``rounds_played`` counts regular rounds only."""
    if extra_round:
        tied = [p for p in participants if p in round_winners] or list(participants)
        tied = _eligible(seats, tied)
        if len(tied) == 1:
            return outcome(rules, seats, "extra_round", tied, rounds_played)
        return tuple(sorted(tied))
    fmt = rules.match_format
    if fmt == "rounds":
        if rounds_played < rules.rounds:
            return None
        candidates = _eligible(seats, range(len(seats)))
    elif fmt == "outs":
        # Decision: a round won on a stalemate counts as an out, so the match ends.
        candidates = [s for s in range(len(seats)) if seats[s].rounds_won >= rules.outs_to_win]
        if not candidates:
            return None
        candidates = _eligible(seats, candidates)
    else:
        candidates = [s for s in range(len(seats)) if _reached(rules, seats[s].total)]
        if not candidates:
            return None
        candidates = _eligible(seats, candidates)
    if fmt != "outs":
        sign = -1 if higher_wins(rules) else 1
        best = min(sign * seats[s].total for s in candidates)
        candidates = [s for s in candidates if sign * seats[s].total == best]
    most = max(seats[s].rounds_won for s in candidates)
    candidates = [s for s in candidates if seats[s].rounds_won == most]
    if len(candidates) == 1:
        return outcome(rules, seats, fmt, candidates, rounds_played)
    return tuple(sorted(candidates))


def _reached(rules: RuleSet, total: int) -> bool:
    """CR-SCORE: reaching ``target_score`` ends the match (for penalty scoring, the
    first to reach it ends it and the lowest total wins)."""
    return total >= rules.target_score

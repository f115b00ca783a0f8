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

from engine.cards import Card
from engine.rules import RuleSet, ScoringStyle
from engine.state import MatchEnd, MatchOutcome, RoundOutcome, SeatState


def scoring_style(rules: RuleSet) -> ScoringStyle:
    return rules.scoring


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
    off the redeemer's penalty (it may go below zero), or added to the score where the
    highest total wins.
    """
    style = scoring_style(rules)
    values = {p: hand_value(rules, seats[p].hand) for p in participants}
    losers = [p for p in participants if p not in winners]
    pot = sum(values[p] for p in losers)
    out: list[int | None] = [None] * len(seats)
    # RK-END option: a player who never opened pays its rack to each of the others.
    unopened = [u for u in participants if rules.unopened_pays_each and not seats[u].opened]
    for p in participants:
        won = p in winners
        if style == "penalty":
            score = 0 if won else values[p]
        elif style == "plus_minus":
            score = pot // len(winners) if won else -values[p]
        else:
            factor = 2 if rummy and rules.rummy_double else 1
            score = pot * factor // len(winners) if won else 0
        # RR-JOKER Decision: the bonus is on the redeemer's side of the scoring.
        bonus = rules.joker_swap_bonus * seats[p].jokers_redeemed
        score = score - bonus if style == "penalty" else score + bonus
        out[p] = score + sum(values[u] for u in unopened if u != p)
    return tuple(out)


# R-PLAYABLE Decision: in the outs and target formats, this many rounds in a row that
# nobody went out of (stalemates, drawn hands) end the match on what it has: such a
# table cannot finish otherwise (every round drawn, or nobody able to open).
BARREN_ROUNDS = 3


def _eligible(seats: Sequence[SeatState], among: Iterable[int]) -> list[int]:
    pool = [s for s in among if not seats[s].resigned]
    return pool or [s for s in range(len(seats)) if not seats[s].resigned] or list(among)


def _extra_scores(results: Sequence[RoundOutcome], players: int) -> list[int]:
    """Each seat's points from extra rounds (RR-MATCH tie-breaks)."""
    out = [0] * players
    for r in results:
        if r.extra:
            for i, score in enumerate(r.scores):
                out[i] += score or 0
    return out


def _extra_outs(results: Sequence[RoundOutcome], players: int) -> list[int]:
    """Each seat's outs in extra rounds (those order only the tied players)."""
    out = [0] * players
    for r in results:
        if r.extra and r.went_out is not None:
            out[r.went_out] += 1
    return out


def ranking(
    rules: RuleSet,
    seats: Sequence[SeatState],
    winners: Sequence[int] = (),
    results: Sequence[RoundOutcome] = (),
) -> tuple[int, ...]:
    """Seats best first (RR-MATCH Decision): resigned last; the winners first; then the
    others by the format (outs first in the ``outs`` format), their totals before any
    extra round (in the scoring's direction) and rounds won by going out (Decision: a
    stalemate win does not count); the extra round orders only the tied players who
    played it, among themselves."""
    sign = -1 if higher_wins(rules) else 1
    extra = _extra_scores(results, len(seats))
    extra_outs = _extra_outs(results, len(seats))

    def key(s: int) -> tuple[int, ...]:
        seat = seats[s]
        regular = seat.total - extra[s]
        outs = seat.outs - extra_outs[s]
        first = -outs if rules.match_format == "outs" else 0
        return (seat.resigned, s not in winners, first, sign * regular, -outs, sign * extra[s], s)

    return tuple(sorted(range(len(seats)), key=key))


def outcome(
    rules: RuleSet,
    seats: Sequence[SeatState],
    termination: MatchEnd,
    winners: Sequence[int],
    results: Sequence[RoundOutcome],
) -> MatchOutcome:
    return MatchOutcome(
        termination=termination,
        winners=tuple(sorted(winners)),
        ranking=ranking(rules, seats, winners, results),
        totals=tuple(s.total for s in seats),
        rounds_won=tuple(s.rounds_won for s in seats),
        outs=tuple(s.outs for s in seats),
        rounds_played=sum(1 for r in results if not r.extra),
        resigned=tuple(i for i, s in enumerate(seats) if s.resigned),
        higher_wins=higher_wins(rules),
    )


def _barren(results: Sequence[RoundOutcome]) -> int:
    """Regular rounds in a row, the latest included, that nobody went out of."""
    n = 0
    for r in reversed([r for r in results if not r.extra]):
        if r.went_out is not None:
            break
        n += 1
    return n


def decide_match(
    rules: RuleSet,
    seats: Sequence[SeatState],
    *,
    results: Sequence[RoundOutcome],
    extra_round: bool,
    participants: Sequence[int],
    round_winners: Sequence[int],
) -> MatchOutcome | tuple[int, ...] | None:
    """After a round: the match's outcome, or the seats of an extra round (RR-MATCH
    ties), or None to play on. ``results`` are every round so far, this one included.

    Decisions (RR-MATCH, R-PLAYABLE): at most one extra round; its winners win, and if
    it is drawn or still tied its players share the win. The ``outs`` format counts
    only going out. ``target``: the match ends after the round in which some total
    reaches ``target_score``, and the best total (lowest with penalty scoring) wins.
    """
    if extra_round:
        tied = [p for p in participants if p in round_winners] or list(participants)
        return outcome(rules, seats, "extra_round", _eligible(seats, tied), results)
    fmt = rules.match_format
    played = sum(1 for r in results if not r.extra)
    barren = fmt != "rounds" and _barren(results) >= BARREN_ROUNDS
    everyone = range(len(seats))
    if fmt == "rounds":
        if played < rules.rounds:
            return None
        candidates = _eligible(seats, everyone)
    elif fmt == "outs":
        reached = [s for s in everyone if seats[s].outs >= rules.outs_to_win]
        if not reached and not barren:
            return None
        candidates = _eligible(seats, reached or everyone)
        most_outs = max(seats[s].outs for s in candidates)
        candidates = [s for s in candidates if seats[s].outs == most_outs]
    else:
        if not any(seats[s].total >= rules.target_score for s in everyone) and not barren:
            return None
        candidates = _eligible(seats, everyone)
    sign = -1 if higher_wins(rules) else 1
    best = min(sign * seats[s].total for s in candidates)
    candidates = [s for s in candidates if sign * seats[s].total == best]
    # Ties: most rounds won by going out (Decision, seed 002: "door uit te gaan").
    most = max(seats[s].outs for s in candidates)
    candidates = [s for s in candidates if seats[s].outs == most]
    if len(candidates) == 1 or barren:
        return outcome(rules, seats, fmt, candidates, results)
    return tuple(sorted(candidates))

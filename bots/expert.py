"""EXPERT: the solver's plays, chosen with strategy (issues 4 and 28).

What it adds to HARD:

- A budget for the whole decision (:mod:`bots.budget`): ``CPU_FACTOR`` times the
  per-call time limit of thread CPU time (250 ms at the server's 200), and
  ``WALL_FACTOR`` times it of wall-clock time (1 s), a bound that holds under load:
  every solver call gets what is left, thinking stops at ``THINK_SHARE`` of the wall
  bound and the best choice so far stands. Without a time limit the work is fixed and
  the choice depends only on the view and the ``rng``.
- A longer search: the main solver call may take ``SEARCH_FACTOR`` times the time
  limit (within the budget); it ends as soon as the solver proves its play optimal.
- Going out comes first: a play that empties the hand is always taken.
- Jokers kept back as tempo: a joker in hand fits on almost any turn, so it turns a
  turn that would have been a draw into a play, and a joker in hand is one the
  opponent cannot redeem (RR-JOKER). Once opened, EXPERT plays its best play without
  jokers when that places the same naturals, and spends jokers to go out, when it
  would otherwise draw, when they let more naturals go down, and once an opponent
  holds ``CLOSE`` cards or fewer or the stock is nearly gone (a joker left in hand
  costs 30 penalty points, and a stalemate goes to the fewest cards).
- Cutting penalty: when an opponent holds ``CUT`` cards or fewer and hand values
  count for the match (several rounds or a target score), the play that sheds the most
  points (the solver's ``points`` objective) instead of the most cards.
- Endgame denial (:mod:`bots.threat`): once an opponent holds ``threat.NEAR`` cards or
  fewer, hands are guessed for them from the unseen cards (conditioned on what they did
  not lay) and every option is judged on the same guesses: the preferred play, the
  most cards, a draw, and (when a play feeds them) the best play without each of its
  cards. EXPERT takes the option with the best chance that nobody watched goes out on
  the table it leaves, times ``exp(-CARD_WEIGHT)`` for each card it leaves in hand.
  With it EXPERT is still not measurably stronger than HARD in Robbers' Rummy and
  Rummikub (51.7% and 53.5% heads-up over 400 games, intervals holding 50%: docs/bots.md).
- Classic rummy: melds stay in hand until the whole hand goes out in one turn (no
  lay-off places for the opponent, and a "rummy" doubles, CR-SCORE), unless hand
  values count for the match and the opponent is close to going out.
- Classic rummy and the discard-pile option: the discard is the card least useful to
  its own hand (in or next to a meld, with how many unseen cards would complete it)
  and, in classic rummy, least likely to feed the next player, estimated on hands
  sampled for that player from the unseen cards (:mod:`bots.sampling`); the discard
  top is taken when it melds at once or improves the hand.

Measured with ``python -m bots arena`` (issue 28, single-round matches against HARD):
holding back a placeable natural card as a tempo card, one or two of them, robust or
not (46% heads-up in Robbers' Rummy over 400 games each: a drawn card is new material,
a held one is not).

Measured and dropped earlier (issue 4, bench/tournament.py, heads-up robbers):
keeping back a natural card for tempo (no better; keeping back one whose twin is
already seen: 44.8% over 400); playing as little as keeps the rest playable next turn
(27% over 100); drawing instead of a one-card play (51.0%); the most points instead of
the most cards in 5-round matches (50.7%); choosing among equally large plays the
leftover likeliest to go out with sampled next draws, or by short sampled rollouts
(50%). Denial without conditioning the guessed hands on what the opponent did not lay
was no better than HARD either: a large table takes most single cards, so unconditioned
guesses go out almost everywhere and every play looks equally dangerous.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from bots import strategy as st
from bots.budget import Budget, OutOfTime
from bots.sampling import sample_hands, unseen
from bots.solver import Play
from bots.strategy import Seen
from bots.threat import threat
from engine.actions import Action, Commit, Discard, Draw
from engine.cards import JOKER, Card, parse_card, sort_key
from engine.melds import Meld
from engine.rules import RuleSet

# An opponent with this many cards or fewer may go out soon: stop keeping jokers.
CLOSE = 3
# An opponent with this many cards may go out next turn: shed penalty points.
CUT = 2
# Draws left per seat below which cards kept back no longer save a draw: a stalemate
# on an empty stock is won by the fewest cards (RR-STOCK-OUT).
LOW_STOCK = 3
# EXPERT's main solver call may take this many times the per-call time limit.
SEARCH_FACTOR = 3.0
# A decision's budget, in per-call time limits: CPU time to think, and the wall-clock
# bound that holds a worker no longer even when the machine is busy. Thinking stops at
# ``THINK_SHARE`` of the wall-clock bound: the rest is for checking the chosen play.
CPU_FACTOR = 1.25
WALL_FACTOR = 5.0
THINK_SHARE = 0.8
# Endgame denial: a card more in hand is worth this much of the log of the chance to
# win (measured: about 6 points of 50 per card in heads-up Robbers' Rummy).
CARD_WEIGHT = 0.12
# Sampled hands of the next player when judging a discard, and what feeding them costs
# (in the units of ``strategy.usefulness``: 40 for a card in a meld).
SAMPLES = 24
DISCARD_DANGER = 60.0


def decision_budget(time_limit_ms: float | None) -> Budget:
    """EXPERT's budget for one decision (unlimited without a time limit)."""
    if time_limit_ms is None:
        return Budget.unlimited()
    return Budget.start(time_limit_ms * CPU_FACTOR, time_limit_ms * WALL_FACTOR * THINK_SHARE)


def expert_action(seen: Seen, rng: random.Random, *, time_limit_ms: float | None) -> Action:
    """EXPERT's action for the seat of ``seen`` (see the module notes)."""
    budget = decision_budget(time_limit_ms)
    phase = seen.phase
    if phase == "play":
        table = expert_play(seen, time_limit_ms, rng, budget)
        if table is not None:
            return Commit(seen.seat, table)
        river = st.river_take(seen)
        if river is not None:
            return river
        if "discard" in (seen.legal.get("drawSources") or ()) and st.wants_discard_top(
            seen, unseen(seen)
        ):
            return Draw(seen.seat, "discard")
        return st.fallback(seen)
    if phase == "key":
        table = st.key_play(seen, budget.limit(time_limit_ms))
        return Commit(seen.seat, table) if table is not None else st.fallback(seen)
    if phase == "draw":
        return classic_draw(seen, budget.limit(time_limit_ms))
    if phase == "meld":
        table = expert_play(seen, time_limit_ms, rng, budget)
        if table is not None and not holds_melds(seen, table):
            return Commit(seen.seat, table)
        return expert_discard(seen, rng)
    if phase == "discard":
        return expert_discard(seen, rng)
    return st.fallback(seen)


# -- plays ----------------------------------------------------------------------------------


def _verified(seen: Seen, play: Play | None) -> list[list[str]] | None:
    if play is None:
        return None
    table = st.play_codes(play)
    return table if st.commit_ok(seen, table) else None


def _goes_out(seen: Seen, play: Play) -> bool:
    left = seen.hand - Counter(play.played)
    left[JOKER] += play.jokers_to_hand
    return not +left


def scores_by_penalty(rules: RuleSet) -> bool:
    """Does the size of a losing hand matter for the match (several rounds, or a target
    score), or does one round decide it all by who goes out first?"""
    if rules.match_format == "rounds":
        return rules.rounds > 1
    return True


def expert_play(
    seen: Seen,
    time_limit_ms: float | None,
    rng: random.Random | None = None,
    budget: Budget | None = None,
) -> list[list[str]] | None:
    """The commit EXPERT makes now, verified; None to draw (or discard) instead."""
    budget = budget or decision_budget(time_limit_ms)
    # An expert thinks longer: the main search gets a few times HARD's budget (it ends
    # early whenever the solver proves its play optimal).
    main = None if time_limit_ms is None else time_limit_ms * SEARCH_FACTOR
    full = st.run_solver(seen, seen.usable, time_limit_ms=budget.limit(main))
    if full is None:
        return None
    if _goes_out(seen, full):
        return _verified(seen, full)
    preferred = full
    try:
        preferred = _preferred(seen, full, time_limit_ms, budget)
        if rng is not None:
            chosen = denying_play(seen, rng, preferred, full, time_limit_ms, budget)
            if chosen is None:
                return None
            table = _verified(seen, chosen)
            if table is not None:
                return table
    except OutOfTime:
        pass
    return _verified(seen, preferred) or _verified(seen, full)


def _preferred(seen: Seen, full: Play, time_limit_ms: float | None, budget: Budget) -> Play:
    """Before the endgame check: the most cards, or the most points when an opponent
    may go out next turn, or the same naturals without the jokers (tempo)."""
    usable = seen.usable
    rules = seen.rules
    limit = budget.limit(time_limit_ms)
    if seen.min_other <= CUT and scores_by_penalty(rules) and seen.solver_opened:
        # Cut penalty: an opponent may go out next turn; shed the most points.
        by_points = st.run_solver(seen, usable, objective="points", time_limit_ms=limit)
        if by_points is not None and _verified(seen, by_points) is not None:
            return by_points
        return full
    jokers = usable[JOKER]
    if (
        jokers
        and full.jokers_to_hand == 0
        and seen.solver_opened
        and seen.min_other > CLOSE
        and seen.stock_count > LOW_STOCK * (len(seen.other_counts) + 1)
    ):
        # Tempo: keep the jokers back when the naturals play as many cards without them;
        # the jokers then turn a later turn that would have been a draw into a play.
        naturals = usable.copy()
        del naturals[JOKER]
        rest = st.run_solver(seen, naturals, time_limit_ms=limit)
        if (
            rest is not None
            and rest.cards >= full.cards - Counter(full.played)[JOKER]
            and _verified(seen, rest) is not None
        ):
            return rest
    return full


@dataclass(frozen=True, slots=True)
class Option:
    """A choice judged by endgame denial: a play (None: draw), the table it leaves and
    the cards left in hand."""

    play: Play | None
    table: tuple[Meld, ...]
    left: int


def _left(seen: Seen, play: Play) -> int:
    return seen.hand.total() - play.cards + play.jokers_to_hand


def denying_play(
    seen: Seen,
    rng: random.Random,
    preferred: Play,
    full: Play,
    time_limit_ms: float | None,
    budget: Budget,
) -> Play | None:
    """Endgame denial (:mod:`bots.threat`): once an opponent holds few cards, the
    choice among the preferred play, the most cards, the best play without each of
    its cards in turn, and a draw (None) that keeps the best chance to win: the chance that no
    watched opponent goes out on the table it leaves, times ``exp(-CARD_WEIGHT)`` per
    card left in hand. With nobody close: the preferred play. Raises OutOfTime."""
    if not seen.solver_opened:
        return preferred
    danger = threat(seen, rng, budget)
    if danger is None:
        return preferred
    options = [Option(preferred, preferred.table, _left(seen, preferred))]
    if full.played != preferred.played or full.table != preferred.table:
        options.append(Option(full, full.table, _left(seen, full)))
    draws = 1 if seen.stock_count else 0
    options.append(Option(None, seen.table, seen.hand.total() + draws))
    shares = danger.judge([o.table for o in options])
    if max(shares[:-1]) > shares[-1]:
        # A play feeds a watched opponent: the best play without each of its cards too.
        limit = budget.limit(time_limit_ms)
        for card in sorted(set(full.played), key=sort_key):
            budget.check()
            smaller = st.run_solver(seen, seen.usable - Counter([card]), time_limit_ms=limit)
            if smaller is None or any(o.table == smaller.table for o in options):
                continue
            if _verified(seen, smaller) is None:
                continue
            options.append(Option(smaller, smaller.table, _left(seen, smaller)))
        shares = danger.judge([o.table for o in options])

    def value(k: int) -> float:
        return (1.0 - shares[k]) * math.exp(-CARD_WEIGHT * options[k].left)

    best = max(range(len(options)), key=lambda k: (value(k), -k))
    return options[best].play


def holds_melds(seen: Seen, table: Sequence[Sequence[str]]) -> bool:
    """Classic rummy: keep melds in hand until they go out in one turn. Cards melded
    early give the opponent places to lay off (CR-LAYOFF), and an out in one turn
    doubles (CR-SCORE "rummy"); the price, the hand's value if the opponent goes out
    first, counts only when hand values decide the match and the opponent is close."""
    if not seen.rules.three_step_turns:
        return False
    if scores_by_penalty(seen.rules) and seen.min_other <= CLOSE:
        return False
    before = Counter(c for m in seen.table for c in m.cards)
    after = Counter(parse_card(code.split(":")[0]) for meld in table for code in meld)
    left = seen.hand - (after - before)
    return left.total() > 1


# -- classic rummy and discard piles ----------------------------------------------------------


def classic_draw(seen: Seen, time_limit_ms: float | None) -> Action:
    """CR-TURN: take the discard top when it melds at once or improves the hand."""
    top = seen.discard_top
    if top is not None and "discard" in (seen.legal.get("drawSources") or ()):
        with_top = seen.hand + Counter([top])
        play = st.layoff_play(seen, with_top, time_limit_ms)
        without = st.layoff_play(seen, seen.hand, time_limit_ms)
        if (
            play is not None
            and top in play.played
            and play.cards > (without.cards if without else 0)
        ):
            return Draw(seen.seat, "discard")
        if st.wants_discard_top(seen, unseen(seen)):
            return Draw(seen.seat, "discard")
    return st.fallback(seen)


def feeds(rules: RuleSet, card: Card, hand: Counter[Card], table: Sequence[Meld]) -> bool:
    """Would ``card`` help a player holding ``hand``: a meld with two of its cards, or a
    lay-off onto a table meld (in classic rummy anyone may lay off)?"""
    if st.in_hand_meld(rules, card, hand + Counter([card])):
        return True
    return any(st.extends(rules, meld, card) for meld in table)


def expert_discard(seen: Seen, rng: random.Random) -> Action:
    """The card least useful to keep, weighed against how often it would feed the next
    player (estimated on hands sampled from the unseen cards)."""
    options = st.discardable(seen)
    if not options:
        return st.fallback(seen)
    rules = seen.rules
    pool = unseen(seen)
    nxt = _next_seat(seen)
    samples: list[Counter[Card]] = []
    if nxt is not None and rules.three_step_turns:
        samples = [sample_hands(seen, rng, pool=pool)[nxt] for _ in range(SAMPLES)]

    def cost(card: Card) -> tuple[float, int, str]:
        keep = st.usefulness(rules, card, seen.hand, pool, seen.table)
        danger = 0.0
        if samples:
            hits = sum(1 for h in samples if feeds(rules, card, h, seen.table))
            danger = DISCARD_DANGER * hits / len(samples)
        return (keep + danger, -rules.card_value(card), card.code)

    return Discard(seen.seat, min(options, key=cost).code)


def _next_seat(seen: Seen) -> int | None:
    seats = sorted(seen.other_counts)
    if not seats:
        return None
    later = [s for s in seats if s > seen.seat]
    return later[0] if later else seats[0]

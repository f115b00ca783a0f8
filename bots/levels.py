"""Bot levels (issue 4): from a seat's view to an engine action.

    from bots.levels import EASY, choose_action
    action = choose_action(EASY, view(state, seat), rules, random.Random(seed))

Every level plays every phase of every preset (play, draw, discard, key, meld) and
honours every option, because it asks only the view: its ``legal`` block says what
may be done, and every commit is checked by ``engine.turn.check_turn`` exactly as the
engine will (:func:`bots.strategy.commit_ok`) before it is sent; on any doubt a bot
draws, passes or discards (:func:`bots.strategy.fallback`).

The levels, each a strict superset of the one before:

- ``EASY``: lays new melds made only of hand cards (its opening the same way); never
  lays off and never touches a table meld. Draws from the stock, or takes the discard
  when that card goes straight into a new meld; discards its highest card.
- ``MEDIUM``: also lays cards off onto table melds, never rearranging them.
- ``HARD``: the solver's best play every turn (most cards, ties by points; before
  opening, the best opening reaching the minimum), time-limited. Draws and discards by
  a hand evaluation (keeps cards that are in or near melds), and takes a river tile
  (RK-RIVER) when it can play it at once.
- ``EXPERT``: the solver plus strategy, in :mod:`bots.expert`.
- ``PLAIN``: a yardstick for ``bench/tournament.py``, not a level to offer players:
  the solver's most-cards play every turn and nothing else (stock draws only, the
  highest card discarded).

Determinism: a bot's choice depends only on the view, the rule set and the ``rng``
passed in; the solver's time limit is the one exception (a search cut short on a slow
machine may return another play), so tests pass ``time_limit_ms=None``.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from bots import strategy as st
from bots.strategy import DEFAULT_TIME_LIMIT_MS, NotOnTurn, Seen
from engine.actions import Action, Commit, Discard, Draw
from engine.cards import Card
from engine.rules import RuleSet


class Level(enum.StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"
    PLAIN = "plain"


EASY = Level.EASY
MEDIUM = Level.MEDIUM
HARD = Level.HARD
EXPERT = Level.EXPERT
PLAIN = Level.PLAIN
# The levels a match may seat; PLAIN is the tournament's yardstick only.
LEVELS: tuple[Level, ...] = (EASY, MEDIUM, HARD, EXPERT)

Bot = Callable[[Mapping[str, Any], RuleSet | None, random.Random | None], Action]


def level_of(name: Level | str) -> Level:
    """The level called ``name`` (any case); raises ValueError."""
    try:
        return Level(str(name).lower())
    except ValueError:
        choices = ", ".join(lvl.value for lvl in LEVELS)
        raise ValueError(f"unknown bot level {name!r}; choose one of {choices}") from None


def choose_action(
    level: Level | str,
    view: Mapping[str, Any],
    rules: RuleSet | None = None,
    rng: random.Random | None = None,
    *,
    time_limit_ms: float | None = DEFAULT_TIME_LIMIT_MS,
) -> Action:
    """The action of a ``level`` bot for the seat whose view this is.

    ``view`` is ``engine.views.view(state, seat)`` (all a bot may know); ``rules`` the
    match's rule set (read from the view when None); ``rng`` the only source of
    randomness (a fixed one when None). Raises NotOnTurn (a ValueError) when the seat
    has nothing to do (not on turn, match over), ValueError for an unknown level.
    """
    lvl = level_of(level)
    seen = st.read_view(view, rules)
    rng = rng if rng is not None else random.Random(0)
    if lvl is Level.EXPERT:
        from bots.expert import expert_action

        return expert_action(seen, rng, time_limit_ms=time_limit_ms)
    return basic_action(lvl, seen, time_limit_ms=time_limit_ms)


def bot(level: Level | str, *, time_limit_ms: float | None = DEFAULT_TIME_LIMIT_MS) -> Bot:
    """``choose_action`` with the level fixed: ``bot(HARD)(view, rules, rng)``."""
    lvl = level_of(level)

    def act(
        view: Mapping[str, Any], rules: RuleSet | None = None, rng: random.Random | None = None
    ) -> Action:
        return choose_action(lvl, view, rules, rng, time_limit_ms=time_limit_ms)

    act.__name__ = f"{lvl.value}_bot"
    return act


# -- EASY, MEDIUM, HARD, PLAIN -------------------------------------------------------------


def level_play(
    lvl: Level, seen: Seen, hand: Counter[Card], time_limit_ms: float | None
) -> list[list[str]] | None:
    """The table the level would commit playing from ``hand``, verified; or None."""
    if lvl is Level.EASY:
        play = st.new_melds_play(seen, hand, time_limit_ms)
    elif lvl is Level.MEDIUM:
        return st.layoff_table(seen, hand, time_limit_ms)
    else:
        play = st.run_solver(seen, hand, time_limit_ms=time_limit_ms)
    if play is None:
        return None
    table = st.play_codes(play)
    return table if st.commit_ok(seen, table) else None


def basic_action(lvl: Level, seen: Seen, *, time_limit_ms: float | None) -> Action:
    """EASY, MEDIUM, HARD and PLAIN (they differ in the play and in draws/discards)."""
    seat = seen.seat
    phase = seen.phase
    smart = lvl is Level.HARD
    if phase in ("play", "meld"):
        table = level_play(lvl, seen, seen.usable, time_limit_ms)
        if table is not None:
            return Commit(seat, table)
        if phase == "meld":
            return _discard(lvl, seen)
        if smart:
            river = st.river_take(seen)
            if river is not None:
                return river
            if "discard" in (seen.legal.get("drawSources") or ()) and st.wants_discard_top(seen):
                return Draw(seat, "discard")
        return st.fallback(seen)
    if phase == "key":
        table = st.key_play(seen, time_limit_ms)
        return Commit(seat, table) if table is not None else st.fallback(seen)
    if phase == "draw":
        return _classic_draw(lvl, seen, time_limit_ms)
    if phase == "discard":
        return _discard(lvl, seen)
    return st.fallback(seen)


def _classic_draw(lvl: Level, seen: Seen, time_limit_ms: float | None) -> Action:
    """CR-TURN: take the discard when it goes straight into this turn's play (HARD: or
    when it improves the hand), else the stock."""
    sources = seen.legal.get("drawSources") or ()
    top = seen.discard_top
    if lvl is not Level.PLAIN and "discard" in sources and top is not None:
        if lvl is Level.HARD and st.wants_discard_top(seen):
            return Draw(seen.seat, "discard")
        with_top = seen.hand + Counter([top])
        if _plays_card(lvl, seen, with_top, top, time_limit_ms):
            return Draw(seen.seat, "discard")
    return st.fallback(seen)


def _plays_card(
    lvl: Level, seen: Seen, hand: Counter[Card], card: Card, time_limit_ms: float | None
) -> bool:
    """Would the level's play from ``hand`` put ``card`` on the table, and more cards
    than it plays without it?"""
    if lvl is Level.EASY:
        play = st.new_melds_play(seen, hand, time_limit_ms)
        without = st.new_melds_play(seen, hand - Counter([card]), time_limit_ms)
    else:
        play = st.layoff_play(seen, hand, time_limit_ms)
        without = st.layoff_play(seen, hand - Counter([card]), time_limit_ms)
    if play is None or card not in play.played:
        return False
    return play.cards > (without.cards if without is not None else 0)


def _discard(lvl: Level, seen: Seen) -> Action:
    options = st.discardable(seen)
    if not options:
        return st.fallback(seen)
    if lvl is Level.HARD:
        return Discard(seen.seat, st.least_useful(seen, options).code)
    return Discard(seen.seat, st.highest(seen.rules, options).code)


__all__ = [
    "EASY",
    "EXPERT",
    "HARD",
    "LEVELS",
    "MEDIUM",
    "PLAIN",
    "Bot",
    "Level",
    "NotOnTurn",
    "basic_action",
    "bot",
    "choose_action",
    "level_of",
]

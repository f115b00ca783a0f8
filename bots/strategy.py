"""What every bot level shares: reading a view, checking a commit, safe fallbacks.

A bot sees only ``engine.views.view(state, seat)`` (DESIGN.md, STYLE 9). :class:`Seen`
is that view read into engine values (cards, melds, the rule set). Every commit a bot
sends is first judged here by ``engine.turn.check_turn`` with exactly the inputs the
engine's own commit uses, plus the two conditions the engine adds on top (the RK-RIVER
key tile, CR-DISCARD-RULE); anything in doubt falls back to an action taken from the
view's ``legal`` block, so a bot never sends an action the engine rejects.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bots.solver import Objective, Play, solve
from engine.actions import Action, Discard, Draw, Pass, Undo
from engine.cards import JOKER, SUITS, Card, parse_card, sort_key
from engine.commit import judge_commit
from engine.errors import EngineError
from engine.melds import Meld
from engine.rules import RuleSet, ruleset
from engine.turn import read_table

# What a bot may spend on one solver call (issue 4: "time-limited, e.g. 200 ms").
DEFAULT_TIME_LIMIT_MS = 200.0
# River tiles (RK-RIVER, newest first) a bot considers taking.
RIVER_LOOKBACK = 6


class NotOnTurn(ValueError):
    """The view's seat has nothing to do: it is not on turn, or the match is over."""


def rules_of(view: Mapping[str, Any]) -> RuleSet:
    """The rule set a view describes (its preset name and every option)."""
    return ruleset(str(view["ruleset"]), dict(view["options"]))


@dataclass(frozen=True, slots=True)
class Seen:
    """A seat's view read into engine values. Built only from the view: a bot has no
    other source (``other_counts`` are the public hand counts of the other seats)."""

    view: Mapping[str, Any]
    rules: RuleSet
    seat: int
    phase: str
    legal: Mapping[str, Any]
    hand: Counter[Card]
    booty: Counter[Card]
    table: tuple[Meld, ...]
    taken: Card | None  # taken from the discard pile this turn (CR-DISCARD-RULE)
    key: Card | None  # RK-RIVER key tile to play this turn
    drawn: tuple[Card, ...]  # what this seat drew from the stock this turn
    discard_top: Card | None
    river: tuple[Card, ...]
    opened: bool  # the seat's opened flag (as the view shows it)
    other_counts: dict[int, int]  # seat -> hand count, other seats in the round
    stock_count: int
    # seat -> the cards it took face up this round (public), other seats in the round
    took: dict[int, tuple[Card, ...]] = dataclasses.field(default_factory=dict)

    @property
    def usable(self) -> Counter[Card]:
        """Hand cards that may be played now (RK-RIVER: not the booty)."""
        return self.hand - self.booty

    @property
    def solver_opened(self) -> bool:
        """Does the seat play as opened (the engine's one opening rule)?"""
        return self.rules.plays_as_opened(self.opened)

    @property
    def may_manipulate(self) -> bool:
        return bool(self.legal.get("mayManipulate"))

    @property
    def min_other(self) -> int:
        """The fewest cards any other seat in the round holds (public)."""
        return min(self.other_counts.values(), default=99)


def read_view(view: Mapping[str, Any], rules: RuleSet | None = None) -> Seen:
    """Read a view; raises NotOnTurn when the view's seat has nothing to do."""
    legal = view.get("legal")
    seat = view.get("seat")
    if not legal or seat is None or view.get("outcome") is not None or not legal.get("onTurn"):
        raise NotOnTurn("a bot acts only for the seat on turn, while the match runs")
    rules = rules or rules_of(view)
    hand = Counter(parse_card(c) for c in view["hand"])
    others = {
        int(s["index"]): int(s["handCount"])
        for s in view["seats"]
        if s["index"] != seat and s.get("inRound", True)
    }
    return Seen(
        view=view,
        rules=rules,
        seat=int(seat),
        phase=str(legal["phase"]),
        legal=legal,
        hand=hand,
        booty=Counter(parse_card(c) for c in legal.get("booty") or ()),
        table=read_table(rules, [m["cards"] for m in view["table"]]),
        taken=parse_card(view["takenDiscard"]) if view.get("takenDiscard") else None,
        key=parse_card(view["keyTile"]) if view.get("keyTile") else None,
        drawn=tuple(parse_card(c) for c in view.get("drawnCards") or ()),
        discard_top=parse_card(view["discardTop"]) if view.get("discardTop") else None,
        river=tuple(parse_card(c) for c in view.get("river") or ()),
        opened=bool(legal.get("opened")),
        other_counts=others,
        stock_count=int(view.get("stockCount") or 0),
        took={
            int(s["index"]): tuple(parse_card(c) for c in s.get("taken") or ())
            for s in view["seats"]
            if int(s["index"]) in others
        },
    )


# -- commits --------------------------------------------------------------------------


def commit_ok(seen: Seen, table: Sequence[Sequence[str]]) -> bool:
    """Would the engine accept ``Commit(seat, table)`` now? The engine's own
    ``judge_commit``, the function its ``apply`` asks."""
    if seen.phase not in ("play", "key", "meld") or not seen.legal.get("commit"):
        return False
    try:
        judge_commit(
            seen.rules,
            table=seen.table,
            hand=seen.hand.elements(),
            opened=seen.opened,
            commit=[list(m) for m in table],
            booty=seen.booty.elements(),
            key=seen.key,
            taken=seen.taken,
        )
    except EngineError:
        return False
    return True


def play_codes(play: Play) -> list[list[str]]:
    return [list(m.codes) for m in play.table]


def run_solver(
    seen: Seen,
    hand: Counter[Card],
    *,
    table: Sequence[Meld] | None = None,
    rules: RuleSet | None = None,
    opened: bool | None = None,
    objective: Objective = "cards",
    time_limit_ms: float | None = DEFAULT_TIME_LIMIT_MS,
) -> Play | None:
    """The solver's play for ``hand`` (a sub-multiset of the usable cards); None if it
    plays nothing or fails. ``rules`` may be a restricted copy (e.g. no manipulation)."""
    try:
        play = solve(
            rules or seen.rules,
            seen.table if table is None else table,
            +hand,
            opened=seen.solver_opened if opened is None else opened,
            objective=objective,
            time_limit_ms=time_limit_ms,
        )
    except (EngineError, ValueError, AssertionError, RecursionError):
        # A solver fault must never cost the bot its turn: the caller falls back.
        return None
    if not play.cards:
        return None
    return play


def new_melds_play(seen: Seen, hand: Counter[Card], time_limit_ms: float | None) -> Play | None:
    """The most cards ``hand`` lays as new melds of its own (no lay-offs, no table card),
    as the whole new table: the old melds unchanged plus the new ones. Before opening it
    is the best opening reaching the minimum (RR-OPEN, RK-OPEN)."""
    if not seen.solver_opened:
        return run_solver(seen, hand, opened=False, time_limit_ms=time_limit_ms)
    # Against an empty table every play is new melds from the hand: the solver's
    # rearrangement of nothing. Classic-rummy rules are fine too (no lay-off targets).
    play = run_solver(seen, hand, table=(), opened=True, time_limit_ms=time_limit_ms)
    if play is None:
        return None
    return dataclasses.replace(play, table=(*seen.table, *play.table))


def layoff_rules(rules: RuleSet) -> RuleSet:
    """``rules`` without rearranging: new melds and lay-offs only (CR-LAYOFF)."""
    return dataclasses.replace(rules, manipulation=False)


def layoff_play(seen: Seen, hand: Counter[Card], time_limit_ms: float | None) -> Play | None:
    """The most cards ``hand`` plays as new melds and lay-offs, no table meld changed
    but by growing it (before opening: the best opening)."""
    if not seen.solver_opened:
        return run_solver(seen, hand, opened=False, time_limit_ms=time_limit_ms)
    return run_solver(
        seen, hand, rules=layoff_rules(seen.rules), opened=True, time_limit_ms=time_limit_ms
    )


def layoff_table(
    seen: Seen, hand: Counter[Card], time_limit_ms: float | None
) -> list[list[str]] | None:
    """MEDIUM's commit: the most cards as new melds and lay-offs (no table meld changed
    but by growing it, its jokers kept where they stand), verified; None if nothing
    plays."""
    play = layoff_play(seen, hand, time_limit_ms)
    if play is None:
        return None
    table = play_codes(play)
    return table if commit_ok(seen, table) else None


# -- fallbacks --------------------------------------------------------------------------


def highest(rules: RuleSet, cards: Sequence[Card]) -> Card:
    """The highest-valued card (naturals before jokers: a joker is kept if possible)."""
    naturals = [c for c in cards if not c.is_joker] or list(cards)
    return max(naturals, key=lambda c: (rules.card_value(c), sort_key(c)))


def discardable(seen: Seen) -> list[Card]:
    return [parse_card(c) for c in seen.legal.get("discardable") or ()]


def fallback(seen: Seen) -> Action:
    """A legal action that ends or advances the turn without a commit: the safe choice
    on any doubt. Taken only from the view's ``legal`` block."""
    seat = seen.seat
    legal = seen.legal
    sources: list[str] = list(legal.get("drawSources") or ())
    options = discardable(seen)
    if seen.phase in ("discard", "meld") and options:
        return Discard(seat, highest(seen.rules, options).code)
    if seen.phase == "key":
        return Undo(seat)  # give the river tiles back; a draw follows
    if seen.phase == "draw":
        return Draw(seat, "stock" if "stock" in sources else "discard")
    # play: draw from the stock, else pass (an empty stock), else take the discard.
    if seen.view.get("draft") is not None and legal.get("undo") and "stock" in sources:
        # A draft left on the table (a human's, before the bot took over) would turn the
        # draw into a failed manipulation (RR-FAIL); drop it first.
        return Undo(seat)
    if "stock" in sources:
        return Draw(seat, "stock")
    if legal.get("pass"):
        return Pass(seat)
    if "discard" in sources:
        return Draw(seat, "discard")
    if legal.get("undo"):
        return Undo(seat)
    raise NotOnTurn("the view offers no action")  # pragma: no cover - engine always has one


def card_of_suit_rank(rank: int, suit_index: int) -> Card:
    return Card(1 if rank == 14 else rank, SUITS[suit_index])


# -- hand evaluation: draws and discards -------------------------------------------------


def _run_neighbours(rules: RuleSet, card: Card) -> list[int]:
    """Run positions of ``card``: its rank, and 14 too for an ace when ace is high."""
    if card.rank == 1 and rules.ace_high:
        return [1, 14]
    return [card.rank]


def in_hand_meld(rules: RuleSet, card: Card, hand: Counter[Card]) -> bool:
    """Does ``card`` make a 3-card meld with two other cards of ``hand`` (jokers count)?"""
    if card.is_joker:
        return True
    rest = hand.copy()
    rest[card] -= 1
    jokers = rest[JOKER]
    group = {s for s in SUITS if s != card.suit and rest[Card(card.rank, s)]}
    if len(group) + min(jokers, 2) >= 2:
        return True
    si = SUITS.index(card.suit)
    for pos in _run_neighbours(rules, card):
        for lo in range(pos - 2, pos + 1):
            hi = lo + 2
            if lo < 1 or hi > rules.max_run_rank:
                continue
            missing = sum(
                1 for p in range(lo, hi + 1) if p != pos and not rest[card_of_suit_rank(p, si)]
            )
            if missing <= jokers:
                return True
    return False


def partners(rules: RuleSet, card: Card, hand: Counter[Card]) -> list[Card]:
    """Natural cards of ``hand`` that make a two-card start of a meld with ``card``:
    the same rank in another suit, or the same suit at most two ranks away."""
    if card.is_joker:
        return []
    out: list[Card] = []
    positions = _run_neighbours(rules, card)
    for other in hand:
        if other.is_joker or other == card:
            continue
        if other.rank == card.rank and other.suit != card.suit:
            out.append(other)
        elif other.suit == card.suit:
            mine = positions
            theirs = _run_neighbours(rules, other)
            if any(0 < abs(a - b) <= 2 for a in mine for b in theirs):
                out.append(other)
    return out


def completions(rules: RuleSet, a: Card, b: Card) -> list[Card]:
    """Cards that complete the two-card start ``a, b`` into a 3-card meld."""
    if a.rank == b.rank:
        return [Card(a.rank, s) for s in SUITS if s not in (a.suit, b.suit)]
    si = SUITS.index(a.suit)
    out: set[Card] = set()
    for pa in _run_neighbours(rules, a):
        for pb in _run_neighbours(rules, b):
            lo, hi = min(pa, pb), max(pa, pb)
            if hi - lo == 2:
                out.add(card_of_suit_rank(lo + 1, si))
            elif hi - lo == 1:
                for p in (lo - 1, hi + 1):
                    if 1 <= p <= rules.max_run_rank:
                        out.add(card_of_suit_rank(p, si))
    return sorted(out)


def usefulness(
    rules: RuleSet,
    card: Card,
    hand: Counter[Card],
    pool: Mapping[Card, int] | None = None,
    table: Sequence[Meld] = (),
) -> float:
    """How much ``card`` is worth keeping in ``hand``: in a meld, next to cards it could
    meld with (and how many unseen cards would complete those), able to extend a table
    meld later; a little less for a high penalty value. Jokers are always kept."""
    if card.is_joker:
        return 1000.0
    score = 0.0
    if in_hand_meld(rules, card, hand):
        score += 40.0
    near = partners(rules, card, hand)
    score += 8.0 * min(len(near), 3)
    if pool is not None:
        outs = {c for p in near for c in completions(rules, card, p)}
        score += 0.8 * sum(pool.get(c, 0) for c in outs)
    if table and any(extends(rules, meld, card) for meld in table):
        score += 6.0
    return score - 0.15 * rules.card_value(card)


def extends(rules: RuleSet, meld: Meld, card: Card) -> bool:
    """Could ``card`` be laid off on ``meld`` (CR-LAYOFF: at either end, or a group's
    missing suit)?"""
    if card.is_joker:
        return True
    reps = meld.represents
    if meld.kind == "group":
        return (
            len(reps) < 4 and card.rank == reps[0].rank and card.suit not in {r.suit for r in reps}
        )
    if card.suit != reps[0].suit:
        return False
    lo = reps[0].rank
    hi = reps[-1].rank if reps[-1].rank != 1 or len(reps) == 1 else 14
    return any(p in (lo - 1, hi + 1) for p in _run_neighbours(rules, card))


def least_useful(
    seen: Seen, options: Sequence[Card], pool: Mapping[Card, int] | None = None
) -> Card:
    """The discard that hurts the hand least (ties: the higher value goes)."""
    rules = seen.rules
    return min(
        options,
        key=lambda c: (
            usefulness(rules, c, seen.hand, pool, seen.table),
            -rules.card_value(c),
            c.code,
        ),
    )


def wants_discard_top(seen: Seen, pool: Mapping[Card, int] | None = None) -> bool:
    """Take the discard top (RR-DISCARD, CR-TURN) when it is worth more in the hand than
    the card it would push out: it makes a meld there, or sits next to two cards."""
    top = seen.discard_top
    if top is None:
        return False
    rules = seen.rules
    hand = seen.hand + Counter([top])
    mine = usefulness(rules, top, hand, pool, seen.table)
    if mine < 20.0:
        return False
    others = [c for c in hand if c != top]
    if not others:
        return False
    worst = min(usefulness(rules, c, hand, pool, seen.table) for c in others)
    return mine > worst + 10.0


# -- RK-RIVER ---------------------------------------------------------------------------------


def _additive_play(seen: Seen, hand: Counter[Card]) -> Play | None:
    """New melds and lay-offs from ``hand`` (before opening: the best opening) with no
    time limit: exact and repeatable, so a river take decided on it can always be
    played in the key phase that follows."""
    return layoff_play(seen, hand, None)


def river_take(seen: Seen) -> Action | None:
    """RK-RIVER: take river tiles when the key tile can be played at once and the play
    outweighs the booty (a stock draw leaves one tile more in the rack; a river take
    ``1 + booty - played``)."""
    if seen.phase != "play" or "river" not in (seen.legal.get("drawSources") or ()):
        return None
    best: tuple[int, int] | None = None
    tiles = min(len(seen.river), int(seen.legal.get("riverTiles") or 0))
    # Older tiles bring more booty than a play of the key tile could repay: look at the
    # newest few only, which also bounds the time spent.
    for i in range(max(0, tiles - RIVER_LOOKBACK), tiles):
        key = seen.river[i]
        booty = Counter(seen.river[i + 1 :])
        after = dataclasses.replace(
            seen, hand=seen.hand + Counter([key]) + booty, booty=booty, key=key, phase="key"
        )
        play = _additive_play(after, after.usable)
        if play is None or key not in play.played:
            continue
        if not commit_ok(after, play_codes(play)):
            continue
        gain = play.cards - booty.total()
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, i)
    if best is None:
        return None
    return Draw(seen.seat, "river", best[1])


def key_play(seen: Seen, time_limit_ms: float | None) -> list[list[str]] | None:
    """A verified commit that plays the key tile (RK-RIVER): the solver's best if it
    includes the key, else the repeatable additive play :func:`river_take` found."""
    assert seen.key is not None
    play = run_solver(seen, seen.usable, time_limit_ms=time_limit_ms)
    if play is not None and seen.key in play.played:
        table = play_codes(play)
        if commit_ok(seen, table):
            return table
    play = _additive_play(seen, seen.usable)
    if play is not None and seen.key in play.played:
        table = play_codes(play)
        if commit_ok(seen, table):
            return table
    return None

"""The game state: frozen values only (STYLE 2). Transitions live in :mod:`engine.game`.

A :class:`GameState` holds everything, hidden information included (every hand, the
stock order, the seed); what a seat may see is decided by :func:`engine.views.view`
alone. Game end is data: a :class:`RoundOutcome` per finished round and a
:class:`MatchOutcome` once the match is over (STYLE 6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from engine.cards import Card
from engine.melds import Meld
from engine.rules import RuleSet

# play: Robbers/Rummikub, commit or draw (or pass on an empty stock).
# discard: a draw was made and one card must be discarded (RR-DISCARD, RK-RIVER).
# key: river tiles were taken; the key tile must be played by a commit (RK-RIVER).
# draw: classic rummy's first step (CR-TURN). meld: classic melds/lay-offs, then discard.
# over: the match has ended.
Phase = Literal["play", "discard", "key", "draw", "meld", "over"]
RoundEnd = Literal["out", "stalemate", "drawn"]
MatchEnd = Literal["rounds", "outs", "target", "extra_round", "resignation"]
DraftTable = tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class SeatState:
    """One seat. ``hand`` is kept sorted (cards.sort_key), so equal hands compare equal."""

    hand: tuple[Card, ...] = ()
    opened: bool = False  # RR-OPEN / RK-OPEN; classic rummy: has melded this hand
    total: int = 0  # match score (penalties, or points where the winner scores)
    rounds_won: int = 0
    outs: int = 0  # rounds ended by this seat going out
    jokers_redeemed: int = 0  # this round (RR-JOKER swap bonus)
    timeouts: int = 0  # in a row (T-ASYNC)
    bot: bool = False  # played by a bot after timeouts or resignation (T-ASYNC)
    resigned: bool = False
    in_round: bool = True  # false when sitting out an extra round (RR-MATCH)
    # Cards this seat took face up this round (the discard pile's top, RK-RIVER tiles),
    # in order: public, everyone saw them taken.
    taken: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Step:
    """A classic-rummy meld/lay-off step, kept so it can be undone (CR-TURN)."""

    table: tuple[Meld, ...]
    placed_by: tuple[tuple[int, ...], ...]
    hand: tuple[Card, ...]
    opened: bool


@dataclass(frozen=True, slots=True)
class TurnState:
    """What happened so far in the current turn."""

    seat: int
    start_opened: bool = False  # opened flag at turn start (CR-SCORE "rummy")
    empty_stock: bool = False  # the stock was empty when the turn began (RR-STOCK-OUT)
    drawn_from: str | None = None  # "stock", "discard" or "river" once drawn
    drawn: tuple[Card, ...] = ()  # cards drawn from the stock this turn (private)
    taken: Card | None = None  # the card taken from the discard pile (CR-DISCARD-RULE)
    key: Card | None = None  # RK-RIVER key tile, to be played this turn
    booty: tuple[Card, ...] = ()  # RK-RIVER newer tiles, not usable this turn
    river_index: int | None = None  # where the river take started (for undo)
    steps: tuple[Step, ...] = ()  # classic rummy meld/lay-off steps, for undo
    played: bool = False  # something was committed this turn
    draft: DraftTable | None = None  # T-DRAFT: the live, unvalidated table
    touched: bool = False  # RR-FAIL: the table was changed this turn (draft or rejected commit)


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """How a round ended (RR-SCORE, RK-END, CR-SCORE). Per-seat tuples are indexed by
    seat; ``scores[i]`` is None for a seat that sat the round out."""

    round: int
    termination: RoundEnd
    winners: tuple[int, ...]
    went_out: int | None
    rummy: bool  # CR-SCORE: went out in one turn without earlier melds (doubled)
    hand_values: tuple[int | None, ...]
    hand_counts: tuple[int | None, ...]
    hands: tuple[tuple[str, ...], ...]  # revealed at the end of the round
    scores: tuple[int | None, ...]
    totals: tuple[int, ...]
    extra: bool  # an extra round among tied players (RR-MATCH)

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "termination": self.termination,
            "winners": list(self.winners),
            "wentOut": self.went_out,
            "rummy": self.rummy,
            "handValues": list(self.hand_values),
            "handCounts": list(self.hand_counts),
            "hands": [list(h) for h in self.hands],
            "scores": list(self.scores),
            "totals": list(self.totals),
            "extra": self.extra,
        }


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    """How the match ended (RR-MATCH, RK-END, CR-SCORE): ``ranking`` lists seats best
    first; resigned seats rank last and never win."""

    termination: MatchEnd
    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    totals: tuple[int, ...]
    rounds_won: tuple[int, ...]
    outs: tuple[int, ...]
    rounds_played: int
    resigned: tuple[int, ...]
    higher_wins: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "termination": self.termination,
            "winners": list(self.winners),
            "ranking": list(self.ranking),
            "totals": list(self.totals),
            "roundsWon": list(self.rounds_won),
            "outs": list(self.outs),
            "roundsPlayed": self.rounds_played,
            "resigned": list(self.resigned),
            "higherWins": self.higher_wins,
        }


@dataclass(frozen=True, slots=True)
class GameState:
    """A whole match at one moment. Hidden information included: never send it out;
    send :func:`engine.views.view` of it."""

    rules: RuleSet
    seed: bytes
    seats: tuple[SeatState, ...]
    round: int  # 1-based
    dealer: int
    participants: tuple[int, ...]  # seats dealt in this round, clockwise
    stock: tuple[Card, ...]  # stock[0] is the top
    discard: tuple[Card, ...]  # discard[-1] is the top (RR-DISCARD, CR-TURN)
    river: tuple[Card, ...]  # oldest first (RK-RIVER)
    table: tuple[Meld, ...]
    placed_by: tuple[tuple[int, ...], ...]
    phase: Phase
    turn: int  # global turn number, grows by one per turn (the API's ``turn``)
    round_turns: int  # turns started in this round (CR-STOCK-OUT 120-turn draw)
    idle_turns: int  # turns in a row without a play begun on an empty stock
    restocks: int  # CR-STOCK-OUT: times the discard pile became the stock
    extra_round: bool  # this round is a tie-break among ``participants`` (RR-MATCH)
    current: TurnState
    results: tuple[RoundOutcome, ...] = ()
    outcome: MatchOutcome | None = None

    @property
    def on_turn(self) -> int:
        return self.current.seat

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def over(self) -> bool:
        return self.outcome is not None

"""Points and standings (issue 30), pure: no Django.

- A table's places give points by the tournament's table of points per table size
  (defaults: 4 seats 6/5/3/1, 3 seats 6/3/0, 2 seats 1/0). A place shared by ``m``
  players shares the points of the ``m`` places it covers: two tied first at a table of
  three get (6 + 3) / 2 = 4.5 each. Points are counted in twelfths (``*_12``), so a
  share of 2, 3 or 4 is exact.
- A forfeit (a player who did not play their match: no move of their own) scores 0.
- A bye scores the points of a second place at a full table.
- The tie-break is the opponents' points: the sum, over every table a player sat at,
  of the current points of the others at it.
- Standings: by points, then tie-break; equal in both, equal rank.
- Adjudication (a match still running at the round's deadline): the seats are placed
  by their current match totals in the rule set's direction (lowest penalty first in
  Robbers' Rummy, highest score first in Rummikub and classic rummy), equal totals
  sharing a place, resigned and abandoned seats last, as at a match's end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.scoring import higher_wins, ranking
from engine.state import GameState

TWELFTHS = 12


def place_points_12(ranks: Mapping[int, int], points: Sequence[int]) -> dict[int, int]:
    """Seat -> points (twelfths) for ``ranks`` (seat -> 1-based place, equal places
    tied, as ``matches.results.finishing_ranks`` gives them), shared places sharing."""
    groups: dict[int, list[int]] = {}
    for seat, place in ranks.items():
        groups.setdefault(place, []).append(seat)
    out: dict[int, int] = {}
    for place, seats in groups.items():
        span = range(place - 1, place - 1 + len(seats))
        covered = [points[i] if i < len(points) else 0 for i in span]
        share = sum(covered) * TWELFTHS // len(seats)
        for seat in seats:
            out[seat] = share
    return out


def bye_points_12(points: Sequence[int]) -> int:
    """A bye: the points of a second place (0 at a table whose second gets nothing)."""
    return (points[1] if len(points) > 1 else 0) * TWELFTHS


@dataclass(frozen=True, slots=True)
class Line:
    """One player's line of the standings."""

    user_id: int
    points_12: int
    tiebreak_12: int


def ranked(lines: Sequence[Line]) -> list[tuple[int, Line]]:
    """(rank, line) best first; equal points and tie-break share a rank."""
    ordered = sorted(lines, key=lambda line: (-line.points_12, -line.tiebreak_12, line.user_id))
    out: list[tuple[int, Line]] = []
    for position, line in enumerate(ordered):
        previous = out[-1] if out else None
        same = (
            previous is not None
            and previous[1].points_12 == line.points_12
            and previous[1].tiebreak_12 == line.tiebreak_12
        )
        out.append((previous[0] if same and previous is not None else position + 1, line))
    return out


def tiebreaks_12(points: Mapping[int, int], tables: Sequence[Sequence[int]]) -> dict[int, int]:
    """Each player's opponents' points over ``tables`` (every table so far, user ids)."""
    out = dict.fromkeys(points, 0)
    for table in tables:
        for user in table:
            if user in out:
                out[user] += sum(points.get(other, 0) for other in table if other != user)
    return out


def adjudicated_outcome(state: GameState) -> dict[str, Any]:
    """What ``matches.results.finishing_ranks`` reads, for a match stopped now: the
    best current total (among seats that did not resign) wins, the rest follow the
    engine's ranking by totals."""
    rules = state.rules
    playing = [i for i, s in enumerate(state.seats) if not s.resigned]
    totals = [s.total for s in state.seats]
    winners: list[int] = []
    if playing:
        best = (max if higher_wins(rules) else min)(totals[i] for i in playing)
        winners = [i for i in playing if totals[i] == best]
    return {
        "winners": winners,
        "ranking": list(ranking(rules, state.seats, winners, state.results)),
        "totals": totals,
        "resigned": [i for i, s in enumerate(state.seats) if s.resigned],
    }

"""Match formats and tie-breaks (RR-MATCH, RK-END, CR-SCORE target)."""

from __future__ import annotations

from typing import Any

from engine.actions import Commit, Draw, Pass
from engine.game import apply, new_game
from engine.rules import ruleset
from engine.state import GameState
from engine.testing import arrange


def start(players: int = 2, **options: Any) -> GameState:
    state, _ = new_game(ruleset("robbers", {"players": players, **options}), 9)
    return state


def stalemate(state: GameState, hands: dict[int, list[str]]) -> tuple[GameState, list[Any]]:
    """End the current round with everyone passing on an empty stock."""
    state = arrange(state, hands=hands, stock=[])
    events: list[Any] = []
    for _ in state.participants:
        state, more = apply(state, Pass(state.on_turn))
        events.extend(more)
    return state, events


def go_out(state: GameState, seat: int, others: dict[int, list[str]]) -> GameState:
    state = arrange(
        state, hands={seat: ["QS", "QH", "QD", "QC"], **others}, stock=["2C"], on_turn=seat
    )
    state, _ = apply(state, Commit(seat, [["QS", "QH", "QD", "QC"]]))
    return state


def test_rr_match_rounds_lowest_total_after_the_rounds_wins() -> None:
    state = start(rounds=2)
    state = go_out(state, 0, {1: ["KS"]})
    assert state.outcome is None and state.round == 2
    state = go_out(state, 1, {0: ["2S"]})
    assert state.outcome is not None
    assert state.outcome.termination == "rounds"
    assert state.outcome.totals == (2, 10) and state.outcome.winners == (0,)
    assert state.outcome.ranking == (0, 1) and not state.outcome.higher_wins


def test_rr_match_outs_first_to_go_out_n_times() -> None:
    state = start(match_format="outs", outs_to_win=2)
    state = go_out(state, 1, {0: ["KS"]})
    state = go_out(state, 0, {1: ["KS"]})
    assert state.outcome is None
    state = go_out(state, 1, {0: ["KS"]})
    assert state.outcome is not None and state.outcome.termination == "outs"
    assert state.outcome.winners == (1,) and state.outcome.outs == (1, 2)


def test_rr_match_tie_on_total_broken_by_most_rounds_won() -> None:
    state = arrange(start(rounds=1), totals={0: 10})
    state = go_out(state, 0, {1: ["KS"]})  # totals 10 / 10; seat 0 won a round
    assert state.outcome is not None and state.outcome.winners == (0,)


def test_rr_match_still_tied_one_extra_round_among_the_tied_players() -> None:
    state = start(players=3, rounds=1)
    # A stalemate where seats 0 and 2 tie on cards and points and seat 1 does worse.
    state, events = stalemate(state, {0: ["5S"], 1: ["KS", "KD"], 2: ["5D"]})
    ended = next(e for e in events if e.type == "ROUND_ENDED")
    assert ended.public["winners"] == [0, 2]
    assert state.outcome is None and state.extra_round
    assert state.participants == (0, 2)
    assert not state.seats[1].in_round and state.seats[1].hand == ()
    assert state.on_turn in (0, 2)
    # Seat 1 sits out: turns go 0 -> 2 -> 0.
    state = arrange(state, stock=["2C", "3C", "4C"])
    seen = []
    for _ in range(3):
        seen.append(state.on_turn)
        state, _ = apply(state, Draw(state.on_turn))
    assert 1 not in seen
    state = go_out(state, 2, {0: ["KS"]})
    assert state.outcome is not None
    assert state.outcome.termination == "extra_round" and state.outcome.winners == (2,)


def test_rk_end_match_highest_total_wins() -> None:
    state, _ = new_game(ruleset("rummikub", {"players": 2, "rounds": 2}), 4)
    state = arrange(state, hands={0: ["10S", "JS", "QS"], 1: ["5D"]}, stock=["2C"], on_turn=0)
    state, _ = apply(state, Commit(0, [["10S", "JS", "QS"]]))
    assert [s.total for s in state.seats] == [5, -5] and state.outcome is None
    state = arrange(state, hands={1: ["10S", "JS", "QS"], 0: ["KD"]}, stock=["2C"], on_turn=1)
    state, _ = apply(state, Commit(1, [["10S", "JS", "QS"]]))
    assert state.outcome is not None and state.outcome.higher_wins
    assert state.outcome.totals == (-8, 8) and state.outcome.winners == (1,)

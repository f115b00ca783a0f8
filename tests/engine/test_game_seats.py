"""Seats that leave or stop playing (T-ASYNC): resignation, timeouts in a row, reclaim."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Draw, Reclaim, Resign, Timeout
from engine.errors import Code, EngineError
from engine.game import apply, new_game
from engine.rules import ruleset
from engine.state import GameState


def start(players: int = 3, **options: Any) -> GameState:
    state, _ = new_game(ruleset("robbers", {"players": players, **options}), 2)
    return state


def rejected(state: GameState, action: Any, code: Code) -> None:
    with pytest.raises(EngineError) as info:
        apply(state, action)
    assert info.value.code is code, info.value


def test_t_async_resign_any_time_seat_plays_on_as_bot_and_ranks_last() -> None:
    state = start()
    off_turn = (state.on_turn + 1) % 3
    after, events = apply(state, Resign(off_turn))
    assert events[0].type == "SEAT_CHANGED"
    assert events[0].public == {"seat": off_turn, "change": "resigned"}
    assert after.seats[off_turn].resigned and after.seats[off_turn].bot
    assert after.on_turn == state.on_turn and after.outcome is None
    rejected(after, Resign(off_turn), Code.NOT_ALLOWED)
    rejected(after, Reclaim(off_turn), Code.NOT_ALLOWED)


def test_t_async_last_seat_standing_wins_by_resignation() -> None:
    state = start(players=2)
    after, events = apply(state, Resign(0))
    assert after.outcome is not None and after.outcome.termination == "resignation"
    assert after.outcome.winners == (1,) and after.outcome.resigned == (0,)
    assert after.outcome.ranking[-1] == 0
    assert events[-1].type == "MATCH_ENDED" and after.phase == "over"
    rejected(after, Draw(after.on_turn), Code.MATCH_OVER)


def test_t_async_max_timeouts_in_a_row_hand_the_seat_to_a_bot() -> None:
    state = start(players=2, max_timeouts=2)
    seat = state.on_turn
    state, _ = apply(state, Timeout(seat))
    assert state.seats[seat].timeouts == 1 and not state.seats[seat].bot
    state, _ = apply(state, Timeout(state.on_turn))
    state, events = apply(state, Timeout(seat))
    assert state.seats[seat].bot
    assert {"seat": seat, "change": "bot_took_over", "reason": "timeouts"} in [
        e.public for e in events if e.type == "SEAT_CHANGED"
    ]
    after, events = apply(state, Reclaim(seat))
    assert not after.seats[seat].bot and after.seats[seat].timeouts == 0
    assert events[0].public["change"] == "reclaimed"


def test_t_async_an_action_of_the_seat_resets_its_timeouts() -> None:
    state = start(players=2, max_timeouts=2)
    seat = state.on_turn
    state, _ = apply(state, Timeout(seat))
    state, _ = apply(state, Draw(state.on_turn))
    state, _ = apply(state, Draw(seat))
    assert state.seats[seat].timeouts == 0
    state, _ = apply(state, Timeout(state.on_turn))
    state, _ = apply(state, Timeout(seat))
    assert not state.seats[seat].bot


def test_not_a_player_seat_is_bad_input() -> None:
    state = start()
    rejected(state, Draw(7), Code.NOT_A_PLAYER)
    rejected(state, Resign(-1), Code.NOT_A_PLAYER)


def test_t_takeover_a_bot_seat_is_reclaimed_unless_its_player_resigned() -> None:
    """T-TAKEOVER (engine side): a seat the bot took over after timeouts goes back to
    its player on Reclaim; a resigned seat stays with the bot."""
    state = start(players=3, max_timeouts=1)
    seat = state.on_turn
    state, _ = apply(state, Timeout(seat))
    assert state.seats[seat].bot
    back, _ = apply(state, Reclaim(seat))
    assert not back.seats[seat].bot
    gone, _ = apply(back, Resign(seat))
    rejected(gone, Reclaim(seat), Code.NOT_ALLOWED)
    assert gone.seats[seat].bot and gone.seats[seat].resigned

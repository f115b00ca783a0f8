"""Rummikub game rules: deal, turns, the end and its scoring, the draw-two river and the
timer (RULES.md section 3)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Commit, Discard, Draw, Pass, Timeout, Undo, UpdateDraft
from engine.errors import Code, EngineError
from engine.game import apply, legal, new_game
from engine.rules import ruleset
from engine.state import GameState
from engine.testing import arrange


def start(players: int = 2, seed: int = 3, **options: Any) -> GameState:
    state, _ = new_game(ruleset("rummikub", {"players": players, **options}), seed)
    return state


def codes(state: GameState, seat: int) -> list[str]:
    return sorted(c.code for c in state.seats[seat].hand)


def rejected(state: GameState, action: Any, code: Code) -> EngineError:
    with pytest.raises(EngineError) as info:
        apply(state, action)
    assert info.value.code is code, info.value
    return info.value


STOCK = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]


@pytest.mark.parametrize(
    ("players", "options", "size"),
    [(2, {}, 14), (4, {}, 14), (2, {"short_deal": True}, 10), (3, {"short_deal": True}, 7)],
)
def test_rk_deal_sizes(players: int, options: dict[str, Any], size: int) -> None:
    state = start(players, **options)
    assert [len(s.hand) for s in state.seats] == [size] * players
    assert len(state.stock) == 106 - players * size
    assert state.discard == () and state.river == ()


def test_rk_turn_draw_one_tile_ends_turn() -> None:
    state = arrange(start(), hands={0: ["5H"]}, stock=STOCK, on_turn=0)
    after, _ = apply(state, Draw(0))
    assert codes(after, 0) == ["2C", "5H"] and after.on_turn == 1


def test_rk_joker_retrieved_joker_must_be_played_again() -> None:
    state = arrange(
        start(),
        hands={0: ["7H", "2D"]},
        table=[["7S", "7D", "*:7H"]],
        opened={0: True},
        stock=STOCK,
        on_turn=0,
    )
    err = rejected(state, Commit(0, [["7S", "7D", "7H"]]), Code.JOKER_SWAP_INVALID)
    assert err.rule == "RK-JOKER"


def test_rk_end_winner_scores_plus_the_sum_losers_minus_their_racks() -> None:
    state = arrange(
        start(players=3),
        hands={0: ["10S", "JS", "QS"], 1: ["*", "5D"], 2: ["KC", "AH"]},
        stock=STOCK,
        on_turn=0,
    )
    after, events = apply(state, Commit(0, [["10S", "JS", "QS"]]))
    ended = next(e for e in events if e.type == "ROUND_ENDED")
    # Joker 30, tiles by number (K = 13, A = 1).
    assert ended.public["scores"] == [49, -35, -14]
    assert after.outcome is not None  # one round by default
    assert after.outcome.winners == (0,) and after.outcome.higher_wins


def test_rk_end_pool_empty_lowest_rack_total_wins() -> None:
    """RK-END stalemate: lowest rack total (not fewest tiles) by default."""
    state = arrange(
        start(players=2),
        hands={0: ["2C", "3D", "4H"], 1: ["KC"]},
        stock=[],
        on_turn=0,
    )
    state, _ = apply(state, Pass(0))
    after, events = apply(state, Pass(1))
    ended = next(e for e in events if e.type == "ROUND_ENDED")
    assert ended.public["termination"] == "stalemate" and ended.public["winners"] == [0]
    assert ended.public["scores"] == [13, -13]
    assert after.outcome is not None


def test_rk_end_stalemate_by_tiles_option() -> None:
    state = arrange(
        start(players=2, stalemate_by="tiles"),
        hands={0: ["2C", "3D", "4H"], 1: ["KC"]},
        stock=[],
        on_turn=0,
    )
    state, _ = apply(state, Pass(0))
    _, events = apply(state, Pass(1))
    ended = next(e for e in events if e.type == "ROUND_ENDED")
    assert ended.public["winners"] == [1]


def test_rk_river_stock_draw_takes_two_keeps_one_discards_one_to_river() -> None:
    state = arrange(
        start(draw_two_river=True), hands={0: ["5H"]}, stock=STOCK, river=["9D"], on_turn=0
    )
    assert legal(state, 0).draw_penalty == 2
    state, events = apply(state, Draw(0))
    assert events[0].private[0] == {"cards": ["2C", "3C"]}
    assert state.phase == "discard"
    err = rejected(state, Discard(0, "5H"), Code.NOT_ALLOWED)
    assert err.rule == "RK-RIVER"
    after, _ = apply(state, Discard(0, "2C"))
    assert [c.code for c in after.river] == ["9D", "2C"]  # oldest on the left
    assert codes(after, 0) == ["3C", "5H"] and after.on_turn == 1


def test_rk_river_key_tile_must_be_played_and_booty_waits() -> None:
    state = arrange(
        start(draw_two_river=True),
        hands={0: ["5S", "6S", "9H", "9D"]},
        table=[["10C", "JC", "QC"]],
        opened={0: True},
        stock=STOCK,
        river=["2D", "7S", "9C", "8S"],
        on_turn=0,
    )
    state, events = apply(state, Draw(0, "river", 1))
    assert events[0].public["key"] == "7S" and events[0].public["booty"] == ["9C", "8S"]
    assert [c.code for c in state.river] == ["2D"] and state.phase == "key"
    assert legal(state, 0).key_tile == "7S"
    rejected(state, Draw(0), Code.ALREADY_DREW)
    # The booty 9C cannot be used this turn.
    rejected(state, Commit(0, [["10C", "JC", "QC"], ["9H", "9D", "9C"]]), Code.CARD_NOT_IN_HAND)
    rejected(state, Commit(0, [["10C", "JC", "QC"]]), Code.NO_CARD_FROM_HAND)
    # The booty 8S cannot be used this turn.
    rejected(
        state, Commit(0, [["10C", "JC", "QC"], ["5S", "6S", "7S", "8S"]]), Code.CARD_NOT_IN_HAND
    )
    after, _ = apply(state, Commit(0, [["10C", "JC", "QC"], ["5S", "6S", "7S"]]))
    assert codes(after, 0) == ["8S", "9C", "9D", "9H"] and after.on_turn == 1


def test_rk_river_key_tile_commit_without_it_is_rejected() -> None:
    state = arrange(
        start(draw_two_river=True),
        hands={0: ["5S", "6S", "9H", "9D", "9C"]},
        table=[["10C", "JC", "QC"]],
        opened={0: True},
        stock=STOCK,
        river=["7S"],
        on_turn=0,
    )
    state, _ = apply(state, Draw(0, "river", 0))
    err = rejected(
        state, Commit(0, [["10C", "JC", "QC"], ["9H", "9D", "9C"]]), Code.KEY_TILE_NOT_PLAYED
    )
    assert err.rule == "RK-RIVER"


def test_rk_river_take_can_be_undone() -> None:
    state = arrange(
        start(draw_two_river=True), hands={0: ["5H"]}, stock=STOCK, river=["2D", "7S"], on_turn=0
    )
    taken, _ = apply(state, Draw(0, "river", 0))
    after, events = apply(taken, Undo(0))
    assert after.river == state.river and after.seats[0].hand == state.seats[0].hand
    assert after.phase == "play" and events[0].public["undone"] == "river"


def test_rk_river_timeout_gives_tiles_back_and_draws_penalty() -> None:
    state = arrange(
        start(draw_two_river=True, failed_manipulation_penalty=3),
        hands={0: ["5H"]},
        stock=STOCK,
        river=["2D", "7S"],
        on_turn=0,
    )
    taken, _ = apply(state, Draw(0, "river", 0))
    after, events = apply(taken, Timeout(0))
    assert after.river == state.river
    assert codes(after, 0) == ["2C", "3C", "4C", "5H"]
    assert events[0].public["undone"]["riverTake"] is True


def test_rk_timer_timeout_draws_three_penalty_tiles() -> None:
    """RK-TIMER (seed 004): on expiry the rearrangement is undone and 3 tiles drawn."""
    state = arrange(
        start(failed_manipulation_penalty=3, turn_seconds=60),
        hands={0: ["5H"]},
        stock=STOCK,
        on_turn=0,
    )
    after, events = apply(state, Timeout(0))
    assert codes(after, 0) == ["2C", "3C", "4C", "5H"] and after.on_turn == 1
    assert events[0].public["penalty"] == 3


def test_rk_fail_abandoned_rearrangement_restores_table_and_draws_penalty() -> None:
    """RK-FAIL: a rearrangement that cannot be completed is undone; with the 3-tile option
    the player draws 3, and the table is exactly as at turn start."""
    state = arrange(
        start(failed_manipulation_penalty=3),
        hands={0: ["4H", "9C"]},
        table=[["4S", "5S", "6S", "7S"]],
        opened={0: True},
        stock=STOCK,
        on_turn=0,
    )
    broken, _ = apply(state, UpdateDraft(0, [["5S", "6S", "7S"], ["4S", "4H"]]))
    rejected(broken, Commit(0, [["5S", "6S", "7S"], ["4S", "4H"]]), Code.INVALID_MELD)
    after, events = apply(broken, Draw(0))
    assert after.table == state.table and after.current.draft is None
    assert codes(after, 0) == ["2C", "3C", "4C", "4H", "9C"]
    assert events[0].public["penalty"] == 3


def test_rk_turn_commit_ends_turn_and_opening_needs_30() -> None:
    state = arrange(start(), hands={0: ["9S", "10S", "JS", "2D"]}, stock=STOCK, on_turn=0)
    after, events = apply(state, Commit(0, [["9S", "10S", "JS"]]))
    assert events[0].public["opening"] == 30 and after.on_turn == 1
    low = arrange(start(), hands={0: ["8S", "9S", "10S", "2D"]}, stock=STOCK, on_turn=0)
    rejected(low, Commit(0, [["8S", "9S", "10S"]]), Code.OPENING_TOO_LOW)

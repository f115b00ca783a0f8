"""Rule options seen through a whole game: strict jokers, ace high, opening variants,
manipulation on the opening turn (RK-JOKER strict_joker, R-RUN ace_high, RR-OPEN)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.actions import Commit
from engine.errors import Code, EngineError
from engine.game import apply, legal, new_game
from engine.rules import ruleset
from engine.state import GameState
from engine.testing import arrange

STOCK = ["2C", "3C", "4C", "5C"]


def start(name: str, **options: Any) -> GameState:
    state, _ = new_game(ruleset(name, {"players": 2, **options}), 13)
    return state


def test_rk_joker_strict_only_the_exact_tile_frees_the_joker() -> None:
    table = [["7S", "7D", "*:7H"], ["2H", "3H", "4H"]]
    loose = arrange(
        start("rummikub"),
        hands={0: ["7C", "9D"]},
        table=table,
        opened={0: True},
        stock=STOCK,
        on_turn=0,
    )
    # Sabra rules: in a group of 3 either missing colour frees the joker.
    commit = [["7S", "7D", "7C"], ["*", "2H", "3H", "4H"]]
    after, _ = apply(loose, Commit(0, commit))
    assert after.on_turn == 1
    strict = dataclasses.replace(
        loose, rules=ruleset("rummikub", {"players": 2, "strict_joker": True})
    )
    with pytest.raises(EngineError) as info:
        apply(strict, Commit(0, commit))
    assert info.value.code is Code.JOKER_SWAP_INVALID and info.value.rule == "RK-JOKER"


def test_r_run_ace_high_option_allows_q_k_a_in_play() -> None:
    low = arrange(
        start("robbers", opening_min=0), hands={0: ["QS", "KS", "AS", "2D"]}, stock=STOCK, on_turn=0
    )
    with pytest.raises(EngineError):
        apply(low, Commit(0, [["QS", "KS", "AS"]]))
    high = arrange(
        start("robbers", opening_min=0, ace_high=True),
        hands={0: ["QS", "KS", "AS", "2D"]},
        stock=STOCK,
        on_turn=0,
    )
    after, _ = apply(high, Commit(0, [["QS", "KS", "AS"]]))
    assert after.table[0].plain_codes == ("QS", "KS", "AS")


def test_rr_open_no_rearranging_on_the_opening_turn_unless_the_option() -> None:
    position = {
        "hands": {0: ["KS", "KH", "KD", "KC", "3S", "9D"]},
        "table": [["4S", "5S", "6S"]],
        "stock": STOCK,
        "on_turn": 0,
    }
    plain = arrange(start("robbers"), **position)  # type: ignore[arg-type]
    assert not legal(plain, 0).may_manipulate
    commit = [["3S", "4S", "5S", "6S"], ["KS", "KH", "KD", "KC"]]
    with pytest.raises(EngineError) as info:
        apply(plain, Commit(0, commit))
    assert info.value.code is Code.NOT_OPENED
    free = arrange(start("robbers", manipulate_on_opening_turn=True), **position)  # type: ignore[arg-type]
    after, _ = apply(free, Commit(0, commit))
    assert after.seats[0].opened and [c.code for c in after.seats[0].hand] == ["9D"]

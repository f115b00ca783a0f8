"""A refusal's numbers reach the API as fields, not only inside the English message:
an opening below the minimum says what it made and what it needed (RR-OPEN), so that a
client can say it in the player's language."""

from __future__ import annotations

from api.matches.mutations import to_result
from api.rejections import Rejection
from engine.actions import Commit
from engine.errors import Code, EngineError
from engine.game import apply, new_game
from engine.rules import ruleset
from engine.testing import arrange
from matches.errors import Rejected


def test_an_opening_below_the_minimum_names_its_points_and_the_minimum() -> None:
    state = arrange(
        new_game(ruleset("robbers", {"players": 2}), "numbers")[0],
        hands={0: ["2S", "3S", "4S", "9D"]},
        stock=["5C", "6C", "7C"],
        on_turn=0,
    )
    try:
        apply(state, Commit(0, [["2S", "3S", "4S"]]))
    except EngineError as exc:
        refused = exc
    else:
        raise AssertionError("an opening of 9 points was accepted")

    answer = to_result(Rejected.of(refused))

    assert isinstance(answer, Rejection)
    assert answer.code.value == Code.OPENING_TOO_LOW.value
    assert (answer.points, answer.points_needed) == (9, 40)


def test_other_refusals_carry_no_points() -> None:
    answer = to_result(Rejected(Code.NOT_YOUR_TURN, "it is not your turn"))

    assert isinstance(answer, Rejection)
    assert answer.points is None and answer.points_needed is None

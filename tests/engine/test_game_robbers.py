"""Robbers' Rummy game rules: turns, failed turns, stock-out, going out, scoring, the
discard-pile and timer options and the joker swap bonus (RULES.md section 2)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Commit, Discard, Draw, Pass, Timeout, Undo, UpdateDraft
from engine.errors import Code, EngineError
from engine.game import apply, legal, new_game
from engine.rules import ruleset
from engine.state import GameState
from engine.testing import arrange


def start(players: int = 2, seed: int = 7, **options: Any) -> GameState:
    state, _ = new_game(ruleset("robbers", {"players": players, **options}), seed)
    return state


def codes(state: GameState, seat: int) -> list[str]:
    return [c.code for c in state.seats[seat].hand]


def rejected(state: GameState, action: Any, code: Code) -> EngineError:
    with pytest.raises(EngineError) as info:
        apply(state, action)
    assert info.value.code is code, info.value
    return info.value


STOCK = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]


def test_rr_turn_commit_plays_cards_and_passes_the_turn() -> None:
    state = arrange(
        start(),
        hands={0: ["KS", "KH", "KD", "KC", "2D"], 1: ["5S", "9D", "JH"]},
        stock=STOCK,
        on_turn=0,
    )
    after, events = apply(state, Commit(0, [["KS", "KH", "KD", "KC"]]))
    assert codes(after, 0) == ["2D"]
    assert after.seats[0].opened
    assert [m.plain_codes for m in after.table] == [("KS", "KH", "KD", "KC")]
    assert after.on_turn == 1 and after.turn == state.turn + 1
    assert [e.type for e in events] == ["TURN_COMMITTED", "TURN_STARTED"]
    assert events[0].public["opening"] == 40


def test_rr_open_below_minimum_is_rejected_and_state_kept() -> None:
    state = arrange(start(), hands={0: ["2S", "3S", "4S", "9D"]}, stock=STOCK, on_turn=0)
    err = rejected(state, Commit(0, [["2S", "3S", "4S"]]), Code.OPENING_TOO_LOW)
    assert err.rule == "RR-OPEN"
    # The numbers travel apart from the English text, for a client's own language.
    assert (err.points, err.points_needed) == (9, 40)
    assert err.as_dict()["points"] == 9 and err.as_dict()["pointsNeeded"] == 40


def test_rr_turn_draw_takes_one_card_and_ends_the_turn() -> None:
    state = arrange(start(), hands={0: ["2D"]}, stock=STOCK, on_turn=0)
    after, events = apply(state, Draw(0))
    assert sorted(codes(after, 0)) == ["2C", "2D"]
    assert after.stock == state.stock[1:]
    assert after.on_turn == 1
    drawn = events[0]
    assert drawn.type == "CARD_DRAWN" and drawn.public["count"] == 1
    assert "cards" not in drawn.public and drawn.private[0] == {"cards": ["2C"]}


def test_rr_turn_action_by_seat_not_on_turn_is_rejected() -> None:
    state = arrange(start(), stock=STOCK, on_turn=0)
    for action in (Draw(1), Commit(1, []), Undo(1), UpdateDraft(1, []), Timeout(1)):
        rejected(state, action, Code.NOT_YOUR_TURN)


def test_rr_fail_draw_with_changed_draft_draws_the_penalty() -> None:
    """RR-FAIL with failed_manipulation_penalty 3: giving up a changed draft draws 3."""
    state = arrange(
        start(failed_manipulation_penalty=3),
        hands={0: ["4H", "4D", "9C"]},
        table=[["4S", "5S", "6S", "7S"]],
        opened={0: True},
        stock=STOCK,
        on_turn=0,
    )
    state, _ = apply(state, UpdateDraft(0, [["5S", "6S", "7S"], ["4S", "4H"]]))
    assert legal(state, 0).draw_penalty == 3
    after, events = apply(state, Draw(0))
    assert len(after.seats[0].hand) == 6
    assert after.table == state.table  # the draft is undone
    assert after.current.draft is None and after.on_turn == 1
    assert events[0].public["penalty"] == 3


def test_rr_fail_untouched_draft_draws_one() -> None:
    state = arrange(
        start(failed_manipulation_penalty=3),
        hands={0: ["9C"]},
        table=[["4S", "5S", "6S"]],
        opened={0: True},
        stock=STOCK,
        on_turn=0,
    )
    state, _ = apply(state, UpdateDraft(0, [["6S", "4S", "5S"]]))  # same melds, reordered
    after, _ = apply(state, Draw(0))
    assert len(after.seats[0].hand) == 2


def test_rr_fail_rejected_commit_leaves_state_and_draft() -> None:
    state = arrange(
        start(),
        hands={0: ["3S", "4H", "4D"]},
        table=[["4S", "5S", "6S", "7S"]],
        opened={0: True},
        stock=STOCK,
        on_turn=0,
    )
    state, _ = apply(state, UpdateDraft(0, [["3S", "5S", "6S", "7S"], ["4S", "4H", "4D"]]))
    err = rejected(
        state, Commit(0, [["3S", "5S", "6S", "7S"], ["4S", "4H", "4D"]]), Code.INVALID_MELD
    )
    assert err.missing_card == "4S"  # RR-EXAMPLE
    assert state.current.draft is not None


def test_t_draft_rejects_unknown_codes_and_foreign_cards() -> None:
    state = arrange(start(), hands={0: ["9C"]}, stock=STOCK, on_turn=0)
    rejected(state, UpdateDraft(0, [["ZZ"]]), Code.UNKNOWN_CARD)
    rejected(state, UpdateDraft(0, [["9C", "9C"]]), Code.CARD_NOT_IN_HAND)
    after, events = apply(state, UpdateDraft(0, [["9c"]]))
    assert after.current.draft == (("9C",),)
    assert events[0].type == "DRAFT_UPDATED" and events[0].public["draft"] == [["9C"]]


def test_t_draft_undo_drops_the_draft() -> None:
    state = arrange(start(), hands={0: ["9C"]}, stock=STOCK, on_turn=0)
    rejected(state, Undo(0), Code.NOTHING_TO_UNDO)
    drafted, _ = apply(state, UpdateDraft(0, [["9C"]]))
    after, _ = apply(drafted, Undo(0))
    assert after.current.draft is None and after.on_turn == 0


def test_rr_stock_out_pass_only_with_empty_stock() -> None:
    state = arrange(start(), hands={0: ["9C"], 1: ["2D"]}, stock=STOCK, on_turn=0)
    rejected(state, Pass(0), Code.STOCK_NOT_EMPTY)
    empty = arrange(state, stock=[], on_turn=0)
    rejected(empty, Draw(0), Code.STOCK_EMPTY)
    after, events = apply(empty, Pass(0))
    assert after.on_turn == 1 and events[0].type == "TURN_PASSED"


def test_rr_stock_out_full_round_of_passes_ends_round_fewest_cards_win() -> None:
    state = arrange(
        start(players=3),
        hands={0: ["9C", "9D"], 1: ["2D"], 2: ["KS", "KD", "KH", "2C"]},
        stock=[],
        on_turn=0,
    )
    first = state.round
    state, _ = apply(state, Pass(0))
    state, _ = apply(state, Pass(1))
    after, events = apply(state, Pass(2))
    ended = next(e for e in events if e.type == "ROUND_ENDED")
    assert ended.public["termination"] == "stalemate"
    assert ended.public["winners"] == [1]
    # RR-SCORE: the winner scores 0, the others their hand values.
    assert ended.public["scores"] == [18, 0, 32]
    assert after.round == first + 1
    assert [s.total for s in after.seats] == [18, 0, 32]


def test_rr_stock_out_ties_on_cards_go_to_lowest_points() -> None:
    state = arrange(start(players=2), hands={0: ["KS", "KD"], 1: ["2D", "3D"]}, stock=[], on_turn=0)
    state, _ = apply(state, Pass(0))
    _, events = apply(state, Pass(1))
    ended = next(e for e in events if e.type == "ROUND_ENDED")
    assert ended.public["winners"] == [1]


def test_rr_stock_out_a_play_resets_the_count_of_passes() -> None:
    state = arrange(
        start(players=2),
        hands={0: ["9C", "10C", "JC", "QC", "2D"], 1: ["2S", "3H"]},
        opened={0: True},
        stock=[],
        on_turn=1,
    )
    state, _ = apply(state, Pass(1))
    state, _ = apply(state, Commit(0, [["9C", "10C", "JC", "QC"]]))
    assert state.idle_turns == 0 and state.round == 1
    state, _ = apply(state, Pass(1))
    assert state.round == 1 and state.idle_turns == 1


def test_rr_out_and_rr_score_penalties() -> None:
    state = arrange(
        start(players=3),
        hands={0: ["QS", "QH", "QD", "QC"], 1: ["*", "AS", "KD", "7C"], 2: ["5H"]},
        stock=STOCK,
        on_turn=0,
    )
    after, events = apply(state, Commit(0, [["QS", "QH", "QD", "QC"]]))
    ended = next(e for e in events if e.type == "ROUND_ENDED")
    assert ended.public["termination"] == "out" and ended.public["wentOut"] == 0
    # RR-VALUES: joker 30, ace 15, K 10, 7 face value.
    assert ended.public["scores"] == [0, 62, 5]
    assert after.seats[0].outs == 1 and after.seats[0].rounds_won == 1
    assert after.round == 2


def test_rr_joker_swap_bonus_taken_off_the_redeemers_penalty() -> None:
    state = arrange(
        start(players=2, joker_swap_bonus=5),
        hands={0: ["7H", "2C", "3D"], 1: ["AS"]},
        table=[["7S", "7D", "*:7H"]],
        opened={0: True},
        stock=STOCK,
        on_turn=0,
    )
    state, _ = apply(state, Commit(0, [["7S", "7D", "7H"]], ((0, "7H"),)))
    assert sorted(codes(state, 0)) == ["*", "2C", "3D"]
    assert state.seats[0].jokers_redeemed == 1
    state = arrange(state, stock=[], on_turn=1)
    state, _ = apply(state, Pass(1))
    _, events = apply(state, Pass(0))
    ended = next(e for e in events if e.type == "ROUND_ENDED")
    # Seat 1 (one card) wins; seat 0 holds joker 30 + 2 + 3 = 35, minus the bonus 5.
    assert ended.public["scores"] == [30, 0]


def test_rr_discard_draw_then_discard_not_the_taken_card() -> None:
    state = arrange(
        start(discard_pile=True),
        hands={0: ["9C", "2H"], 1: ["5S"]},
        stock=STOCK,
        discard=["3D", "KH"],
        on_turn=0,
    )
    rejected(state, Discard(0, "9C"), Code.MUST_DRAW_FIRST)
    state, events = apply(state, Draw(0, "discard"))
    assert events[0].public["card"] == "KH"  # face up: public
    assert state.phase == "discard" and state.on_turn == 0
    rejected(state, Draw(0), Code.ALREADY_DREW)
    rejected(state, Commit(0, []), Code.MUST_DISCARD)
    err = rejected(state, Discard(0, "KH"), Code.DISCARD_TAKEN_CARD)
    assert err.rule == "RR-DISCARD"
    after, _ = apply(state, Discard(0, "9C"))
    assert after.discard[-1].code == "9C" and after.on_turn == 1
    assert sorted(codes(after, 0)) == ["2H", "KH"]


def test_rr_discard_a_play_discards_nothing() -> None:
    state = arrange(
        start(discard_pile=True),
        hands={0: ["QS", "QH", "QD", "QC", "2D"]},
        stock=STOCK,
        discard=["3D"],
        on_turn=0,
    )
    after, _ = apply(state, Commit(0, [["QS", "QH", "QD", "QC"]]))
    assert after.on_turn == 1 and [c.code for c in after.discard] == ["3D"]


def test_rr_timer_timeout_undoes_draft_and_draws_fail_count() -> None:
    """With ``timeout_commits_valid_draft`` off (T-EXPIRY), even a valid draft is undone."""
    state = arrange(
        start(failed_manipulation_penalty=3, timeout_commits_valid_draft=False),
        hands={0: ["4H", "4D"]},
        table=[["4S", "5S", "6S", "7S"]],
        opened={0: True},
        stock=STOCK,
        on_turn=0,
    )
    state, _ = apply(state, UpdateDraft(0, [["5S", "6S", "7S"], ["4S", "4H", "4D"]]))
    after, events = apply(state, Timeout(0))
    assert events[0].type == "TURN_EXPIRED"
    assert events[0].public["penalty"] == 3 and events[0].public["undone"]["draft"] is True
    assert len(after.seats[0].hand) == 5 and after.table == state.table
    assert after.on_turn == 1 and after.seats[0].timeouts == 1


def test_rr_timer_default_timeout_draws_one() -> None:
    state = arrange(start(), hands={0: ["4H"]}, stock=STOCK, on_turn=0)
    after, _ = apply(state, Timeout(0))
    assert len(after.seats[0].hand) == 2


def test_rr_timer_timeout_in_discard_phase_discards_the_drawn_card() -> None:
    state = arrange(
        start(discard_pile=True), hands={0: ["4H"]}, stock=STOCK, discard=["KD"], on_turn=0
    )
    state, _ = apply(state, Draw(0))
    after, events = apply(state, Timeout(0))
    assert codes(after, 0) == ["4H"] and after.discard[-1].code == "2C"
    assert events[0].public["penalty"] == 0

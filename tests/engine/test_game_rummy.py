"""Classic rummy: deal, the three-step turn with undo, the discard rule, going out,
scoring with the rummy double, stock-out and the timeout (RULES.md section 4, T-EXPIRY)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Commit, Discard, Draw, Pass, Timeout, Undo
from engine.errors import Code, EngineError
from engine.game import apply, legal, new_game
from engine.rules import ruleset
from engine.state import GameState
from engine.testing import arrange


def start(players: int = 2, seed: int = 5, **options: Any) -> GameState:
    state, _ = new_game(ruleset("rummy", {"players": players, **options}), seed)
    return state


def codes(state: GameState, seat: int) -> list[str]:
    return sorted(c.code for c in state.seats[seat].hand)


def rejected(state: GameState, action: Any, code: Code) -> EngineError:
    with pytest.raises(EngineError) as info:
        apply(state, action)
    assert info.value.code is code, info.value
    return info.value


STOCK = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]


@pytest.mark.parametrize(("players", "size"), [(2, 10), (3, 7), (4, 7)])
def test_cr_deal_sizes_and_one_card_starts_the_discard_pile(players: int, size: int) -> None:
    state = start(players)
    assert [len(s.hand) for s in state.seats] == [size] * players
    assert len(state.discard) == 1
    assert len(state.stock) == 52 - players * size - 1
    assert state.phase == "draw"


def test_cr_turn_draw_then_meld_then_discard() -> None:
    state = arrange(
        start(),
        hands={0: ["5H", "6H", "7H", "KD", "2S"], 1: ["AS"]},
        stock=STOCK,
        discard=["9D"],
        on_turn=0,
    )
    rejected(state, Commit(0, [["5H", "6H", "7H"]]), Code.MUST_DRAW_FIRST)
    rejected(state, Discard(0, "KD"), Code.MUST_DRAW_FIRST)
    rejected(state, Pass(0), Code.NOT_ALLOWED)
    state, _ = apply(state, Draw(0, "stock"))
    assert state.phase == "meld" and "2C" in codes(state, 0)
    rejected(state, Draw(0), Code.ALREADY_DREW)
    state, _ = apply(state, Commit(0, [["5H", "6H", "7H"]]))
    assert state.on_turn == 0 and state.phase == "meld"  # melding does not end the turn
    after, _ = apply(state, Discard(0, "KD"))
    assert after.on_turn == 1 and after.discard[-1].code == "KD"
    assert codes(after, 0) == ["2C", "2S"]


def test_cr_layoff_onto_another_players_meld_records_placer() -> None:
    state = arrange(
        start(),
        hands={0: ["8H", "2S", "3D"]},
        table=[["5H", "6H", "7H"]],
        placed_by=[[1, 1, 1]],
        stock=STOCK,
        discard=["9D"],
        on_turn=0,
    )
    state, _ = apply(state, Draw(0))
    after, events = apply(state, Commit(0, [["5H", "6H", "7H", "8H"]]))
    assert after.placed_by == ((1, 1, 1, 0),)
    assert events[0].public["table"][0]["placedBy"] == [1, 1, 1, 0]
    # CR-LAYOFF: no other rearranging.
    state2 = arrange(
        start(),
        hands={0: ["9C", "5S", "5D"]},
        table=[["5H", "6H", "7H", "8H"]],
        stock=STOCK,
        discard=["9D"],
        on_turn=0,
    )
    state2, _ = apply(state2, Draw(0))
    rejected(
        state2, Commit(0, [["6H", "7H", "8H"], ["5H", "5S", "5D"]]), Code.MANIPULATION_NOT_ALLOWED
    )


def test_cr_turn_steps_undo_one_at_a_time_then_the_pile_draw() -> None:
    state = arrange(
        start(),
        hands={0: ["5H", "6H", "7H", "9S", "9D", "9C", "KD"]},
        table=[["2S", "3S", "4S"]],
        stock=STOCK,
        discard=["9H"],
        on_turn=0,
    )
    drawn, _ = apply(state, Draw(0, "discard"))
    one, _ = apply(drawn, Commit(0, [["2S", "3S", "4S"], ["5H", "6H", "7H"]]))
    two, _ = apply(one, Commit(0, [["2S", "3S", "4S"], ["5H", "6H", "7H"], ["9S", "9D", "9C"]]))
    back, events = apply(two, Undo(0))
    assert back.table == one.table and back.seats[0].hand == one.seats[0].hand
    assert events[0].public["undone"] == "meld"
    back, _ = apply(back, Undo(0))
    assert back.table == drawn.table and back.seats[0] == drawn.seats[0]
    back, _ = apply(back, Undo(0))  # the card taken from the pile goes back
    assert back.phase == "draw" and back.discard == state.discard
    assert back.seats[0].hand == state.seats[0].hand
    rejected(back, Undo(0), Code.NOTHING_TO_UNDO)


def test_cr_turn_a_stock_draw_cannot_be_undone() -> None:
    state = arrange(start(), hands={0: ["KD"]}, stock=STOCK, discard=["9H"], on_turn=0)
    state, _ = apply(state, Draw(0))
    err = rejected(state, Undo(0), Code.NOTHING_TO_UNDO)
    assert "stock" in err.message


def test_cr_discard_rule_taken_card_not_discarded_same_turn() -> None:
    state = arrange(start(), hands={0: ["KD", "2S"]}, stock=STOCK, discard=["5C", "9H"], on_turn=0)
    state, _ = apply(state, Draw(0, "discard"))
    err = rejected(state, Discard(0, "9H"), Code.DISCARD_TAKEN_CARD)
    assert err.rule == "CR-DISCARD-RULE"
    assert "9H" not in legal(state, 0).discardable


def test_cr_discard_rule_no_melding_down_to_only_the_taken_card() -> None:
    state = arrange(
        start(),
        hands={0: ["5H", "6H", "7H"]},
        stock=STOCK,
        discard=["5C", "9H"],
        on_turn=0,
    )
    state, _ = apply(state, Draw(0, "discard"))
    err = rejected(state, Commit(0, [["5H", "6H", "7H"]]), Code.DISCARD_TAKEN_CARD)
    assert err.rule == "CR-DISCARD-RULE"


def test_cr_out_and_cr_score_sum_of_other_hands_doubled_for_rummy() -> None:
    base = arrange(
        start(),
        hands={0: ["5H", "6H", "7H", "9S", "9D", "9C"], 1: ["KS", "QD", "AC"]},
        stock=["2D", *STOCK],
        discard=["3S"],
        on_turn=0,
    )
    state, _ = apply(base, Draw(0))  # 2D
    state, _ = apply(state, Commit(0, [["5H", "6H", "7H"], ["9S", "9D", "9C"]]))
    after, events = apply(state, Discard(0, "2D"))  # CR-OUT: discarding the last card
    ended = next(e for e in events if e.type == "ROUND_ENDED")
    assert ended.public["wentOut"] == 0 and ended.public["rummy"] is True
    assert ended.public["scores"] == [42, 0]  # (10 + 10 + 1) doubled
    assert after.seats[0].total == 42 and after.round == 2

    # With an earlier meld in the hand there is no double.
    opened = arrange(base, opened={0: True}, on_turn=0)
    state, _ = apply(opened, Draw(0))
    state, _ = apply(state, Commit(0, [["5H", "6H", "7H"], ["9S", "9D", "9C"]]))
    _, events = apply(state, Discard(0, "2D"))
    ended = next(e for e in events if e.type == "ROUND_ENDED")
    assert ended.public["rummy"] is False and ended.public["scores"] == [21, 0]


def test_cr_out_by_melding_the_last_cards_needs_no_discard() -> None:
    state = arrange(
        start(),
        hands={0: ["5H", "6H", "7H"], 1: ["KS"]},
        table=[["9S", "9D", "9C"]],
        opened={0: True},
        stock=["9H", *STOCK],
        discard=["3S"],
        on_turn=0,
    )
    state, _ = apply(state, Draw(0))
    _, events = apply(state, Commit(0, [["9S", "9D", "9C", "9H"], ["5H", "6H", "7H"]]))
    ended = next(e for e in events if e.type == "ROUND_ENDED")
    assert ended.public["termination"] == "out" and ended.public["scores"] == [10, 0]


def test_cr_score_target_score_ends_the_match() -> None:
    state = arrange(
        start(target_score=50),
        hands={0: ["5H", "6H", "7H", "9S", "9D", "9C"], 1: ["KS", "QD", "AC"]},
        stock=["2D", *STOCK],
        discard=["3S"],
        totals={0: 20},
        on_turn=0,
    )
    state, _ = apply(state, Draw(0))
    state, _ = apply(state, Commit(0, [["5H", "6H", "7H"], ["9S", "9D", "9C"]]))
    after, events = apply(state, Discard(0, "2D"))
    assert after.outcome is not None and after.outcome.termination == "target"
    assert after.outcome.winners == (0,) and after.outcome.totals == (62, 0)
    assert events[-1].type == "MATCH_ENDED" and after.phase == "over"
    rejected(after, Draw(1), Code.MATCH_OVER)


def test_cr_stock_out_pile_turned_over_once_in_order_then_hand_drawn() -> None:
    state = arrange(
        start(),
        hands={0: ["KD", "2S"], 1: ["QH", "3S"]},
        stock=["4C"],
        discard=["5D", "6D", "7D", "8D"],
        on_turn=0,
    )
    state, _ = apply(state, Draw(0))  # the last stock card
    state, events = apply(state, Discard(0, "4C"))
    assert [e.type for e in events][:3] == ["CARD_DISCARDED", "STOCK_RESTOCKED", "TURN_STARTED"]
    # The pile but its top (4C), turned over: the oldest card is now the top of the stock.
    assert [c.code for c in state.stock] == ["5D", "6D", "7D", "8D"]
    assert [c.code for c in state.discard] == ["4C"]
    # The second time the stock runs out the hand is drawn: nobody scores.
    assert state.restocks == 1
    state = arrange(state, stock=["JC"], on_turn=1)
    state, _ = apply(state, Draw(1))
    after, events = apply(state, Discard(1, "JC"))
    ended = next(e for e in events if e.type == "ROUND_ENDED")
    assert ended.public["termination"] == "drawn" and ended.public["winners"] == []
    assert ended.public["scores"] == [0, 0] and after.round == 2
    assert [s.total for s in after.seats] == [0, 0]


def test_cr_stock_out_120_turns_without_going_out_draws_the_hand() -> None:
    state = start(draw_after_turns=10)
    turns = 0
    while state.round == 1:
        seat = state.on_turn
        state, _ = apply(state, Timeout(seat))  # draw from stock, discard it
        turns += 1
    assert turns == 10
    assert state.results[0].termination == "drawn"


def test_t_expiry_classic_draw_undo_melds_discard_the_drawn_card() -> None:
    state = arrange(
        start(),
        hands={0: ["5H", "6H", "7H", "KD"]},
        stock=["2D", *STOCK],
        discard=["3S"],
        on_turn=0,
    )
    after, events = apply(state, Timeout(0))
    assert codes(after, 0) == codes(state, 0) and after.discard[-1].code == "2D"
    assert [e.type for e in events][:3] == ["TURN_EXPIRED", "CARD_DRAWN", "CARD_DISCARDED"]
    # After melding: the melds are undone and the drawn card discarded.
    state2, _ = apply(state, Draw(0))
    state2, _ = apply(state2, Commit(0, [["5H", "6H", "7H"]]))
    after2, events = apply(state2, Timeout(0))
    assert after2.table == () and codes(after2, 0) == codes(state, 0)
    assert events[0].public["undone"]["steps"] == 1
    # After taking from the pile: the pile card goes back, a stock card is discarded.
    state3, _ = apply(state, Draw(0, "discard"))
    after3, _ = apply(state3, Timeout(0))
    assert codes(after3, 0) == codes(state, 0)
    assert [c.code for c in after3.discard] == ["3S", "2D"]


def test_t_expiry_classic_rummy_refuses_timeout_commits_valid_draft() -> None:
    # Decision (docs/rule-decisions.md): a classic rummy turn has no draft to commit, so
    # the option would be accepted and ignored; it is refused instead, and off by default.
    assert ruleset("rummy").timeout_commits_valid_draft is False
    assert (
        ruleset("rummy", {"timeout_commits_valid_draft": False}).timeout_commits_valid_draft
        is False
    )
    with pytest.raises(EngineError) as info:
        ruleset("rummy", {"timeout_commits_valid_draft": True})
    assert info.value.code == Code.BAD_OPTION
    assert "timeout_commits_valid_draft" in info.value.message

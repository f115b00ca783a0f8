"""The wrong results of issue 10, one test (or a few) per point, each citing the rule
id and the RULES.md "Decision:" paragraph it checks."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Commit, Discard, Draw, Pass, Timeout, Undo, UpdateDraft
from engine.errors import Code, EngineError, RuleViolation
from engine.game import apply, legal, legal_actions, new_game
from engine.replay import replay
from engine.rules import ruleset
from engine.state import GameState
from engine.testing import arrange

STOCK = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]


def start(name: str = "robbers", players: int = 2, seed: int = 9, **options: Any) -> GameState:
    state, _ = new_game(ruleset(name, {"players": players, **options}), seed)
    return state


def codes(state: GameState, seat: int) -> list[str]:
    return sorted(c.code for c in state.seats[seat].hand)


def rejected(state: GameState, action: Any, code: Code) -> EngineError:
    with pytest.raises(EngineError) as info:
        apply(state, action)
    assert info.value.code is code, info.value
    return info.value


def go_out(state: GameState, seat: int, others: dict[int, list[str]]) -> GameState:
    state = arrange(
        state, hands={seat: ["QS", "QH", "QD", "QC"], **others}, stock=["2C"], on_turn=seat
    )
    state, _ = apply(state, Commit(seat, [["QS", "QH", "QD", "QC"]]))
    return state


def stalemate(state: GameState, hands: dict[int, list[str]]) -> GameState:
    state = arrange(state, hands=hands, stock=[])
    for _ in state.participants:
        state, _ = apply(state, Pass(state.on_turn))
    return state


def drawn_round(state: GameState) -> GameState:
    """A classic rummy hand drawn (CR-STOCK-OUT): the stock runs out with nothing in the
    pile to turn over."""
    seat = state.participants[0]
    state = arrange(state, stock=["2C"], discard=[], on_turn=seat)
    state, _ = apply(state, Draw(seat))
    state, _ = apply(state, Discard(seat, "2C"))
    assert state.results[-1].termination == "drawn"
    return state


# -- 1. RR-MATCH target with penalty scoring ----------------------------------------------


def test_rr_match_target_with_penalty_scoring_the_lowest_total_wins() -> None:
    state = start(players=3, match_format="target", target_score=100)
    state = arrange(state, totals={0: 110, 1: 78, 2: 0})
    state = go_out(state, 2, {0: ["KS"], 1: ["2S"]})
    assert state.outcome is not None
    assert state.outcome.totals == (120, 80, 0)
    assert state.outcome.winners == (2,)
    assert state.outcome.ranking == (2, 1, 0)


# -- 2. R-PLAYABLE: combinations that freeze a match ---------------------------------------


@pytest.mark.parametrize("name", ["robbers", "rummikub", "vatikan"])
def test_r_playable_discard_pile_with_river_is_refused(name: str) -> None:
    with pytest.raises(EngineError) as info:
        ruleset(name, {"discard_pile": True, "draw_two_river": True})
    assert info.value.code is Code.BAD_OPTION
    assert "discard_pile" in info.value.message and "draw_two_river" in info.value.message


def test_r_playable_classic_without_pile_or_restock_draws_the_hand_on_an_empty_stock() -> None:
    state = start("rummy", discard_pile=False, restock_from_discard=False)
    state = arrange(state, hands={0: ["5H", "9D"], 1: ["KS", "2D"]}, stock=["3C"], on_turn=0)
    state, _ = apply(state, Draw(0))
    state, events = apply(state, Discard(0, "9D"))
    ended = [e for e in events if e.type == "ROUND_ENDED"]
    assert ended and ended[0].public["termination"] == "drawn"
    seat = state.on_turn
    assert legal_actions(state, seat)
    apply(state, Timeout(seat))


# -- 3. R-PLAYABLE / RR-MATCH: matches that never end ---------------------------------------


def test_rr_match_extra_round_drawn_shares_the_win() -> None:
    """Decision: at most one extra round; if it is drawn the tied players share the win."""
    state = start("rummy", match_format="rounds", rounds=1)
    state = drawn_round(state)  # totals 0/0, no rounds won: a tie
    assert state.outcome is None and state.extra_round
    state = drawn_round(state)
    assert state.outcome is not None
    assert state.outcome.termination == "extra_round"
    assert state.outcome.winners == (0, 1)


def test_rr_match_extra_round_still_tied_shares_the_win() -> None:
    state = start(players=3, rounds=1)
    state = stalemate(state, {0: ["5S"], 1: ["KS", "KD"], 2: ["5D"]})
    assert state.extra_round and state.participants == (0, 2)
    state = stalemate(state, {0: ["6S"], 2: ["6D"]})
    assert state.outcome is not None and state.outcome.winners == (0, 2)
    assert state.outcome.ranking[:2] == (0, 2)


def test_r_playable_outs_match_without_anyone_going_out_ends() -> None:
    """Decision (R-PLAYABLE): rounds nobody goes out of cannot go on forever; after
    BARREN_ROUNDS of them in a row the match is decided on what it has."""
    from engine.scoring import BARREN_ROUNDS

    state = start(match_format="outs", outs_to_win=3)
    for _ in range(BARREN_ROUNDS):
        assert state.outcome is None
        state = stalemate(state, {0: ["5S"], 1: ["KS", "KD"]})
    assert state.outcome is not None
    assert state.outcome.winners == (0,) and state.outcome.ranking == (0, 1)


def test_r_playable_target_match_of_drawn_rounds_ends() -> None:
    state = start("rummy", target_score=100)
    for _ in range(BARREN := 3):
        assert state.outcome is None
        state = arrange(state, stock=[], discard=["2C"], on_turn=state.on_turn)
        state, _ = apply(state, Draw(state.on_turn, "discard"))
        hand = [c.code for c in state.seats[state.on_turn].hand if c.code != "2C"]
        state, _ = apply(state, Discard(state.on_turn, hand[0]))
    assert BARREN == 3
    assert state.outcome is not None and state.outcome.winners == (0, 1)


# -- 4. RR-JOKER: every redemption earns the bonus ------------------------------------------


def redeem_and_replay(name: str) -> GameState:
    state = arrange(
        start(name, joker_swap_bonus=5),
        hands={0: ["6S", "9H", "9D", "2C"], 1: ["KS", "KD"]},
        table=[["5S", "*", "7S"]],
        opened={0: True, 1: True},
        stock=STOCK,
        on_turn=0,
    )
    state, _ = apply(state, Commit(0, [["5S", "6S", "7S"], ["9H", "9D", "*"]]))
    assert state.seats[0].jokers_redeemed == 1
    return state


def test_rr_joker_swap_bonus_counts_a_joker_replayed_the_same_turn() -> None:
    state = redeem_and_replay("robbers")
    state = stalemate(state, {0: ["2C"], 1: ["KS", "KD"]})
    last = state.results[-1]
    assert last.winners == (0,) and last.scores == (-5, 20)


def test_rr_joker_swap_bonus_adds_under_rummikub_scoring() -> None:
    state = redeem_and_replay("rummikub")
    state = stalemate(state, {0: ["2C"], 1: ["KS", "KD"]})
    last = state.results[-1]
    # RK-END: the winner scores plus the losers' racks (13 + 13), plus the bonus.
    assert last.winners == (0,) and last.scores == (31, -26)


def test_rr_joker_no_bonus_when_the_joker_keeps_its_card() -> None:
    state = arrange(
        start(joker_swap_bonus=5),
        hands={0: ["6H", "6D", "6C", "2C"]},
        table=[["5S", "*:6S", "7S"]],
        opened={0: True},
        stock=STOCK,
        on_turn=0,
    )
    state, _ = apply(state, Commit(0, [["5S", "*:6S", "7S"], ["6H", "6D", "6C"]]))
    assert state.seats[0].jokers_redeemed == 0


# -- 5. RR-FAIL: the penalty cannot be dodged ------------------------------------------------


def manipulating(**options: Any) -> GameState:
    return arrange(
        start(failed_manipulation_penalty=3, **options),
        hands={0: ["4H", "4D", "9C"]},
        table=[["4S", "5S", "6S", "7S"]],
        opened={0: True},
        stock=STOCK,
        discard=["KD"],
        river=["KD"],
        on_turn=0,
    )


def test_rr_fail_undoing_a_failed_draft_does_not_avoid_the_penalty() -> None:
    state, _ = apply(manipulating(), UpdateDraft(0, [["5S", "6S", "7S"], ["4S", "4H"]]))
    state, _ = apply(state, Undo(0))
    assert state.current.draft is None
    assert legal(state, 0).draw_penalty == 3
    after, events = apply(state, Draw(0))
    assert len(after.seats[0].hand) == 6 and events[0].public["penalty"] == 3


def test_rr_fail_a_rejected_commit_then_a_draw_draws_the_penalty() -> None:
    state = manipulating()
    with pytest.raises(RuleViolation) as info:
        apply(state, Commit(0, [["5S", "6S", "7S"], ["4S", "4H"]]))
    assert info.value.code is Code.INVALID_MELD
    marked = info.value.after
    assert marked is not None and marked.current.touched
    assert marked.table == state.table and marked.seats == state.seats
    after, events = apply(marked, Draw(0))
    assert len(after.seats[0].hand) == 6 and events[0].public["penalty"] == 3


def test_rr_fail_a_logged_rejected_commit_replays_to_the_marked_state() -> None:
    rules = ruleset("robbers", {"players": 2, "failed_manipulation_penalty": 3})
    state, _ = new_game(rules, 5)
    seat = state.on_turn
    hand = [c.code for c in state.seats[seat].hand]
    bad = Commit(seat, [hand[:2]])  # two cards are no meld
    with pytest.raises(RuleViolation) as info:
        apply(state, bad)
    marked = info.value.after
    assert marked is not None
    again, _ = replay(rules, 5, [bad])
    assert again == marked
    after, _ = replay(rules, 5, [bad, Draw(seat)])
    assert len(after.seats[seat].hand) == len(hand) + 3


@pytest.mark.parametrize("options", [{"discard_pile": True}, {"draw_two_river": True}])
def test_rr_fail_after_a_failed_draft_only_the_stock_penalty_draw_is_legal(
    options: dict[str, Any],
) -> None:
    state, _ = apply(manipulating(**options), UpdateDraft(0, [["5S", "6S", "7S"], ["4S", "4H"]]))
    info = legal(state, 0)
    assert info.draw_sources == ("stock",) and info.draw_penalty == 3
    other = "discard" if "discard_pile" in options else "river"
    err = rejected(state, Draw(0, other, 0 if other == "river" else None), Code.NOT_ALLOWED)
    assert err.rule == "RR-FAIL"


# -- 6. RR-MATCH: ranking after an extra round ------------------------------------------------


def test_rr_match_ranking_after_an_extra_round_uses_the_regular_totals() -> None:
    state = start(players=3, rounds=1)
    state = stalemate(state, {0: ["5S"], 1: ["5D"], 2: ["KS", "KD"]})  # 0/0/20
    assert state.extra_round and state.participants == (0, 1)
    state = go_out(state, 0, {1: ["KS", "KD", "KH"]})  # seat 1 ends on 30 > 20
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert state.outcome.ranking == (0, 1, 2)


# -- 7. RR-DISCARD / CR-DISCARD-RULE: the twin of the taken card --------------------------------


@pytest.mark.parametrize(
    ("name", "options", "rule"),
    [("robbers", {"discard_pile": True}, "RR-DISCARD"), ("rummy", {"decks": 2}, "CR-DISCARD-RULE")],
)
def test_rr_discard_the_twin_of_the_taken_card_is_refused(
    name: str, options: dict[str, Any], rule: str
) -> None:
    state = arrange(
        start(name, **options),
        hands={0: ["9C", "2H", "5D"]},
        stock=STOCK,
        discard=["3D", "9C"],
        on_turn=0,
    )
    state, _ = apply(state, Draw(0, "discard"))
    err = rejected(state, Discard(0, "9C"), Code.DISCARD_TAKEN_CARD)
    assert err.rule == rule
    assert "9C" not in legal(state, 0).discardable


def test_rr_discard_pile_draw_refused_when_only_its_twins_would_be_left() -> None:
    """R-PLAYABLE: a pile draw after which no card could be discarded is not legal."""
    state = arrange(
        start(discard_pile=True), hands={0: ["9C"]}, stock=STOCK, discard=["9C"], on_turn=0
    )
    assert "discard" not in legal(state, 0).draw_sources
    rejected(state, Draw(0, "discard"), Code.DISCARD_TAKEN_CARD)


# -- 8. RR-OPEN: an unopened player may not re-annotate a table joker --------------------------


@pytest.mark.parametrize("strict", [False, True])
def test_rr_open_relisting_a_table_joker_for_another_card_is_touching(strict: bool) -> None:
    state = arrange(
        start(strict_joker=strict),
        hands={0: ["QS", "QH", "QD", "QC", "2D"]},
        table=[["5S", "6S", "*:7S"]],
        stock=STOCK,
        on_turn=0,
    )
    err = rejected(
        state, Commit(0, [["*:4S", "5S", "6S"], ["QS", "QH", "QD", "QC"]]), Code.NOT_OPENED
    )
    assert err.rule == "RR-OPEN"
    after, _ = apply(state, Commit(0, [["5S", "6S", "*:7S"], ["QS", "QH", "QD", "QC"]]))
    assert after.seats[0].opened


# -- 9. RR-MATCH outs: only going out counts -------------------------------------------------


def test_rr_match_outs_a_stalemate_win_is_not_an_out() -> None:
    state = start(match_format="outs", outs_to_win=3)
    state = go_out(state, 0, {1: ["KS"]})
    state = go_out(state, 0, {1: ["KS"]})
    state = stalemate(state, {0: ["5S"], 1: ["KS", "KD"]})
    assert state.seats[0].outs == 2 and state.seats[0].rounds_won == 3
    assert state.outcome is None


# -- 10. RK-TIMER: timeout_penalty -----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "options", "drawn"),
    [
        ("rummikub", {}, 3),
        ("robbers", {}, 1),
        ("vatikan", {}, 1),
        ("rummikub", {"timeout_penalty": 1}, 1),
        ("robbers", {"timeout_penalty": 2}, 2),
        ("robbers", {"failed_manipulation_penalty": 3}, 1),  # untouched: not a failure
    ],
)
def test_rk_timer_timeout_draws_timeout_penalty(
    name: str, options: dict[str, Any], drawn: int
) -> None:
    assert ruleset("rummikub").timeout_penalty == 3
    state = arrange(start(name, **options), hands={0: ["5H"]}, stock=STOCK, on_turn=0)
    after, events = apply(state, Timeout(0))
    assert len(after.seats[0].hand) == 1 + drawn
    assert events[0].public["penalty"] == drawn


def test_rk_timer_timeout_after_touching_draws_the_larger_penalty() -> None:
    state = arrange(
        start("rummikub", failed_manipulation_penalty=5, timeout_commits_valid_draft=False),
        hands={0: ["4H", "9C"]},
        table=[["4S", "5S", "6S", "7S"]],
        opened={0: True},
        stock=STOCK,
        on_turn=0,
    )
    state, _ = apply(state, UpdateDraft(0, [["5S", "6S", "7S"], ["4S", "4H"]]))
    after, events = apply(state, Timeout(0))
    assert len(after.seats[0].hand) == 2 + 5 and events[0].public["penalty"] == 5


# -- 11. T-EXPIRY: timeout_commits_valid_draft -------------------------------------------------


def drafted(**options: Any) -> GameState:
    state = arrange(
        start(**options),
        hands={0: ["4H", "4D", "9C"]},
        table=[["4S", "5S", "6S", "7S"]],
        opened={0: True},
        stock=STOCK,
        on_turn=0,
    )
    state, _ = apply(state, UpdateDraft(0, [["5S", "6S", "7S"], ["4S", "4H", "4D"]]))
    return state


def test_t_expiry_a_valid_draft_is_committed_at_the_deadline() -> None:
    assert ruleset("robbers").timeout_commits_valid_draft is True
    after, events = apply(drafted(), Timeout(0))
    assert [e.type for e in events][:2] == ["TURN_EXPIRED", "TURN_COMMITTED"]
    assert codes(after, 0) == ["9C"] and len(after.table) == 2
    assert events[0].public["penalty"] == 0 and events[0].public["committed"] is True
    assert after.on_turn == 1 and after.seats[0].timeouts == 1


def test_t_expiry_without_the_option_the_draft_is_thrown_away() -> None:
    state = drafted(timeout_commits_valid_draft=False)
    after, events = apply(state, Timeout(0))
    assert after.table == state.table and len(after.seats[0].hand) == 4
    assert events[0].public["committed"] is False


def test_t_expiry_an_invalid_draft_is_thrown_away() -> None:
    state = arrange(
        start(),
        hands={0: ["4H", "9C"]},
        table=[["4S", "5S", "6S", "7S"]],
        opened={0: True},
        stock=STOCK,
        on_turn=0,
    )
    state, _ = apply(state, UpdateDraft(0, [["5S", "6S", "7S"], ["4S", "4H"]]))
    after, _ = apply(state, Timeout(0))
    assert after.table == state.table and codes(after, 0) == ["2C", "4H", "9C"]

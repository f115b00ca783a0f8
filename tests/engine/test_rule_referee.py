"""What an independent referee found (issue 28), one test (or a few) per point, each
citing the rule id and the RULES.md "Decision:" paragraph it checks."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Commit, Discard, Draw, Pass
from engine.cli import answer
from engine.errors import Code, EngineError, InvalidMeld, MeldReason
from engine.game import apply, new_game
from engine.melds import read_meld
from engine.rules import PRESETS, ignored_options, ruleset
from engine.state import GameState
from engine.testing import arrange

STOCK = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]


def start(name: str = "robbers", players: int = 2, seed: int = 9, **options: Any) -> GameState:
    state, _ = new_game(ruleset(name, {"players": players, **options}), seed)
    return state


def refused(name: str, options: dict[str, Any]) -> EngineError:
    with pytest.raises(EngineError) as info:
        ruleset(name, options)
    assert info.value.code is Code.BAD_OPTION, info.value
    return info.value


def stalemate(state: GameState, hands: dict[int, list[str]]) -> GameState:
    state = arrange(state, hands=hands, stock=[])
    for _ in state.participants:
        state, _ = apply(state, Pass(state.on_turn))
    return state


# -- 1. R-EXPLAIN: a wider gap names every missing card -------------------------------------


def test_r_explain_a_wider_gap_names_every_missing_card() -> None:
    rules = ruleset("robbers")
    with pytest.raises(InvalidMeld) as info:
        read_meld(rules, ["2H", "5H", "6H"])
    exc = info.value
    assert exc.reason is MeldReason.GAP
    assert exc.message == "needs 3H and 4H between 2H and 5H"
    assert exc.missing_cards == ("3H", "4H")
    assert exc.missing_card == "3H"  # the first of them, as before (deprecated)
    assert exc.as_dict()["missingCards"] == ["3H", "4H"]


def test_r_explain_every_gap_of_a_run_is_named() -> None:
    with pytest.raises(InvalidMeld) as info:
        read_meld(ruleset("robbers"), ["2C", "4C", "7C"])
    assert info.value.missing_cards == ("3C", "5C", "6C")
    assert info.value.message == "needs 3C between 2C and 4C, and 5C and 6C between 4C and 7C"


def test_r_explain_jokers_fill_gaps_first_and_the_rest_is_named() -> None:
    with pytest.raises(InvalidMeld) as info:
        read_meld(ruleset("robbers"), ["2H", "*", "6H"])
    # The joker fills 3H; 4H and 5H are still missing.
    assert info.value.missing_cards == ("4H", "5H")
    assert info.value.missing_card == "4H"


def test_r_explain_the_meld_check_command_lists_every_missing_card() -> None:
    out = answer({"ruleset": "robbers", "melds": [["2H", "5H", "6H"]]})
    entry = out["melds"][0]
    assert entry["missingCards"] == ["3H", "4H"] and entry["missingCard"] == "3H"
    assert entry["message"] == "needs 3H and 4H between 2H and 5H"


# -- 2. R-PLAYABLE Decision: an option with no effect in the family is refused ---------------


@pytest.mark.parametrize(
    ("name", "option", "value"),
    [
        ("rummy", "draw_two_river", True),
        ("rummy", "timeout_penalty", 3),
        ("robbers", "rummy_double", True),
        ("vatikan", "rummy_double", True),
        ("rummikub", "rummy_double", True),
    ],
)
def test_r_playable_an_option_without_effect_in_the_family_is_refused(
    name: str, option: str, value: object
) -> None:
    exc = refused(name, {option: value})
    family = PRESETS[name].family
    assert option in exc.message and family in exc.message


@pytest.mark.parametrize(
    ("name", "option", "value"),
    [
        ("rummy", "failed_manipulation_penalty", 3),
        ("rummy", "stalemate_by", "points"),
        ("rummy", "short_deal", True),
        ("robbers", "short_deal", True),
        ("rummikub", "ace_value", 11),
        ("rummikub", "face_value", 13),
        ("robbers", "unopened_pays_each", True),
        ("rummy", "joker_to_new_set", True),
    ],
)
def test_r_playable_the_audit_refuses_every_option_a_family_ignores(
    name: str, option: str, value: object
) -> None:
    exc = refused(name, {option: value})
    assert option in exc.message and PRESETS[name].family in exc.message


# The audit: every option of every family that has no effect there.
IGNORED = {
    "robbers": {"restock_from_discard", "rummy_double", "short_deal", "unopened_pays_each"},
    "rummikub": {"ace_value", "face_value", "restock_from_discard", "rummy_double"},
    "rummy": {
        "draw_two_river",
        "failed_manipulation_penalty",
        "joker_to_new_set",
        "short_deal",
        "stalemate_by",
        "timeout_commits_valid_draft",
        "timeout_penalty",
        "unopened_pays_each",
    },
}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_r_playable_the_audit_of_every_option_and_family(name: str) -> None:
    base = PRESETS[name]
    assert ignored_options(base) == IGNORED[base.family]
    for option in IGNORED[base.family]:
        value = getattr(base, option)
        if isinstance(value, bool):
            if value:  # on in the preset: turning it off says nothing false
                continue
            changed: object = True
        elif isinstance(value, str):
            changed = "points" if value == "tiles" else "tiles"
        else:
            changed = value + 1
        exc = refused(name, {option: changed})
        assert option in exc.message and base.family in exc.message


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_r_playable_a_presets_own_options_sent_back_are_accepted(name: str) -> None:
    """A client may send back every option it was shown: the preset's own values,
    even of options with no effect in its family, change nothing and are accepted."""
    base = PRESETS[name]
    assert ruleset(name, base.options()) == base


# -- 3. R-ORDER Decision: in classic rummy the match's creator starts the first hand ---------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r_order_classic_rummy_creator_starts_the_first_hand(players: int) -> None:
    for seed in range(12):
        state, events = new_game(ruleset("rummy", {"players": players}), seed)
        assert state.on_turn == 0, f"seed {seed}"
        started = events[0].public
        assert started["cut"] == [] and started["cutWinner"] is None
        assert state.dealer == players - 1 == started["dealer"]


def test_r_order_classic_rummy_the_deal_then_rotates() -> None:
    state = start("rummy", players=3, match_format="rounds", rounds=3)
    assert state.on_turn == 0
    # A drawn hand: the stock runs out with no pile to turn over.
    state = arrange(state, stock=["2C"], discard=[], on_turn=0)
    state, _ = apply(state, Draw(0, "stock"))
    state, _ = apply(state, Discard(0, "2C"))
    assert state.results[-1].termination == "drawn"
    assert state.round == 2 and state.on_turn == 1


# -- 4. RR-MATCH Decision: the tie-break counts rounds won by going out only -----------------


def test_rr_match_tie_break_counts_outs_not_stalemate_wins() -> None:
    state = start(rounds=2)
    # Round 1: seat 0 wins a stalemate (fewest cards); seat 1 adds 5.
    state = stalemate(state, {0: ["2S"], 1: ["2D", "3D"]})
    assert state.results[-1].winners == (0,) and state.results[-1].went_out is None
    # Round 2: seat 1 goes out; seat 0 adds 5. Totals 5 / 5, one round won each.
    state = arrange(state, hands={0: ["5S"], 1: ["QS", "QH", "QD", "QC"]}, stock=STOCK, on_turn=1)
    state, _ = apply(state, Commit(1, [["QS", "QH", "QD", "QC"]]))
    assert state.outcome is not None, "a tie-break by outs decides it: no extra round"
    assert state.outcome.totals == (5, 5)
    assert state.outcome.winners == (1,)
    assert state.outcome.ranking == (1, 0)


# -- 5. RK-PLAYERS Decision: 5-6 players on the normal set with the short deal ---------------


@pytest.mark.parametrize("players", [5, 6])
def test_rk_players_five_or_six_on_one_set_with_the_short_deal(players: int) -> None:
    rules = ruleset("rummikub", {"players": players, "short_deal": True})
    assert rules.decks == 2
    state, _ = new_game(rules, 3)
    assert [len(s.hand) for s in state.seats] == [7] * players
    assert len(state.stock) == 106 - 7 * players


def test_rk_players_five_on_one_set_need_the_short_deal() -> None:
    exc = refused("rummikub", {"players": 5})
    assert "short_deal" in exc.message
    # An extended set (RK-PLAYERS) still seats them with the full deal.
    assert ruleset("rummikub", {"players": 6, "decks": 3}).deal_size(6) == 14


# -- 6. RK-JOKER Decision: option joker_to_new_set -------------------------------------------


def _joker_turn(**options: Any) -> GameState:
    return arrange(
        start("rummikub", **options),
        hands={0: ["6S", "9H", "9D", "2C", "KD"], 1: ["KS"]},
        table=[["5S", "*", "7S"], ["10C", "JC", "QC"]],
        opened={0: True, 1: True},
        stock=STOCK,
        on_turn=0,
    )


# The freed joker goes onto the end of an existing run (a set grown, not new).
ONTO_OLD = [["5S", "6S", "7S"], ["10C", "JC", "QC", "*"]]
# The freed joker makes a new set with two tiles from the rack.
INTO_NEW = [["5S", "6S", "7S"], ["10C", "JC", "QC"], ["9H", "9D", "*"]]


def test_rk_joker_to_new_set_refuses_a_freed_joker_on_an_old_set() -> None:
    state = _joker_turn(joker_to_new_set=True)
    with pytest.raises(EngineError) as info:
        apply(state, Commit(0, ONTO_OLD))
    assert info.value.code is Code.JOKER_SWAP_INVALID
    assert info.value.rule == "RK-JOKER"
    after, _ = apply(state, Commit(0, INTO_NEW))
    assert after.seats[0].hand and after.on_turn == 1


def test_rk_joker_without_the_option_the_freed_joker_may_join_any_set() -> None:
    state = _joker_turn()
    for table in (ONTO_OLD, INTO_NEW):
        after, _ = apply(state, Commit(0, table))
        assert after.on_turn == 1


# -- 7. RK-END Decisions: pool-empty stalemate scoring; option unopened_pays_each -------------


def test_rk_end_stalemate_winner_scores_the_other_racks_and_not_its_own() -> None:
    state = start("rummikub", players=3)
    state = stalemate(state, {0: ["2C", "3D"], 1: ["KS", "KD"], 2: ["9H"]})
    last = state.results[-1]
    # Lowest rack total wins (seat 0: 5; seat 2 holds fewer tiles but 9 points).
    assert last.termination == "stalemate" and last.winners == (0,)
    assert last.scores == (26 + 9, -26, -9)


def test_rk_end_unopened_pays_each_other_player() -> None:
    state = start("rummikub", players=3, unopened_pays_each=True)
    state = arrange(
        state,
        hands={0: ["QS", "QH", "QD"], 1: ["KS", "KD"], 2: ["9H"]},
        opened={0: True, 1: True, 2: False},
        stock=STOCK,
        on_turn=0,
    )
    state, _ = apply(state, Commit(0, [["QS", "QH", "QD"]]))
    last = state.results[-1]
    assert last.winners == (0,)
    # Seat 2 never opened: its 9 also goes to each of the other two players.
    assert last.scores == (26 + 9 + 9, -26 + 9, -9)
    plain = start("rummikub", players=3)
    assert not plain.rules.unopened_pays_each


# -- 8. R-RANGES Decision: hand_size 7..20 ---------------------------------------------------


@pytest.mark.parametrize("name", ["robbers", "rummikub", "rummy"])
def test_r_ranges_hand_size_is_seven_to_twenty(name: str) -> None:
    for size in (1, 6, 21):
        exc = refused(name, {"hand_size": size})
        assert "7..20" in exc.message
    assert ruleset(name, {"hand_size": 7, "players": 2}).deal_size(2) == 7


# -- 9. RR-STOCK-OUT with restock_from_discard -----------------------------------------------


def test_rr_stock_out_restock_without_a_discard_pile_is_refused() -> None:
    exc = refused("robbers", {"restock_from_discard": True})
    assert "restock_from_discard" in exc.message and "discard_pile" in exc.message


def test_rr_stock_out_after_the_restock_robbers_plays_on_to_a_stalemate() -> None:
    rules = ruleset("robbers", {"players": 2, "discard_pile": True, "restock_from_discard": True})
    state, _ = new_game(rules, 4)
    state = arrange(
        state,
        hands={0: ["KS", "2D"], 1: ["5H", "9C"]},
        stock=["7D"],
        discard=[],
        opened={0: True, 1: True},
        on_turn=0,
    )
    state, _ = apply(state, Draw(0, "stock"))
    state, _ = apply(state, Discard(0, "2D"))
    # The stock is out and the pile holds one card, nothing to turn over: RR-STOCK-OUT
    # says play on (pass), not a drawn round.
    assert not state.results and state.round == 1 and state.on_turn == 1
    state, _ = apply(state, Pass(1))
    state, _ = apply(state, Pass(0))
    last = state.results[-1]
    assert last.termination == "stalemate" and last.winners == (1,)

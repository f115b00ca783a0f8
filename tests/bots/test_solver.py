"""Hand-made solver cases: the rules' worked examples and the moves the solver must find.

Every solve runs with ``strict=True``: a play the engine rejects raises, so each
test also proves the returned table valid (check_turn, no card created or lost).
"""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from bots import _dp
from bots.positions import CATEGORIES, generate
from bots.solver import Play, _Context, _mirror, solve
from engine.cards import parse_card
from engine.rules import RuleSet, ruleset
from engine.turn import check_turn, read_table

ROBBERS = ruleset("robbers")
RUMMIKUB = ruleset("rummikub")
RUMMY = ruleset("rummy")


def run(
    rules: RuleSet,
    table: list[str],
    hand: str,
    *,
    opened: bool = True,
    objective: str = "cards",
) -> Play:
    melds = read_table(rules, [m.split() for m in table])
    cards = Counter(parse_card(c) for c in hand.split())
    play = solve(rules, melds, cards, opened=opened, objective=objective, strict=True)  # type: ignore[arg-type]
    if play.cards:
        chk = check_turn(
            rules,
            table=melds,
            hand=cards,
            opened=opened,
            commit=[list(m.codes) for m in play.table],
        )
        assert Counter(chk.played) == Counter(play.played)
        assert chk.jokers_to_hand == play.jokers_to_hand
    else:
        assert play.table == melds  # nothing played: the table is left as it was
    return play


def played(play: Play) -> list[str]:
    return sorted(c.code for c in play.played)


def melds_of(play: Play) -> list[list[str]]:
    return sorted(sorted(c.code for c in m.cards) for m in play.table)


def test_rr_example_plays_two_cards_not_the_invalid_three() -> None:
    # RR-EXAMPLE: 3S-5S-6S-7S has a gap; the best valid play is 5S-6S-7S + 4S-4H-4D.
    play = run(ROBBERS, ["4S 5S 6S 7S"], "3S 4H 4D 9C")
    assert play.optimal
    assert played(play) == ["4D", "4H"]
    assert melds_of(play) == [["4D", "4H", "4S"], ["5S", "6S", "7S"]]
    assert play.points == 8


def test_a_card_inserted_into_a_run_splits_it() -> None:
    play = run(ROBBERS, ["4C 5C 6C 7C 8C 9C"], "6C")
    assert played(play) == ["6C"]
    assert len(play.table) == 2


def test_a_group_of_four_gives_a_card_to_a_new_run() -> None:
    play = run(ROBBERS, ["7S 7H 7D 7C"], "5S 6S")
    assert played(play) == ["5S", "6S"]
    assert melds_of(play) == [["5S", "6S", "7S"], ["7C", "7D", "7H"]]


def test_a_joker_moves_to_another_meld() -> None:
    play = run(ROBBERS, ["5H * 7H"], "6H 9C 10C")
    assert played(play) == ["10C", "6H", "9C"]
    assert ["5H", "6H", "7H"] in melds_of(play)


def test_the_whole_table_is_rebuilt() -> None:
    # Three runs become three groups: no meld of the table survives.
    table = ["3S 4S 5S", "3H 4H 5H", "3D 4D 5D"]
    play = run(ROBBERS, table, "3C 4C")
    assert played(play) == ["3C", "4C"]
    assert melds_of(play) == [
        ["3C", "3D", "3H", "3S"],
        ["4C", "4D", "4H", "4S"],
        ["5D", "5H", "5S"],
    ]


def test_no_play() -> None:
    play = run(ROBBERS, ["4S 5S 6S"], "9C KD")
    assert play.cards == 0 and play.optimal
    assert played(play) == []


def test_empty_hand_and_empty_table() -> None:
    assert run(ROBBERS, [], "").cards == 0
    assert run(ROBBERS, [], "*").cards == 0  # a joker alone is no meld


def test_most_cards_with_ties_broken_by_points() -> None:
    # One joker: 2S-3S-* or KH-KD-* are both 3 cards; the kings are worth more.
    play = run(ROBBERS, [], "* 2S 3S KH KD")
    assert played(play) == ["*", "KD", "KH"]


def test_points_objective_prefers_value_over_count() -> None:
    # 2C-2D-2S-* plays 4 cards worth 36; AC-2C-* plays 3 worth 47 (ace 15, joker 30).
    hand = "* 2C 2D 2S AC QD"
    by_cards = run(ROBBERS, [], hand)
    assert (by_cards.cards, by_cards.points) == (4, 36)
    by_points = run(ROBBERS, [], hand, objective="points")
    assert (by_points.cards, by_points.points) == (3, 47)


def test_opening_below_the_minimum_plays_nothing() -> None:
    # RR-OPEN: 2S-3S-4S + 5H-5D-5C make 24 points, the minimum is 40.
    play = run(ROBBERS, ["4S 5S 6S"], "2S 3S 4S 5H 5D 5C 7S", opened=False)
    assert play.cards == 0


def test_opening_above_the_minimum_from_the_hand_alone() -> None:
    # 7S would fit the table's run, but an opening touches no table meld.
    play = run(ROBBERS, ["4S 5S 6S"], "KS KH KD QS QH QD 7S", opened=False)
    assert played(play) == ["KD", "KH", "KS", "QD", "QH", "QS"]
    assert ["4S", "5S", "6S"] in melds_of(play)


def test_opening_takes_the_most_cards_that_reach_the_minimum() -> None:
    # KS-KH-KD-KC alone is 40; with 2H-3H-4H the opening is 7 cards.
    play = run(ROBBERS, [], "KS KH KD KC 2H 3H 4H", opened=False)
    assert play.cards == 7
    # Rummikub counts numbers: 2-3-4 (9) and 7-7-7 (21) reach 30 only together.
    play = run(RUMMIKUB, [], "2S 3S 4S 7H 7D 7C", opened=False)
    assert play.cards == 6
    play = run(RUMMIKUB, [], "2S 3S 4S 6H 6D 6C", opened=False)
    assert play.cards == 0


def test_joker_redemption_plays_a_card_that_fits_nowhere_else() -> None:
    # RR-JOKER: the group of four is full; 7C can only take the joker's place, and the
    # joker has no other meld to go to, so it goes to the hand.
    play = run(ROBBERS, ["7S 7H 7D *"], "7C")
    assert played(play) == ["7C"]
    assert play.jokers_to_hand == 1
    assert melds_of(play) == [["7C", "7D", "7H", "7S"]]
    # Rummikub: a freed joker must be played again the same turn (RK-JOKER).
    assert run(RUMMIKUB, ["7S 7H 7D *"], "7C").cards == 0


def test_a_redeemed_joker_is_played_again() -> None:
    # The joker freed by 7C makes 9H-10H-* with the hand's 9H and 10H.
    play = run(ROBBERS, ["7S 7H 7D *"], "7C 9H 10H")
    assert played(play) == ["10H", "7C", "9H"]
    assert play.jokers_to_hand == 0


def test_spare_jokers_need_melds_of_their_own() -> None:
    # Six jokers do not all fit one group: the runs take them (slow mode).
    play = run(dataclasses.replace(ROBBERS, jokers=6), [], "* * * * * * 7S 7H 7D")
    assert play.cards == 9 and play.optimal


def test_classic_rummy_lays_off_but_never_rearranges() -> None:
    play = run(RUMMY, ["5H 6H 7H", "9S 9D 9C"], "4H 8H 9H 2C 3C 4C KD")
    assert played(play) == ["2C", "3C", "4C", "4H", "8H", "9H"]
    assert len(play.table) == 3  # the two table melds grown, one new meld
    # With manipulation 4C would leave its run for a group; classic rummy may not.
    assert run(RUMMY, ["4C 5C 6C 7C"], "4H 4D").cards == 0
    assert run(ROBBERS, ["4C 5C 6C 7C"], "4H 4D").cards == 2


def test_a_lay_off_keeps_what_the_table_jokers_stand_for() -> None:
    # Read afresh, *-5H-6H-7H would put its joker on 8H (the higher reading): a joker
    # moved, which a lay-off may not do. The grown meld keeps "*:4H".
    rules = ruleset("rummy", {"jokers": 2})
    play = run(rules, ["*:4H 5H 6H", "9S 9D 9C"], "7H 2C")
    assert played(play) == ["7H"]
    assert ["*:4H", "5H", "6H", "7H"] in [list(m.codes) for m in play.table]
    layoff = dataclasses.replace(ROBBERS, manipulation=False)
    assert played(run(layoff, ["*:4H 5H 6H", "9S 9D 9C"], "7H 3H * 2C")) == [
        "*",
        "3H",
        "7H",
    ]
    # The card a joker stands for does not lay off in its place (the joker would move),
    # and one impossible lay-off must not cost the others.
    play = run(layoff, ["8S 9S 10S *:JS QS", "2H 2D 2C"], "JS 2S 5D")
    assert played(play) == ["2S"]


@pytest.mark.parametrize("decks", [1, 3])
def test_decks(decks: int) -> None:
    rules = dataclasses.replace(ROBBERS, decks=decks)
    hand = " ".join(["5S 6S 7S"] * decks)
    assert run(rules, [], hand).cards == 3 * decks


def test_ace_high() -> None:
    assert run(ROBBERS, [], "QS KS AS").cards == 0
    high = dataclasses.replace(ROBBERS, ace_high=True, ace_value=11)
    assert run(high, [], "QS KS AS").cards == 3
    # An ace can be low in one run and another copy high in another.
    assert run(high, ["AH 2H 3H"], "QH KH AH").cards == 3


def test_time_limit_returns_a_valid_play() -> None:
    table = ["AS 2S 3S 4S", "5H 6H 7H", "8D 9D 10D JD", "* QC KC", "2H 2D 2C", "7S 7D 7C"]
    play = run(ROBBERS, table, "3H 4H 8H 9H JC 10C 5D 6D 2S *")
    melds = read_table(ROBBERS, [m.split() for m in table])
    hand = Counter(
        parse_card(c) for c in ["3H", "4H", "8H", "9H", "JC", "10C", "5D", "6D", "2S", "*"]
    )
    quick = solve(ROBBERS, melds, hand, opened=True, time_limit_ms=0.001)
    assert quick.cards <= play.cards
    if quick.cards:
        check_turn(
            ROBBERS,
            table=melds,
            hand=hand,
            opened=True,
            commit=[list(m.codes) for m in quick.table],
        )
    assert quick.optimal or quick.cards < play.cards or quick.cards == play.cards


def test_strict_jokers_leave_joker_melds_whole() -> None:
    # RK-JOKER strict: a meld holding a joker may only grow (4H is laid off on it); the
    # meld without a joker can still be split for 10C and JC.
    rules = dataclasses.replace(RUMMIKUB, strict_joker=True)
    play = run(rules, ["5H * 7H", "9C 10C JC QC"], "4H 10C JC")
    assert played(play) == ["10C", "4H", "JC"]
    assert not play.optimal  # valid, but not proven best under strict jokers
    assert run(rules, ["5H * 7H"], "KD").cards == 0


def test_threads_solving_at_once_agree_with_one_at_a_time() -> None:
    # The search interns run multisets in shared tables; threads must not mix them up.
    from concurrent.futures import ThreadPoolExecutor

    from bots.positions import Position, generate

    positions = [generate(cat, seed) for cat in ("mid", "jokers") for seed in range(200, 210)]

    def value(pos: Position) -> tuple[int, int]:
        melds = read_table(pos.rules, [list(m) for m in pos.table])
        hand = Counter(parse_card(c) for c in pos.hand)
        play = solve(pos.rules, melds, hand, opened=True, strict=True)
        return play.cards, play.points

    alone = [value(p) for p in positions]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(value, positions)) == alone


def _pure_dp() -> ModuleType:
    """bots/_dp.py loaded as plain Python under another name (it then never swaps in
    the compiled copy)."""
    path = Path(_dp.__file__).with_name("_dp.py")
    spec = importlib.util.spec_from_file_location("bots._dp_pure", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not _dp.NATIVE, reason="bots._dp_native not built (make native)")
@pytest.mark.parametrize("category", CATEGORIES)
def test_compiled_search_agrees_with_pure_python(category: str) -> None:
    """The mypyc build of the rank sweep answers every search exactly as the source
    does: the same layouts, the same node counts, in both modes and both directions."""
    pure = _pure_dp()
    assert not pure.NATIVE and pure.Search is not _dp.Search
    for seed in range(40):
        pos = generate(category, seed)
        if pos.rules.ace_high:
            continue
        table = read_table(pos.rules, [list(m) for m in pos.table])
        hand = Counter(parse_card(c) for c in pos.hand)
        ctx = _Context(pos.rules, table, hand, True, "cards", None, True)
        for prob in (ctx.problem(13), _mirror(ctx.problem(13))):
            fields = {f.name: getattr(prob, f.name) for f in dataclasses.fields(prob)}
            for slow in (False, True) if seed % 8 == 0 else (False,):
                answers = []
                for module in (pure, _dp):
                    search = module.Search(module.Problem(**fields), slow=slow, deadline=None)
                    first = search.best(10**12)  # a bar nothing reaches: every state fails
                    layout = search.best(-1)
                    answers.append((first, _plain(layout), search.nodes))
                assert answers[0] == answers[1], (category, seed, slow)


def _plain(layout: object) -> object:
    if layout is None:
        return None
    return tuple(getattr(layout, f.name) for f in dataclasses.fields(layout))  # type: ignore[arg-type]

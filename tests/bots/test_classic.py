"""Classic rummy helpers: the turn after the draw (melds, lay-offs, discard) and the draw."""

from __future__ import annotations

from bots.classic import classic_turn, take_discard
from engine.cards import parse_card
from engine.rules import ruleset
from engine.turn import read_table

RUMMY = ruleset("rummy")


def table(*melds: str) -> list[list[str]]:
    return [m.split() for m in melds]


def test_melds_lays_off_and_discards_the_costliest_card_left() -> None:
    turn = classic_turn(RUMMY, table("5H 6H 7H"), ["8H", "2C", "3C", "4C", "KD", "9S", "QS"])
    assert sorted(c.code for c in turn.play.played) == ["2C", "3C", "4C", "8H"]
    assert turn.discard in (parse_card("KD"), parse_card("QS"))
    assert turn.deadwood == 9 + 10  # 9S and the other ten-valued card stay
    assert turn.optimal


def test_the_card_taken_from_the_pile_is_not_discarded() -> None:
    # KD is the most costly card, but it was just taken from the pile (CR-DISCARD-RULE).
    turn = classic_turn(RUMMY, [], ["KD", "2C", "3C", "4C", "9S"], taken=parse_card("KD"))
    assert turn.discard == parse_card("9S")
    assert turn.deadwood == 10


def test_keeping_a_card_back_can_beat_melding_it() -> None:
    # Melding 5S-6S-7S-8S leaves KD to discard and nothing else: deadwood 0 either way,
    # but going out needs every card melded; 4 run cards + KD cannot all go.
    turn = classic_turn(RUMMY, [], ["5S", "6S", "7S", "8S", "KD"])
    assert turn.discard == parse_card("KD")
    assert turn.deadwood == 0


def test_going_out_needs_no_discard() -> None:
    turn = classic_turn(RUMMY, table("9S 9D 9C"), ["9H", "2C", "3C", "4C"])
    assert turn.discard is None and turn.deadwood == 0 and turn.play.cards == 4


def test_take_the_discard_top_when_it_melds() -> None:
    melds = read_table(RUMMY, table("5H 6H 7H"))
    hand = ["2C", "3C", "KD", "9S", "QS"]
    assert take_discard(RUMMY, melds, hand, "4C")  # makes 2C-3C-4C
    assert take_discard(RUMMY, melds, hand, "8H")  # lays off on 5H-6H-7H
    assert not take_discard(RUMMY, melds, hand, "KS")  # more deadwood, melds nothing

"""Rule sets: presets, options and their validation (STYLE 7; RULES.md option names)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import JOKER, Card
from engine.errors import BadInput, Code
from engine.rules import PRESETS, RuleSet, find_preset, ruleset


def test_presets_match_the_rules() -> None:
    """RR-DECK, RR-OPEN, RK-TILES, RK-OPEN, RK-JOKER, CR-DECK defaults."""
    rr, rk, cr = ruleset("robbers"), ruleset("rummikub"), ruleset("rummy")
    assert (rr.decks, rr.jokers, rr.opening_min, rr.joker_to_hand) == (2, 4, 40, True)
    assert not rr.manipulate_on_opening_turn  # RR-OPEN Decision
    assert (rk.decks, rk.jokers, rk.opening_min, rk.joker_to_hand) == (2, 2, 30, False)
    assert (cr.decks, cr.jokers, cr.manipulation) == (1, 0, False)
    assert rr.total_cards == 108
    assert rk.total_cards == 106
    assert cr.total_cards == 52
    assert ruleset() == rr  # robbers is the default
    assert ruleset("vatikan").jokers == 4


@pytest.mark.parametrize("name", ["ROBBERS", " robbers ", "hindu", "robbers_rummy"])
def test_names_and_aliases_find_robbers(name: str) -> None:
    assert find_preset(name).family == "robbers"


def test_rummikub_alias_sabra() -> None:
    assert find_preset("sabra") is PRESETS["rummikub"]


def test_card_values() -> None:
    """RR-VALUES: joker 30, A 15 (ace_value), K/Q/J 10, 2..10 face; RK: 1..13; CR: A 1."""
    rr, rk, cr = ruleset("robbers"), ruleset("rummikub"), ruleset("rummy")
    values = {c: rr.card_value(Card.parse(c)) for c in ["*", "AS", "KS", "QH", "JD", "10C", "2S"]}
    assert values == {"*": 30, "AS": 15, "KS": 10, "QH": 10, "JD": 10, "10C": 10, "2S": 2}
    assert ruleset("robbers", {"ace_value": 11}).card_value(Card.parse("AH")) == 11
    assert [rk.card_value(Card(r, "S")) for r in (1, 7, 11, 12, 13)] == [1, 7, 11, 12, 13]
    assert rk.card_value(JOKER) == 30
    assert ruleset("rummikub", {"joker_value": 25}).card_value(JOKER) == 25  # RK-END option
    assert [cr.card_value(Card(r, "S")) for r in (1, 5, 11, 13)] == [1, 5, 10, 10]


@pytest.mark.parametrize(
    ("name", "options", "players", "size"),
    [
        ("robbers", {}, 2, 13),
        ("robbers", {}, 3, 13),
        ("robbers", {}, 4, 11),
        ("robbers", {}, 5, 11),
        ("robbers", {"hand_size": 9}, 5, 9),
        ("rummikub", {}, 4, 14),
        ("rummikub", {"short_deal": True}, 2, 10),
        ("rummikub", {"short_deal": True}, 4, 7),
        ("rummy", {}, 2, 10),
        ("rummy", {}, 4, 7),
    ],
)
def test_deal_sizes(name: str, options: dict[str, Any], players: int, size: int) -> None:
    """RR-DEAL, RK-DEAL, CR-DEAL."""
    assert ruleset(name, options).deal_size(players) == size


def test_copies_per_card() -> None:
    """R-CARD: ``decks`` copies of each natural, ``jokers`` jokers."""
    rr = ruleset()
    assert rr.copies(Card.parse("7H")) == 2
    assert rr.copies(JOKER) == 4
    assert ruleset("rummy").copies(JOKER) == 0


def test_opening_requirement() -> None:
    """RR-OPEN: opening_min 0 is the no-opening variant; classic rummy has none."""
    assert ruleset().needs_opening
    assert not ruleset(options={"opening_min": 0}).needs_opening
    assert not ruleset("rummy").needs_opening


@pytest.mark.parametrize(
    ("name", "options", "opened", "opening_turn", "allowed"),
    [
        ("robbers", {}, False, False, False),
        ("robbers", {}, True, True, False),  # RR-OPEN Decision: not on the opening turn
        ("robbers", {}, True, False, True),
        ("robbers", {"manipulate_on_opening_turn": True}, True, True, True),
        ("robbers", {"opening_min": 0}, False, False, True),
        ("rummikub", {}, True, True, False),  # RK-OPEN: from the next turn
        ("rummy", {}, True, False, False),  # CR-LAYOFF: no rearranging
    ],
)
def test_allows_manipulation(
    name: str, options: dict[str, Any], opened: bool, opening_turn: bool, allowed: bool
) -> None:
    rules = ruleset(name, options)
    assert rules.allows_manipulation(opened=opened, opening_turn=opening_turn) is allowed


def test_validation_names_the_allowed_range() -> None:
    """Rule set validation: `jokers: 9`, `players: 7` refused naming the range."""
    with pytest.raises(BadInput) as jokers:
        ruleset("robbers", {"jokers": 9})
    assert jokers.value.code is Code.BAD_OPTION
    assert "0..6" in jokers.value.message
    with pytest.raises(BadInput) as players:
        ruleset("robbers", {"players": 7})
    assert "2..5" in players.value.message
    with pytest.raises(BadInput) as preset:
        ruleset("poker")
    assert "robbers" in preset.value.message  # lists the choices
    with pytest.raises(BadInput) as option:
        ruleset("robbers", {"colour": "red"})
    assert "colour" in option.value.message


def test_options_round_trip() -> None:
    """What clients see (options()) builds the same rule set back."""
    for name, preset in PRESETS.items():
        assert ruleset(name, preset.options()) == preset
    varied = ruleset("rummikub", {"jokers": 4, "strict_joker": True, "opening_min": 50})
    assert ruleset("rummikub", varied.options()) == varied


def test_rule_sets_are_frozen_values() -> None:
    rules = ruleset()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.jokers = 2  # type: ignore[misc]
    assert hash(rules) == hash(ruleset())


def test_huge_names_are_shortened_in_messages() -> None:
    with pytest.raises(BadInput) as info:
        ruleset("x" * 100_000)
    assert len(info.value.message) < 200
    with pytest.raises(BadInput) as option:
        ruleset("robbers", {"y" * 100_000: 1})
    assert len(option.value.message) < 200


OPTION_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 400),
    st.text(max_size=8),
    st.floats(),
    st.lists(st.integers(), max_size=2),
)
OPTION_NAMES = st.sampled_from([f.name for f in dataclasses.fields(RuleSet)] + ["bogus"])


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([*PRESETS, "sabra", "nope"]),
    st.dictionaries(OPTION_NAMES, OPTION_VALUES, max_size=4),
)
def test_any_options_give_a_valid_rule_set_or_bad_option(
    name: str, options: dict[str, Any]
) -> None:
    """Whatever a client sends, the answer is a rule set within the ranges or BAD_OPTION."""
    try:
        rules = ruleset(name, options)
    except BadInput as exc:
        assert exc.code is Code.BAD_OPTION
        return
    assert rules.min_players <= rules.players
    assert 0 <= rules.jokers <= 6
    assert rules.players * rules.deal_size(rules.players) <= rules.total_cards
    assert ruleset(name, rules.options()) == rules

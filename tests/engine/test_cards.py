"""Cards and their codes: R-CARD, R-CODE (STYLE 3: a notation that round-trips)."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import (
    ALL_NATURALS,
    BY_INDEX,
    JOKER,
    Card,
    deck,
    natural,
    parse_card,
    parse_meld_card,
    sort_key,
)
from engine.errors import BadInput, Code, InvalidMeld, MeldReason

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
ALL_CODES = [f"{r}{s}" for s in "SHDC" for r in RANKS] + ["*"]


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_code_round_trips(code: str) -> None:
    """R-CODE: Card.parse(code) prints back as code; its repr pastes back (STYLE 3)."""
    card = Card.parse(code)
    assert str(card) == code == card.code
    assert eval(repr(card), {"Card": Card}) == card


def test_codes_name_53_distinct_cards_with_dense_indexes() -> None:
    """R-CARD: 52 naturals (rank 1..13 in S H D C) and the joker; index 0..52."""
    cards = [Card.parse(c) for c in ALL_CODES]
    assert len(set(cards)) == 53
    assert sorted(c.index for c in cards) == list(range(53))
    assert all(BY_INDEX[c.index] == c for c in cards)
    assert Card.parse("AS") == Card(1, "S")
    assert Card.parse("10H") == Card(10, "H")
    assert Card.parse("KC") == Card(13, "C")
    assert Card.parse("*") is JOKER or Card.parse("*") == JOKER
    assert JOKER.is_joker
    assert not Card.parse("7D").is_joker


def test_cards_are_frozen_and_hashable() -> None:
    card = Card.parse("7D")
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = 8  # type: ignore[misc]
    assert Counter([card, Card.parse("7D")])[card] == 2


@pytest.mark.parametrize("code", ["7d", " 7D", "7D ", "10h", "as", " * "])
def test_parse_is_lenient_about_case_and_spaces(code: str) -> None:
    assert Card.parse(code).code == code.strip().upper()


@pytest.mark.parametrize(
    "code",
    ["", "Z", "7", "D", "7X", "11S", "1S", "0S", "14H", "TH", "**", "7DD", "*:7D", "10 H", "7♠"],
)
def test_unknown_codes_are_bad_input(code: str) -> None:
    """R-CODE: anything that is not a code raises BadInput(UNKNOWN_CARD)."""
    with pytest.raises(BadInput) as info:
        Card.parse(code)
    assert info.value.code is Code.UNKNOWN_CARD
    assert info.value.rule == "R-CODE"


def _nested(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "value", [None, 7, 7.0, True, b"7D", ["7D"], {"7D": 1}, "7D" * 10_000, _nested(100_000)]
)
def test_non_codes_are_bad_input_with_a_short_message(value: object) -> None:
    """Hostile input (huge strings, deep nesting) gives a typed error, never a crash or a
    message that repeats the input."""
    with pytest.raises(BadInput) as info:
        parse_card(value)
    assert info.value.code is Code.UNKNOWN_CARD
    assert len(info.value.message) < 100


@pytest.mark.parametrize(("rank", "suit"), [(14, "S"), (0, "S"), (1, "*"), (1, "X"), (-1, "H")])
def test_impossible_cards_cannot_be_built(rank: int, suit: str) -> None:
    """R-CARD: a Card value is always a real card."""
    with pytest.raises(BadInput):
        Card(rank, suit)


def test_a_rank_must_be_an_int() -> None:
    with pytest.raises(BadInput):
        Card("7", "S")  # type: ignore[arg-type]


def test_joker_annotations() -> None:
    """R-CODE: ``*:7D`` is a joker fixed as 7D; a bad annotation is an INVALID_MELD with
    reason BAD_JOKER_ANNOTATION; annotating a natural card is no code at all."""
    assert parse_meld_card("*:7D") == (JOKER, Card.parse("7D"))
    assert parse_meld_card("*:10h") == (JOKER, Card.parse("10H"))
    assert parse_meld_card("7D") == (Card.parse("7D"), None)
    assert parse_meld_card("*") == (JOKER, None)
    for bad in ["*:ZZ", "*:11D", "*:*", "*:", "*:7D:8D"]:
        with pytest.raises(InvalidMeld) as info:
            parse_meld_card(bad)
        assert info.value.reason is MeldReason.BAD_JOKER_ANNOTATION
    with pytest.raises(BadInput) as bad_input:
        parse_meld_card("7D:8D")
    assert bad_input.value.code is Code.UNKNOWN_CARD


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12))
def test_any_text_parses_to_a_card_or_raises_bad_input(text: str) -> None:
    """R-CODE: parsing never fails with anything but BadInput, and what it accepts is
    the code it prints (after case and spaces)."""
    try:
        card = parse_card(text)
    except BadInput:
        return
    assert card.code == text.strip().upper()


def test_deck_holds_decks_copies_and_the_jokers() -> None:
    """R-CARD / RR-DECK: 2 x 52 + 4 jokers = 108; CR-DECK: 52."""
    cards = deck(2, 4)
    assert len(cards) == 108
    counts = Counter(cards)
    assert counts[JOKER] == 4
    assert all(counts[c] == 2 for c in ALL_NATURALS)
    assert len(deck(1, 0)) == 52


def test_natural_and_sort_key() -> None:
    assert natural(14, "S") == Card.parse("AS")  # a high ace is the ace
    assert natural(7, "D") == Card.parse("7D")
    hand = [Card.parse(c) for c in ["*", "4D", "KS", "4H", "AS"]]
    assert [c.code for c in sorted(hand, key=sort_key)] == ["AS", "KS", "4H", "4D", "*"]

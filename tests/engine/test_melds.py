"""Melds: R-RUN, R-GROUP, R-JOKER, R-EXPLAIN, CR-HINTS; properties and hostile input.

The many single cases live in fixtures/melds.jsonl (test_fixtures.py); this file holds
what a table cannot say: properties over random melds, the structure of a Meld, and
input that is malformed or absurdly large.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.cards import ALL_NATURALS, JOKER, SUITS, Card, natural
from engine.errors import BadInput, Code, EngineError, InvalidMeld, MeldReason
from engine.explain import check_melds, fits
from engine.melds import Meld, read_meld
from engine.rules import RuleSet, ruleset

ROBBERS = ruleset("robbers")
RUMMIKUB = ruleset("rummikub")
ACE_HIGH = ruleset("robbers", {"ace_high": True})
RULESETS = [ROBBERS, RUMMIKUB, ACE_HIGH, ruleset("rummy")]


def meld(codes: str, rules: RuleSet = ROBBERS) -> Meld:
    return read_meld(rules, codes.split())


def reason(codes: str, rules: RuleSet = ROBBERS) -> InvalidMeld:
    with pytest.raises(InvalidMeld) as info:
        read_meld(rules, codes.split())
    return info.value


# -- strategies ----------------------------------------------------------------------------


@st.composite
def valid_meld_cards(draw: st.DrawFn, ace_high: bool = False) -> list[Card]:
    """The cards of a valid run or group, some replaced by jokers (one natural kept)."""
    if draw(st.booleans()):
        suit = draw(st.sampled_from(SUITS))
        top = 14 if ace_high else 13
        length = draw(st.integers(3, 13))
        start = draw(st.integers(1, top - length + 1))
        cards = [natural(r, suit) for r in range(start, start + length)]
    else:
        rank = draw(st.integers(1, 13))
        suits = draw(st.lists(st.sampled_from(SUITS), min_size=3, max_size=4, unique=True))
        cards = [Card(rank, s) for s in suits]
    jokers = draw(st.integers(0, min(3, len(cards) - 1)))
    where = draw(st.permutations(range(len(cards))))[:jokers]
    return [JOKER if i in where else c for i, c in enumerate(cards)]


any_card = st.sampled_from([*ALL_NATURALS, JOKER])


# -- properties ----------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(RULESETS), st.data())
def test_codes_re_read_give_the_same_meld(rules: RuleSet, data: st.DataObject) -> None:
    """R-JOKER: the server returns each joker with what it stands for; read back, the
    annotated codes make the very same meld (kind, cards, readings, points)."""
    cards = data.draw(valid_meld_cards(ace_high=rules.ace_high))
    m = read_meld(rules, cards)
    assert read_meld(rules, m.codes) == m
    assert read_meld(rules, [c.code for c in cards]) == m


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(RULESETS), st.data())
def test_any_order_reads_the_same(rules: RuleSet, data: st.DataObject) -> None:
    """R-JOKER: a meld is a set; the order a client lists its cards does not matter,
    whether it reads as valid or as a rejection with the same reason."""
    if data.draw(st.booleans()):
        cards = data.draw(valid_meld_cards(ace_high=rules.ace_high))
    else:
        cards = data.draw(st.lists(any_card, min_size=3, max_size=8))
    shuffled = data.draw(st.permutations(cards))
    first, second = _outcome(rules, cards), _outcome(rules, shuffled)
    assert first == second


def _outcome(rules: RuleSet, cards: list[Card]) -> object:
    try:
        return read_meld(rules, cards)
    except EngineError as exc:
        return (exc.code, exc.reason, exc.missing_card)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(RULESETS), st.lists(any_card, min_size=0, max_size=16))
def test_a_reading_is_a_real_run_or_group(rules: RuleSet, cards: list[Card]) -> None:
    """R-RUN / R-GROUP / R-JOKER: any list of cards either reads as a meld whose
    readings are a true run or group of the same cards, worth the sum of their
    values, or is rejected with a meld reason (never another exception)."""
    try:
        m = read_meld(rules, cards)
    except InvalidMeld as exc:
        assert exc.reason is not None
        if exc.reason is MeldReason.GAP:
            assert exc.missing_card is not None
            assert f"needs {exc.missing_card}" in exc.message
        return
    assert Counter(m.cards) == Counter(cards)
    assert any(not c.is_joker for c in m.cards)  # R-JOKER: a natural card
    for card, rep in zip(m.cards, m.represents, strict=True):
        assert card.is_joker or card == rep
        assert not rep.is_joker
    reps = m.represents
    if m.kind == "group":
        assert 3 <= len(reps) <= 4
        assert len({r.rank for r in reps}) == 1
        assert len({r.suit for r in reps}) == len(reps)
    else:
        assert len({r.suit for r in reps}) == 1
        ranks = [r.rank for r in reps]
        if rules.ace_high and ranks[-1] == 1 and len(ranks) > 1:
            ranks[-1] = 14  # the high ace
        assert ranks == list(range(ranks[0], ranks[0] + len(ranks)))
    positions = [
        14 if (m.kind == "run" and r.rank == 1 and i > 0) else r.rank for i, r in enumerate(reps)
    ]
    assert m.points == sum(rules.rank_value(p) for p in positions)


def _readings(rules: RuleSet, cards: list[Card]) -> Iterator[Meld]:
    """Every valid reading of ``cards`` with each joker annotated as some card of a
    suit or rank of the natural cards (no other annotation can be valid)."""
    naturals = [c for c in cards if not c.is_joker]
    near = sorted(
        {c for c in ALL_NATURALS for n in naturals if c.rank == n.rank or c.suit == n.suit}
    )
    jokers = len(cards) - len(naturals)
    for chosen in itertools.product(near, repeat=jokers):
        try:
            yield read_meld(rules, [c.code for c in naturals] + [f"*:{t}" for t in chosen])
        except InvalidMeld:
            continue


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([ROBBERS, RUMMIKUB, ACE_HIGH]), st.data())
def test_jokers_take_the_reading_worth_the_most(rules: RuleSet, data: st.DataObject) -> None:
    """R-JOKER Decision: unannotated jokers stand for the reading worth the most points,
    a run on a tie between a run and a group."""
    cards = data.draw(valid_meld_cards(ace_high=rules.ace_high))
    assume(sum(c.is_joker for c in cards) <= 2)  # bounds the brute force below
    chosen = read_meld(rules, cards)
    others = list(_readings(rules, cards))
    assert others, "the chosen reading is one of the annotated ones"
    best = max(m.points for m in others)
    assert chosen.points == best
    if any(m.kind == "run" and m.points == best for m in others):
        assert chosen.kind == "run"


# -- the structure of a meld ---------------------------------------------------------------------


def test_meld_fields() -> None:
    """Public names others build on: kind, cards, represents, points, codes, key()."""
    m = meld("* 6S *")
    assert m.kind == "run"
    assert m.cards == (Card.parse("6S"), JOKER, JOKER)
    assert m.represents == tuple(Card.parse(c) for c in ["6S", "7S", "8S"])
    assert m.points == 21
    assert m.codes == ("6S", "*:7S", "*:8S")
    assert m.plain_codes == ("6S", "*", "*")
    assert m.jokers == 2
    assert m.key() == meld("6S * *").key() == meld("*:7S 6S *:8S").key()
    assert str(m) == "6S *:7S *:8S"
    assert repr(m) == "read_meld(RULES, ['6S', '*:7S', '*:8S'])"
    assert hash(m) == hash(meld("6S * *"))


def test_missing_group_suits() -> None:
    """RR-JOKER: a joker in a group of 3 may be redeemed with either missing suit."""
    assert meld("7S 7H *").missing_group_suits() == ("D", "C")
    assert meld("7S 7H 7D").missing_group_suits() == ("C",)


# -- R-EXPLAIN: each reason, with a message naming the cards ----------------------------------


@pytest.mark.parametrize(
    ("codes", "why", "says"),
    [
        ("4S 5S", MeldReason.TOO_SHORT, "at least 3"),
        ("4S 5H 6S", MeldReason.MIXED_SUITS, "S, H"),
        ("7S 7H 8D", MeldReason.MIXED_RANKS, "7, 8"),
        ("6H 8H 9H", MeldReason.GAP, "needs 7H between 6H and 8H"),
        ("7H 7H 7D", MeldReason.DUPLICATE_SUIT, "7H appears 2 times"),
        ("7S 7H 7D 7C *", MeldReason.GROUP_TOO_LARGE, "at most 4"),
        ("QS KS AS", MeldReason.RUN_WRAPS, "K-A"),
        ("KS * * * * * * * * * * * * *", MeldReason.RUN_PAST_KING, "between A and K"),
        ("* * *", MeldReason.NO_NATURAL_CARD, "natural"),
        ("7S 7H *:8H", MeldReason.BAD_JOKER_ANNOTATION, "*:8H"),
        ("4S 4S 5S", MeldReason.DUPLICATE_RANK, "4S appears 2 times"),
    ],
)
def test_each_reason_is_explained(codes: str, why: MeldReason, says: str) -> None:
    """R-EXPLAIN: too short, mixed suits, a gap naming the missing card, a duplicate suit,
    a group larger than 4, K-A wrap; and the joker rules."""
    exc = reason(codes)
    assert exc.code is Code.INVALID_MELD
    assert exc.reason is why
    assert says in exc.message
    assert exc.as_dict()["reason"] == why.value


def test_gap_names_the_first_card_the_jokers_cannot_fill() -> None:
    """R-EXPLAIN: jokers fill gaps in order; the message names the next missing card."""
    exc = reason("4S * 8S")
    assert (exc.reason, exc.missing_card) == (MeldReason.GAP, "6S")
    assert exc.as_dict()["missingCard"] == "6S"


def test_a_wrap_is_only_reported_when_meant() -> None:
    """R-EXPLAIN: 10-Q-K-A meant to go round the corner; A-5-9-K just has gaps."""
    assert reason("10D QD KD AD").reason is MeldReason.RUN_WRAPS
    assert reason("AS 5S 9S KS").reason is MeldReason.GAP
    assert reason("KS AS 2S", ACE_HIGH).reason is MeldReason.RUN_WRAPS
    assert meld("QS KS AS", ACE_HIGH).points == 35


def test_annotations_must_be_consistent() -> None:
    """R-JOKER: ``*:7D`` fixes the joker; a wrong one is named, a right one is kept."""
    assert meld("7S 7H *:7C").codes == ("7S", "7H", "*:7C")
    exc = reason("4S 6S *:5H")
    assert exc.reason is MeldReason.BAD_JOKER_ANNOTATION
    assert "*:5H" in exc.message


# -- check_melds and fits (checkMelds, CR-HINTS) -----------------------------------------------


def test_check_melds_reports_each_meld() -> None:
    out = check_melds(ROBBERS, [["4S", "5S", "6S"], ["7H", "7H", "7D"], ["ZZ", "4S", "5S"]])
    assert out[0] == {"valid": True, "kind": "run", "points": 15, "cards": ["4S", "5S", "6S"]}
    assert (out[1]["valid"], out[1]["reason"], out[1]["meldIndex"]) == (False, "DUPLICATE_SUIT", 1)
    assert (out[2]["code"], out[2]["meldIndex"]) == ("UNKNOWN_CARD", 2)


def test_fits_lists_the_melds_a_card_can_join() -> None:
    """CR-HINTS / CR-LAYOFF: a group grows to 4; a run at both ends, the ace only below
    the 2 and nothing above the K; a table joker keeps what it stands for."""
    rummy = ruleset("rummy")
    table = [
        meld(c, rummy) for c in ["4S 5S 6S", "7H 7D 7C", "JD QD KD", "2D 3D 4D", "9S 9H 9D 9C"]
    ]
    assert fits(rummy, table, "7S") == [0, 1]
    assert fits(rummy, table, "3S") == [0]
    assert fits(rummy, table, Card.parse("AD")) == [3]
    assert fits(rummy, table, "10D") == [2]
    assert fits(rummy, table, "9H") == []
    joker_table = [meld("4S 5S *")]  # the joker stands for 6S
    assert fits(ROBBERS, joker_table, "6S") == []
    assert fits(ROBBERS, joker_table, "7S") == [0]
    assert fits(ROBBERS, joker_table, "3S") == [0]


# -- hostile input ---------------------------------------------------------------------------


def test_a_ten_thousand_card_meld_is_bad_input() -> None:
    with pytest.raises(BadInput) as info:
        read_meld(ROBBERS, ["7H"] * 10_000)
    assert info.value.code is Code.BAD_INPUT


def test_an_endless_iterator_is_read_only_up_to_the_limit() -> None:
    with pytest.raises(BadInput):
        read_meld(ROBBERS, itertools.repeat("7H"))


def test_a_generator_of_a_valid_meld_is_read() -> None:
    assert read_meld(ROBBERS, (c for c in ["4S", "5S", "6S"])).points == 15


@pytest.mark.parametrize("value", ["4S 5S 6S", b"4S", 7, None, {"4S": 1}, 3.5])
def test_a_meld_must_be_a_list(value: object) -> None:
    with pytest.raises(BadInput) as info:
        read_meld(ROBBERS, value)  # type: ignore[arg-type]
    assert info.value.code is Code.BAD_INPUT


def test_deep_junk_in_a_meld_is_bad_input() -> None:
    junk: list[object] = []
    for _ in range(100_000):
        junk = [junk]
    with pytest.raises(BadInput) as info:
        read_meld(ROBBERS, [junk, "5S", "6S"])
    assert info.value.code is Code.UNKNOWN_CARD
    assert len(info.value.message) < 100


@pytest.mark.parametrize("size", [0, 1, 2])
def test_short_melds_are_too_short(size: int) -> None:
    assert reason(" ".join(["7H"] * size) or " ").reason is MeldReason.TOO_SHORT

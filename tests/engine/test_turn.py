"""Turn validation by final state: RR-MANIP, RR-OPEN, RR-JOKER, RK-JOKER, CR-LAYOFF.

Single positions live in fixtures/turns.jsonl; here are the properties over random
tables, the regressions of bugs found in review, provenance, and hostile input.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from engine.cards import JOKER, SUITS, Card, natural
from engine.errors import BadInput, Code, EngineError, InvalidMeld, RuleViolation
from engine.melds import read_meld
from engine.rules import RuleSet, ruleset
from engine.turn import JokerSwap, TurnCheck, check_turn, parse_hand, read_table

ROBBERS = ruleset("robbers")
RUMMIKUB = ruleset("rummikub")
RUMMY = ruleset("rummy")


def cards(codes: str) -> Counter[Card]:
    return parse_hand(codes.split())


def melds(text: str) -> list[list[str]]:
    return [m.split() for m in text.split("|")] if text.strip() else []


def turn(
    table: str,
    hand: str,
    commit: str,
    *,
    rules: RuleSet = ROBBERS,
    opened: bool = True,
    **kwargs: object,
) -> TurnCheck:
    return check_turn(
        rules,
        table=read_table(rules, melds(table)),
        hand=cards(hand),
        opened=opened,
        commit=melds(commit),
        **kwargs,  # type: ignore[arg-type]
    )


def refused(table: str, hand: str, commit: str, **kwargs: object) -> EngineError:
    with pytest.raises(EngineError) as info:
        turn(table, hand, commit, **kwargs)  # type: ignore[arg-type]
    return info.value


# -- strategies --------------------------------------------------------------------------------


@st.composite
def meld_cards(draw: st.DrawFn) -> list[Card]:
    """The cards of a valid run or group, perhaps with a joker (one natural kept)."""
    if draw(st.booleans()):
        suit = draw(st.sampled_from(SUITS))
        length = draw(st.integers(3, 6))
        start = draw(st.integers(1, 14 - length))
        out = [natural(r, suit) for r in range(start, start + length)]
    else:
        rank = draw(st.integers(1, 13))
        out = [Card(rank, s) for s in draw(st.permutations(SUITS))[: draw(st.integers(3, 4))]]
    if draw(st.integers(0, 4)) == 0:
        out[draw(st.integers(0, len(out) - 1))] = JOKER
    return out


def fits_the_deck(rules: RuleSet, *groups: list[Card]) -> bool:
    counts = Counter(c for group in groups for c in group)
    return all(n <= rules.copies(c) for c, n in counts.items())


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[list[Card]], list[Card]]:
    """A valid table of 1..4 melds and a hand holding one more valid meld."""
    table = draw(st.lists(meld_cards(), min_size=1, max_size=4))
    mine = draw(meld_cards())
    assume(fits_the_deck(ROBBERS, *table, mine))
    return table, mine


def _codes(groups: list[list[Card]]) -> list[list[str]]:
    return [[c.code for c in g] for g in groups]


# -- properties --------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(positions(), st.data())
def test_a_rearranged_table_passes_iff_every_meld_is_valid(
    position: tuple[list[list[Card]], list[Card]], data: st.DataObject
) -> None:
    """RR-MANIP: once opened, any rearrangement of the same cards plus cards from the
    hand is accepted exactly when every resulting meld is valid."""
    table_cards, mine = position
    everything = [c for m in table_cards for c in m] + mine
    if data.draw(st.booleans()):
        # The table as it was, each meld listed in any order, plus the hand's meld.
        groups = [data.draw(st.permutations(m)) for m in [*table_cards, mine]]
        groups = data.draw(st.permutations(groups))
    else:
        shuffled = data.draw(st.permutations(everything))
        cuts = sorted(data.draw(st.sets(st.integers(1, len(shuffled) - 1), max_size=6)))
        bounds = [0, *cuts, len(shuffled)]
        groups = [shuffled[a:b] for a, b in itertools.pairwise(bounds)]
    all_valid = True
    for group in groups:
        try:
            read_meld(ROBBERS, group)
        except InvalidMeld:
            all_valid = False
    table = read_table(ROBBERS, _codes(table_cards))
    try:
        result = check_turn(
            ROBBERS, table=table, hand=Counter(mine), opened=True, commit=_codes(groups)
        )
    except RuleViolation as exc:
        event("refused")
        assert not all_valid, exc
        assert exc.code is Code.INVALID_MELD
        return
    event("accepted")
    assert all_valid
    assert Counter(result.played) == Counter(mine)
    assert result.jokers_to_hand == 0


@st.composite
def mutated(draw: st.DrawFn) -> tuple[list[list[Card]], list[Card], list[list[Card]]]:
    """A position and a commit: the table plus the hand's meld, then changed at random
    (a card dropped, added from the hand or from anywhere, replaced or moved)."""
    table_cards, mine = draw(positions())
    hand = mine + draw(
        st.lists(st.sampled_from([natural(r, s) for s in SUITS for r in range(1, 14)]), max_size=3)
    )
    assume(fits_the_deck(ROBBERS, *table_cards, hand))
    groups = [list(m) for m in [*table_cards, mine]]
    any_card = st.sampled_from([*(natural(r, s) for s in SUITS for r in range(1, 14)), JOKER])
    for _ in range(draw(st.integers(0, 3))):
        g = draw(st.integers(0, len(groups) - 1))
        action = draw(st.sampled_from(["drop", "add", "hand", "hand", "replace", "move"]))
        if action == "hand":
            groups[g].append(draw(st.sampled_from(hand)))
        elif action == "drop" and groups[g]:
            groups[g].pop(draw(st.integers(0, len(groups[g]) - 1)))
        elif action == "add":
            groups[g].append(draw(any_card))
        elif action == "replace" and groups[g]:
            groups[g][draw(st.integers(0, len(groups[g]) - 1))] = draw(any_card)
        elif action == "move" and groups[g]:
            card = groups[g].pop()
            groups[draw(st.integers(0, len(groups) - 1))].append(card)
    return table_cards, hand, [g for g in groups if g]


@settings(max_examples=300, deadline=None)
@given(mutated(), st.booleans())
def test_no_commit_loses_a_natural_card_or_creates_one(
    case: tuple[list[list[Card]], list[Card], list[list[Card]]], opened: bool
) -> None:
    """RR-MANIP: an accepted commit keeps every natural card of the table, adds only
    cards from the hand, and a joker leaves only into the hand (RR-JOKER)."""
    table_cards, hand, groups = case
    table = read_table(ROBBERS, _codes(table_cards))
    try:
        result = check_turn(
            ROBBERS, table=table, hand=Counter(hand), opened=opened, commit=_codes(groups)
        )
    except EngineError as exc:
        event(f"refused {exc.code}")
        return
    event("accepted")
    before = Counter(c for m in table for c in m.cards)
    after = Counter(c for m in result.table for c in m.cards)
    lost = before - after
    assert set(lost) <= {JOKER}
    assert lost[JOKER] == result.jokers_to_hand
    assert after - before == Counter(result.played)
    assert not Counter(result.played) - Counter(hand)
    assert result.played


@settings(max_examples=200, deadline=None)
@given(mutated())
def test_classic_rummy_only_extends_table_melds(
    case: tuple[list[list[Card]], list[Card], list[list[Card]]],
) -> None:
    """CR-LAYOFF: whatever is accepted keeps each table meld whole (its jokers standing
    for the same cards) inside its own new meld."""
    table_cards, hand, groups = case
    rules = ruleset("rummy", {"decks": 2, "jokers": 4})
    table = read_table(rules, _codes(table_cards))
    try:
        result = check_turn(
            rules, table=table, hand=Counter(hand), opened=True, commit=_codes(groups)
        )
    except EngineError:
        event("refused")
        return
    event("accepted")
    free = list(result.table)
    for old in table:
        home = next(m for m in free if not Counter(old.codes) - Counter(m.codes))
        free.remove(home)


# -- regressions of bugs found in review ---------------------------------------------------------


def test_classic_rummy_lays_off_before_having_melded() -> None:
    """CR-TURN: classic rummy has no opening; a lay-off was refused as NOT_OPENED."""
    assert turn("4S 5S 6S", "7S", "4S 5S 6S 7S", rules=RUMMY, opened=False).played == (
        Card.parse("7S"),
    )


def test_opening_with_manipulation_counts_the_melds_made_from_the_hand() -> None:
    """RR-OPEN with manipulate_on_opening_turn: the best set of hand-made melds counts,
    and a hand meld identical to a table meld is not mistaken for the table's."""
    rules = ruleset("robbers", {"manipulate_on_opening_turn": True})
    result = turn(
        "AS AH AD | 4S 5S 6S",
        "AS AH AD 7S",
        "AS AH AD | AS AH AD | 4S 5S 6S 7S",
        rules=rules,
        opened=False,
    )
    assert result.opening_points == 45


def test_strict_jokers_hold_on_the_opening_turn_too() -> None:
    """RK-JOKER strict with manipulate_on_opening_turn: the check was skipped when opening."""
    rules = ruleset("rummikub", {"strict_joker": True, "manipulate_on_opening_turn": True})
    exc = refused(
        "3H 4H * 6H",
        "3S 3D 10C 10D 10S",
        "4H * 6H | 3H 3S 3D | 10C 10D 10S",
        rules=rules,
        opened=False,
    )
    assert exc.code is Code.JOKER_SWAP_INVALID


def test_classic_lay_off_may_not_change_what_a_joker_stands_for() -> None:
    """CR-LAYOFF: laying 6S next to 4S 5S *(6S) would push the joker to 3S or 7S."""
    rules = ruleset("rummy", {"jokers": 2})
    exc = refused("4S 5S *", "6S", "4S 5S 6S *", rules=rules)
    assert exc.code is Code.MANIPULATION_NOT_ALLOWED


def test_a_named_swap_may_leave_its_joker_on_the_table() -> None:
    """RR-JOKER: the redeemed joker may be used the same turn; the swap was refused."""
    result = turn(
        "4H * 6H",
        "5H 9C 9D",
        "4H 5H 6H | 9C 9D *",
        joker_swaps=[JokerSwap(0, Card.parse("5H"))],
    )
    assert result.jokers_to_hand == 0


def test_redemptions_beyond_the_named_swaps_are_matched() -> None:
    result = turn(
        "4H * 6H | 8C * 10C",
        "5H 9C",
        "4H 5H 6H | 8C 9C 10C",
        joker_swaps=[JokerSwap(1, Card.parse("9C"))],
    )
    assert result.jokers_to_hand == 2


# -- provenance ----------------------------------------------------------------------------------


def test_a_kept_meld_keeps_its_placers_whatever_the_commit_order() -> None:
    """CR-LAYOFF "each card records who placed it": identical cards are paired by meld."""
    result = turn("7H 8H 9H", "7H 7S 7D", "7S 7H 7D | 7H 8H 9H", placed_by=[[1, 1, 1]], seat=2)
    assert result.placed_by == ((2, 2, 2), (1, 1, 1))


def test_unknown_placers_are_minus_one() -> None:
    assert turn("4S 5S 6S", "7S", "4S 5S 6S 7S", seat=3).placed_by == ((-1, -1, -1, 3),)


def test_placed_by_must_match_the_table() -> None:
    with pytest.raises(BadInput):
        turn("4S 5S 6S", "7S", "4S 5S 6S 7S", placed_by=[[1, 1]])
    with pytest.raises(BadInput):
        turn("4S 5S 6S", "7S", "4S 5S 6S 7S", placed_by=[])


# -- hostile input ---------------------------------------------------------------------------------


def test_three_copies_in_a_two_deck_commit_are_bad_input() -> None:
    """R-CARD: more copies than exist."""
    exc = refused("7H 8H 9H", "7H 7S 7D 7C", "7H 8H 9H | 7H 7S 7D | 7H 7C 7D")
    assert isinstance(exc, BadInput)
    assert exc.code is Code.TOO_MANY_COPIES
    assert "7H" in exc.message


def test_a_hand_and_table_with_too_many_copies_are_bad_input() -> None:
    exc = refused("7H 8H 9H", "7H 7H", "7H 8H 9H | 7H 7S 7D")
    assert exc.code is Code.TOO_MANY_COPIES


def test_cards_not_in_hand_are_refused() -> None:
    exc = refused("", "4S 5S", "4S 5S 6S")
    assert isinstance(exc, RuleViolation)
    assert exc.code is Code.CARD_NOT_IN_HAND
    assert "6S" in exc.message


def test_ten_thousand_melds_are_bad_input() -> None:
    with pytest.raises(BadInput) as info:
        check_turn(
            ROBBERS, table=(), hand=Counter(), opened=True, commit=[["4S", "5S", "6S"]] * 10_000
        )
    assert info.value.code is Code.BAD_INPUT


def test_a_ten_thousand_card_meld_in_a_commit_is_bad_input() -> None:
    with pytest.raises(BadInput) as info:
        check_turn(ROBBERS, table=(), hand=Counter(), opened=True, commit=[["4S"] * 10_000])
    assert info.value.meld_index == 0


def test_a_full_table_of_tiny_melds_is_judged() -> None:
    """A commit of as many melds as can exist (2 decks: 34 groups and runs) is judged
    without an exponential search (lay-off matching is bipartite)."""
    rules = ruleset("rummy", {"decks": 2})
    runs = [[natural(r, s) for r in range(a, a + 3)] for s in SUITS for a in (1, 4, 7, 10)] * 2
    table = read_table(rules, _codes(runs))
    extra = [natural(13, s) for s in SUITS]
    commit = [*_codes(runs[:-1]), [*_codes([runs[-1]])[0], "KC"]]
    assert check_turn(rules, table=table, hand=Counter(extra), opened=True, commit=commit).played


@pytest.mark.parametrize(
    "commit",
    ["4S 5S 6S", b"junk", 7, None, {"melds": []}, [["4S", "5S", ["6S"]]], [["4S", "5S", None]]],
)
def test_malformed_commits_are_bad_input(commit: object) -> None:
    with pytest.raises(BadInput):
        check_turn(ROBBERS, table=(), hand=cards("4S 5S 6S"), opened=True, commit=commit)  # type: ignore[arg-type]


def test_deeply_nested_junk_in_a_commit_is_bad_input() -> None:
    junk: list[object] = ["6S"]
    for _ in range(50_000):
        junk = [junk]
    with pytest.raises(BadInput):
        check_turn(
            ROBBERS, table=(), hand=cards("4S 5S 6S"), opened=True, commit=[["4S", "5S", junk]]
        )


@pytest.mark.parametrize("hand", ["4S", 7, None, ["4S"] * 10_000, [["4S"]]])
def test_malformed_hands_are_bad_input(hand: object) -> None:
    with pytest.raises(BadInput):
        parse_hand(hand)


def test_a_hand_must_map_cards_to_counts() -> None:
    for hand in ({"4S": 1}, {Card.parse("4S"): -1}, {Card.parse("4S"): "1"}, "4S"):
        with pytest.raises(BadInput):
            check_turn(ROBBERS, table=(), hand=hand, opened=True, commit=[["4S", "5S", "6S"]])  # type: ignore[arg-type]


def test_a_hand_may_be_a_list_of_cards() -> None:
    hand = [Card.parse(c) for c in ["4S", "5S", "6S", "AS", "AH", "AD"]]
    result = check_turn(ROBBERS, table=(), hand=hand, opened=False, commit=[["AS", "AH", "AD"]])
    assert result.opening_points == 45


def test_played_cards_are_sorted() -> None:
    result = turn("", "9C 4H 4D 4S", "4S 4H 4D")
    assert result.played == tuple(sorted(Card.parse(c) for c in ["4S", "4H", "4D"]))

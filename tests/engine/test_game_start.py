"""Starting a match: the cut, dealing, rotation and seeded shuffles (R-ORDER, R-RNG,
RR-DEAL, RK-DEAL, CR-DEAL)."""

from __future__ import annotations

import collections
import dataclasses
import pathlib
from collections import Counter

import pytest

from engine.actions import Pass
from engine.cards import RANK_CODES, deck
from engine.errors import BadInput
from engine.game import apply, new_game
from engine.rng import Stream, seed_bytes
from engine.rules import ruleset
from engine.state import GameState
from engine.testing import arrange


def all_cards(state: GameState) -> Counter[object]:
    out: Counter[object] = Counter()
    for seat in state.seats:
        out.update(seat.hand)
    out.update(state.stock)
    out.update(state.discard)
    out.update(state.river)
    for meld in state.table:
        out.update(meld.cards)
    return out


@pytest.mark.parametrize(("players", "size"), [(2, 13), (3, 13), (4, 11), (5, 11)])
def test_rr_deal_hand_sizes_and_the_rest_is_the_stock(players: int, size: int) -> None:
    rules = ruleset("robbers", {"players": players})
    state, events = new_game(rules, 11)
    assert [len(s.hand) for s in state.seats] == [size] * players
    assert len(state.stock) == 108 - players * size
    assert state.discard == ()  # no discard pile by default (RR-DISCARD is an option)
    assert all_cards(state) == Counter(deck(2, 4))
    started = next(e for e in events if e.type == "ROUND_STARTED")
    assert started.private[0]["hand"] == [c.code for c in state.seats[0].hand]


def test_rr_deal_hand_size_option_overrides() -> None:
    state, _ = new_game(ruleset("robbers", {"players": 3, "hand_size": 9}), 1)
    assert [len(s.hand) for s in state.seats] == [9, 9, 9]


def test_rr_discard_option_starts_a_pile() -> None:
    state, _ = new_game(ruleset("robbers", {"players": 2, "discard_pile": True}), 1)
    assert len(state.discard) == 1 and len(state.stock) == 108 - 26 - 1


def test_r_order_cut_winner_deals_and_left_of_dealer_starts() -> None:
    for seed in range(12):
        state, events = new_game(ruleset("robbers", {"players": 4}), seed)
        started = events[0].public
        last_cut = started["cut"][-1]
        ranks = {int(s): _rank(code) for s, code in last_cut.items()}
        winner = started["cutWinner"]
        assert ranks[winner] == max(ranks.values())
        assert list(ranks.values()).count(ranks[winner]) == 1
        assert state.dealer == winner == started["dealer"]
        assert state.on_turn == (winner + 1) % 4


def test_r_order_rummikub_highest_tile_starts() -> None:
    for seed in range(8):
        state, events = new_game(ruleset("rummikub", {"players": 3}), seed)
        assert state.on_turn == events[0].public["cutWinner"]


def test_r_order_deal_rotates_clockwise_each_round() -> None:
    state, _ = new_game(ruleset("robbers", {"players": 3}), 5)
    dealer = state.dealer
    for expected in (1, 2, 3):
        assert state.round == expected
        assert state.dealer == (dealer + expected - 1) % 3
        assert state.on_turn == (state.dealer + 1) % 3
        state = arrange(state, stock=[])
        for _ in range(3):
            state, _ = apply(state, Pass(state.on_turn))


def _rank(code: str) -> int:
    return RANK_CODES.index(code[:-1]) + 1


def test_r_rng_same_seed_same_game_other_seed_other_deal() -> None:
    rules = ruleset("robbers")
    a, ea = new_game(rules, b"\x01" * 32)
    b, eb = new_game(rules, b"\x01" * 32)
    c, _ = new_game(rules, b"\x02" * 32)
    assert a == b and ea == eb
    assert a.stock != c.stock
    # Each round is dealt from its own stream: round 2 is not round 1 again.
    assert Stream(seed_bytes(1), "deal:1").read(32) != Stream(seed_bytes(1), "deal:2").read(32)


def test_r_rng_seed_forms_are_distinct_and_checked() -> None:
    assert len({seed_bytes(1), seed_bytes("1"), seed_bytes(b"\x01")}) == 3
    with pytest.raises(ValueError):
        seed_bytes(-1)
    with pytest.raises(ValueError):
        seed_bytes(b"x" * 5000)


def test_r_rng_shuffle_is_unbiased_over_small_permutations() -> None:
    stream = Stream(b"bias", "test")
    counts: collections.Counter[tuple[int, ...]] = collections.Counter()
    for _ in range(6000):
        items = [0, 1, 2]
        stream.shuffle(items)
        counts[tuple(items)] += 1
    assert len(counts) == 6
    assert all(850 < n < 1150 for n in counts.values()), counts


def test_r_rng_engine_never_uses_random_module() -> None:
    root = pathlib.Path(__file__).resolve().parents[2] / "engine"
    for path in root.glob("*.py"):
        text = path.read_text()
        assert "import random" not in text and "from random" not in text, path


def test_new_game_refuses_a_deck_too_small_for_the_deal() -> None:
    rules = ruleset("rummy", {"players": 4})
    with pytest.raises(BadInput):
        new_game(dataclasses.replace(rules, hand_size=14), 1)

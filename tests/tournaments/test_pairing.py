"""The Swiss pairing's laws (issue 30), over random fields, standings and histories:
the tables' sizes, nobody twice in a round, nobody left out, no more repeated pairs than
the plain cut, nobody more than one table from the cut, deterministic for a seed."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import History, Pairing, Player, pair, repeats, table_sizes

SIZES = st.integers(min_value=2, max_value=4)


@st.composite
def fields(draw: st.DrawFn) -> tuple[list[Player], History, int, int]:
    """Players with standings (points in twelfths, as tournaments keep them), a history
    of earlier rounds among them and players who left since, a table size and a seed.
    The history's rounds come from a generator seeded by the draw: cheap to make, and
    as varied as pairings get."""
    table_size = draw(SIZES)
    count = draw(st.integers(min_value=0, max_value=26))
    standings = st.tuples(st.integers(0, 360), st.integers(0, 60))
    drawn = draw(st.lists(standings, min_size=count, max_size=count))
    players = [Player(i + 1, Fraction(pts, 12), tb) for i, (pts, tb) in enumerate(drawn)]
    rng = random.Random(draw(st.integers()))
    rounds: list[Pairing] = []
    for _ in range(draw(st.integers(0, 4))):
        present = [p for p in players if rng.random() < 0.85]
        gone = [Player(20_000 + i) for i in range(rng.randrange(3))]
        rounds.append(pair(present + gone, History(tuple(rounds)), table_size, rng.random()))
    return players, History(tuple(rounds)), table_size, draw(st.integers())


def plain_position(cut: Pairing) -> dict[int, int]:
    return {p: t for t, table in enumerate(cut.tables) for p in table}


@settings(max_examples=300, deadline=None)
@given(fields())
def test_a_round_seats_everyone_once_at_tables_of_the_right_sizes_with_no_more_repeats(
    field: tuple[list[Player], History, int, int],
) -> None:
    players, history, size, seed = field

    result = pair(players, history, size, seed)
    cut = pair(players, history, size, seed, swap=False)

    # sizes: tables of the size, the last ones one smaller, or byes
    sizes, byes = table_sizes(len(players), size)
    assert [len(t) for t in result.tables] == sizes
    assert len(result.byes) == byes
    assert all(2 <= len(t) <= size for t in result.tables)
    assert all(len(t) >= size - 1 for t in result.tables) or len(players) < size
    # nobody twice in the round, nobody left out
    everyone = result.seated() + list(result.byes)
    assert sorted(everyone) == sorted(p.id for p in players)
    # no more repeated pairs than the plain cut, nobody moved more than one table
    met = history.met()
    assert repeats(result.tables, met) <= repeats(cut.tables, met)
    assert result.byes == cut.byes
    before, after = plain_position(cut), plain_position(result)
    assert all(abs(after[p] - before[p]) <= 1 for p in before)


@settings(max_examples=150, deadline=None)
@given(fields(), st.randoms(use_true_random=False))
def test_the_same_seed_gives_the_same_round_whatever_the_input_order(
    field: tuple[list[Player], History, int, int], rng: object
) -> None:
    players, history, size, seed = field
    shuffled = list(players)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]

    assert pair(players, history, size, seed) == pair(shuffled, history, size, seed)


def test_the_standings_order_the_cut_best_first() -> None:
    players = [Player(i, points=Fraction(i), tiebreak=0) for i in range(1, 10)]

    result = pair(players, History(), 3, seed=1, swap=False)

    assert result.tables == ((9, 8, 7), (6, 5, 4), (3, 2, 1))


def test_a_swap_between_neighbouring_tables_avoids_a_rematch() -> None:
    # given: 1 and 2 met, and 3 and 4 met; the cut would seat them together again
    players = [Player(i, points=10 - i) for i in range(1, 5)]
    history = History((Pairing(tables=((1, 2), (3, 4))),))

    # when
    cut = pair(players, history, 2, seed=0, swap=False)
    swapped = pair(players, history, 2, seed=0)

    # then
    assert cut.tables == ((1, 2), (3, 4))
    assert repeats(swapped.tables, history.met()) == 0
    assert swapped.tables in (
        ((3, 2), (1, 4)),
        ((4, 2), (3, 1)),
        ((1, 3), (2, 4)),
        ((1, 4), (3, 2)),
    )


@pytest.mark.parametrize(
    ("players", "size", "sizes", "byes"),
    [
        (9, 3, [3, 3, 3], 0),
        (8, 3, [3, 3, 2], 0),
        (10, 3, [3, 3, 2, 2], 0),
        (4, 3, [2, 2], 0),
        (7, 4, [4, 3], 0),
        (9, 4, [3, 3, 3], 0),
        (10, 4, [4, 3, 3], 0),
        (5, 4, [4], 1),
        (3, 4, [3], 0),
        (2, 4, [2], 0),
        (7, 2, [2, 2, 2], 1),
        (1, 3, [], 1),
        (0, 2, [], 0),
    ],
)
def test_table_sizes(players: int, size: int, sizes: list[int], byes: int) -> None:
    assert table_sizes(players, size) == (sizes, byes)


def test_a_bye_goes_to_the_lowest_player_who_had_none() -> None:
    players = [Player(i, points=10 - i) for i in range(1, 6)]  # 5 is last
    history = History((Pairing(tables=((1, 2), (3, 4)), byes=(5,)),))

    result = pair(players, history, 2, seed=3)

    assert result.byes == (4,)


def _ids(tables: Sequence[Sequence[int]]) -> list[int]:
    return [p for t in tables for p in t]


def test_a_player_listed_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        pair([Player(1), Player(1)], History(), 2, seed=0)

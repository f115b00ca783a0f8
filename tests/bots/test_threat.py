"""EXPERT's endgame denial (issues 4, 28): bots.threat and bots.expert.denying_play."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

from bots import expert
from bots import strategy as st
from bots.budget import Budget, OutOfTime
from bots.levels import EXPERT, HARD, choose_action
from bots.solver import fits_all
from bots.threat import NEAR, SAMPLES, Threat, threat, watched
from engine.actions import Commit, Draw
from engine.cards import Card, parse_card
from engine.game import new_game
from engine.rules import ruleset
from engine.testing import arrange
from engine.views import view

TABLE = [["5S", "6S", "7S"], ["QD", "QC", "QH"], ["9C", "10C", "JC"]]


def _view(
    hand: list[str],
    table: list[list[str]],
    *,
    opponent: list[str],
    opponent_opened: bool = True,
) -> Mapping[str, Any]:
    rules = ruleset("robbers", {"players": 2, "rounds": 1})
    state, _ = new_game(rules, "threat")
    state = arrange(
        state,
        hands={0: hand, 1: opponent},
        table=table,
        opened={0: True, 1: opponent_opened},
        on_turn=0,
    )
    return view(state, 0)


def _fixed(v: Mapping[str, Any], *hands: list[str]) -> Threat:
    """A threat whose sampled hands are exactly ``hands`` (one watched opponent)."""
    seen = st.read_view(v)
    hands_ = [[Counter(parse_card(c) for c in h)] for h in hands]
    return Threat(seen.rules, seen.table, hands_, Budget.unlimited())


def _codes(action: Commit) -> Counter[str]:
    return Counter(c.split(":")[0] for meld in action.table for c in meld)


# -- the sampled hands -----------------------------------------------------------------------


def test_sampled_hands_hold_only_cards_the_opponent_could_not_have_laid() -> None:
    v = _view(["2H", "KD"], TABLE, opponent=["3D", "4D", "9H"])
    seen = st.read_view(v)
    danger = threat(seen, random.Random(7), Budget.unlimited())
    assert danger is not None and len(danger.hands) == SAMPLES

    def placed(card: Card) -> bool:
        return fits_all(seen.rules, seen.table, Counter([card]))

    fitting_now = {c for s in danger.hands for h in s for c in h if placed(c)}
    drawn_like = 0
    for (hand,) in danger.hands:
        assert hand.total() == 3
        fits = [c for c in hand.elements() if c.is_joker or placed(c)]
        # At most one card of a guess is the card drawn last turn (not conditioned on).
        assert len(fits) <= 1, hand
        drawn_like += len(fits)
    # The guesses are not all the same, and the unconditioned card does occur.
    assert len({tuple(sorted(h.elements())) for (h,) in danger.hands}) > SAMPLES * 3 // 4
    assert drawn_like > 0 and fitting_now
    # Never a card this seat can see: both 2H's are not both in a guess, nor a table card.
    seen_cards = Counter(seen.hand) + Counter(c for m in seen.table for c in m.cards)
    for (hand,) in danger.hands:
        for card, n in hand.items():
            assert n + seen_cards[card] <= 2, card


def test_nobody_is_watched_while_far_from_going_out_or_not_yet_opened() -> None:
    far = _view(["2H", "KD"], TABLE, opponent=["3D", "4D", "9H", "8D", "2C"])
    assert NEAR == 4 and watched(st.read_view(far)) == {}
    assert threat(st.read_view(far), random.Random(1), Budget.unlimited()) is None
    closed = _view(["2H", "KD"], TABLE, opponent=["3D"], opponent_opened=False)
    assert threat(st.read_view(closed), random.Random(1), Budget.unlimited()) is None
    near = _view(["2H", "KD"], TABLE, opponent=["3D", "4D"])
    assert watched(st.read_view(near)) == {1: 2}


# -- the choice --------------------------------------------------------------------------------


def test_a_play_that_hands_the_opponent_their_last_card_is_cut_down(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Laying 8H-9H-10H lets a JH go out; the opponent is guessed to hold just that.
    hand = ["8H", "9H", "10H", "2S", "3S", "4S", "KD"]
    v = _view(hand, [["5S", "6S", "7S"]], opponent=["2D"])
    monkeypatch.setattr(expert, "threat", lambda *a, **k: _fixed(v, *[["JH"]] * 10))
    action = choose_action(EXPERT, v, time_limit_ms=None)
    assert isinstance(action, Commit)
    played = _codes(action) - Counter(["5S", "6S", "7S"])
    assert played == Counter(["2S", "3S", "4S"])
    # HARD lays all six.
    hard = choose_action(HARD, v, time_limit_ms=None)
    assert isinstance(hard, Commit) and sum(_codes(hard).values()) == 9


def test_when_every_play_lets_the_opponent_out_expert_draws(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    v = _view(["8H", "9H", "10H", "KD"], [["5S", "6S", "7S"]], opponent=["2D"])
    monkeypatch.setattr(expert, "threat", lambda *a, **k: _fixed(v, *[["JH"]] * 10))
    assert choose_action(EXPERT, v, time_limit_ms=None) == Draw(0, "stock")


def test_a_play_that_changes_nothing_for_the_opponent_is_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    v = _view(["8H", "9H", "10H", "KD"], [["5S", "6S", "7S"]], opponent=["2D"])
    # 2D goes out on neither table; 8S goes out on both: no play makes it worse.
    for guess in (["2D"], ["8S"]):
        monkeypatch.setattr(expert, "threat", lambda *a, g=guess, **k: _fixed(v, *[g] * 10))
        action = choose_action(EXPERT, v, time_limit_ms=None)
        assert isinstance(action, Commit)
        assert _codes(action) - Counter(["5S", "6S", "7S"]) == Counter(["8H", "9H", "10H"])


def test_going_out_is_never_held_back(monkeypatch: pytest.MonkeyPatch) -> None:
    v = _view(["8H", "9H", "10H"], [["5S", "6S", "7S"]], opponent=["2D"])
    monkeypatch.setattr(expert, "threat", lambda *a, **k: _fixed(v, *[["JH"]] * 10))
    action = choose_action(EXPERT, v, time_limit_ms=None)
    assert isinstance(action, Commit) and sum(_codes(action).values()) == 6


def test_out_of_time_the_preferred_play_stands() -> None:
    v = _view(["8H", "9H", "10H", "KD"], TABLE, opponent=["2D", "3H"])
    seen = st.read_view(v)
    full = st.run_solver(seen, seen.usable, time_limit_ms=None)
    assert full is not None
    # A spent budget: the guesses are never judged, the preferred play stands.
    spent = Budget.start(0.0, 0.0)
    with pytest.raises(OutOfTime):
        expert.denying_play(seen, random.Random(1), full, full, None, spent)
    table = expert.expert_play(seen, 200.0, random.Random(1), spent)
    assert table is not None and Counter(c for m in table for c in m) == Counter(
        c for m in st.play_codes(full) for c in m
    )


def test_the_real_guesses_judge_a_position_deterministically() -> None:
    v = _view(["8H", "9H", "10H", "KD"], TABLE, opponent=["2D", "3H"])
    first = choose_action(EXPERT, v, None, random.Random(3), time_limit_ms=None)
    again = choose_action(EXPERT, v, None, random.Random(3), time_limit_ms=None)
    assert first == again


def test_judge_counts_samples_with_any_watched_opponent_out() -> None:
    v = _view(["2H"], [["5S", "6S", "7S"]], opponent=["2D"])
    seen = st.read_view(v)
    table = seen.table
    c: dict[str, Card] = {x: parse_card(x) for x in ("8S", "2D", "4S")}
    samples = [
        [Counter([c["8S"]]), Counter([c["2D"]])],
        [Counter([c["2D"]]), Counter([c["2D"]])],
        [Counter([c["2D"]]), Counter([c["4S"]])],
        [Counter([c["2D"]]), Counter([c["2D"]])],
    ] * 2
    danger = Threat(seen.rules, table, samples, Budget.unlimited())
    assert danger.judge([table]) == [0.5]
    # A table where 2D fits too (a group of twos): every sample goes out.
    twos = expert.st.read_view(_view(["2H"], [["2S", "2C", "2H"]], opponent=["2D"])).table
    assert danger.judge([table, (*table, *twos)]) == [0.5, 1.0]


def test_judge_needs_enough_samples_in_the_budget() -> None:
    v = _view(["2H"], [["5S", "6S", "7S"]], opponent=["2D"])
    seen = st.read_view(v)
    danger = Threat(
        seen.rules, seen.table, [[Counter([parse_card("8S")])]] * 40, Budget.start(0.0, 0.0)
    )
    with pytest.raises(OutOfTime):
        danger.judge([seen.table])

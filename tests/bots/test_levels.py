"""Bot levels (issue 4): what each level may see and what each level does."""

from __future__ import annotations

import dataclasses
import inspect
import json
import random
from collections import Counter
from collections.abc import Mapping

import pytest

from bots.levels import EASY, EXPERT, HARD, LEVELS, MEDIUM, PLAIN, Level, choose_action, level_of
from bots.solver import solve
from bots.strategy import NotOnTurn, layoff_rules
from engine.actions import Commit, Draw
from engine.cards import parse_card
from engine.game import apply, new_game
from engine.rules import RuleSet, ruleset
from engine.state import GameState
from engine.turn import check_turn, table_cards
from engine.views import view

LIMIT_MS = 25.0


def _rules(name: str = "robbers", **options: object) -> RuleSet:
    base: dict[str, object] = {"players": 2, "rounds": 1}
    if ruleset(name).family == "rummy":
        base["match_format"] = "rounds"
    return ruleset(name, {**base, **options})


def _commits(
    level: Level, rules: RuleSet, seed: str, *, other: Level = HARD, max_actions: int = 160
) -> list[tuple[GameState, Commit]]:
    """Play a heads-up round; return every commit of ``level`` (seat 0) with the state
    it was made in."""
    state, _ = new_game(rules, seed)
    rng = random.Random(seed)
    out: list[tuple[GameState, Commit]] = []
    for _ in range(max_actions):
        if state.outcome is not None:
            break
        seat = state.on_turn
        lvl = level if seat == 0 else other
        action = choose_action(lvl, view(state, seat), rules, rng, time_limit_ms=LIMIT_MS)
        if seat == 0 and isinstance(action, Commit):
            out.append((state, action))
        state, _ = apply(state, action)
    return out


# -- what a bot sees -----------------------------------------------------------------------


def test_the_bot_function_takes_a_view_not_a_state() -> None:
    params = inspect.signature(choose_action).parameters
    assert list(params)[:4] == ["level", "view", "rules", "rng"]
    assert "Mapping" in str(params["view"].annotation)
    state, _ = new_game(_rules(), "sig")
    with pytest.raises((TypeError, AttributeError)):
        choose_action(HARD, state, None, None)  # type: ignore[arg-type]


def _permute_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position for ``seat``: other hands and the stock dealt afresh from the
    cards ``seat`` cannot see, every count kept."""
    hidden = [c for i, s in enumerate(state.seats) if i != seat for c in s.hand]
    hidden += list(state.stock)
    rng.shuffle(hidden)
    seats = list(state.seats)
    pos = 0
    for i, s in enumerate(seats):
        if i == seat:
            continue
        n = len(s.hand)
        seats[i] = dataclasses.replace(s, hand=tuple(sorted(hidden[pos : pos + n])))
        pos += n
    return dataclasses.replace(state, seats=tuple(seats), stock=tuple(hidden[pos:]))


@pytest.mark.parametrize("level", [*LEVELS, PLAIN])
@pytest.mark.parametrize("preset", ["robbers", "rummikub", "rummy"])
def test_choices_ignore_what_the_seat_cannot_see(level: Level, preset: str) -> None:
    rules = _rules(preset)
    state, _ = new_game(rules, f"hidden:{preset}")
    rng = random.Random(1)
    checked = 0
    for step in range(60):
        if state.outcome is not None:
            break
        seat = state.on_turn
        v = view(state, seat)
        other = _permute_hidden(state, seat, rng)
        assert view(other, seat) == v
        mine = choose_action(level, v, rules, random.Random(step), time_limit_ms=None)
        # The same view after a JSON round trip (all a remote bot would get) and on the
        # permuted state: the same action.
        again = json.loads(json.dumps(v))
        assert choose_action(level, again, None, random.Random(step), time_limit_ms=None) == mine
        theirs = choose_action(
            level, view(other, seat), rules, random.Random(step), time_limit_ms=None
        )
        assert theirs == mine
        state, _ = apply(state, mine)
        checked += 1
    assert checked >= 20


def test_a_seat_not_on_turn_gets_no_action() -> None:
    state, _ = new_game(_rules(), "turn")
    off = 1 - state.on_turn
    with pytest.raises(NotOnTurn):
        choose_action(HARD, view(state, off), None)
    with pytest.raises(ValueError, match="unknown bot level"):
        level_of("grandmaster")
    assert level_of("Expert") is EXPERT


# -- level behaviours ----------------------------------------------------------------------


def _old_melds_kept(state: GameState, commit: Commit, rules: RuleSet) -> tuple[Counter, Counter]:
    new = check_turn(
        rules,
        table=state.table,
        hand=Counter(state.seats[state.on_turn].hand) - Counter(state.current.booty),
        opened=True,
        commit=commit.table,
    ).table
    return Counter(m.key() for m in state.table), Counter(m.key() for m in new)


@pytest.mark.parametrize("preset", ["robbers", "rummikub", "rummy"])
def test_easy_only_adds_melds_made_of_hand_cards(preset: str) -> None:
    rules = _rules(preset)
    seen = 0
    for g in range(3):
        for state, commit in _commits(EASY, rules, f"easy:{preset}:{g}"):
            old, new = _old_melds_kept(state, commit, rules)
            assert old <= new, "EASY changed a table meld"
            added = new - old
            hand = Counter(state.seats[state.on_turn].hand)
            used: Counter = Counter()
            for key, n in added.items():
                for _ in range(n):
                    used.update(key)
            assert used <= hand, "EASY's new melds hold cards that are not from its hand"
            seen += 1
    assert seen >= 3


@pytest.mark.parametrize("preset", ["robbers", "rummikub", "rummy"])
def test_medium_never_rearranges(preset: str) -> None:
    rules = _rules(preset)
    laid_off = 0
    for g in range(3):
        for state, commit in _commits(MEDIUM, rules, f"medium:{preset}:{g}"):
            # Accepted under classic rummy's CR-LAYOFF: every old meld survives whole
            # inside one new meld; nothing is split, joined or moved.
            hand = Counter(state.seats[state.on_turn].hand)
            check_turn(
                layoff_rules(rules),
                table=state.table,
                hand=hand,
                opened=True,
                commit=commit.table,
            )
            old, new = _old_melds_kept(state, commit, rules)
            if not old <= new:
                laid_off += 1
    assert laid_off >= 1, "MEDIUM never laid a card off: the test saw nothing"


@pytest.mark.parametrize("preset", ["robbers", "rummikub"])
def test_hard_plays_the_solvers_optimum(preset: str) -> None:
    rules = _rules(preset)
    state, _ = new_game(rules, f"hard:{preset}")
    rng = random.Random(0)
    compared = 0
    for _ in range(120):
        if state.outcome is not None:
            break
        seat = state.on_turn
        action = choose_action(HARD, view(state, seat), rules, rng, time_limit_ms=None)
        me = state.seats[seat]
        best = solve(
            rules,
            state.table,
            Counter(me.hand),
            opened=me.opened or not rules.needs_opening,
            time_limit_ms=None,
        )
        if isinstance(action, Commit):
            played = table_cards(
                check_turn(
                    rules,
                    table=state.table,
                    hand=Counter(me.hand),
                    opened=me.opened,
                    commit=action.table,
                ).table
            )
            assert (played - table_cards(state.table)).total() == best.cards
            compared += 1
        else:
            assert best.cards == 0, f"HARD drew with a play of {best.cards} cards"
        state, _ = apply(state, action)
    assert compared >= 3


# -- EXPERT's strategy on arranged positions -----------------------------------------------


def _arranged(
    hand: list[str], table: list[list[str]], *, opponent: int, rounds: int = 5
) -> Mapping[str, object]:
    from engine.testing import arrange

    rules = ruleset("robbers", {"players": 2, "rounds": rounds})
    state, _ = new_game(rules, "arranged")
    other = ["2C", "9D", "JH", "4S", "8C", "QD", "3H", "7S", "10C", "5D", "6H", "KS", "AC"]
    state = arrange(
        state,
        hands={0: hand, 1: other[:opponent]},
        table=table,
        opened={0: True, 1: True},
        on_turn=0,
    )
    return view(state, 0)


def _played(v: Mapping[str, object], action: object) -> Counter:
    assert isinstance(action, Commit)
    table = [m["cards"] for m in v["table"]]  # type: ignore[attr-defined, index]
    before = Counter(parse_card(c.split(":")[0]) for m in table for c in m)
    after = Counter(parse_card(c.split(":")[0]) for m in action.table for c in m)
    return after - before


def test_expert_cuts_penalty_when_an_opponent_holds_one_card() -> None:
    # The joker is kept back while the opponent is far from going out (tempo, and no
    # joker to redeem), and laid (30 penalty points less) when it holds one card.
    hand = ["5H", "6H", "7H", "*", "KC", "2D"]
    table = [["9S", "10S", "JS"]]
    far = _arranged(hand, table, opponent=8)
    near = _arranged(hand, table, opponent=1)
    far_play = _played(far, choose_action(EXPERT, far, time_limit_ms=None))
    near_play = _played(near, choose_action(EXPERT, near, time_limit_ms=None))
    assert far_play[parse_card("*")] == 0 and far_play[parse_card("5H")] == 1
    assert near_play[parse_card("*")] == 1


def test_expert_goes_out_whenever_it_can() -> None:
    v = _arranged(["5H", "6H", "7H", "*"], [["9S", "10S", "JS"]], opponent=8)
    action = choose_action(EXPERT, v, time_limit_ms=None)
    assert sum(_played(v, action).values()) == 4


def test_expert_takes_a_discard_that_melds_and_leaves_one_that_does_not() -> None:
    from engine.testing import arrange

    rules = _rules("rummy")
    state, _ = new_game(rules, "classic")
    hand = ["5H", "6H", "KS", "2C", "9D", "JC", "4S"]
    melds = arrange(state, hands={0: hand}, discard=["8S", "7H"], on_turn=0)
    junk = arrange(state, hands={0: hand}, discard=["7H", "QD"], on_turn=0)
    assert choose_action(EXPERT, view(melds, 0), rules) == Draw(0, "discard")
    assert choose_action(EXPERT, view(junk, 0), rules) == Draw(0, "stock")


def test_expert_holds_classic_melds_until_it_can_go_out_in_one_turn() -> None:
    from engine.actions import Discard
    from engine.testing import arrange

    rules = _rules("rummy")
    state, _ = new_game(rules, "hold")
    far = ["5H", "6H", "7H", "KS", "2C", "9D", "JC"]
    out = ["5H", "6H", "7H", "9D", "9C", "9S", "KS"]
    for hand, commits in ((far, False), (out, True)):
        s = arrange(state, hands={0: hand[:-1], 1: far}, stock=[hand[-1], "3D"], on_turn=0)
        s, _ = apply(s, Draw(0, "stock"))
        action = choose_action(EXPERT, view(s, 0), rules, time_limit_ms=None)
        assert isinstance(action, Commit if commits else Discard), action
        # HARD melds at once either way.
        assert isinstance(choose_action(HARD, view(s, 0), rules, time_limit_ms=None), Commit)

"""Property tests over random legal and illegal action sequences in every preset.

Invariants: the multiset of all cards never changes; an action by a seat not on turn
is rejected (NOT_YOUR_TURN); a rejected action leaves the state as it was; replay of
the applied actions is exact; a view never holds another seat's cards or the stock
order (it does not change when those are shuffled).
"""

from __future__ import annotations

import dataclasses
import os
import pickle
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import (
    Action,
    Commit,
    Discard,
    Draw,
    Pass,
    Reclaim,
    Resign,
    Timeout,
    Undo,
    UpdateDraft,
)
from engine.cards import Card, deck
from engine.errors import Code, EngineError
from engine.events import Event, event_for
from engine.game import apply, legal_actions, new_game
from engine.policy import choose
from engine.replay import replay
from engine.rules import RuleSet, ruleset
from engine.state import GameState
from engine.testing import arrange
from engine.views import view

RULESETS: list[tuple[str, dict[str, Any]]] = [
    ("robbers", {}),
    ("robbers", {"decks": 1, "jokers": 2, "hand_size": 12}),  # a short stock: stock-outs
    ("robbers", {"discard_pile": True, "failed_manipulation_penalty": 3, "joker_swap_bonus": 5}),
    ("robbers", {"discard_pile": True, "restock_from_discard": True, "hand_size": 20}),
    ("vatikan", {"match_format": "outs", "outs_to_win": 1, "hand_size": 7}),
    ("rummikub", {}),
    ("rummikub", {"draw_two_river": True, "strict_joker": True, "short_deal": True}),
    ("rummikub", {"short_deal": True, "joker_to_new_set": True, "unopened_pays_each": True}),
    ("rummy", {"target_score": 20}),
    ("rummy", {"ace_high": True, "hand_size": 7, "draw_after_turns": 10}),
]
# Modest by default to keep the suite fast; ENGINE_PROPERTY_EXAMPLES=500 digs deeper.
PROPERTY_SETTINGS = settings(
    max_examples=int(os.environ.get("ENGINE_PROPERTY_EXAMPLES", "15")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def every_card(state: GameState) -> Counter[Card]:
    out: Counter[Card] = Counter()
    for seat in state.seats:
        out.update(seat.hand)
    out.update(state.stock)
    out.update(state.discard)
    out.update(state.river)
    for meld in state.table:
        out.update(meld.cards)
    return out


def junk_table(rng: random.Random, state: GameState) -> list[list[str]]:
    """A random rearrangement of table and hand cards, mostly invalid."""
    pool = [c.code for m in state.table for c in m.cards]
    hand = [c.code for c in state.seats[state.on_turn].hand]
    pool += rng.sample(hand, k=min(len(hand), rng.randint(0, 4)))
    rng.shuffle(pool)
    melds: list[list[str]] = []
    while pool:
        k = rng.randint(1, 5)
        melds.append(pool[:k])
        pool = pool[k:]
    if rng.random() < 0.1:
        melds.append(["ZZ"])
    return melds


def random_action(rng: random.Random, state: GameState, rules: RuleSet) -> Action:
    seat = state.on_turn
    kind = rng.choices(
        ["policy", "legal", "commit", "draft", "discard", "draw", "simple", "resign"],
        weights=[10, 4, 3, 2, 2, 2, 3, 0.05],
    )[0]
    if kind == "policy":
        return choose(view(state, seat), rules)
    if kind == "legal":
        options = legal_actions(state, seat)
        return rng.choice(options) if options else Timeout(seat)
    if kind == "commit":
        return Commit(seat, junk_table(rng, state))
    if kind == "draft":
        return UpdateDraft(seat, junk_table(rng, state))
    if kind == "discard":
        hand = [c.code for c in state.seats[seat].hand] or ["AS"]
        return Discard(seat, rng.choice([*hand, "KS", "*"]))
    if kind == "draw":
        source = rng.choice(["stock", "discard", "river"])
        return Draw(seat, source, rng.randint(0, 3) if source == "river" else None)  # type: ignore[arg-type]
    if kind == "resign":
        return Resign(rng.randrange(state.players))
    return rng.choice([Pass(seat), Undo(seat), Timeout(seat), Reclaim(seat)])


def hidden_shuffle(rng: random.Random, state: GameState, viewer: int) -> GameState:
    """The same position with the other hands and the stock dealt differently."""
    others = [i for i in range(state.players) if i != viewer]
    hidden = [c.code for i in others for c in state.seats[i].hand]
    hidden += [c.code for c in state.stock]
    rng.shuffle(hidden)
    hands: dict[int, list[str]] = {}
    for i in others:
        n = len(state.seats[i].hand)
        hands[i], hidden = hidden[:n], hidden[n:]
    moved = arrange(state, hands=hands)
    # arrange() would restart the turn if given a stock, so swap it in directly.
    return dataclasses.replace(moved, stock=tuple(Card.parse(c) for c in hidden))


def check_events_private(events: list[Event]) -> None:
    for event in events:
        if event.type == "CARD_DRAWN" and event.public["source"] == "stock":
            assert "cards" not in event.public
            assert set(event.private) <= {event.public["seat"]}
        if event.type == "ROUND_STARTED":
            assert "hand" not in event.public
            for seat, payload in event.private.items():
                assert set(payload) == {"hand"}
                assert "hand" not in event_for(event, None)["payload"]
                assert event_for(event, seat)["payload"]["hand"] == payload["hand"]


@PROPERTY_SETTINGS
@given(
    which=st.integers(0, len(RULESETS) - 1),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    steps=st.integers(5, 150),
    choices=st.randoms(use_true_random=False),
)
def test_random_action_sequences_keep_every_invariant(
    which: int, players: int, seed: int, steps: int, choices: random.Random
) -> None:
    name, options = RULESETS[which]
    rules = ruleset(name, {**options, "players": players})
    full = Counter(deck(rules.decks, rules.jokers))
    state, events = new_game(rules, seed)
    check_events_private(events)
    log: list[Action] = []
    for _ in range(steps):
        if state.outcome is not None:
            break
        assert every_card(state) == full

        # An action by a seat not on turn is always rejected.
        wrong = (state.on_turn + choices.randint(1, state.players - 1)) % state.players
        for action in (Draw(wrong), Commit(wrong, []), Undo(wrong), Timeout(wrong), Pass(wrong)):
            try:
                apply(state, action)
            except EngineError as exc:
                assert exc.code is Code.NOT_YOUR_TURN
            else:  # pragma: no cover - a failure
                raise AssertionError(f"{action} by a seat not on turn was applied")

        action = random_action(choices, state, rules)
        before = pickle.dumps(state)
        try:
            state, more = apply(state, action)
        except EngineError:
            assert pickle.dumps(state) == before  # rejected: nothing changed
            continue
        check_events_private(more)
        events.extend(more)
        log.append(action)

    assert every_card(state) == full
    for viewer in range(state.players):
        seen = view(state, viewer)
        assert seen["hand"] == [c.code for c in state.seats[viewer].hand]
        assert view(hidden_shuffle(choices, state, viewer), viewer) == seen
    assert view(hidden_shuffle(choices, state, 0), None) == view(state, None)

    again, again_events = replay(rules, seed, log)
    assert again == state
    assert again_events == events

"""What a seat or a spectator may see (STYLE 9, R-RNG, T-DRAFT) and events per viewer."""

from __future__ import annotations

import json

from engine.actions import Discard, Draw, Undo, UpdateDraft
from engine.events import event_for
from engine.game import apply, new_game
from engine.rules import ruleset
from engine.testing import arrange
from engine.views import view


def test_view_own_hand_in_full_others_as_counts_never_the_stock() -> None:
    state, _ = new_game(ruleset("robbers", {"players": 3}), 21)
    for seat in range(3):
        v = view(state, seat)
        json.dumps(v)  # JSON-able
        assert v["hand"] == [c.code for c in state.seats[seat].hand]
        assert [s["handCount"] for s in v["seats"]] == [13, 13, 13]
        assert v["stockCount"] == len(state.stock)
        assert "stock" not in v and "seed" not in v
        assert all("hand" not in s for s in v["seats"])
    spectator = view(state, None)
    assert spectator["hand"] is None and spectator["legal"] is None


def test_view_legal_only_for_seat_on_turn_and_rich_enough_to_play() -> None:
    state, _ = new_game(ruleset("rummy", {"players": 2}), 3)
    v = view(state, state.on_turn)
    assert v["legal"]["phase"] == "draw"
    assert v["legal"]["drawSources"] == ["stock", "discard"]
    assert v["discardTop"] == state.discard[-1].code
    assert v["options"]["target_score"] == 100 and v["family"] == "rummy"
    other = view(state, 1 - state.on_turn)
    assert other["legal"] is None and other["onTurn"] == state.on_turn
    taken, _ = apply(state, Draw(state.on_turn, "discard"))
    v = view(taken, state.on_turn)
    assert v["takenDiscard"] == state.discard[-1].code and v["drawn"] is True
    assert state.discard[-1].code not in v["legal"]["discardable"]


def test_view_hidden_cards_do_not_change_the_view() -> None:
    """Swapping cards between other hands and the stock (same counts) changes nothing a
    seat sees (R-RNG: the stock order is never visible)."""
    state, _ = new_game(ruleset("robbers", {"players": 2}), 8)
    me = state.on_turn
    other = 1 - me
    stock = [c.code for c in state.stock]
    hand = [c.code for c in state.seats[other].hand]
    swapped = arrange(state, hands={other: stock[: len(hand)]}, stock=hand + stock[len(hand) :])
    swapped = arrange(swapped, on_turn=me)
    state = arrange(state, on_turn=me)
    assert view(swapped, me) == view(state, me)
    assert view(swapped, None) == view(state, None)


def test_t_draft_visible_live_to_others_and_spectators() -> None:
    state, _ = new_game(ruleset("robbers", {"players": 2}), 8)
    seat = state.on_turn
    card = state.seats[seat].hand[0].code
    after, events = apply(state, UpdateDraft(seat, [[card]]))
    assert view(after, 1 - seat)["draft"] == [[card]]
    assert view(after, None)["draft"] == [[card]]
    assert event_for(events[0], None)["payload"]["draft"] == [[card]]


def test_card_drawn_event_shows_the_card_only_to_its_owner() -> None:
    state, _ = new_game(ruleset("robbers", {"players": 2}), 8)
    seat = state.on_turn
    top = state.stock[0].code
    _, events = apply(state, Draw(seat))
    drawn = events[0]
    assert event_for(drawn, seat)["payload"]["cards"] == [top]
    assert "cards" not in event_for(drawn, 1 - seat)["payload"]
    assert "cards" not in event_for(drawn, None)["payload"]
    assert event_for(drawn, 1 - seat)["payload"]["count"] == 1


def test_round_started_event_deals_each_hand_only_to_its_holder() -> None:
    state, events = new_game(ruleset("robbers", {"players": 2}), 8)
    started = next(e for e in events if e.type == "ROUND_STARTED")
    for seat in (0, 1):
        payload = event_for(started, seat)["payload"]
        assert payload["hand"] == [c.code for c in state.seats[seat].hand]
    assert "hand" not in event_for(started, None)["payload"]
    assert [e.type for e in events] == ["MATCH_STARTED", "ROUND_STARTED", "TURN_STARTED"]


def test_view_shows_every_seat_the_cards_taken_face_up_this_round() -> None:
    """CR-TURN: a card taken from the discard pile was taken in full view; every seat
    (and a spectator) sees it among that seat's takes until the round ends. A take
    undone before the turn ends is no take."""
    state, _ = new_game(ruleset("rummy", {"players": 2}), 3)
    state = arrange(
        state,
        hands={0: ["5H", "6H", "KS"], 1: ["2C", "3D", "9S"]},
        stock=["QD", "JD"],
        discard=["4C", "7H"],
        on_turn=0,
    )
    state, _ = apply(state, Draw(0, "discard"))
    assert view(state, 1)["seats"][0]["taken"] == []  # the turn is not over
    state, _ = apply(state, Discard(0, "KS"))
    for viewer in (0, 1, None):
        assert view(state, viewer)["seats"][0]["taken"] == ["7H"]
    assert view(state, 0)["seats"][1]["taken"] == []
    # Seat 1 takes the top, thinks better of it, draws from the stock instead.
    state, _ = apply(state, Draw(1, "discard"))
    state, _ = apply(state, Undo(1))
    state, _ = apply(state, Draw(1, "stock"))
    state, _ = apply(state, Discard(1, "QD"))
    assert view(state, 0)["seats"][1]["taken"] == []

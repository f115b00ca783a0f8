"""matches.services and matches.selectors on PostgreSQL: the order of checks, the event
log, idempotency, rejections that change nothing, and replay of stored matches."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from django.db import DatabaseError, transaction

from engine.actions import action_to_dict
from engine.errors import Code
from engine.policy import choose
from engine.replay import replay
from matches import selectors, services
from matches.errors import InvalidRequest, MatchCode, MatchNotFound, Rejected
from matches.models import IdempotencyRecord, Match, MatchAction, MatchEvent, MatchStatus, Round
from matches.selectors import MatchView, load_state, match_rules

pytestmark = pytest.mark.django_db


@pytest.fixture
def users(postgres: dict[str, Any]) -> list[Any]:
    from accounts.models import User

    return [User.objects.create_user(f"player{i}", password="pw-unused-1") for i in range(3)]


def started(users: list[Any], ruleset: str = "robbers", **options: Any) -> MatchView:
    created = services.match_create(user=users[0], ruleset_name=ruleset, options=options, seats=2)
    assert isinstance(created, MatchView)
    joined = services.match_join(match_id=created.id, user=users[1])
    assert isinstance(joined, MatchView)
    result = services.match_start(match_id=created.id, user=users[0])
    assert isinstance(result, MatchView), result
    return result


def snapshot(match_id: int) -> tuple[Any, ...]:
    match = Match.objects.get(pk=match_id)
    return (
        match.snapshot,
        match.turn,
        match.last_seq,
        match.status,
        MatchEvent.objects.filter(match_id=match_id).count(),
        MatchAction.objects.filter(match_id=match_id).count(),
        IdempotencyRecord.objects.filter(match_id=match_id).count(),
    )


def on_turn_user(users: list[Any], match_id: int) -> tuple[Any, Any]:
    match = Match.objects.get(pk=match_id)
    mover = users[match.on_turn]
    other = users[1 - match.on_turn]
    return mover, other


def test_create_join_start_deals_and_logs_events(users: list[Any]) -> None:
    # when
    view = started(users)

    # then
    match = Match.objects.get(pk=view.id)
    assert match.status == MatchStatus.ACTIVE
    assert match.turn == 1
    seqs = list(MatchEvent.objects.filter(match=match).values_list("seq", flat=True))
    assert seqs == list(range(1, match.last_seq + 1))
    types = list(MatchEvent.objects.filter(match=match).values_list("type", flat=True))
    assert types[:4] == ["SEAT_CHANGED", "MATCH_STARTED", "ROUND_STARTED", "TURN_STARTED"]
    assert Round.objects.filter(match=match, number=1).exists()
    assert view.view is not None and len(view.view["hand"]) == 13


def test_the_view_of_a_player_holds_only_their_own_hand(users: list[Any]) -> None:
    view = started(users)
    match = Match.objects.get(pk=view.id)
    state = load_state(match)
    assert state is not None

    for seat, user in enumerate(users[:2]):
        seen = selectors.match_view(match=match, user=user)
        assert seen.seat == seat
        assert seen.view is not None
        assert seen.view["hand"] == [c.code for c in state.seats[seat].hand]
        assert "stock" not in seen.view and "seed" not in seen.view
    stranger = selectors.match_view(match=match, user=users[2])
    assert stranger.seat is None and stranger.view is not None
    assert stranger.view["hand"] is None


def test_a_stale_turn_changes_nothing(users: list[Any]) -> None:
    view = started(users)
    mover, _ = on_turn_user(users, view.id)
    before = snapshot(view.id)

    result = services.match_draw(match_id=view.id, turn=view.turn + 5, user=mover)

    assert isinstance(result, Rejected) and result.code == MatchCode.STALE_TURN
    assert snapshot(view.id) == before


def test_checks_come_in_order_over_then_seat_then_turn(users: list[Any]) -> None:
    view = started(users)
    mover, other = on_turn_user(users, view.id)

    not_yours = services.match_draw(match_id=view.id, turn=999, user=other)
    stranger = services.match_draw(match_id=view.id, turn=999, user=users[2])
    services.match_abort(match_id=view.id, reason="test")
    over = services.match_draw(match_id=view.id, turn=999, user=mover)

    assert isinstance(not_yours, Rejected) and not_yours.code == Code.NOT_YOUR_TURN
    assert isinstance(stranger, Rejected) and stranger.code == Code.NOT_A_PLAYER
    assert isinstance(over, Rejected) and over.code == Code.MATCH_OVER


def test_rule_rejections_change_nothing(users: list[Any]) -> None:
    view = started(users)
    mover, _ = on_turn_user(users, view.id)
    before = snapshot(view.id)

    invalid = services.match_commit_turn(
        match_id=view.id, turn=view.turn, table=[["2S", "9H", "KD"]], user=mover
    )
    unknown = services.match_commit_turn(
        match_id=view.id, turn=view.turn, table=[["ZZ", "2S", "3S"]], user=mover
    )

    assert isinstance(invalid, Rejected)
    assert invalid.code in {Code.CARD_NOT_IN_HAND, Code.INVALID_MELD}
    assert isinstance(unknown, Rejected) and unknown.code == Code.UNKNOWN_CARD
    # What anyone can see is unchanged: same turn, seq, status and event log (an invalid
    # commit only marks the turn as touched, RR-FAIL; see the test below).
    assert snapshot(view.id)[1:5] == before[1:5]
    assert MatchEvent.objects.filter(match_id=view.id).count() == before[4]
    assert IdempotencyRecord.objects.filter(match_id=view.id).count() == before[6]


def test_rr_fail_a_rejected_commit_then_a_draw_takes_the_penalty(users: list[Any]) -> None:
    # given: robbers with the 3-card failed-manipulation penalty (RR-FAIL variant)
    view = started(users, failed_manipulation_penalty=3)
    mover, _ = on_turn_user(users, view.id)
    seat = Match.objects.get(pk=view.id).on_turn
    hand = list(load_state(Match.objects.get(pk=view.id)).seats[seat].hand)
    before = len(hand)

    # when: a commit the rules refuse (a meld of two cards), then a plain draw
    refused = services.match_commit_turn(
        match_id=view.id, turn=view.turn, table=[[str(hand[0]), str(hand[1])]], user=mover
    )
    drawn = services.match_draw(match_id=view.id, turn=view.turn, user=mover)

    # then: the draw is the failed turn's penalty (RR-FAIL Decision), and a replay of the
    # logged actions reaches the stored state
    assert isinstance(refused, Rejected) and refused.code == Code.INVALID_MELD
    assert isinstance(drawn, MatchView), drawn
    match = Match.objects.get(pk=view.id)
    assert len(load_state(match).seats[seat].hand) == before + 3
    actions = MatchAction.objects.filter(match=match).order_by("index")
    replayed, _ = replay(match_rules(match), bytes(match.seed), [a.action for a in actions])
    assert replayed == load_state(match)


def test_malformed_input_raises_and_changes_nothing(users: list[Any]) -> None:
    view = started(users)
    mover, _ = on_turn_user(users, view.id)
    before = snapshot(view.id)

    with pytest.raises(InvalidRequest):
        services.match_commit_turn(match_id=view.id, turn=view.turn, table="junk", user=mover)  # type: ignore[arg-type]
    with pytest.raises(MatchNotFound):
        services.match_draw(match_id="12345678", turn=1, user=mover)
    with pytest.raises(InvalidRequest):
        services.match_create(user=mover, options=["not", "an", "object"], seats=2)  # type: ignore[arg-type]

    assert snapshot(view.id) == before


def test_bad_options_are_rejected_with_bad_option(users: list[Any]) -> None:
    result = services.match_create(user=users[0], options={"jokers": 99}, seats=2)
    too_many = services.match_create(user=users[0], ruleset_name="rummy", seats=9)

    assert isinstance(result, Rejected) and result.code == Code.BAD_OPTION
    assert isinstance(too_many, Rejected) and too_many.code == Code.BAD_OPTION
    assert not Match.objects.exists()


def test_options_the_referee_refused_are_refused_when_a_match_is_created(
    users: list[Any],
) -> None:
    # R-PLAYABLE: an option with no effect in the family; R-RANGES: hand_size 7..20;
    # RK-PLAYERS: 5-6 on one Rummikub set only with the short deal.
    river = services.match_create(
        user=users[0], ruleset_name="rummy", options={"draw_two_river": True}, seats=2
    )
    short_hand = services.match_create(user=users[0], options={"hand_size": 6}, seats=2)
    five = services.match_create(user=users[0], ruleset_name="rummikub", seats=5)
    five_short = services.match_create(
        user=users[0], ruleset_name="rummikub", options={"short_deal": True}, seats=5
    )

    assert isinstance(river, Rejected) and river.code == Code.BAD_OPTION
    assert "draw_two_river" in river.message
    assert isinstance(short_hand, Rejected) and short_hand.code == Code.BAD_OPTION
    assert isinstance(five, Rejected) and five.code == Code.BAD_OPTION
    assert isinstance(five_short, MatchView)
    assert Match.objects.count() == 1


def test_r_order_the_creator_of_a_classic_rummy_match_starts_the_first_hand(
    users: list[Any],
) -> None:
    # R-ORDER Decision: no cut in classic rummy, the match's creator starts. Each match
    # has its own random seed: with a cut, eight matches would all start with their
    # creator once in 256.
    for creator, joiner in [(users[0], users[1]), (users[2], users[0])] * 4:
        created = services.match_create(user=creator, ruleset_name="rummy", seats=2)
        assert isinstance(created, MatchView)
        assert isinstance(services.match_join(match_id=created.id, user=joiner), MatchView)
        assert isinstance(services.match_start(match_id=created.id, user=creator), MatchView)

        match = Match.objects.get(pk=created.id)
        assert match.seats.get(index=match.on_turn).user == creator


def test_an_idempotent_draw_is_applied_once_and_returns_the_first_result(
    users: list[Any],
) -> None:
    view = started(users)
    mover, _ = on_turn_user(users, view.id)

    first = services.match_draw(match_id=view.id, turn=view.turn, user=mover, idempotency_key="k1")
    after_first = snapshot(view.id)
    again = services.match_draw(match_id=view.id, turn=view.turn, user=mover, idempotency_key="k1")

    assert isinstance(first, MatchView)
    assert again == first
    assert first.to_dict() == dataclasses.asdict(first)  # what the record stores
    assert snapshot(view.id) == after_first
    with pytest.raises(InvalidRequest):
        services.match_discard(
            match_id=view.id, turn=view.turn, card="2S", user=mover, idempotency_key="k1"
        )


def test_the_event_log_refuses_updates_and_deletes(users: list[Any]) -> None:
    view = started(users)
    event = MatchEvent.objects.filter(match_id=view.id).first()
    assert event is not None

    with pytest.raises(DatabaseError), transaction.atomic():
        MatchEvent.objects.filter(pk=event.pk).update(type="FORGED")
    with pytest.raises(DatabaseError), transaction.atomic():
        MatchEvent.objects.filter(pk=event.pk).delete()
    with pytest.raises(RuntimeError):
        event.save()


def test_events_are_shaped_for_each_viewer(users: list[Any]) -> None:
    view = started(users)
    mover, _ = on_turn_user(users, view.id)
    match = Match.objects.get(pk=view.id)
    seat = match.on_turn
    services.match_draw(match_id=view.id, turn=view.turn, user=mover)

    mine = selectors.match_events_after(match_id=view.id, after=0, seat=seat)
    theirs = selectors.match_events_after(match_id=view.id, after=0, seat=1 - seat)
    assert mine is not None and theirs is not None
    drawn_mine = [e for e in mine if e["type"] == "CARD_DRAWN"][-1]
    drawn_theirs = [e for e in theirs if e["type"] == "CARD_DRAWN"][-1]
    assert "card" in drawn_mine["payload"] or "cards" in drawn_mine["payload"]
    assert "card" not in drawn_theirs["payload"] and "cards" not in drawn_theirs["payload"]
    dealt = next(e for e in theirs if e["type"] == "ROUND_STARTED")
    state = load_state(match)
    assert state is not None
    assert dealt["payload"]["hand"] == [c.code for c in state.seats[1 - seat].hand]


def play_out(match_id: int, users: list[Any], limit: int = 3000) -> None:
    """Play the built-in policy for both users through the services."""
    for _ in range(limit):
        match = Match.objects.get(pk=match_id)
        if match.over:
            return
        seat = match.on_turn
        seen = selectors.match_view(match=match, user=users[seat])
        assert seen.view is not None
        action = action_to_dict(choose(seen.view, match_rules(match)))
        kind = action["kind"]
        common = {"match_id": match_id, "turn": seen.turn, "user": users[seat]}
        if kind == "commit":
            result = services.match_commit_turn(table=action["table"], **common)
        elif kind == "draw":
            result = services.match_draw(source=action["source"], **common)
        elif kind == "discard":
            result = services.match_discard(card=action["card"], **common)
        elif kind == "pass":
            result = services.match_pass(**common)
        else:
            result = services.match_undo(**common)
        assert isinstance(result, MatchView), result
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [
        ("robbers", {"rounds": 1, "hand_size": 7}),
        ("rummikub", {"hand_size": 7}),
        ("rummy", {"target_score": 1, "hand_size": 7}),
    ],
)
def test_finished_matches_replay_from_their_action_log(
    users: list[Any], ruleset: str, options: dict[str, Any]
) -> None:
    view = started(users, ruleset, **options)

    play_out(view.id, users)

    assert_every_finished_match_replays()
    match = Match.objects.get(pk=view.id)
    assert match.status == MatchStatus.FINISHED and match.winners
    assert Round.objects.filter(match=match, result__isnull=False).exists()
    full = selectors.match_replay(match_id=view.id, user=None)
    assert full is not None and full["hands"]
    assert any(e["private"] for e in full["events"])


def assert_every_finished_match_replays() -> None:
    """DESIGN "State and events": replaying the stored action log from the seed gives the
    stored state, for every finished match."""
    for match in Match.objects.filter(status=MatchStatus.FINISHED):
        actions = MatchAction.objects.filter(match=match).order_by("index")
        replayed, events = replay(
            match_rules(match), bytes(match.seed), [a.action for a in actions]
        )
        assert replayed == load_state(match)
        stored = MatchEvent.objects.filter(match=match, seq__gte=_first_engine_seq(match))
        # The server adds what makes events self-sufficient (services.engine_public).
        assert [
            (e.type, services.engine_public(e.type, e.public)) for e in stored.order_by("seq")
        ] == [(e.type, json.loads(json.dumps(dict(e.public)))) for e in events]


def _first_engine_seq(match: Match) -> int:
    first = MatchEvent.objects.filter(match=match, type="MATCH_STARTED").first()
    assert first is not None
    return first.seq

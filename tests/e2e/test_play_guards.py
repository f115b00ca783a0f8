"""Concurrency, idempotency and bad input over the real server: each gets its clear
rejection or error, and the stored state and event log do not change (checked in the
database)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.e2e.conftest import (
    COMMIT,
    CREATE,
    DRAW,
    MATCH,
    RESIGN,
    Client,
    in_db,
    new_match,
    register,
    result_of,
)

pytestmark = pytest.mark.django_db(transaction=True)

RANKS = {"K": 13, "Q": 12, "J": 11, "10": 10, "9": 9, "8": 8, "7": 7}
FITS = "query Fits($id: ID!, $card: String!) { fits(matchId: $id, card: $card) }"


def stored(match_id: str) -> tuple[Any, ...]:
    from matches.models import IdempotencyRecord, Match, MatchAction, MatchEvent

    match = Match.objects.get(public_id=match_id)
    return (
        match.snapshot,
        match.turn,
        match.last_seq,
        match.status,
        MatchEvent.objects.filter(match=match).count(),
        MatchAction.objects.filter(match=match).count(),
        IdempotencyRecord.objects.filter(match=match).count(),
    )


async def on_turn(players: list[Client], match_id: str) -> tuple[Client, Client, int]:
    current = result_of(await players[0].data(MATCH, id=match_id))
    seat = current["turn"]["seat"]
    return players[seat], players[1 - seat], current["turn"]["number"]


async def test_two_draws_for_one_turn_at_once_apply_exactly_once(asgi_server: str) -> None:
    # given: the player on turn holds two connections
    alice = await register(asgi_server, "alice")
    bob = await register(asgi_server, "bob")
    started = await new_match(alice, [bob], hand_size=7)
    mover, _, turn = await on_turn([alice, bob], started["id"])
    second = Client(asgi_server, mover.token, mover.name)

    # when
    results = await asyncio.gather(
        mover.data(DRAW, id=started["id"], turn=turn),
        second.data(DRAW, id=started["id"], turn=turn),
    )

    # then
    kinds = sorted(result_of(r)["__typename"] for r in results)
    assert kinds == ["Match", "Rejection"]
    rejected = next(result_of(r) for r in results if result_of(r)["__typename"] == "Rejection")
    assert rejected["code"] in {"STALE_TURN", "NOT_YOUR_TURN"}
    state = await in_db(stored, started["id"])
    assert state[5] == 1  # one action in the log
    await second.close()


async def test_a_retried_commit_with_its_key_is_applied_once(asgi_server: str) -> None:
    alice = await register(asgi_server, "alice")
    bob = await register(asgi_server, "bob")
    started = await new_match(alice, [bob], hand_size=7)
    mover, _, turn = await on_turn([alice, bob], started["id"])
    retry = Client(asgi_server, mover.token, mover.name)

    first = result_of(await mover.data(DRAW, id=started["id"], turn=turn, key="draw-1"))
    after_first = await in_db(stored, started["id"])
    again = await asyncio.gather(
        retry.data(DRAW, id=started["id"], turn=turn, key="draw-1"),
        mover.data(DRAW, id=started["id"], turn=turn, key="draw-1"),
    )

    assert first["__typename"] == "Match"
    assert [result_of(r) for r in again] == [first, first]
    assert await in_db(stored, started["id"]) == after_first
    await retry.close()


async def test_bad_moves_are_rejected_and_change_nothing(asgi_server: str) -> None:
    # given
    alice = await register(asgi_server, "alice")
    bob = await register(asgi_server, "bob")
    carol = await register(asgi_server, "carol")
    started = await new_match(alice, [bob], hand_size=7)
    match_id = started["id"]
    mover, other, turn = await on_turn([alice, bob], match_id)
    mine = result_of(await mover.data(MATCH, id=match_id))
    held = {c["rank"] for c in mine["myHand"]}
    rank = next(r for r in ["K", "Q", "J", "10", "9", "8", "7"] if RANKS[r] not in held)
    valid_but_not_held = [f"{rank}S", f"{rank}H", f"{rank}D"]
    before = await in_db(stored, match_id)

    # when
    unknown = await mover.data(COMMIT, id=match_id, turn=turn, table=[["ZZ", "2S", "3S"]])
    not_in_hand = await mover.data(COMMIT, id=match_id, turn=turn, table=[valid_but_not_held])
    not_yours = await other.data(DRAW, id=match_id, turn=turn)
    stale = await mover.data(DRAW, id=match_id, turn=turn - 1)
    stranger = await carol.data(DRAW, id=match_id, turn=turn)
    huge = await mover.post(COMMIT, id=match_id, turn=turn, table=[["2S"]] * 500)
    no_match = await mover.post(DRAW, id="999999999", turn=1)
    anonymous = await Client(asgi_server).post(DRAW, id=match_id, turn=turn)
    bad_fit = await mover.post(FITS, id=match_id, card="ZZ")

    # then
    assert result_of(unknown)["code"] == "UNKNOWN_CARD"
    assert result_of(not_in_hand)["code"] == "CARD_NOT_IN_HAND"
    assert result_of(not_yours)["code"] == "NOT_YOUR_TURN"
    assert result_of(stale)["code"] == "STALE_TURN"
    assert result_of(stranger)["code"] == "NOT_A_PLAYER"
    assert huge["errors"][0]["extensions"]["code"] == "BAD_INPUT"
    assert no_match["errors"][0]["extensions"]["code"] == "NOT_FOUND"
    assert anonymous["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    assert bad_fit["errors"][0]["extensions"]["code"] == "BAD_INPUT"
    # Nothing anyone sees changed: turn, seq, status, events, idempotency records. (A commit
    # the rules refuse only marks the turn as touched, RR-FAIL; its action is logged.)
    after = await in_db(stored, match_id)
    assert (after[1:5], after[6]) == (before[1:5], before[6])


async def test_a_finished_match_refuses_moves(asgi_server: str) -> None:
    alice = await register(asgi_server, "alice")
    bob = await register(asgi_server, "bob")
    started = await new_match(alice, [bob], hand_size=7)
    resigned = result_of(await bob.data(RESIGN, id=started["id"]))
    assert resigned["status"] == "FINISHED"
    before = await in_db(stored, started["id"])

    late = result_of(await alice.data(DRAW, id=started["id"], turn=resigned["lastSeq"]))

    assert late["code"] == "MATCH_OVER"
    assert await in_db(stored, started["id"]) == before


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ("not an object", "BAD_INPUT"),
        ([1, 2, 3], "BAD_INPUT"),
        ({"jokers": 99}, "BAD_OPTION"),
        ({"no_such_option": 1}, "BAD_OPTION"),
        ({"hand_size": "seven"}, "BAD_OPTION"),
    ],
)
async def test_malformed_options_are_refused(asgi_server: str, options: Any, code: str) -> None:
    alice = await register(asgi_server, "alice")

    body = await alice.post(CREATE, input={"ruleset": "robbers", "options": options, "seats": 2})

    if code == "BAD_INPUT":
        assert body["errors"][0]["extensions"]["code"] == "BAD_INPUT"
    else:
        assert result_of(body["data"])["code"] == code
    assert await in_db(match_count) == 0


def match_count() -> int:
    from matches.models import Match

    return Match.objects.count()

"""A whole match of each preset played to its end through the API, moves chosen from each
player's own view (the `match` query) by the built-in policy; the stored action log then
replays to the stored state, and the replay query shows everything."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.actions import action_to_dict
from engine.policy import choose, rules_of
from tests.e2e.conftest import MATCH, Client, in_db, new_match, play, register, result_of

pytestmark = pytest.mark.django_db(transaction=True)

REPLAY = """
query Replay($id: ID!) {
  replay(matchId: $id) {
    matchId status actions hands { code } winners
    events {
      seq type payload private hands { code }
      event {
        __typename seq type kind
        ... on CardDrawn { seat count cards { code } }
        ... on TurnCommitted { seat played { code } }
      }
    }
  }
}
"""
MAX_MOVES = 2000


def replays_to_stored_state(match_id: str) -> bool:
    from engine.replay import replay
    from matches.archive import action_rows, event_rows
    from matches.models import Match
    from matches.selectors import load_state, match_rules
    from matches.services import engine_public

    match = Match.objects.get(public_id=match_id)
    # Read as rows or, once the match is packed (matches.archive), from its document.
    actions = [a["action"] for a in action_rows(match.pk)]
    state, events = replay(match_rules(match), bytes(match.seed), actions)
    logged = event_rows(match.pk)
    first = next(e["seq"] for e in logged if e["type"] == "MATCH_STARTED")
    stored = [e for e in logged if e["seq"] >= first]
    engine_events = [(e.type, json.loads(json.dumps(dict(e.public)))) for e in events]
    # The server adds what makes events self-sufficient (services.engine_public).
    served = [(e["type"], engine_public(e["type"], e["public"])) for e in stored]
    return state == load_state(match) and served == engine_events


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [
        ("robbers", {"rounds": 1, "hand_size": 7}),
        ("rummikub", {"hand_size": 7}),
        ("rummy", {"target_score": 1, "hand_size": 7}),
    ],
)
async def test_a_whole_match_is_played_through_the_api(
    asgi_server: str, ruleset: str, options: dict[str, Any]
) -> None:
    # given
    alice = await register(asgi_server, "alice")
    bob = await register(asgi_server, "bob")
    started = await new_match(alice, [bob], ruleset, **options)
    players: dict[int, Client] = {0: alice, 1: bob}
    match_id = started["id"]

    # when
    current = started
    for _ in range(MAX_MOVES):
        if current["status"] != "ACTIVE":
            break
        seat = current["turn"]["seat"]
        mine = result_of(await players[seat].data(MATCH, id=match_id))
        action = action_to_dict(choose(mine["view"], rules_of(mine["view"])))
        current = await play(players[seat], match_id, action, mine["turn"]["number"])
        assert current["__typename"] == "Match", current
    else:
        raise AssertionError("the match did not end")

    # then
    assert current["status"] == "FINISHED"
    assert current["winners"]
    assert await in_db(replays_to_stored_state, match_id)
    full = result_of(await alice.data(REPLAY, id=match_id))
    assert full["status"] == "FINISHED"
    assert len(full["hands"]) == 2
    assert any(e["private"] for e in full["events"])
    # Each event also comes typed (as a spectator saw it: no private part), with each
    # seat's hand whenever the event changed it; the last ones are the hands at the end.
    events = full["events"]
    assert [(e["event"]["seq"], e["event"]["type"]) for e in events] == [
        (e["seq"], e["type"]) for e in events
    ]
    assert all(
        e["event"]["kind"] == e["type"] for e in events if e["event"]["__typename"] != "OtherEvent"
    )
    assert {"TurnCommitted", "CardDrawn"} <= {e["event"]["__typename"] for e in events}
    assert all(
        e["event"]["cards"] is None for e in events if e["event"]["__typename"] == "CardDrawn"
    )
    last_hands: list[Any] = [None, None]
    for e in events:
        assert len(e["hands"]) == 2
        for seat, hand in enumerate(e["hands"]):
            if hand is not None:
                last_hands[seat] = hand
    assert last_hands == full["hands"]
    await alice.close()
    await bob.close()

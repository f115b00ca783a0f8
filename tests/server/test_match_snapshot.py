"""Stored matches survive upgrades (issue 14): the state is stored as a versioned JSON
snapshot; one of an older version, or an old pickle, is rebuilt from the seed and the
action log on load and rewritten, and the match plays on; ``verify_matches`` re-checks
every stored match by replay (real PostgreSQL)."""

from __future__ import annotations

import pickle
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from engine.actions import action_to_dict
from engine.policy import choose
from engine.replay import replay
from engine.snapshot import SNAPSHOT_VERSION, to_dict
from matches import selectors, services
from matches.models import Match, MatchAction
from matches.selectors import MatchView, load_state, match_rules
from tests.server.test_match_services import play_out, started, users

pytestmark = pytest.mark.django_db
__all__ = ["users"]  # the fixture


def play(match_id: int, users: list[Any], moves: int) -> None:
    """``moves`` moves of the built-in policy through the services."""
    for _ in range(moves):
        match = Match.objects.get(pk=match_id)
        seat = match.on_turn
        seen = selectors.match_view(match=match, user=users[seat])
        assert seen.view is not None
        action = action_to_dict(choose(seen.view, match_rules(match)))
        common = {"match_id": match_id, "turn": seen.turn, "user": users[seat]}
        kind = action["kind"]
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


def replayed(match_id: int) -> Any:
    match = Match.objects.get(pk=match_id)
    log = MatchAction.objects.filter(match=match).order_by("index")
    state, _ = replay(match_rules(match), bytes(match.seed), [a.action for a in log])
    return state


def test_a_move_stores_a_current_json_snapshot_and_no_pickle(users: list[Any]) -> None:
    view = started(users, "rummy")
    play(view.id, users, 3)

    match = Match.objects.get(pk=view.id)
    assert match.state is None
    assert match.snapshot_version == SNAPSHOT_VERSION
    assert match.snapshot == to_dict(replayed(view.id))
    assert load_state(match) == replayed(view.id)


def _downgrade(match_id: int, **fields: Any) -> None:
    Match.objects.filter(pk=match_id).update(**fields)


def test_an_older_snapshot_version_is_rebuilt_by_replay_and_plays_on(users: list[Any]) -> None:
    view = started(users, "robbers", rounds=1, hand_size=7)
    play(view.id, users, 4)
    before = replayed(view.id)
    old = Match.objects.get(pk=view.id).snapshot
    assert old is not None
    # What an older engine stored: a class without the field the engine gained since.
    del old["state"]["current"]["touched"]
    _downgrade(
        view.id,
        snapshot={**old, "version": SNAPSHOT_VERSION - 1},
        snapshot_version=SNAPSHOT_VERSION - 1,
    )

    # the upgraded server loads it
    match = Match.objects.get(pk=view.id)
    assert load_state(match) == before

    rewritten = Match.objects.get(pk=view.id)
    assert rewritten.snapshot_version == SNAPSHOT_VERSION
    assert rewritten.snapshot == to_dict(before)
    play_out(view.id, users)
    assert Match.objects.get(pk=view.id).over
    assert load_state(Match.objects.get(pk=view.id)) == replayed(view.id)


def test_an_old_pickle_is_rebuilt_by_replay_and_plays_on(users: list[Any]) -> None:
    view = started(users, "rummikub", hand_size=7)
    play(view.id, users, 3)
    before = replayed(view.id)
    # Version 0: a pickle of classes as they were (here a stand-in that no longer
    # unpickles, like one lacking a field the engine gained), no snapshot.
    stale = pickle.dumps(before).replace(b"TurnState", b"TurnStale")
    _downgrade(view.id, snapshot=None, snapshot_version=0, state=stale)

    match = Match.objects.get(pk=view.id)
    assert load_state(match) == before
    rewritten = Match.objects.get(pk=view.id)
    assert (rewritten.snapshot_version, rewritten.state) == (SNAPSHOT_VERSION, None)
    play(view.id, users, 3)
    assert Match.objects.get(pk=view.id).turn > before.turn
    assert load_state(Match.objects.get(pk=view.id)) == replayed(view.id)


def test_verify_matches_passes_on_matches_that_replay(users: list[Any]) -> None:
    finished = started(users, "rummy", target_score=1, hand_size=7)
    play_out(finished.id, users)
    running = started(users[1:], "robbers")
    play(running.id, users[1:], 2)
    _downgrade(running.id, snapshot_version=0)
    out = StringIO()

    call_command("verify_matches", stdout=out)

    assert out.getvalue().splitlines()[-1] == (
        "checked 2 matches: 2 ok, 0 mismatched, 1 with an outdated snapshot (rebuilt on load)"
    )


def test_verify_matches_reports_a_mismatch_and_fails(users: list[Any]) -> None:
    good = started(users, "robbers")
    play(good.id, users, 2)
    bad = started(users[1:], "robbers")
    play(bad.id, users[1:], 2)
    other = to_dict(replayed(good.id))  # another match's state stored in ``bad``
    _downgrade(bad.id, snapshot=other)
    out = StringIO()

    with pytest.raises(CommandError, match="1 of 2 matches"):
        call_command("verify_matches", stdout=out)

    lines = out.getvalue().splitlines()
    public_id = Match.objects.get(pk=bad.id).public_id
    assert lines[:-1] == [
        f"match {public_id} (#{bad.id}): the stored snapshot differs from the replayed state"
    ]
    assert lines[-1].startswith("checked 2 matches: 1 ok, 1 mismatched")

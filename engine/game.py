"""The game's entry point (STYLE 2): :func:`apply`, :func:`legal`, :func:`legal_actions`.

:func:`apply` returns the new state and the events it caused, or raises an
:class:`~engine.errors.EngineError` and changes nothing (states are frozen values).
:func:`legal` and :func:`legal_actions` tell a bot what it may do (STYLE 4), asking
the same precondition checks :func:`apply` makes, one per action, in its own module:

- :mod:`engine.flow`: the cut, dealing, turns, round end and match end (``new_game``);
- :mod:`engine.draw`: draws and failed turns (``check_draw``, RR-FAIL);
- :mod:`engine.discard`: discards and passes (``check_discard``, ``check_pass``);
- :mod:`engine.commit`: commits and drafts (``check_play_phase``);
- :mod:`engine.undo`: undo (``check_undo``);
- :mod:`engine.timeout`: timeouts (always applicable, R-PLAYABLE);
- :mod:`engine.seats`: resigning and reclaiming.

Turn structure, by family (the rule set says which: ``rules.three_step_turns``):

- Robbers' Rummy and Rummikub (phase "play"): ``Commit`` a new table (ends the turn),
  or ``Draw`` (ends the turn; with RR-DISCARD the draw is followed by a ``Discard``,
  with RK-RIVER a stock draw of two by a discard onto the river and a river take by
  a ``Commit`` playing the key tile), or ``Pass`` on an empty stock.
- Classic rummy: ``Draw`` (phase "draw"), then any number of ``Commit`` steps that
  each meld or lay off (phase "meld", undoable one by one), then ``Discard``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

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
from engine.cards import parse_card
from engine.commit import check_play_phase, do_commit, do_update_draft
from engine.discard import check_discard, check_pass, do_discard, do_pass
from engine.draw import check_draw, do_draw, failing
from engine.errors import BadInput, Code, RuleViolation

# Names tools import from engine.game (kept importable when the code moved).
from engine.flow import (
    Events,
    codes,
    cut_picks_starter,
    draft_dirty,
    new_game,
    table_json,
    three_step_turns,
    with_seat,
)
from engine.seats import do_reclaim, do_resign
from engine.state import (
    GameState,
    Phase,
)
from engine.timeout import do_timeout
from engine.undo import check_undo, do_undo

__all__ = [
    "Legal",
    "apply",
    "check_discard",
    "check_draw",
    "check_pass",
    "check_play_phase",
    "check_undo",
    "cut_picks_starter",
    "draft_dirty",
    "legal",
    "legal_actions",
    "new_game",
    "table_json",
    "three_step_turns",
]


def apply(state: GameState, action: Action) -> tuple[GameState, Events]:
    """Apply ``action``: the new state and its events, or raise and change nothing.

    Checked in this order (STYLE 11): match over (MATCH_OVER), a real seat
    (BadInput NOT_A_PLAYER), the seat on turn (NOT_YOUR_TURN; Resign and Reclaim may
    come from any seat), then the rules of the action (RuleViolation with the code and
    rule id, or BadInput for malformed cards).
    """
    if state.outcome is not None:
        raise RuleViolation(Code.MATCH_OVER, "the match is over", rule="RR-MATCH")
    seat = action.seat
    if not 0 <= seat < state.players:
        raise BadInput(Code.NOT_A_PLAYER, f"there is no seat {seat} in this match")
    events: Events = []
    if isinstance(action, Resign):
        return do_resign(state, events, seat), events
    if isinstance(action, Reclaim):
        return do_reclaim(state, events, seat), events
    if seat != state.on_turn:
        raise RuleViolation(
            Code.NOT_YOUR_TURN,
            f"it is seat {state.on_turn}'s turn, not seat {seat}'s",
            rule="RR-TURN",
        )
    if isinstance(action, Timeout):
        return do_timeout(state, events), events
    if state.seats[seat].timeouts:
        state = dataclasses.replace(state, seats=with_seat(state, seat, timeouts=0))
    if isinstance(action, Commit):
        state = do_commit(state, events, action)
    elif isinstance(action, UpdateDraft):
        state = do_update_draft(state, events, action)
    elif isinstance(action, Draw):
        state = do_draw(state, events, action)
    elif isinstance(action, Discard):
        state = do_discard(state, events, parse_card(action.card))
    elif isinstance(action, Undo):
        state = do_undo(state, events)
    elif isinstance(action, Pass):
        state = do_pass(state, events)
    else:  # pragma: no cover - the Action union is closed
        raise BadInput(Code.BAD_INPUT, f"unknown action {action!r}")
    return state, events


@dataclass(frozen=True, slots=True)
class Legal:
    """What ``seat`` may do now (STYLE 4). Commits are not enumerated (that is the
    solver's work); ``commit`` says whether one may be sent at all."""

    seat: int | None
    phase: Phase
    on_turn: bool
    commit: bool
    draw_sources: tuple[str, ...]
    river_tiles: int  # a river draw may name any index below this
    can_pass: bool
    discardable: tuple[str, ...]
    undo: bool
    update_draft: bool
    key_tile: str | None
    booty: tuple[str, ...]
    opened: bool
    may_manipulate: bool
    draw_penalty: int  # cards a stock draw would cost now (RR-FAIL with a dirty draft)

    def to_dict(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "onTurn": self.on_turn,
            "commit": self.commit,
            "drawSources": list(self.draw_sources),
            "riverTiles": self.river_tiles,
            "pass": self.can_pass,
            "discardable": list(self.discardable),
            "undo": self.undo,
            "updateDraft": self.update_draft,
            "keyTile": self.key_tile,
            "booty": list(self.booty),
            "opened": self.opened,
            "mayManipulate": self.may_manipulate,
            "drawPenalty": self.draw_penalty,
        }


def _ok(check: Callable[[], object]) -> bool:
    """Does a precondition check pass (the same check :func:`apply` makes)?"""
    try:
        check()
    except RuleViolation:
        return False
    return True


def legal(state: GameState, seat: int | None) -> Legal:
    """What ``seat`` may do now; a seat not on turn (or a spectator) may do nothing but
    resign or reclaim."""
    rules = state.rules
    phase = state.phase
    cur = state.current
    on = seat is not None and state.outcome is None and seat == state.on_turn
    me = state.seats[seat] if seat is not None else None
    opened = bool(me and me.opened)
    if not on or me is None:
        return Legal(
            seat, phase, False, False, (), 0, False, (), False, False, None, (), opened, False, 0
        )
    sources = [s for s in ("stock", "discard", "river") if _ok(partial(check_draw, state, s, 0))]
    discardable = tuple(sorted({c.code for c in me.hand if _ok(partial(check_discard, state, c))}))
    return Legal(
        seat=seat,
        phase=phase,
        on_turn=True,
        commit=_ok(lambda: check_play_phase(state, "play")),
        draw_sources=tuple(sources),
        river_tiles=len(state.river) if "river" in sources else 0,
        can_pass=_ok(lambda: check_pass(state)),
        discardable=discardable,
        undo=_ok(lambda: check_undo(state)),
        update_draft=phase in ("play", "key", "meld"),
        key_tile=cur.key.code if cur.key else None,
        booty=tuple(codes(cur.booty)),
        opened=opened,
        may_manipulate=rules.allows_manipulation(opened=opened, opening_turn=not cur.start_opened),
        draw_penalty=rules.fail_draw_count if failing(state) else (2 if rules.river else 1),
    )


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` except commits and drafts (which the solver and the
    player build): draws, passes, discards, undo."""
    info = legal(state, seat)
    out: list[Action] = []
    if not info.on_turn:
        return out
    for source in info.draw_sources:
        if source == "river":
            out.extend(Draw(seat, "river", i) for i in range(info.river_tiles))
        else:
            out.append(Draw(seat, source))  # type: ignore[arg-type]
    if info.can_pass:
        out.append(Pass(seat))
    out.extend(Discard(seat, code) for code in info.discardable)
    if info.undo:
        out.append(Undo(seat))
    return out

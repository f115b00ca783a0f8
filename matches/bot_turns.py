"""Playing a bot's seat (a driver, above the services; what the ``bots.play_turn`` task
of ``matches.tasks`` calls): one action per task.

A bot knows only its seat's view (``engine.views.view``), never the state, other hands
or the stock order. Its move is chosen and applied under the match lock through
``matches.services.match_bot_move``: the same lock, checks, events and deadline as a
human's, and one read of the match.
A task that comes late or twice finds the turn over (STALE_TURN, NOT_YOUR_TURN, ...)
and does nothing. While the same bot is still on turn after its action (draw, then
discard; classic rummy's draw, melds, discard) the next action is queued.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from django.db import transaction

from bots.levels import choose_action
from bots.strategy import NotOnTurn
from engine.actions import Action
from engine.errors import Code
from engine.policy import choose
from engine.views import view
from matches import queueing
from matches.clock import is_correspondence
from matches.errors import MatchCode, Rejected
from matches.locks import match_status_turn
from matches.models import MatchStatus
from matches.queueing import collecting_bot_turns, queue_bot_turn
from matches.seats import seat_control
from matches.services import Locked, match_bot_move

log = logging.getLogger(__name__)

T = TypeVar("T")
# A task plays at most this many bot moves it started itself; it queues the rest.
MAX_INLINE_MOVES = 16

# The turn is over, the seat is someone else's now, or the move came too late: the task
# has nothing to do (another task, a human or the clock has moved the match on).
DONE: frozenset[str] = frozenset(
    {
        MatchCode.STALE_TURN,
        Code.NOT_YOUR_TURN,
        Code.MATCH_OVER,
        Code.NOT_A_PLAYER,
        Code.NOT_ALLOWED,
        MatchCode.TURN_EXPIRED,
    }
)


def play_turn(*, match_id: int, turn: int) -> str:
    """Play one action for the bot on turn ``turn`` of the match; what happened."""
    return _play_turn(match_id, turn)[0]


def _play_turn(match_id: int, turn: int) -> tuple[str, bool]:
    """:func:`play_turn`, and whether the turn is known to be over (the match had moved
    on, or this action ended the turn): then its expiry is not needed."""
    # One plain read first: a late or repeated task ends here, without taking the lock.
    if match_status_turn(match_id) != (MatchStatus.ACTIVE, turn):
        return "stale", True
    chosen: dict[str, Any] = {}

    def decide(at: Locked) -> Action:
        # Under the match lock: the bot sees its seat's view, never the state.
        seen = view(at.state, at.seat)
        level = seat_control(at.seats[at.seat], at.state.seats[at.seat]).level
        if seen.get("legal") is None or level is None:
            raise _NoMove
        version = at.match.last_seq
        action = _choose(level, seen, rng=random.Random(f"{match_id}:{turn}:{version}"))
        if action is None:
            raise _NoMove
        chosen.update(seat=at.seat, level=level, think=not is_correspondence(at.match))
        return action

    try:
        result = match_bot_move(match_id=match_id, turn=turn, decide=decide)
    except _NoMove:
        return "stale", False
    if isinstance(result, Rejected) and result.code == Code.NOT_A_PLAYER:
        return "human", False
    if isinstance(result, Rejected) and result.code not in DONE:
        # The rules refused the bot's move, chosen from the match as locked: the bot has
        # a bug, and the engine's simple policy moves instead so that the match goes on.
        level = chosen.get("level")
        log.error("bot %s refused in match %s turn %s: %s", level, match_id, turn, result)
        result = _fallback(match_id, chosen["seat"], turn)
    if isinstance(result, Rejected):
        over = result.code in (MatchCode.STALE_TURN, Code.MATCH_OVER)
        return ("stale" if over else str(result.code)), over
    seat = chosen["seat"]
    if result.status == MatchStatus.ACTIVE and result.turn == turn and _still_bot(result, seat):
        # More to do in this turn (draw, then discard): the next action, after commit.
        think = bool(chosen["think"])
        transaction.on_commit(lambda: queue_bot_turn(match_id, turn, think=think))
        return "moved, more to do", False
    return "moved", result.status != MatchStatus.ACTIVE or result.turn != turn


class _NoMove(Exception):
    """The bot on turn has nothing to play (no legal action in its view)."""


def _choose(level: str, seen: Mapping[str, Any], rng: random.Random) -> Action | None:
    try:
        return choose_action(level, seen, None, rng)
    except NotOnTurn:
        return None


def _fallback(match_id: int, seat: int, turn: int) -> Any:
    def decide(at: Locked) -> Action:
        if at.seat != seat:
            raise _NoMove
        return choose(view(at.state, at.seat))

    try:
        return match_bot_move(match_id=match_id, turn=turn, decide=decide)
    except _NoMove:
        return Rejected(MatchCode.STALE_TURN, "the turn is over")


def _still_bot(result: Any, seat: int) -> bool:
    """The result (a MatchView for ``seat``) says ``seat`` is still on turn."""
    game_view = result.view or {}
    return bool(game_view.get("legal")) and game_view.get("onTurn") == seat


def playing_bots_inline(body: Callable[[], T], max_moves: int = MAX_INLINE_MOVES) -> T:
    """Run ``body`` (a worker task's) and then play, in this process, the bot turns it
    started that are due at once (no think time: correspondence, or
    ``BOT_THINK_SECONDS = 0``), and those these start in turn, up to
    ``max_moves``; the rest are queued. A bot on turn after another bot (or
    after its own draw) moves then without waiting in the broker behind other matches'
    tasks. Each move is its own transaction through the services, as from its own task.
    The clock's expiry task does this only if ``EXPIRY_INLINE_BOT_MOVES`` says so
    (``matches.tasks``).

    The expiry task of a collected turn is held back (``queueing.BotTurns``) until the
    turn is played: a turn that ends here needs none (issue 12: three of a cycle's four
    expiry tasks in bench/worker_bench.py were received only to find their turn over);
    a turn that goes on (its next action queued), fails or is left for its own task gets
    its expiry sent then, at most one bot move after its start."""
    failed: list[tuple[int, int]] = []
    left: list[tuple[int, int]] = []
    expiries: list[queueing.Task] = []
    try:
        with collecting_bot_turns() as turns:
            try:
                result = body()
                moves = 0
                while turns.pending and moves < max_moves:
                    match_id, turn = turns.pending.pop(0)
                    moves += 1
                    expiry = turns.expiry(match_id, turn)
                    try:
                        _done, over = _play_turn(match_id, turn)
                    except Exception:  # queued below: its own task retries
                        log.exception("bot turn %s of match %s failed; queued", turn, match_id)
                        failed.append((match_id, turn))
                        over = False
                    if over:
                        continue
                    if (match_id, turn) in turns.pending and (match_id, turn) not in failed:
                        # Its next action (a discard after the draw) is played here too.
                        turns.expiries[(match_id, turn)] = expiry
                    else:  # the turn goes on: its clock runs as always
                        queueing.send_all(expiry)
            finally:
                left = failed + turns.pending
                expiries = [task for held in turns.expiries.values() for task in held]
    finally:
        # Also when ``body`` raised after its commit: a started bot turn is never dropped,
        # nor the expiry of a turn not played to its end here.
        for match_id, turn in left:
            queue_bot_turn(match_id, turn, think=False)
        queueing.send_all(expiries)
    return result

"""Writes of matches (STYLE 12-14): every player action, human or bot, and the clock.

Each public function is one database transaction that locks the match row
(``select_for_update``) and then checks, in this order (STYLE 11):

0. the idempotency key: a key this user already used returns the stored first result
   without acting again. It comes first because a retried request whose first attempt
   was applied would otherwise be judged against the state it changed (its turn is
   over: NOT_YOUR_TURN or STALE_TURN) instead of getting its answer back;
1. match over (MATCH_OVER), or not started yet (NOT_ALLOWED);
2. the seat on turn (NOT_A_PLAYER, NOT_YOUR_TURN);
3. the turn number the client saw (STALE_TURN);
4. the turn's deadline (TURN_EXPIRED): a move after it is refused even before the clock
   (``matches.deadlines``) has applied the expiry;
5. the rules: ``engine.game.apply``, which re-checks everything.

A success appends the engine's events with consecutive ``seq``, appends the action to
the action log, stores the new state snapshot, advances ``turn``/``last_seq`` and the
deadline, records the idempotency key, and after commit publishes the events to the
match's Channels group and notifies users (``matches.publishing``), then queues the
turn's tasks: the bot's move, the expiry (``matches.store``, ``matches.queueing``).

A rejection is returned as a :class:`~matches.errors.Rejected` and changes nothing: no
event, no state, no idempotency record (only successes are recorded, so a retry after a
rejection is judged afresh; a STALE_TURN is never answered from a cache).

Humans pass ``user``; bots pass ``bot_seat`` (a seat seated as a bot, or one the engine
hands to a bot after timeouts or a resignation) to the very same functions.

Raises: ``MatchNotFound`` for an unknown match id, ``InvalidRequest`` for malformed input
(shapes, sizes, a reused idempotency key); everything else is a ``Rejected``.

This module is the services' one name for callers (``api``, the drivers, tests): the
functions live in ``matches.seating`` (a match's seats and life) and ``matches.play``
(turns and the clock), on top of ``matches.store`` (persisting a move, then publishing
it after commit); see the floor plan in ``matches/__init__.py``.
"""

from __future__ import annotations

from matches.errors import match_over
from matches.locks import lock_match, lock_matches
from matches.play import (
    MAX_IDEMPOTENCY_KEY,
    Locked,
    match_act,
    match_bot_move,
    match_commit_turn,
    match_discard,
    match_draw,
    match_pass,
    match_timeout,
    match_undo,
    match_update_draft,
)
from matches.seating import (
    MAX_CORRESPONDENCE_HOURS,
    MAX_OPTIONS_JSON,
    MAX_REPORT_TEXT,
    MAX_TURN_SECONDS,
    Result,
    match_abort,
    match_add_bot,
    match_create,
    match_join,
    match_reclaim,
    match_resign,
    match_set_rack_order,
    match_start,
    match_take_over,
    player_report,
)
from matches.store import MATCH_ABORTED, SEAT_CHANGED, SERVER_ADDED, engine_public

__all__ = [
    "MATCH_ABORTED",
    "MAX_CORRESPONDENCE_HOURS",
    "MAX_IDEMPOTENCY_KEY",
    "MAX_OPTIONS_JSON",
    "MAX_REPORT_TEXT",
    "MAX_TURN_SECONDS",
    "SEAT_CHANGED",
    "SERVER_ADDED",
    "Locked",
    "Result",
    "engine_public",
    "lock_match",
    "lock_matches",
    "match_abort",
    "match_act",
    "match_add_bot",
    "match_bot_move",
    "match_commit_turn",
    "match_create",
    "match_discard",
    "match_draw",
    "match_join",
    "match_over",
    "match_pass",
    "match_reclaim",
    "match_resign",
    "match_set_rack_order",
    "match_start",
    "match_take_over",
    "match_timeout",
    "match_undo",
    "match_update_draft",
    "player_report",
]

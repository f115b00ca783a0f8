"""Turns (STYLE 12-14): the one path of every move, a person's or a bot's, and the clock's.

Each public function is one transaction under the match lock (``matches.locks``) that
checks in the order of ``matches.services``' notes, applies the engine's action and
stores the result (``matches.store``). The match row and its seat rows are read once,
in one query; with the fast paths that query also reads the record of an idempotencyKey,
and the move writes its events, its action and the match row in one statement: with
BEGIN and COMMIT, four round trips for a committed move, three more with an
idempotencyKey (writing its record in a savepoint) (``tests/server/test_move_queries.py``).

An idempotencyKey's record read with the lock may be older than the lock (see
``matches.locks``): a request whose first send committed while it waited for the lock
finds the record when its own move is refused (the turn is over) or when recording the
key finds it taken, and answers with the first result.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from django.db import IntegrityError, transaction
from django.utils import timezone

from engine.actions import (
    Action,
    Commit,
    Discard,
    Draw,
    Pass,
    Timeout,
    Undo,
    UpdateDraft,
    action_from_dict,
)
from engine.errors import BadInput, Code, EngineError
from engine.game import apply
from engine.state import GameState
from matches import store
from matches.clock import turn_expired
from matches.errors import InvalidRequest, MatchCode, Rejected, match_over
from matches.locks import lock_match, lock_match_keyed
from matches.models import IdempotencyRecord, Match, MatchStatus, Seat
from matches.seats import PLAYER, seat_control
from matches.selectors import MatchView, match_view, started_state

MAX_IDEMPOTENCY_KEY = 128

Result = MatchView | Rejected


def match_commit_turn(
    *,
    match_id: object,
    turn: int,
    table: Sequence[Sequence[str]],
    joker_swaps: Sequence[tuple[int, str] | Mapping[str, Any]] = (),
    idempotency_key: str | None = None,
    user: Any = None,
    bot_seat: int | None = None,
) -> Result:
    """Commit the whole new table (RR-TURN A, CR-TURN melds and lay-offs)."""
    return _act(
        match_id=match_id,
        user=user,
        bot_seat=bot_seat,
        turn=turn,
        key=idempotency_key,
        build=lambda at: Commit(at.seat, table, tuple(joker_swaps)),  # type: ignore[arg-type]
        operation={"kind": "commit", "table": table, "jokerSwaps": joker_swaps},
    )


def match_update_draft(
    *,
    match_id: object,
    turn: int,
    table: Sequence[Sequence[str]],
    user: Any = None,
    bot_seat: int | None = None,
) -> Result:
    """Show the in-progress table live (T-DRAFT); not validated as melds."""
    return _act(
        match_id=match_id,
        user=user,
        bot_seat=bot_seat,
        turn=turn,
        key=None,
        build=lambda at: UpdateDraft(at.seat, table),
        operation={"kind": "draft"},
    )


def match_draw(
    *,
    match_id: object,
    turn: int,
    source: str = "stock",
    river_index: int | None = None,
    idempotency_key: str | None = None,
    user: Any = None,
    bot_seat: int | None = None,
) -> Result:
    """Draw from the stock, the discard pile or the river."""
    return _act(
        match_id=match_id,
        user=user,
        bot_seat=bot_seat,
        turn=turn,
        key=idempotency_key,
        build=lambda at: Draw(at.seat, source, river_index),  # type: ignore[arg-type]
        operation={"kind": "draw", "source": source, "riverIndex": river_index},
    )


def match_discard(
    *,
    match_id: object,
    turn: int,
    card: str,
    idempotency_key: str | None = None,
    user: Any = None,
    bot_seat: int | None = None,
) -> Result:
    """Discard one card (RR-DISCARD, RK-RIVER, CR-TURN)."""
    return _act(
        match_id=match_id,
        user=user,
        bot_seat=bot_seat,
        turn=turn,
        key=idempotency_key,
        build=lambda at: Discard(at.seat, card),
        operation={"kind": "discard", "card": card},
    )


def match_undo(
    *, match_id: object, turn: int, user: Any = None, bot_seat: int | None = None
) -> Result:
    """One step back (CR-TURN), or drop the draft / a river take."""
    return _act(
        match_id=match_id,
        user=user,
        bot_seat=bot_seat,
        turn=turn,
        key=None,
        build=lambda at: Undo(at.seat),
        operation={"kind": "undo"},
    )


def match_pass(
    *,
    match_id: object,
    turn: int,
    idempotency_key: str | None = None,
    user: Any = None,
    bot_seat: int | None = None,
) -> Result:
    """Pass on an empty stock (RR-STOCK-OUT, RK-END)."""
    return _act(
        match_id=match_id,
        user=user,
        bot_seat=bot_seat,
        turn=turn,
        key=idempotency_key,
        build=lambda at: Pass(at.seat),
        operation={"kind": "pass"},
    )


def match_act(*, match_id: object, turn: int, action: Mapping[str, Any], bot_seat: int) -> Result:
    """A bot's move in the action log's JSON form (``engine.actions.action_to_dict``,
    e.g. from ``engine.policy.choose``); its ``seat`` must be ``bot_seat``."""

    def build(at: Locked) -> Action:
        parsed = action_from_dict(action)
        if parsed.seat != at.seat:
            raise InvalidRequest("the action is for another seat")
        return parsed

    return _act(
        match_id=match_id,
        user=None,
        bot_seat=bot_seat,
        turn=turn,
        key=None,
        build=build,
        operation={"kind": "bot"},
    )


def match_bot_move(*, match_id: object, turn: int, decide: Callable[[Locked], Action]) -> Result:
    """The move of the bot on turn ``turn``, decided under the match lock by ``decide``
    from the match as locked (which passes the bot its seat's view only, never the
    state): the match is read and its state decoded once, where a bot task read and
    decoded it before the lock to choose and again under it to apply (issue 12). The
    seat on turn must be a bot's (NOT_A_PLAYER if a person plays it); ``decide`` may
    raise to play nothing (the transaction writes nothing)."""
    return _act(
        match_id=match_id,
        user=None,
        bot_seat=ON_TURN,
        turn=turn,
        key=None,
        build=decide,
        operation={"kind": "bot"},
    )


def match_timeout(*, match_id: object, turn: int, force: bool = False) -> Result:
    """The clock: the deadline of ``turn`` passed (T-EXPIRY). Applied at most once: a
    turn already over gives STALE_TURN, a deadline not reached NOT_ALLOWED (unless
    ``force``). Idempotent by re-checking under the match lock."""
    with transaction.atomic():
        match, seats = lock_match(match_id)
        if match.over:
            return match_over()
        if match.status != MatchStatus.ACTIVE:
            return Rejected(Code.NOT_ALLOWED, "the match has not started")
        if turn != match.turn:
            return Rejected(MatchCode.STALE_TURN, f"turn {turn} is over; it is turn {match.turn}")
        if not force and (match.deadline is None or match.deadline > timezone.now()):
            return Rejected(Code.NOT_ALLOWED, "the turn's deadline has not passed")
        state = started_state(match)
        try:
            action = Timeout(state.on_turn)
            new_state, events = apply(state, action)
        except EngineError as exc:
            return Rejected.of(exc)
        store.store(match, seats, state, new_state, events, action, user=None)
        return match_view(match=match, seat=None, state=new_state, seats=seats)


# -- the shared path ----------------------------------------------------------------------------


class Locked(NamedTuple):
    """A match as its move sees it under the lock: the row, its seats by index, the
    decoded state and the seat that acts."""

    match: Match
    seats: list[Seat]
    state: GameState
    seat: int


# ``bot_seat`` of :func:`_act`: the seat on turn, whichever it is (it must be a bot's).
ON_TURN = -1


def _act(
    *,
    match_id: object,
    user: Any,
    bot_seat: int | None,
    turn: int,
    key: str | None,
    build: Callable[[Locked], Action],
    operation: Mapping[str, Any],
) -> Result:
    if (user is None) == (bot_seat is None):
        raise InvalidRequest("an action comes from a user or from a bot seat")
    if key is not None and (bot_seat is not None or not 1 <= len(key) <= MAX_IDEMPOTENCY_KEY):
        raise InvalidRequest(f"an idempotencyKey has 1..{MAX_IDEMPOTENCY_KEY} characters")
    if isinstance(turn, bool) or not isinstance(turn, int):
        raise InvalidRequest("turn is the turn number you last saw")
    if key is None:
        with transaction.atomic():
            match, seats = lock_match(match_id, user=user)
            return _move(match, seats, user, bot_seat, turn, build)
    fingerprint = _fingerprint(match_id, turn, operation)
    try:
        with transaction.atomic():
            match, seats, stored = lock_match_keyed(match_id, user=user, key=key)
            if stored is not None:
                return _recorded(stored, match.pk, fingerprint)
            result = _move(match, seats, user, bot_seat, turn, build)
            if isinstance(result, Rejected):
                # Refused: perhaps because this key's first request moved the match while
                # this one waited for the lock (its record is newer than the lock query).
                if IdempotencyRecord.objects.filter(user=user, key=key).exists():
                    raise _KeyTaken  # what the refused move wrote is rolled back
                return result
            if not _record(user, key, match, fingerprint, result):
                raise _KeyTaken  # the move is rolled back
            return result
    except _KeyTaken:
        pass
    # Another request recorded the key and committed while this one ran: the same request
    # (answered as it was then), or another one.
    stored = IdempotencyRecord.objects.filter(user=user, key=key).first()
    if stored is None:  # pragma: no cover - a record is never deleted
        raise InvalidRequest("this idempotencyKey was used for another request")
    return _recorded(stored, match.pk, fingerprint)


class _KeyTaken(Exception):
    """The idempotencyKey was recorded by a request that committed meanwhile."""


def _recorded(stored: IdempotencyRecord, match_pk: int, fingerprint: str) -> MatchView:
    """The first result of a repeated request; InvalidRequest if the key was used for
    another request."""
    if stored.match_id != match_pk or stored.operation != fingerprint:
        raise InvalidRequest("this idempotencyKey was used for another request")
    return MatchView.from_dict(stored.result)


def _move(
    match: Match,
    seats: list[Seat],
    user: Any,
    bot_seat: int | None,
    turn: int,
    build: Callable[[Locked], Action],
) -> Result:
    """The move on the locked match: the checks, the engine, the write."""
    if match.over:
        return match_over()
    if match.status != MatchStatus.ACTIVE:
        return Rejected(Code.NOT_ALLOWED, "the match has not started")
    state = started_state(match)
    if bot_seat == ON_TURN:
        bot_seat = state.on_turn
    seat = _actor_seat(match, seats, state, user=user, bot_seat=bot_seat)
    if isinstance(seat, Rejected):
        return seat
    if seat != state.on_turn:
        return Rejected(Code.NOT_YOUR_TURN, f"it is seat {state.on_turn}'s turn, not seat {seat}'s")
    if turn != match.turn:
        return Rejected(
            MatchCode.STALE_TURN,
            f"turn {turn} is over; it is turn {match.turn}",
            rule="RR-TURN",
        )
    if turn_expired(match):
        return Rejected(MatchCode.TURN_EXPIRED, "the turn's time ran out", rule="T-EXPIRY")
    try:
        action = build(Locked(match, seats, state, seat))
        new_state, events = apply(state, action)
    except BadInput as exc:
        if exc.code == Code.BAD_INPUT:
            raise InvalidRequest(exc.message) from None
        return Rejected.of(exc)
    except EngineError as exc:
        if exc.after is not None and exc.after != state:
            # RR-FAIL Decision: a commit the rules refuse still marks the turn as one
            # that touched the table, so its later draw or timeout takes the penalty.
            # Nothing a client sees changes (no event, same turn and seq); the action is
            # logged so that a replay reaches the same marked state.
            store.store(match, seats, state, exc.after, [], action, user=user)
        return Rejected.of(exc)
    store.store(match, seats, state, new_state, events, action, user=user)
    return match_view(match=match, seat=seat, state=new_state, seats=seats)


# -- idempotency records ----------------------------------------------------------------------


def _record(user: Any, key: str, match: Match, operation: str, result: MatchView) -> bool:
    """Record the first result of ``user``'s ``key``; False if the key is taken (by a
    request that committed meanwhile)."""
    try:
        with transaction.atomic():
            IdempotencyRecord.objects.create(
                user=user, key=key, match=match, operation=operation, result=result.to_dict()
            )
    except IntegrityError:
        return False
    return True


def _actor_seat(
    match: Match, seats: Sequence[Seat], state: GameState, *, user: Any, bot_seat: int | None
) -> int | Rejected:
    """The seat that acts: ``bot_seat`` if a bot plays it, else the user's own seat if
    they play it themselves."""
    if bot_seat is not None:
        if isinstance(bot_seat, bool) or not 0 <= bot_seat < match.players:
            return Rejected(Code.NOT_A_PLAYER, f"there is no seat {bot_seat}")
        if seat_control(seats[bot_seat], state.seats[bot_seat]).bot:
            return bot_seat
        return Rejected(Code.NOT_A_PLAYER, f"seat {bot_seat} is played by a person")
    seat = next((s.index for s in seats if s.user_id == getattr(user, "pk", None)), None)
    if seat is None or not getattr(user, "is_authenticated", False):
        return Rejected(Code.NOT_A_PLAYER, "you have no seat in this match")
    if state.seats[seat].resigned:
        return Rejected(Code.NOT_A_PLAYER, "you resigned from this match")
    if seat_control(seats[seat], state.seats[seat]).controller != PLAYER:
        return Rejected(Code.NOT_ALLOWED, "a bot plays your seat now; reclaim it first")
    return seat


def _fingerprint(match_id: object, turn: int, operation: Mapping[str, Any]) -> str:
    text = json.dumps(
        {"match": str(match_id), "turn": turn, **operation}, sort_keys=True, default=str
    )
    return hashlib.sha256(text.encode()).hexdigest()

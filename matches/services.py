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
match's Channels group and notifies users (``matches.publishing``), then sends
:data:`turn_started` / :data:`match_finished` for the deadline and bot machinery.

A rejection is returned as a :class:`~matches.errors.Rejected` and changes nothing: no
event, no state, no idempotency record (only successes are recorded, so a retry after a
rejection is judged afresh; a STALE_TURN is never answered from a cache).

Humans pass ``user``; bots pass ``bot_seat`` (a seat seated as a bot, or one the engine
hands to a bot after timeouts or a resignation) to the very same functions.

Raises: ``MatchNotFound`` for an unknown match id, ``InvalidRequest`` for malformed input
(shapes, sizes, a reused idempotency key); everything else is a ``Rejected``.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.dispatch import Signal
from django.utils import timezone

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
    action_to_dict,
)
from engine.cards import parse_card
from engine.errors import BadInput, Code, EngineError
from engine.events import Event
from engine.game import apply, new_game, table_json
from engine.rules import find_preset, ruleset
from engine.state import GameState
from matches import deadlines, publishing, takeover
from matches.errors import InvalidRequest, MatchNotFound, Rejected
from matches.models import (
    BotLevel,
    IdempotencyRecord,
    Match,
    MatchAction,
    MatchEvent,
    MatchStatus,
    Round,
    Seat,
    new_invite_code,
)
from matches.selectors import (
    MatchView,
    can_see,
    event_row,
    invited,
    load_state,
    match_lookup,
    match_rules,
    match_view,
    store_state,
)

MATCH_ABORTED = "MATCH_ABORTED"
SEAT_CHANGED = "SEAT_CHANGED"

MAX_IDEMPOTENCY_KEY = 128
MAX_OPTIONS_JSON = 4000
MAX_TURN_SECONDS = 14 * 86_400
MAX_CORRESPONDENCE_HOURS = 14 * 24

Result = MatchView | Rejected

# Sent after commit whenever a new turn starts (also the first one), with match_id,
# turn, seat, deadline (datetime or None) and bot (True when a bot must move). Issue 6's
# deadline and bot tasks connect here; they call back into these services.
turn_started = Signal()
# Sent after commit when a match ends by the rules, with match_id, winners, outcome.
match_finished = Signal()


# -- creating and filling a match ----------------------------------------------------------


def match_create(
    *,
    user: Any,
    ruleset_name: str = "robbers",
    options: Mapping[str, Any] | None = None,
    seats: int,
    bots: Sequence[str] = (),
    turn_seconds: int | None = None,
    correspondence_hours: int | None = None,
    ranked: bool = False,
    private: bool = False,
    matchmade: bool = False,
) -> Result:
    """A new match waiting for players: ``user`` in seat 0, then ``bots``, then empty
    seats. BAD_OPTION for options the rule set refuses.

    A ranked match not made by matchmaking (``matchmade``) is all-human and played by
    its preset's rules: bots are NOT_ALLOWED and option overrides BAD_OPTION, or
    ratings could be farmed against an easy bot or with a trivial deal (issue 11)."""
    options = _options(options)
    if not 1 <= seats <= 16:
        raise InvalidRequest("seats must be a small number of players (2..5 for most presets)")
    # A time control is a match option a player picks: out of range is BAD_OPTION, as
    # for the rule options (issue 11), not malformed input.
    if turn_seconds is not None and correspondence_hours is not None:
        return Rejected(Code.BAD_OPTION, "give turnSeconds or correspondenceHours, not both")
    if turn_seconds is not None and not 5 <= turn_seconds <= MAX_TURN_SECONDS:
        return Rejected(Code.BAD_OPTION, f"turnSeconds must be between 5 and {MAX_TURN_SECONDS}")
    if correspondence_hours is not None and not 1 <= correspondence_hours <= (
        MAX_CORRESPONDENCE_HOURS
    ):
        return Rejected(
            Code.BAD_OPTION,
            f"correspondenceHours must be between 1 and {MAX_CORRESPONDENCE_HOURS}",
        )
    levels = [_bot_level(b) for b in bots]
    if ranked and not matchmade and levels:
        return Rejected(
            Code.NOT_ALLOWED, "ranked matches are all-human (matchmaking seats bots itself)"
        )
    if ranked and not matchmade and set(options) - {"players"}:
        return Rejected(Code.BAD_OPTION, "ranked matches are played by the preset's rules")
    if "players" in options and options["players"] != seats:
        return Rejected(Code.BAD_OPTION, "the number of players is given by seats")
    try:
        preset = find_preset(ruleset_name)
        rules = ruleset(preset.name, {**options, "players": seats})
    except EngineError as exc:
        return Rejected.of(exc)
    if len(levels) >= seats:
        return Rejected(Code.MATCH_FULL, f"{len(levels)} bots leave no seat of {seats} free")
    if turn_seconds is None and rules.turn_seconds is not None:
        turn_seconds = rules.turn_seconds
    with transaction.atomic():
        match = Match.objects.create(
            ruleset=rules.name,
            options={k: v for k, v in options.items() if k != "players"},
            players=seats,
            ranked=ranked,
            private=private,
            invite_code=new_invite_code() if private else "",
            turn_seconds=turn_seconds,
            correspondence_hours=correspondence_hours,
            created_by=user,
        )
        now = timezone.now()
        Seat.objects.bulk_create(
            [Seat(match=match, index=0, user=user, joined_at=now)]
            + [
                Seat(match=match, index=i + 1, bot_level=level, joined_at=now)
                for i, level in enumerate(levels)
            ]
            + [Seat(match=match, index=i) for i in range(len(levels) + 1, seats)]
        )
        return match_view(match=match, seat=0)


def match_join(*, match_id: object, user: Any, invite_code: str | None = None) -> Result:
    """Take the first free seat of a waiting match (joining twice is harmless). A private
    match wants its ``invite_code``; without it, it does not exist (MatchNotFound)."""
    with transaction.atomic():
        match = _lock(match_id, user=user, invite_code=invite_code)
        seat = _seat_index(match, user)
        if match.over:
            return _over()
        if seat is not None:
            return match_view(match=match, seat=seat)
        if match.status != MatchStatus.WAITING:
            return Rejected(Code.MATCH_FULL, "the match has already started")
        free = _free_seat(match)
        if free is None:
            return Rejected(Code.MATCH_FULL, "every seat of the match is taken")
        free.user = user
        free.joined_at = timezone.now()
        free.save(update_fields=["user", "joined_at"])
        change = {"seat": free.index, "change": "joined", "username": user.get_username()}
        _append(match, [Event(SEAT_CHANGED, change)])
        match.save()
        return match_view(match=match, seat=free.index)


def match_add_bot(*, match_id: object, user: Any, level: str, matchmade: bool = False) -> Result:
    """Seat a bot in the first free seat (the match's creator only, before the start;
    in a ranked match only matchmaking does)."""
    level = _bot_level(level)
    with transaction.atomic():
        match = _lock(match_id, user=user)
        if match.over:
            return _over()
        if match.created_by_id != user.pk:
            return Rejected(Code.NOT_ALLOWED, "only the match's creator seats bots")
        if match.ranked and not matchmade:
            return Rejected(
                Code.NOT_ALLOWED, "ranked matches are all-human (matchmaking seats bots itself)"
            )
        if match.status != MatchStatus.WAITING:
            return Rejected(Code.NOT_ALLOWED, "bots are seated before the match starts")
        free = _free_seat(match)
        if free is None:
            return Rejected(Code.MATCH_FULL, "every seat of the match is taken")
        free.bot_level = level
        free.joined_at = timezone.now()
        free.save(update_fields=["bot_level", "joined_at"])
        _append(match, [Event(SEAT_CHANGED, {"seat": free.index, "change": "bot", "bot": level})])
        match.save()
        return match_view(match=match, user=user)


def match_start(*, match_id: object, user: Any) -> Result:
    """Deal: the creator starts a match once every seat is taken."""
    with transaction.atomic():
        match = _lock(match_id, user=user)
        if match.over:
            return _over()
        if match.created_by_id != user.pk:
            return Rejected(Code.NOT_ALLOWED, "only the match's creator starts it")
        if match.status != MatchStatus.WAITING:
            return Rejected(Code.NOT_ALLOWED, "the match has already started")
        empty = [s.index for s in Seat.objects.filter(match=match) if not s.taken]
        if empty:
            return Rejected(Code.NOT_ALLOWED, f"seats {empty} are still empty")
        seed = secrets.token_bytes(32)
        try:
            state, events = new_game(match_rules(match), seed)
        except EngineError as exc:
            return Rejected.of(exc)
        match.seed = seed
        match.status = MatchStatus.ACTIVE
        match.started_at = timezone.now()
        _store(match, state, events, None, user=user)
        return match_view(match=match, user=user, state=state)


def match_resign(*, match_id: object, user: Any) -> Result:
    """Leave: before the start the seat is freed (the creator leaving aborts the match);
    during play the engine's Resign (T-ASYNC: a bot plays the seat on)."""
    with transaction.atomic():
        match = _lock(match_id, user=user)
        if match.over:
            return _over()
        seat = _seat_index(match, user)
        if seat is None:
            return Rejected(Code.NOT_A_PLAYER, "you have no seat in this match")
        if match.status == MatchStatus.WAITING:
            if seat == 0 or match.created_by_id == user.pk:
                _abort(match, reason="the creator left before the start")
                return match_view(match=match, seat=None)
            Seat.objects.filter(match=match, index=seat).update(user=None, joined_at=None)
            _append(match, [Event(SEAT_CHANGED, {"seat": seat, "change": "left"})])
            match.save()
            return match_view(match=match, seat=None)
        state = _state(match)
        try:
            action = Resign(seat)
            new_state, events = apply(state, action)
        except EngineError as exc:
            return Rejected.of(exc)
        _store(match, new_state, events, action, user=user)
        return match_view(match=match, seat=seat, state=new_state)


def match_reclaim(*, match_id: object, user: Any) -> Result:
    """Take the user's seat back from the bot that played it after timeouts or while
    they were disconnected (T-ASYNC), at the start of a turn: not while that bot is
    half-way through a turn of the seat (NOT_ALLOWED)."""
    with transaction.atomic():
        match = _lock(match_id, user=user)
        if match.over:
            return _over()
        seat = _seat_index(match, user)
        if seat is None:
            return Rejected(Code.NOT_A_PLAYER, "you have no seat in this match")
        if match.status != MatchStatus.ACTIVE:
            return Rejected(Code.NOT_ALLOWED, "the match has not started")
        state = _state(match)
        row = Seat.objects.get(match=match, index=seat)
        if state.on_turn == seat and _turn_begun(state) and (row.takeover or state.seats[seat].bot):
            return Rejected(
                Code.NOT_ALLOWED, "the bot is playing this turn; reclaim at the next one"
            )
        if row.takeover == takeover.DISCONNECTED and not state.seats[seat].bot:
            # The engine never knew: only the seat row says a bot plays it.
            Seat.objects.filter(pk=row.pk).update(
                takeover="", takeover_level="", abandoned=False, takeover_at=None
            )
            _append(match, [Event(SEAT_CHANGED, {"seat": seat, "change": "reclaimed"})])
            match.save()
            return match_view(match=match, seat=seat, state=state)
        try:
            action = Reclaim(seat)
            new_state, events = apply(state, action)
        except EngineError as exc:
            return Rejected.of(exc)
        _store(match, new_state, events, action, user=user)
        return match_view(match=match, seat=seat, state=new_state)


def match_take_over(*, match_id: object, seat: int, reason: str) -> Result:
    """A bot (``BOT_TAKEOVER_LEVEL``) takes over a human's seat the engine still thinks
    is played by them (``matches.takeover``: a live player disconnected); SEAT_CHANGED.
    The player gets it back with :func:`match_reclaim`. NOT_ALLOWED when a bot plays
    the seat already."""
    with transaction.atomic():
        match = _lock(match_id)
        if match.over:
            return _over()
        if match.status != MatchStatus.ACTIVE:
            return Rejected(Code.NOT_ALLOWED, "the match has not started")
        state = _state(match)
        row = Seat.objects.filter(match=match, index=seat).first()
        if row is None or row.user_id is None or row.bot_level:
            return Rejected(Code.NOT_A_PLAYER, f"seat {seat} is not a person's")
        if row.takeover or state.seats[seat].bot:
            return Rejected(Code.NOT_ALLOWED, f"a bot plays seat {seat} already")
        level = settings.BOT_TAKEOVER_LEVEL
        Seat.objects.filter(pk=row.pk).update(
            takeover=reason, takeover_level=level, abandoned=True, takeover_at=timezone.now()
        )
        change = {"seat": seat, "change": "bot_took_over", "reason": reason, "bot": level}
        _append(match, [Event(SEAT_CHANGED, change)])
        takeover.tell_player(match, seat, reason)
        match.save()
        if state.on_turn == seat:
            takeover.queue_takeover_bot(match)
        return match_view(match=match, seat=None, state=state)


def match_abort(*, match_id: object, by: Any = None, reason: str = "") -> Result:
    """Moderation: end a running or waiting match without a result (ratings untouched).
    Appends and publishes MATCH_ABORTED."""
    with transaction.atomic():
        match = _lock(match_id)
        if match.over:
            return _over()
        _abort(match, reason=reason or "aborted by a moderator")
        return match_view(match=match, seat=None)


MAX_REPORT_TEXT = 2000


def match_set_rack_order(*, match_id: object, user: Any, cards: Sequence[str]) -> Result:
    """The order the player keeps their hand in (API.md setRackOrder), any time during
    play, on turn or not; kept per seat across turns (cards drawn later go last).
    CARD_NOT_IN_HAND unless ``cards`` is exactly the hand (as a multiset)."""
    if len(cards) > 200:
        raise InvalidRequest("a rack holds at most 200 cards")
    with transaction.atomic():
        match = _lock(match_id)
        if match.over:
            return _over()
        seat = _seat_index(match, user)
        if seat is None:
            return Rejected(Code.NOT_A_PLAYER, "you have no seat in this match")
        if match.status != MatchStatus.ACTIVE:
            return Rejected(Code.NOT_ALLOWED, "the match has not started")
        state = _state(match)
        try:
            wanted = sorted(parse_card(c).code for c in cards)
        except EngineError as exc:
            return Rejected.of(exc)
        hand = [c.code for c in state.seats[seat].hand]
        if wanted != sorted(hand):
            return Rejected(
                Code.CARD_NOT_IN_HAND, "the rack order must list exactly the cards of your hand"
            )
        codes = [parse_card(c).code for c in cards]
        Seat.objects.filter(match=match, index=seat).update(rack_order=codes)
        return match_view(match=match, seat=seat, state=state)


def player_report(
    *, user: Any, username: str, match_id: object | None, reason: str, text: str | None
) -> bool:
    """Record a report of ``username`` by ``user`` for moderators (the admin's list).
    False for an unknown username; InvalidRequest for oneself or an unknown reason;
    MatchNotFound for a match the user may not see."""
    from django.contrib.auth import get_user_model

    from matches.models import PlayerReport, ReportReason

    if reason not in ReportReason.values:
        raise InvalidRequest(f"reason must be one of {', '.join(ReportReason.values)}")
    if text is not None and len(text) > MAX_REPORT_TEXT:
        raise InvalidRequest(f"text is at most {MAX_REPORT_TEXT} characters")
    reported = get_user_model().objects.filter(username=username).first()
    if reported is None:
        return False
    if reported.pk == user.pk:
        raise InvalidRequest("you cannot report yourself")
    match = None
    if match_id is not None:
        from matches.selectors import match_get

        match = match_get(match_id=match_id, user=user)
    PlayerReport.objects.create(
        reporter=user, reported=reported, match=match, reason=reason, text=text or ""
    )
    return True


# -- turns: the same path for humans and bots -------------------------------------------------


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
        build=lambda seat: Commit(seat, table, tuple(joker_swaps)),  # type: ignore[arg-type]
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
        build=lambda seat: UpdateDraft(seat, table),
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
        build=lambda seat: Draw(seat, source, river_index),  # type: ignore[arg-type]
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
        build=lambda seat: Discard(seat, card),
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
        build=Undo,
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
        build=Pass,
        operation={"kind": "pass"},
    )


def match_act(*, match_id: object, turn: int, action: Mapping[str, Any], bot_seat: int) -> Result:
    """A bot's move in the action log's JSON form (``engine.actions.action_to_dict``,
    e.g. from ``engine.policy.choose``); its ``seat`` must be ``bot_seat``."""
    from engine.actions import action_from_dict

    def build(seat: int) -> Action:
        parsed = action_from_dict(action)
        if parsed.seat != seat:
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


def match_timeout(*, match_id: object, turn: int, force: bool = False) -> Result:
    """The clock: the deadline of ``turn`` passed (T-EXPIRY). Applied at most once: a
    turn already over gives STALE_TURN, a deadline not reached NOT_ALLOWED (unless
    ``force``). Idempotent by re-checking under the match lock."""
    with transaction.atomic():
        match = _lock(match_id)
        if match.over:
            return _over()
        if match.status != MatchStatus.ACTIVE:
            return Rejected(Code.NOT_ALLOWED, "the match has not started")
        if turn != match.turn:
            return Rejected(Code.STALE_TURN, f"turn {turn} is over; it is turn {match.turn}")
        if not force and (match.deadline is None or match.deadline > timezone.now()):
            return Rejected(Code.NOT_ALLOWED, "the turn's deadline has not passed")
        state = _state(match)
        try:
            action = Timeout(state.on_turn)
            new_state, events = apply(state, action)
        except EngineError as exc:
            return Rejected.of(exc)
        _store(match, new_state, events, action, user=None)
        return match_view(match=match, seat=None, state=new_state)


# -- the shared path ----------------------------------------------------------------------------


def _act(
    *,
    match_id: object,
    user: Any,
    bot_seat: int | None,
    turn: int,
    key: str | None,
    build: Callable[[int], Action],
    operation: Mapping[str, Any],
) -> Result:
    if (user is None) == (bot_seat is None):
        raise InvalidRequest("an action comes from a user or from a bot seat")
    if key is not None and (bot_seat is not None or not 1 <= len(key) <= MAX_IDEMPOTENCY_KEY):
        raise InvalidRequest(f"an idempotencyKey has 1..{MAX_IDEMPOTENCY_KEY} characters")
    if isinstance(turn, bool) or not isinstance(turn, int):
        raise InvalidRequest("turn is the turn number you last saw")
    fingerprint = _fingerprint(match_id, turn, operation)
    with transaction.atomic():
        match = _lock(match_id, user=user)
        if key is not None:
            stored = IdempotencyRecord.objects.filter(user=user, key=key).first()
            if stored is not None:
                if stored.match_id != match.pk or stored.operation != fingerprint:
                    raise InvalidRequest("this idempotencyKey was used for another request")
                return MatchView.from_dict(stored.result)
        if match.over:
            return _over()
        if match.status != MatchStatus.ACTIVE:
            return Rejected(Code.NOT_ALLOWED, "the match has not started")
        state = _state(match)
        seat = _actor_seat(match, state, user=user, bot_seat=bot_seat)
        if isinstance(seat, Rejected):
            return seat
        if seat != state.on_turn:
            return Rejected(
                Code.NOT_YOUR_TURN, f"it is seat {state.on_turn}'s turn, not seat {seat}'s"
            )
        if turn != match.turn:
            return Rejected(
                Code.STALE_TURN, f"turn {turn} is over; it is turn {match.turn}", rule="RR-TURN"
            )
        if deadlines.turn_expired(match):
            return Rejected(Code.TURN_EXPIRED, "the turn's time ran out", rule="T-EXPIRY")
        try:
            action = build(seat)
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
                _store(match, exc.after, [], action, user=user)
            return Rejected.of(exc)
        _store(match, new_state, events, action, user=user)
        result = match_view(match=match, seat=seat, state=new_state)
        if key is not None:
            try:
                with transaction.atomic():
                    IdempotencyRecord.objects.create(
                        user=user,
                        key=key,
                        match=match,
                        operation=fingerprint,
                        result=result.to_dict(),
                    )
            except IntegrityError:  # the same key, concurrently, on another match
                raise InvalidRequest("this idempotencyKey was used for another request") from None
        return result


def _actor_seat(
    match: Match, state: GameState, *, user: Any, bot_seat: int | None
) -> int | Rejected:
    if bot_seat is not None:
        if isinstance(bot_seat, bool) or not 0 <= bot_seat < match.players:
            return Rejected(Code.NOT_A_PLAYER, f"there is no seat {bot_seat}")
        row = Seat.objects.get(match=match, index=bot_seat)
        engine_seat = state.seats[bot_seat]
        if row.bot_level or row.takeover or engine_seat.bot or engine_seat.resigned:
            return bot_seat
        return Rejected(Code.NOT_A_PLAYER, f"seat {bot_seat} is played by a person")
    seat = _seat_index(match, user)
    if seat is None:
        return Rejected(Code.NOT_A_PLAYER, "you have no seat in this match")
    if state.seats[seat].resigned:
        return Rejected(Code.NOT_A_PLAYER, "you resigned from this match")
    if (
        state.seats[seat].bot
        or Seat.objects.filter(match=match, index=seat).exclude(takeover="").exists()
    ):
        return Rejected(Code.NOT_ALLOWED, "a bot plays your seat now; reclaim it first")
    return seat


def _store(
    match: Match,
    state: GameState,
    events: Sequence[Event],
    action: Action | None,
    *,
    user: Any,
) -> None:
    """Append the events and the action, store the state and advance the match; on
    commit, publish and notify."""
    now = timezone.now()
    started = match.turn == 0
    turn_changed = state.turn != match.turn
    finished = state.outcome is not None
    before = load_state(match)
    # The match row advances first: the clock (vacations, reminders) reads who is on
    # turn now, and TURN_STARTED carries the deadline it gives.
    store_state(match, state)
    match.turn = state.turn
    match.round = state.round
    match.on_turn = None if finished else state.on_turn
    if not finished and turn_changed:
        match.deadline = _deadline(match, now)
    events = _self_sufficient(before, state, events, None if finished else match.deadline)
    if finished and match.ranked:
        from matches.results import rate_at_end  # ratings move in this transaction (issue 11)

        events = rate_at_end(match, state, events)
    rows = _append(match, events)
    if action is not None:
        MatchAction.objects.create(
            match=match,
            index=match.actions_count,
            action=action_to_dict(action),
            seq=match.last_seq,
            user=user if getattr(user, "is_authenticated", False) else None,
        )
        match.actions_count += 1
    if finished:
        assert state.outcome is not None
        match.status = MatchStatus.FINISHED
        match.finished_at = now
        match.deadline = None
        match.winners = list(state.outcome.winners)
        match.outcome = state.outcome.to_dict()
    match.save()
    _rounds(match, rows, now)
    takeover.record_seat_events(match, rows)

    match_id, users = match.pk, _seat_users(match)
    if started:
        _notify_after_commit(users, "MATCH_STARTED", match_id, {})
    if finished:
        payload = {"winners": list(match.winners), "outcome": match.outcome}
        _notify_after_commit(users, "MATCH_ENDED", match_id, payload)
        transaction.on_commit(
            lambda: match_finished.send(
                sender=Match, match_id=match_id, winners=payload["winners"], outcome=match.outcome
            )
        )
    elif turn_changed:
        seat = state.on_turn
        deadline = match.deadline
        bot = _bot_plays(match, state, seat)
        on_turn_user = users.get(seat)
        if on_turn_user is not None and not bot:
            _notify_after_commit(
                {seat: on_turn_user},
                "YOUR_TURN",
                match_id,
                {"turn": state.turn, "seat": seat, "deadline": _iso(deadline)},
            )
        turn_number = state.turn
        transaction.on_commit(
            lambda: turn_started.send(
                sender=Match,
                match_id=match_id,
                turn=turn_number,
                seat=seat,
                deadline=deadline,
                bot=bot,
            )
        )


# What _self_sufficient adds to the engine's public payloads, per event type (None: any).
SERVER_ADDED: dict[str | None, frozenset[str]] = {
    None: frozenset({"after"}),
    "TURN_STARTED": frozenset({"deadline"}),
    "CARD_DRAWN": frozenset({"stockCount"}),
    "MATCH_ENDED": frozenset({"ratingChanges"}),
}


def engine_public(event_type: str, public: Mapping[str, Any]) -> dict[str, Any]:
    """A stored event's public payload as the engine made it (the server's additions
    removed): what replaying the action log gives again."""
    added = SERVER_ADDED[None] | SERVER_ADDED.get(event_type, frozenset())
    return {k: v for k, v in public.items() if k not in added}


def _self_sufficient(
    before: GameState | None,
    state: GameState,
    events: Sequence[Event],
    deadline: datetime | None,
) -> list[Event]:
    """The move's events made self-sufficient (API.md "Typed contract"): TURN_STARTED
    carries the deadline; the move's last event carries ``after`` (the public state
    after the move: counts, turn, deadline, seats, the table when it changed) and, in
    the private part of each seat whose hand the move changed, ``myHand``; CARD_DRAWN
    carries the stock's size after it."""
    out = list(events)
    if not out:
        return out
    iso = _iso(deadline)
    stock = len(before.stock) if before is not None else 0
    for i, e in enumerate(out):
        if e.type in ("ROUND_STARTED", "STOCK_RESTOCKED"):
            stock = int(e.public.get("stockCount", stock))
        elif e.type == "TURN_STARTED":
            out[i] = Event(e.type, {**e.public, "deadline": iso}, e.private)
        elif e.type == "CARD_DRAWN":
            # The stock's size right after this draw (a move may draw more than once).
            if e.public.get("source") == "stock":
                stock -= int(e.public.get("count", 0))
            out[i] = Event(e.type, {**e.public, "stockCount": stock}, e.private)
    over = state.outcome is not None
    cur = state.current
    after: dict[str, Any] = {
        "turn": state.turn,
        "onTurn": None if over else state.on_turn,
        "phase": "over" if over else state.phase,
        "deadline": None if over else iso,
        "stockCount": len(state.stock),
        "discardCount": len(state.discard),
        "discardTop": state.discard[-1].code if state.discard else None,
        "river": [c.code for c in state.river],
        "seats": [
            {"index": i, "handCount": len(s.hand), "opened": s.opened, "score": s.total}
            for i, s in enumerate(state.seats)
        ],
        "table": None,
        "draft": [list(m) for m in cur.draft] if cur.draft is not None and not over else None,
    }
    if before is None or before.table != state.table or before.placed_by != state.placed_by:
        after["table"] = table_json(state.table, state.placed_by)
    private = {k: dict(v) for k, v in out[-1].private.items()}
    for i, seat in enumerate(state.seats):
        if before is None or i >= len(before.seats) or before.seats[i].hand != seat.hand:
            private.setdefault(i, {})["myHand"] = [c.code for c in seat.hand]
    last = out[-1]
    out[-1] = Event(last.type, {**last.public, "after": after}, private)
    return out


def _append(match: Match, events: Sequence[Event]) -> list[MatchEvent]:
    """Append events with consecutive seq; publish them after commit."""
    rows = []
    seq = match.last_seq
    for event in events:
        seq += 1
        rows.append(
            MatchEvent(
                match=match,
                seq=seq,
                type=event.type,
                # A JSON round trip: what is published equals what is stored and re-read.
                public=json.loads(json.dumps(dict(event.public))),
                private=json.loads(json.dumps({str(k): dict(v) for k, v in event.private.items()})),
            )
        )
    MatchEvent.objects.bulk_create(rows)
    match.last_seq = seq
    published = [event_row(r) for r in rows]
    match_id = match.pk
    transaction.on_commit(lambda: publishing.publish_match_events(match_id, published))
    return rows


def _rounds(match: Match, rows: Sequence[MatchEvent], now: datetime) -> None:
    for row in rows:
        if row.type == "ROUND_STARTED":
            Round.objects.create(match=match, number=row.public["round"], started_seq=row.seq)
        elif row.type == "ROUND_ENDED":
            Round.objects.filter(match=match, number=row.public["round"]).update(
                ended_seq=row.seq, ended_at=now, result=row.public
            )


def _abort(match: Match, *, reason: str) -> None:
    match.status = MatchStatus.ABORTED
    match.finished_at = timezone.now()
    match.deadline = None
    match.on_turn = None
    _append(match, [Event(MATCH_ABORTED, {"reason": reason})])
    match.save()
    _notify_after_commit(_seat_users(match), MATCH_ABORTED, match.pk, {"reason": reason})


def _notify_after_commit(
    users: Mapping[int, int], kind: str, match_id: int, payload: Mapping[str, Any]
) -> None:
    targets = sorted(set(users.values()))
    event = {"type": kind, "matchId": match_id, "payload": dict(payload)}

    def send() -> None:
        for user_id in targets:
            publishing.publish_user_event(user_id, event)

    transaction.on_commit(send)


# -- small helpers ---------------------------------------------------------------------------------


def _lock(match_id: object, *, user: Any = None, invite_code: str | None = None) -> Match:
    """Lock the match row for the transaction. Every write to a match's seats, rounds,
    events and actions happens under this one lock, so no other row lock is needed;
    code that locks several matches must do it in primary-key order
    (``lock_matches``) so that two such transactions cannot deadlock.

    With a ``user``, a private match they may not see (``selectors.can_see``) and hold no
    invitation to (``invite_code``) raises MatchNotFound like an unknown id: a stranger
    learns nothing of it, not even its status, from any answer (issue 14)."""
    try:
        match = Match.objects.select_for_update().get(**match_lookup(match_id))
    except Match.DoesNotExist:
        raise MatchNotFound(match_id) from None
    if (
        user is not None
        and match.private
        and not can_see(match, user)
        and not invited(match, invite_code)
    ):
        raise MatchNotFound(match_id)
    return match


def lock_matches(match_ids: Sequence[int]) -> list[Match]:
    """Lock several match rows, always in primary-key order (see ``_lock``)."""
    return list(Match.objects.select_for_update().filter(pk__in=match_ids).order_by("pk"))


def _state(match: Match) -> GameState:
    state = load_state(match)
    if state is None:  # pragma: no cover - ACTIVE matches always have a state
        raise RuntimeError(f"match {match.pk} has no state")
    return state


def _seat_index(match: Match, user: Any) -> int | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Seat.objects.filter(match=match, user=user).values_list("index", flat=True).first()


def _seat_users(match: Match) -> dict[int, int]:
    return dict(
        Seat.objects.filter(match=match, user__isnull=False).values_list("index", "user_id")
    )


def _free_seat(match: Match) -> Seat | None:
    return (
        Seat.objects.filter(match=match, user__isnull=True, bot_level="").order_by("index").first()
    )


def _bot_plays(match: Match, state: GameState, seat: int) -> bool:
    engine_seat = state.seats[seat]
    if engine_seat.bot or engine_seat.resigned:
        return True
    return (
        Seat.objects.filter(match=match, index=seat)
        .filter(~Q(bot_level="") | ~Q(takeover=""))
        .exists()
    )


def _turn_begun(state: GameState) -> bool:
    """Something was done in the current turn already (drawn, melded, a draft)."""
    cur = state.current
    return bool(cur.drawn_from or cur.steps or cur.played or cur.draft is not None or cur.key)


def _deadline(match: Match, now: datetime) -> datetime | None:
    # Vacations pause correspondence clocks; the reminder time is set with the deadline.
    return deadlines.start_clock(match, now)


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _over() -> Rejected:
    return Rejected(Code.MATCH_OVER, "the match is over", rule="RR-MATCH")


def _bot_level(level: object) -> str:
    value = str(getattr(level, "value", level)).upper()
    if value not in BotLevel.values:
        raise InvalidRequest(f"a bot level is one of {', '.join(BotLevel.values)}")
    return value


def _options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise InvalidRequest("options must be a JSON object of option names to values")
    try:
        size = len(json.dumps(options))
    except (TypeError, ValueError):
        raise InvalidRequest("options must be plain JSON") from None
    if size > MAX_OPTIONS_JSON:
        raise InvalidRequest(f"options of {size} characters are more than any rule set has")
    return dict(options)


def _fingerprint(match_id: object, turn: int, operation: Mapping[str, Any]) -> str:
    text = json.dumps(
        {"match": str(match_id), "turn": turn, **operation}, sort_keys=True, default=str
    )
    return hashlib.sha256(text.encode()).hexdigest()

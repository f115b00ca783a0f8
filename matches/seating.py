"""Writes of a match's seats and life (STYLE 12-14): create, join, seat a bot, deal,
resign, reclaim, take over, abort, the rack order, reports.

Each public function is one transaction under the match lock (``matches.locks``),
checks in the order of ``matches.services``' notes, and returns a MatchView or a
:class:`~matches.errors.Rejected` that changed nothing. Moves that go through the
engine are stored by ``matches.store``.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from accounts import social
from engine import payloads
from engine.actions import Reclaim, Resign
from engine.cards import parse_card
from engine.errors import Code, EngineError
from engine.events import Event
from engine.game import apply, new_game
from engine.rules import RuleSet, find_preset, ruleset
from engine.state import GameState
from matches import chat, store, takeover
from matches.errors import InvalidRequest, MatchCode, Rejected, match_over
from matches.locks import lock_match
from matches.models import (
    BotLevel,
    Match,
    MatchStatus,
    PlayerReport,
    ReportReason,
    Seat,
    new_invite_code,
)
from matches.seats import BOT, PLAYER, TAKEOVER, seat_control
from matches.selectors import MatchView, match_get, match_rules, match_view, started_state

SEAT_CHANGED = store.SEAT_CHANGED
MAX_OPTIONS_JSON = 4000
MAX_TURN_SECONDS = 14 * 86_400
MAX_CORRESPONDENCE_HOURS = 14 * 24
MAX_REPORT_TEXT = 2000

Result = MatchView | Rejected


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
    options = match_options(options)
    checked = match_settings(
        ruleset_name=ruleset_name,
        options=options,
        seats=seats,
        bots=bots,
        turn_seconds=turn_seconds,
        correspondence_hours=correspondence_hours,
        ranked=ranked,
        matchmade=matchmade,
    )
    if isinstance(checked, Rejected):
        return checked
    rules, turn_seconds, levels = checked
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


def match_settings(
    *,
    ruleset_name: str,
    options: Mapping[str, Any],
    seats: int,
    bots: Sequence[str] = (),
    turn_seconds: int | None = None,
    correspondence_hours: int | None = None,
    ranked: bool = False,
    matchmade: bool = False,
) -> tuple[RuleSet, int | None, list[str]] | Rejected:
    """The checks of :func:`match_create` (and of a challenge, before its match exists):
    the rule set, the turn's seconds (the preset's when none is given) and the bots'
    levels, or the rejection. Raises InvalidRequest for an absurd number of seats."""
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
        return Rejected(MatchCode.MATCH_FULL, f"{len(levels)} bots leave no seat of {seats} free")
    if turn_seconds is None and rules.turn_seconds is not None:
        turn_seconds = rules.turn_seconds
    return rules, turn_seconds, levels


def match_join(
    *, match_id: object, user: Any, invite_code: str | None = None, check_blocks: bool = True
) -> Result:
    """Take the first free seat of a waiting match (joining twice is harmless). A private
    match wants its ``invite_code``; without it, it does not exist (MatchNotFound).
    NOT_ALLOWED when a block stands between ``user`` and a seated player, either way
    (``check_blocks=False``: a tournament's pairing seats whom it paired)."""
    with transaction.atomic():
        match, seats = lock_match(match_id, user=user, invite_code=invite_code)
        seat = seat_index(seats, user)
        if match.over:
            return match_over()
        if seat is not None:
            return match_view(match=match, seat=seat, seats=seats)
        if match.status != MatchStatus.WAITING:
            return Rejected(MatchCode.MATCH_FULL, "the match has already started")
        free = _free_seat(seats)
        if free is None:
            return Rejected(MatchCode.MATCH_FULL, "every seat of the match is taken")
        if check_blocks and social.apart(user.pk, [s.user_id for s in seats if s.user_id]):
            return Rejected(
                Code.NOT_ALLOWED,
                "you cannot join this match: a block stands between you and a player",
            )
        free.user = user
        _take_seat(match, free, "user", {"change": "joined", "username": user.get_username()})
        return match_view(match=match, seat=free.index, seats=seats)


def match_add_bot(*, match_id: object, user: Any, level: str, matchmade: bool = False) -> Result:
    """Seat a bot in the first free seat (the match's creator only, before the start;
    in a ranked match only matchmaking does)."""
    level = _bot_level(level)
    with transaction.atomic():
        match, seats = lock_match(match_id, user=user)
        if match.over:
            return match_over()
        if match.created_by_id != user.pk:
            return Rejected(Code.NOT_ALLOWED, "only the match's creator seats bots")
        if match.ranked and not matchmade:
            return Rejected(
                Code.NOT_ALLOWED, "ranked matches are all-human (matchmaking seats bots itself)"
            )
        if match.status != MatchStatus.WAITING:
            return Rejected(Code.NOT_ALLOWED, "bots are seated before the match starts")
        free = _free_seat(seats)
        if free is None:
            return Rejected(MatchCode.MATCH_FULL, "every seat of the match is taken")
        free.bot_level = level
        _take_seat(match, free, "bot_level", {"change": "bot", "bot": level})
        return match_view(match=match, user=user, seats=seats)


def match_start(*, match_id: object, user: Any) -> Result:
    """Deal: the creator starts a match once every seat is taken."""
    with transaction.atomic():
        match, seats = lock_match(match_id, user=user)
        if match.over:
            return match_over()
        if match.created_by_id != user.pk:
            return Rejected(Code.NOT_ALLOWED, "only the match's creator starts it")
        if match.status != MatchStatus.WAITING:
            return Rejected(Code.NOT_ALLOWED, "the match has already started")
        empty = [s.index for s in seats if not s.taken]
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
        store.store(match, seats, None, state, events, None, user=user)
        return match_view(match=match, user=user, state=state, seats=seats)


def match_resign(*, match_id: object, user: Any) -> Result:
    """Leave: before the start the seat is freed (the creator leaving aborts the match);
    during play the engine's Resign (T-ASYNC: a bot plays the seat on)."""
    with transaction.atomic():
        match, seats = lock_match(match_id, user=user)
        if match.over:
            return match_over()
        seat = seat_index(seats, user)
        if seat is None:
            return Rejected(Code.NOT_A_PLAYER, "you have no seat in this match")
        if match.status == MatchStatus.WAITING:
            if seat == 0 or match.created_by_id == user.pk:
                store.abort(match, seats, code="CREATOR_LEFT")
                return match_view(match=match, seat=None, seats=seats)
            row = seats[seat]
            Seat.objects.filter(pk=row.pk).update(user=None, joined_at=None)
            row.user, row.joined_at = None, None
            store.append_and_publish(match, [Event(SEAT_CHANGED, {"seat": seat, "change": "left"})])
            match.save()
            return match_view(match=match, seat=None, seats=seats)
        state = started_state(match)
        try:
            action = Resign(seat)
            new_state, events = apply(state, action)
        except EngineError as exc:
            return Rejected.of(exc)
        store.store(match, seats, state, new_state, events, action, user=user)
        return match_view(match=match, seat=seat, state=new_state, seats=seats)


def match_reclaim(*, match_id: object, user: Any) -> Result:
    """Take the user's seat back from the bot that played it after timeouts or while
    they were disconnected (T-ASYNC), at the start of a turn: not while that bot is
    half-way through a turn of the seat (NOT_ALLOWED)."""
    with transaction.atomic():
        match, seats = lock_match(match_id, user=user)
        if match.over:
            return match_over()
        seat = seat_index(seats, user)
        if seat is None:
            return Rejected(Code.NOT_A_PLAYER, "you have no seat in this match")
        if match.status != MatchStatus.ACTIVE:
            return Rejected(Code.NOT_ALLOWED, "the match has not started")
        state = started_state(match)
        row = seats[seat]
        control = seat_control(row, state.seats[seat])
        if state.on_turn == seat and _turn_begun(state) and control.controller == TAKEOVER:
            return Rejected(
                Code.NOT_ALLOWED, "the bot is playing this turn; reclaim at the next one"
            )
        if row.takeover == takeover.DISCONNECTED and not state.seats[seat].bot:
            # The engine never knew: only the seat row says a bot plays it.
            takeover.set_takeover(row, "")
            store.append_and_publish(
                match, [Event(SEAT_CHANGED, {"seat": seat, "change": "reclaimed"})]
            )
            match.save()
            return match_view(match=match, seat=seat, state=state, seats=seats)
        try:
            action = Reclaim(seat)
            new_state, events = apply(state, action)
        except EngineError as exc:
            return Rejected.of(exc)
        store.store(match, seats, state, new_state, events, action, user=user)
        return match_view(match=match, seat=seat, state=new_state, seats=seats)


def match_take_over(*, match_id: object, seat: int, reason: str) -> Result:
    """A bot (``BOT_TAKEOVER_LEVEL``) takes over a human's seat the engine still thinks
    is played by them (``matches.deadlines``: a live player disconnected); SEAT_CHANGED.
    The player gets it back with :func:`match_reclaim`. NOT_ALLOWED when a bot plays
    the seat already."""
    with transaction.atomic():
        match, seats = lock_match(match_id)
        if match.over:
            return match_over()
        if match.status != MatchStatus.ACTIVE:
            return Rejected(Code.NOT_ALLOWED, "the match has not started")
        state = started_state(match)
        row = seats[seat] if 0 <= seat < len(seats) else None
        control = seat_control(row, state.seats[seat] if row is not None else None)
        if row is None or control.controller in (None, BOT):
            return Rejected(Code.NOT_A_PLAYER, f"seat {seat} is not a person's")
        if control.controller != PLAYER:
            return Rejected(Code.NOT_ALLOWED, f"a bot plays seat {seat} already")
        level = settings.BOT_TAKEOVER_LEVEL
        takeover.set_takeover(row, reason)
        change = {"seat": seat, "change": "bot_took_over", "reason": reason, "bot": level}
        store.append_and_publish(match, [Event(SEAT_CHANGED, change)])
        takeover.tell_player(match, seat, reason, row.user_id)
        match.save()
        if state.on_turn == seat:
            takeover.queue_takeover_bot(match)
        return match_view(match=match, seat=None, state=state, seats=seats)


def match_abort(
    *,
    match_id: object,
    by: Any = None,
    reason: str = "",
    code: payloads.AbortCode = "MODERATOR",
) -> Result:
    """Moderation (or a tournament's deadline, ``code``): end a running or waiting match
    without a result (ratings untouched). Appends and publishes MATCH_ABORTED with
    ``code`` and ``reason`` (English; the code's text when empty)."""
    with transaction.atomic():
        match, seats = lock_match(match_id)
        if match.over:
            return match_over()
        store.abort(match, seats, code=code, reason=reason)
        return match_view(match=match, seat=None, seats=seats)


def match_set_rack_order(*, match_id: object, user: Any, cards: Sequence[str]) -> Result:
    """The order the player keeps their hand in (API.md setRackOrder), any time during
    play, on turn or not; kept per seat across turns (cards drawn later go last).
    CARD_NOT_IN_HAND unless ``cards`` is exactly the hand (as a multiset)."""
    if len(cards) > 200:
        raise InvalidRequest("a rack holds at most 200 cards")
    with transaction.atomic():
        # With the user: a private match they may not see is not found (issue 26: it
        # answered NOT_A_PLAYER, telling it from a missing one).
        match, seats = lock_match(match_id, user=user)
        if match.over:
            return match_over()
        seat = seat_index(seats, user)
        if seat is None:
            return Rejected(Code.NOT_A_PLAYER, "you have no seat in this match")
        if match.status != MatchStatus.ACTIVE:
            return Rejected(Code.NOT_ALLOWED, "the match has not started")
        state = started_state(match)
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
        row = seats[seat]
        Seat.objects.filter(pk=row.pk).update(rack_order=codes)
        row.rack_order = codes
        # A seat written under the lock writes the match row too: a move waiting for
        # this lock then knows to read the seats again (``matches.locks``).
        Match.objects.filter(pk=match.pk).update(updated_at=timezone.now())
        return match_view(match=match, seat=seat, state=state, seats=seats)


def player_report(
    *,
    user: Any,
    username: str,
    match_id: object | None,
    reason: str,
    text: str | None,
    lines: Sequence[int] = (),
) -> bool:
    """Record a report of ``username`` by ``user`` for moderators (the admin's list),
    with copies of the reported chat ``lines`` (seqs of the match's chat, written by
    the reported player). False for an unknown username; InvalidRequest for oneself, an
    unknown reason, or lines without a match or not the reported player's; MatchNotFound
    for a match the user may not see."""
    if reason not in ReportReason.values:
        raise InvalidRequest(f"reason must be one of {', '.join(ReportReason.values)}")
    if text is not None and len(text) > MAX_REPORT_TEXT:
        raise InvalidRequest(f"text is at most {MAX_REPORT_TEXT} characters")
    if len(lines) > 50:
        raise InvalidRequest("a report carries at most 50 lines")
    if lines and match_id is None:
        raise InvalidRequest("reported lines need the matchId they were said in")
    reported = get_user_model().objects.filter(username=username).first()
    if reported is None:
        return False
    if reported.pk == user.pk:
        raise InvalidRequest("you cannot report yourself")
    match = None
    copies: list[dict[str, Any]] = []
    if match_id is not None:
        match = match_get(match_id=match_id, user=user)
        if lines:
            copies = chat.reported_lines(match, reported.pk, lines)
    PlayerReport.objects.create(
        reporter=user,
        reported=reported,
        match=match,
        reason=reason,
        text=text or "",
        lines=copies,
    )
    return True


# -- small helpers ----------------------------------------------------------------------------


def seat_index(seats: Sequence[Seat], user: Any) -> int | None:
    """The index of ``user``'s seat among ``seats``, or None."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return next((s.index for s in seats if s.user_id == user.pk), None)


def _take_seat(match: Match, seat: Seat, field: str, change: Mapping[str, Any]) -> None:
    """The tail of a join and of a bot seated: the seat row (its ``field``, already set,
    and the time), one SEAT_CHANGED event, the match row."""
    seat.joined_at = timezone.now()
    seat.save(update_fields=[field, "joined_at"])
    store.append_and_publish(match, [Event(SEAT_CHANGED, {"seat": seat.index, **change})])
    match.save()


def _free_seat(seats: Sequence[Seat]) -> Seat | None:
    return next((s for s in seats if s.user_id is None and not s.bot_level), None)


def _turn_begun(state: GameState) -> bool:
    """Something was done in the current turn already (drawn, melded, a draft)."""
    cur = state.current
    return bool(cur.drawn_from or cur.steps or cur.played or cur.draft is not None or cur.key)


def _bot_level(level: object) -> str:
    value = str(getattr(level, "value", level)).upper()
    if value not in BotLevel.values:
        raise InvalidRequest(f"a bot level is one of {', '.join(BotLevel.values)}")
    return value


def match_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
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

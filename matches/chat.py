"""Table talk (issue 30): a match's chat, its rules and its moderation.

Rooms. The seated players talk in the PLAYERS room; everyone else who may see the match
and is signed in talks in the SPECTATORS room, which the players do not read while the
match runs (as on Lichess); after the end they may. The PLAYERS room is read by all who
may see the match, like the table itself (a private match: its players and staff).

Rules, checked in this order (a refusal is a ``Rejected``, nothing stored):
1. the match may be seen (else MatchNotFound, as everywhere);
2. a moderator's time-out (CHAT_TIMED_OUT, until when);
3. the flood limit: ``CHAT_FLOOD_LINES`` lines per ``CHAT_FLOOD_SECONDS`` per user, over
   all matches (CHAT_FLOOD);
4. one of ``text`` or ``quick``; a line is 1 to ``MAX_LINE`` (140) characters once
   trimmed (LINE_EMPTY, LINE_TOO_LONG);
5. a ranked match's PLAYERS room takes the preset quick messages only (QUICK_CHAT_ONLY)
   unless every seated person turned free chat on (:func:`chat_set_free`).

Delivery (``selectors``-like reads here, :func:`shape_for`): a line is not sent to a
viewer who blocked its author (``accounts.social``) or muted them in this match (or
muted everyone), nor a spectators' line to a seated player while the match runs; a line
hidden by a moderator is sent again only as hidden (no text). Every chat event has its
own ``seq`` per match (``MatchChat.last_seq``, locked apart from the match lock, so a
line never waits for a move); ``matchChat(matchId, after)`` resumes from it.

Moderation: staff hide a line (:func:`chat_hide`: a HIDDEN event) and time a user out
(:func:`chat_time_out`: 15 minutes, an hour, a day); the admin logs each action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from accounts import social
from engine.errors import Code
from matches import publishing
from matches.errors import ChatCode, InvalidRequest, Rejected
from matches.models import (
    ChatKind,
    ChatLine,
    ChatMute,
    ChatRoom,
    ChatTimeout,
    Match,
    MatchChat,
    Seat,
)
from matches.selectors import match_get

MAX_LINE = 140
CHAT_EVENTS = "chat.events"  # the Channels message type
TIMEOUT_MINUTES = (15, 60, 1440)
MAX_REPLAYED = 500  # chat events a subscription replays; older ones are the replay's

QUICK_MESSAGES = {
    "GOOD_LUCK": "Good luck",
    "WELL_PLAYED": "Well played",
    "THANKS": "Thanks",
    "OOPS": "Oops",
}


def chat_group(match_id: int) -> str:
    return f"rummy:chat:{match_id}"


def line_dict(row: ChatLine) -> dict[str, Any]:
    """A stored chat event as it travels between server processes (unshaped: a hidden
    line's text is still there; :func:`shape_for` drops it)."""
    author = row.author
    return {
        "seq": row.seq,
        "kind": row.kind,
        "room": row.room,
        "authorId": row.author_id,
        "author": author.get_username() if author is not None else None,
        "text": row.text if row.kind == ChatKind.MESSAGE else None,
        "quick": row.quick or None,
        "targetSeq": row.target_seq,
        "data": row.data,
        "hidden": row.hidden_at is not None,
        "at": row.created_at.isoformat() if row.created_at else None,
    }


# -- who the viewer is, for delivery ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reader:
    """What decides which chat events a viewer gets in a match."""

    user_id: int | None
    seated: bool
    over: bool
    blocked: frozenset[int]
    muted: frozenset[int]
    muted_all: bool


def reader(match: Match, user: Any) -> Reader:
    """The viewer ``user`` (None: anonymous) of ``match``'s chat, as of now."""
    user_id = user.pk if user is not None and getattr(user, "is_authenticated", False) else None
    seated = user_id is not None and Seat.objects.filter(match=match, user_id=user_id).exists()
    muted: set[int] = set()
    muted_all = False
    if user_id is not None:
        # muted_id is null for "everyone" (django-stubs types it int).
        muted_ids: list[int | None] = list(
            ChatMute.objects.filter(match=match, user_id=user_id).values_list("muted_id", flat=True)
        )
        for muted_id in muted_ids:
            if muted_id is None:
                muted_all = True
            else:
                muted.add(muted_id)
    return Reader(
        user_id=user_id,
        seated=seated,
        over=match.over,
        blocked=frozenset(social.blocked_ids(user_id)),
        muted=frozenset(muted),
        muted_all=muted_all,
    )


def shape_for(event: Mapping[str, Any], who: Reader) -> dict[str, Any] | None:
    """The chat event as ``who`` may get it, or None when it is not for them."""
    if event["room"] == ChatRoom.SPECTATORS and who.seated and not who.over:
        return None
    out = dict(event)
    if event["kind"] == ChatKind.MESSAGE:
        author = event.get("authorId")
        mine = author is not None and author == who.user_id
        if not mine and (author in who.blocked or author in who.muted or who.muted_all):
            return None
        if event.get("hidden"):
            out["text"], out["quick"] = None, None
    return out


# -- reads -----------------------------------------------------------------------------------


def chat_after(*, match_id: object, user: Any, after: int = 0) -> tuple[int, list[dict[str, Any]]]:
    """The match's key and its chat events after seq ``after`` as ``user`` may get them
    (at most ``MAX_REPLAYED``, the latest). Raises MatchNotFound."""
    match = match_get(match_id=match_id, user=user)
    who = reader(match, user)
    rows = (
        ChatLine.objects.filter(match=match, seq__gt=after)
        .select_related("author")
        .order_by("-seq")[:MAX_REPLAYED]
    )
    out = []
    for row in reversed(list(rows)):
        shaped = shape_for(line_dict(row), who)
        if shaped is not None:
            out.append(shaped)
    return int(match.pk), out


def chat_replay(match: Match, user: Any) -> list[dict[str, Any]]:
    """The chat of a match that is over, both rooms, as shown in its replay: every line
    not hidden, as ``user`` may get it (blocks and mutes hold there too)."""
    who = reader(match, user)
    rows = ChatLine.objects.filter(
        match=match, kind=ChatKind.MESSAGE, hidden_at__isnull=True
    ).select_related("author")
    out = []
    for row in rows.order_by("seq"):
        shaped = shape_for(line_dict(row), who)
        if shaped is not None:
            out.append(shaped)
    return out


@dataclass(frozen=True, slots=True)
class ChatState:
    """What the viewer may do in a match's chat now (``Match.chat``)."""

    room: str | None  # where the viewer speaks; None: may not speak (anonymous)
    quick_only: bool
    free_chat_mine: bool
    free_chat_players: int  # seated people who turned free chat on
    players: int  # seated people
    muted_all: bool
    muted: list[str]  # usernames
    timed_out_until: datetime | None


def chat_state(*, match: Match, user: Any) -> ChatState:
    who = reader(match, user)
    people = set(
        Seat.objects.filter(match=match, user__isnull=False).values_list("user_id", flat=True)
    )
    opted = set(_chat_row_values(match))
    room = None
    if who.user_id is not None:
        room = ChatRoom.PLAYERS if who.seated else ChatRoom.SPECTATORS
    quick_only = bool(match.ranked) and room == ChatRoom.PLAYERS and not people <= opted
    muted_names = []
    if who.muted:
        muted_names = sorted(
            get_user_model().objects.filter(pk__in=who.muted).values_list("username", flat=True)
        )
    return ChatState(
        room=room,
        quick_only=quick_only,
        free_chat_mine=who.user_id in opted,
        free_chat_players=len(opted & people),
        players=len(people),
        muted_all=who.muted_all,
        muted=muted_names,
        timed_out_until=timed_out_until(user),
    )


def _chat_row_values(match: Match) -> list[int]:
    row = MatchChat.objects.filter(match=match).values_list("free_chat", flat=True).first()
    return list(row or [])


def timed_out_until(user: Any) -> datetime | None:
    """The end of ``user``'s current chat time-out, if any."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    row = (
        ChatTimeout.objects.filter(user_id=user.pk, until__gt=timezone.now())
        .order_by("-until")
        .values_list("until", flat=True)
        .first()
    )
    return row


# -- writes ----------------------------------------------------------------------------------


def _lock_chat(match: Match) -> MatchChat:
    """The match's chat row, created on first use, locked for the transaction."""
    MatchChat.objects.get_or_create(match=match)
    return MatchChat.objects.select_for_update().get(match=match)


def _append(
    chat: MatchChat, match: Match, room: str, kind: str, author: Any, **fields: Any
) -> ChatLine:
    chat.last_seq += 1
    row = ChatLine.objects.create(
        match=match, seq=chat.last_seq, room=room, kind=kind, author=author, **fields
    )
    chat.save(update_fields=["last_seq"])
    return row


def _publish(match_id: int, rows: Sequence[ChatLine]) -> None:
    events = [line_dict(r) for r in rows]
    message = {"type": CHAT_EVENTS, "match_id": match_id, "events": events}
    transaction.on_commit(lambda: publishing.publish_group(chat_group(match_id), message))


def _flooding(user: Any, now: datetime) -> int | None:
    """Seconds until ``user`` may speak again, if the flood limit holds them now."""
    lines = int(settings.CHAT_FLOOD_LINES)
    window = float(settings.CHAT_FLOOD_SECONDS)
    if lines <= 0:
        return None
    since = now - timedelta(seconds=window)
    recent = list(
        ChatLine.objects.filter(author=user, kind=ChatKind.MESSAGE, created_at__gt=since)
        .order_by("-created_at")
        .values_list("created_at", flat=True)[:lines]
    )
    if len(recent) < lines:
        return None
    oldest = recent[-1]
    return max(1, int((oldest + timedelta(seconds=window) - now).total_seconds() + 0.999))


def chat_send(
    *, match_id: object, user: Any, text: str | None = None, quick: str | None = None
) -> ChatLine | Rejected:
    """Say ``text`` (or the preset ``quick`` message) in the match's room for ``user``
    (see the module notes for the rules). Raises MatchNotFound, InvalidRequest (both or
    neither of text and quick, an unknown quick message)."""
    if (text is None) == (quick is None):
        raise InvalidRequest("send either text or quick")
    if quick is not None and quick not in QUICK_MESSAGES:
        raise InvalidRequest(f"quick is one of {', '.join(QUICK_MESSAGES)}")
    match = match_get(match_id=match_id, user=user)
    now = timezone.now()
    until = timed_out_until(user)
    if until is not None:
        return Rejected(
            ChatCode.CHAT_TIMED_OUT, f"a moderator muted you in chat until {until.isoformat()}"
        )
    wait = _flooding(user, now)
    if wait is not None:
        return Rejected(ChatCode.CHAT_FLOOD, f"too many lines: wait {wait} s")
    line = ""
    if text is not None:
        line = " ".join(text.split())
        if not line:
            return Rejected(ChatCode.LINE_EMPTY, "a line has some text")
        if len(line) > MAX_LINE:
            return Rejected(ChatCode.LINE_TOO_LONG, f"a line has at most {MAX_LINE} characters")
    with transaction.atomic():
        chat = _lock_chat(match)
        people = set(
            Seat.objects.filter(match=match, user__isnull=False).values_list("user_id", flat=True)
        )
        room = ChatRoom.PLAYERS if user.pk in people else ChatRoom.SPECTATORS
        if (
            text is not None
            and match.ranked
            and room == ChatRoom.PLAYERS
            and not people <= set(chat.free_chat)
        ):
            return Rejected(
                ChatCode.QUICK_CHAT_ONLY,
                "ranked matches have quick messages only until every player turns free chat on",
            )
        row = _append(
            chat,
            match,
            room,
            ChatKind.MESSAGE,
            user,
            text=line if text is not None else QUICK_MESSAGES[str(quick)],
            quick=quick or "",
        )
        _publish(match.pk, [row])
        return row


def chat_set_free(*, match_id: object, user: Any, on: bool) -> ChatState | Rejected:
    """A seated player turns free chat on (or off) for themselves: a ranked match's
    players' room takes free text once every seated person did. NOT_A_PLAYER for anyone
    else. A FREE_CHAT event tells the table."""
    match = match_get(match_id=match_id, user=user)
    with transaction.atomic():
        chat = _lock_chat(match)
        people = set(
            Seat.objects.filter(match=match, user__isnull=False).values_list("user_id", flat=True)
        )
        if user.pk not in people:
            return Rejected(Code.NOT_A_PLAYER, "only the match's players choose free chat")
        opted = set(chat.free_chat)
        if (user.pk in opted) != on:
            opted = opted | {user.pk} if on else opted - {user.pk}
            chat.free_chat = sorted(opted)
            chat.save(update_fields=["free_chat"])
            data = {"on": on, "players": len(people), "freeChatPlayers": len(opted & people)}
            row = _append(chat, match, ChatRoom.PLAYERS, ChatKind.FREE_CHAT, user, data=data)
            _publish(match.pk, [row])
    return chat_state(match=match, user=user)


def chat_mute(*, match_id: object, user: Any, username: str | None, muted: bool) -> ChatState:
    """``user`` mutes (or unmutes) ``username``'s lines in this match, or everyone's
    (``username`` None). Raises MatchNotFound, UserNotFound."""
    match = match_get(match_id=match_id, user=user)
    other = social.user_by_name(username) if username is not None else None
    rows = ChatMute.objects.filter(user=user, match=match, muted=other)
    if muted:
        if not rows.exists():
            ChatMute.objects.create(user=user, match=match, muted=other)
    else:
        rows.delete()
    return chat_state(match=match, user=user)


def chat_hide(*, match_id: int, seq: int, by: Any) -> ChatLine | Rejected:
    """Moderation: hide line ``seq`` of a match (a HIDDEN event tells every reader to drop
    it; its text stays for moderators and reports). NOT_ALLOWED for what is not a line
    or is hidden already."""
    match = Match.objects.get(pk=match_id)
    with transaction.atomic():
        chat = _lock_chat(match)
        line = ChatLine.objects.filter(match=match, seq=seq, kind=ChatKind.MESSAGE).first()
        if line is None:
            return Rejected(Code.NOT_ALLOWED, f"there is no line {seq} in this match")
        if line.hidden_at is not None:
            return Rejected(Code.NOT_ALLOWED, f"line {seq} is hidden already")
        line.hidden_at = timezone.now()
        line.hidden_by = by
        line.save(update_fields=["hidden_at", "hidden_by"])
        row = _append(chat, match, line.room, ChatKind.HIDDEN, by, target_seq=seq)
        _publish(match.pk, [row])
        return line


def chat_time_out(*, user: Any, minutes: int, by: Any, reason: str = "") -> ChatTimeout:
    """Moderation: ``user`` may not chat for ``minutes`` (15, 60 or 1440) from now."""
    if minutes not in TIMEOUT_MINUTES:
        raise InvalidRequest(f"a time-out lasts {', '.join(map(str, TIMEOUT_MINUTES))} minutes")
    return ChatTimeout.objects.create(
        user=user,
        until=timezone.now() + timedelta(minutes=minutes),
        reason=reason[:200],
        created_by=by,
    )


def reported_lines(match: Match, author_id: int, seqs: Sequence[int]) -> list[dict[str, Any]]:
    """Copies of lines ``seqs`` of ``match`` written by ``author_id`` (a report carries
    them); InvalidRequest for any other seq."""
    wanted = sorted(set(seqs))
    rows = list(
        ChatLine.objects.filter(
            match=match, seq__in=wanted, kind=ChatKind.MESSAGE, author_id=author_id
        ).order_by("seq")
    )
    if len(rows) != len(wanted):
        raise InvalidRequest("lines must be chat lines of the reported player in that match")
    return [
        {
            "seq": r.seq,
            "room": r.room,
            "author": author_id,
            "text": r.text,
            "at": r.created_at.isoformat(),
        }
        for r in rows
    ]

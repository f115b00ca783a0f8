"""The chat's root fields (issue 30): ``chat`` (a match's chat so far and the viewer's
state), ``sendChat``, ``setFreeChat``, ``muteChat`` and the ``matchChat`` subscription.
Thin resolvers over ``matches.chat``."""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator
from typing import Annotated, Any

import strawberry

from accounts.social import UserNotFound
from api.auth import forbidden, get_user, require_user
from api.errors import bad_input
from api.matches.calls import call, enum_value, not_found, ws_call
from api.matches.chat import (
    ChatEvent,
    ChatMessage,
    ChatState,
    QuickMessage,
    chat_event,
    chat_state,
)
from api.rejections import Rejection, rejection
from config.pubsub import Inbox, listening
from matches import chat, selectors
from matches.errors import Rejected
from matches.models import ChatLine, MatchChat
from matches.models import Match as MatchRow

ChatResult = Annotated[ChatMessage | Rejection, strawberry.union("ChatResult")]
ChatStateResult = Annotated[ChatState | Rejection, strawberry.union("ChatStateResult")]


@strawberry.type(description="A match's chat: the viewer's state and the events after `after`.")
class ChatLog:
    state: ChatState
    events: list[ChatEvent]
    last_seq: int = strawberry.field(
        description="The seq to resume from (matchChat(after:)); some events are not for you."
    )


def _log(match_id: object, user: Any, after: int) -> ChatLog:
    pk, events = chat.chat_after(match_id=match_id, user=user, after=after)
    match = selectors.match_get(match_id=match_id, user=user)
    last = MatchChat.objects.filter(match_id=pk).values_list("last_seq", flat=True).first()
    return ChatLog(
        state=chat_state(chat.chat_state(match=match, user=user), chat.MAX_LINE),
        events=[chat_event(e, match.public_id) for e in events],
        last_seq=int(last or 0),
    )


def _send(match_id: object, user: Any, text: str | None, quick: str | None) -> ChatResult:
    result = chat.chat_send(match_id=match_id, user=user, text=text, quick=quick)
    if isinstance(result, Rejected):
        return rejection(result.code, result.message, rule=result.rule)
    return _message(result)


def _message(row: ChatLine) -> ChatMessage:
    event = chat_event(chat.line_dict(row), row.match.public_id)
    assert isinstance(event, ChatMessage)
    return event


def _free(match_id: object, user: Any, on: bool) -> ChatStateResult:
    result = chat.chat_set_free(match_id=match_id, user=user, on=on)
    if isinstance(result, Rejected):
        return rejection(result.code, result.message, rule=result.rule)
    return chat_state(result, chat.MAX_LINE)


def _mute(match_id: object, user: Any, username: str | None, muted: bool) -> ChatState:
    return chat_state(
        chat.chat_mute(match_id=match_id, user=user, username=username, muted=muted),
        chat.MAX_LINE,
    )


@strawberry.type
class ChatQuery:
    @strawberry.field(
        description=(
            "A match's chat as the viewer may read it: events after `after` (the latest "
            "500 at most; the replay has every line) and what the viewer may do."
        )
    )
    async def chat(self, info: strawberry.Info, match_id: strawberry.ID, after: int = 0) -> ChatLog:
        if after < 0:
            raise bad_input("after is a seq the client saw (0 or more)")
        return await call(_log, match_id=match_id, user=get_user(info), after=after)


@strawberry.type
class ChatMutation:
    @strawberry.mutation(
        description=(
            "Say a line (`text`, at most 140 characters) or a preset `quick` line in the "
            "match: in the players' room if seated, else the spectators'. Rejections: "
            "CHAT_TIMED_OUT, CHAT_FLOOD, LINE_EMPTY, LINE_TOO_LONG, QUICK_CHAT_ONLY."
        )
    )
    async def send_chat(
        self,
        info: strawberry.Info,
        match_id: strawberry.ID,
        text: str | None = None,
        quick: QuickMessage | None = None,
    ) -> ChatResult:
        user = require_user(info)
        return await call(
            _send,
            match_id=match_id,
            user=user,
            text=text,
            quick=enum_value(quick) if quick is not None else None,
        )

    @strawberry.mutation(
        description=(
            "Turn free chat on (or off) for yourself in a match you play: a ranked "
            "match's players' room takes free text once every player did. NOT_A_PLAYER."
        )
    )
    async def set_free_chat(
        self, info: strawberry.Info, match_id: strawberry.ID, on: bool
    ) -> ChatStateResult:
        user = require_user(info)
        return await call(_free, match_id=match_id, user=user, on=on)

    @strawberry.mutation(
        description=(
            "Mute (or unmute) a player's lines in this match, or the whole chat "
            "(no username). Only for you; blocked players are never heard anyway."
        )
    )
    async def mute_chat(
        self,
        info: strawberry.Info,
        match_id: strawberry.ID,
        username: str | None = None,
        muted: bool = True,
    ) -> ChatState:
        user = require_user(info)
        try:
            return await call(_mute, match_id=match_id, user=user, username=username, muted=muted)
        except UserNotFound as exc:
            raise not_found(str(exc)) from None


def _reader(match_id: object, user: Any) -> tuple[int, str, chat.Reader]:
    match = selectors.match_get(match_id=match_id, user=user)
    return int(match.pk), match.public_id, chat.reader(match, user)


def _fresh_reader(pk: int, user: Any) -> chat.Reader:
    # The viewer passed the visibility check when the subscription began (a private
    # match: a player or staff); here only who they are now matters.
    return chat.reader(MatchRow.objects.get(pk=pk), user)


@strawberry.type
class ChatSubscription:
    @strawberry.subscription(
        description=(
            "The match's chat events with seq > `after` (null: the latest 500), then the "
            "live ones, as the viewer may read them: a blocked or muted player's lines "
            "never come, nor the spectators' room to a player while the match runs."
        )
    )
    async def match_chat(
        self, info: strawberry.Info, match_id: strawberry.ID, after: int | None = None
    ) -> AsyncGenerator[ChatEvent, None]:
        if after is not None and after < 0:
            raise bad_input("after is a seq the client saw (0 or more)")
        user = get_user(info)
        pk, public_id, _ = await ws_call(_reader, match_id=match_id, user=user)
        ws = info.context["ws"]
        if ws is None:  # pragma: no cover - subscriptions run over the websocket only
            raise forbidden("subscriptions are served over the websocket only")
        async with listening(chat.chat_group(pk), Inbox(), json.loads) as live:
            last = after or 0
            _, stored = await ws_call(chat.chat_after, match_id=pk, user=user, after=last)
            for event in stored:
                yield chat_event(event, public_id)
                last = max(last, event["seq"])
            async for message in live:
                if message.get("type") != chat.CHAT_EVENTS or message.get("match_id") != pk:
                    continue
                rows = [e for e in message["events"] if e["seq"] > last]
                if not rows:
                    continue
                # Blocks, mutes and the match's end change who reads what: read them now.
                who = await ws_call(_fresh_reader, pk=pk, user=user)
                if rows[0]["seq"] > last + 1:  # missed or overtaken: read the log
                    _, rows = await ws_call(chat.chat_after, match_id=pk, user=user, after=last)
                    for event in rows:
                        yield chat_event(event, public_id)
                        last = max(last, event["seq"])
                    continue
                for row in rows:
                    last = max(last, row["seq"])
                    shaped = chat.shape_for(row, who)
                    if shaped is not None:
                        yield chat_event(shaped, public_id)

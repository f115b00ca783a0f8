"""A match's chat over GraphQL (issue 30): its events, typed (``ChatEvent`` is an
interface with one type per kind), and the viewer's chat state. The rules are
``matches.chat``'s."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from enum import Enum
from typing import Any

import strawberry

from api.accounts.users import UserType
from api.events.snapshots import time_of
from matches.chat import ChatState as ChatStateRow


@strawberry.enum(description="A preset line (all a ranked table says until free chat is on).")
class QuickMessage(Enum):
    GOOD_LUCK = "GOOD_LUCK"
    WELL_PLAYED = "WELL_PLAYED"
    THANKS = "THANKS"
    OOPS = "OOPS"


@strawberry.enum(
    description=(
        "PLAYERS: the seated players speak, everyone who sees the match reads. "
        "SPECTATORS: everyone else signed in; the players read it once the match is over."
    )
)
class ChatRoom(Enum):
    PLAYERS = "PLAYERS"
    SPECTATORS = "SPECTATORS"


@strawberry.enum(description="The kind of a chat event; ChatEvent.type as an enum.")
class ChatEventKind(Enum):
    MESSAGE = "MESSAGE"
    HIDDEN = "HIDDEN"
    FREE_CHAT = "FREE_CHAT"
    OTHER = "OTHER"


@strawberry.interface(description="One event of a match's chat, with the chat's own seq.")
class ChatEvent:
    seq: int = strawberry.field(description="The chat's event number in the match: 1, 2, ...")
    type: str
    kind: ChatEventKind
    match_id: strawberry.ID
    room: ChatRoom
    at: datetime | None


@strawberry.type(
    description=(
        "MESSAGE: a line. `text` is null once a moderator hid it (`hidden`); `quick` "
        "names a preset line (clients may show it in their language)."
    )
)
class ChatMessage(ChatEvent):
    user_id: strawberry.ID | None
    username: str | None
    text: str | None
    quick: QuickMessage | None
    hidden: bool

    @strawberry.field(description="Who said it.")
    async def user(self) -> UserType | None:
        if self.user_id is None:
            return None
        return await UserType.resolve_reference(self.user_id)


@strawberry.type(description="HIDDEN: a moderator hid line `hiddenSeq`; drop its text.")
class ChatLineHidden(ChatEvent):
    hidden_seq: int


@strawberry.type(description="FREE_CHAT: a player turned free chat on or off (ranked matches).")
class FreeChatChanged(ChatEvent):
    username: str | None
    on: bool
    free_chat_players: int = strawberry.field(description="Seated players who turned it on.")
    players: int = strawberry.field(description="Seated players: all of them unlock free text.")


@strawberry.type(description="A chat event of a kind this server version has no type for.")
class OtherChatEvent(ChatEvent):
    pass


def chat_event(data: Mapping[str, Any], match_id: str) -> ChatEvent:
    """The typed event of a shaped chat event (``matches.chat.shape_for``)."""
    kind_text = str(data["kind"])
    kind = ChatEventKind.__members__.get(kind_text, ChatEventKind.OTHER)
    author = data.get("authorId")
    common: dict[str, Any] = {
        "seq": data["seq"],
        "type": kind_text,
        "kind": kind,
        "match_id": strawberry.ID(match_id),
        "room": ChatRoom(data["room"]),
        "at": time_of(data.get("at")),
    }
    if kind == ChatEventKind.MESSAGE:
        quick = data.get("quick")
        return ChatMessage(
            **common,
            user_id=strawberry.ID(str(author)) if author is not None else None,
            username=data.get("author"),
            text=data.get("text"),
            quick=QuickMessage(quick) if quick in QuickMessage.__members__ else None,
            hidden=bool(data.get("hidden")),
        )
    if kind == ChatEventKind.HIDDEN:
        return ChatLineHidden(**common, hidden_seq=int(data.get("targetSeq") or 0))
    if kind == ChatEventKind.FREE_CHAT:
        extra: Mapping[str, Any] = data.get("data") or {}
        return FreeChatChanged(
            **common,
            username=data.get("author"),
            on=bool(extra.get("on")),
            free_chat_players=int(extra.get("freeChatPlayers", 0)),
            players=int(extra.get("players", 0)),
        )
    return OtherChatEvent(**common)


@strawberry.type(description="What the viewer may do in a match's chat now.")
class ChatState:
    room: ChatRoom | None = strawberry.field(
        description="Where the viewer speaks (seated: PLAYERS); null: signed out."
    )
    quick_only: bool = strawberry.field(
        description="Only quick messages (a ranked match until every player turns free chat on)."
    )
    free_chat: bool = strawberry.field(description="The viewer turned free chat on.")
    free_chat_players: int
    players: int
    muted_all: bool = strawberry.field(description="The viewer muted the whole chat here.")
    muted: list[str] = strawberry.field(description="Players the viewer muted here.")
    timed_out_until: datetime | None = strawberry.field(
        description="A moderator's time-out: no lines until then."
    )
    max_length: int = strawberry.field(description="Characters a line may have.")


def chat_state(row: ChatStateRow, max_length: int) -> ChatState:
    return ChatState(
        room=ChatRoom(row.room) if row.room else None,
        quick_only=row.quick_only,
        free_chat=row.free_chat_mine,
        free_chat_players=row.free_chat_players,
        players=row.players,
        muted_all=row.muted_all,
        muted=row.muted,
        timed_out_until=row.timed_out_until,
        max_length=max_length,
    )


SCHEMA_TYPES = [ChatMessage, ChatLineHidden, FreeChatChanged, OtherChatEvent]

"""A finished match's replay (`replay`), with every private part: each event as stored,
typed (``api.events``: as a spectator saw it) and with each seat's hand after it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import strawberry
from strawberry.scalars import JSON

from api.auth import get_user
from api.events.mapping import match_event
from api.events.match_events import MatchEvent
from api.matches.calls import call
from api.matches.cards import Card, cards
from api.matches.chat import ChatMessage, chat_event
from api.matches.enums import MatchStatus
from api.matches.match import Seat, seat
from matches import chat, selectors


@strawberry.type(description="One event with every private part (finished matches only).")
class ReplayEvent:
    seq: int
    type: str
    payload: JSON = strawberry.field(
        deprecation_reason="Use `event` (the typed event) and `hands`."
    )
    private: JSON = strawberry.field(description="Per seat (keys are seat indexes).")
    event: MatchEvent = strawberry.field(
        description="The event as a spectator saw it, typed (as matchEvents sends it)."
    )
    hands: list[list[Card] | None] = strawberry.field(
        description=(
            "Per seat: its whole hand after this event, when the event changed it "
            "(null: unchanged)."
        )
    )


@strawberry.type(description="A match that is over, with full information.")
class Replay:
    match_id: strawberry.ID
    ruleset: str
    status: MatchStatus
    options: JSON
    seats: list[Seat]
    events: list[ReplayEvent]
    actions: JSON = strawberry.field(description="The action log, in order.")
    hands: list[list[Card]] = strawberry.field(description="Every hand at the end.")
    winners: list[int]
    outcome: JSON | None

    @strawberry.field(
        description="The chat, both rooms: every line not hidden, as the viewer may read it."
    )
    async def chat(self, info: strawberry.Info) -> list[ChatMessage]:
        return await call(_chat, match_id=str(self.match_id), user=get_user(info))


def _chat(match_id: str, user: Any) -> list[ChatMessage]:
    match = selectors.match_get(match_id=match_id, user=user)
    lines = [chat_event(line, match.public_id) for line in chat.chat_replay(match, user)]
    return [line for line in lines if isinstance(line, ChatMessage)]


def replay_event(match_id: object, seats: int, e: Mapping[str, Any]) -> ReplayEvent:
    """A replay's event: as stored, typed (its public part), and each seat's hand."""
    private: dict[str, Any] = e["private"]
    typed = match_event(
        {"seq": e["seq"], "type": e["type"], "matchId": match_id, "payload": e["payload"]}
    )
    hands = [private.get(str(i), {}).get("myHand") for i in range(seats)]
    return ReplayEvent(
        seq=e["seq"],
        type=e["type"],
        payload=e["payload"],
        private=JSON(private),
        event=typed,
        hands=[cards(h) if h is not None else None for h in hands],
    )


def replay(data: Mapping[str, Any]) -> Replay:
    return Replay(
        match_id=strawberry.ID(str(data["matchId"])),
        ruleset=data["ruleset"],
        status=MatchStatus(data["status"]),
        options=data["options"],
        seats=[seat(data["matchId"], s) for s in data["seats"]],
        events=[replay_event(data["matchId"], len(data["seats"]), e) for e in data["events"]],
        actions=data["actions"],
        hands=[cards(h) for h in data["hands"]],
        winners=data["winners"],
        outcome=data["outcome"],
    )

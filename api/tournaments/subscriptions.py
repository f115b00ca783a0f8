"""``tournamentEvents(id, after)``: every stored event of the tournament after seq
``after``, then the live ones, in seq order without gaps or repeats; it completes after
TOURNAMENT_ENDED or TOURNAMENT_CANCELLED. Anyone may follow a tournament."""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator
from typing import Any

import strawberry

from api.auth import forbidden, get_user
from api.errors import bad_input
from api.matches.calls import ws_call
from api.tournaments.events import TournamentEvent, tournament_event
from config.pubsub import Inbox, listening
from tournaments import selectors
from tournaments.events import FINAL, TOURNAMENT_EVENTS, tournament_group


def _tournament_pk(tournament_id: object) -> int:
    return int(selectors.tournament_get(tournament_id=tournament_id).pk)


def _typed(
    tournament_id: int, events: list[dict[str, Any]], viewer_id: int | None
) -> list[TournamentEvent]:
    return [tournament_event(tournament_id, e, viewer_id) for e in events]


@strawberry.type
class TournamentSubscription:
    @strawberry.subscription(
        description=(
            "The tournament's events with seq > `after` (null: from the start), then the "
            "live ones: registrations, TOURNAMENT_STARTED, ROUND_STARTED (with your "
            "table), STANDINGS_CHANGED, PLAYER_WITHDRAWN, TOURNAMENT_ENDED (it completes "
            "after it, or TOURNAMENT_CANCELLED)."
        )
    )
    async def tournament_events(
        self, info: strawberry.Info, id: strawberry.ID, after: int | None = None
    ) -> AsyncGenerator[TournamentEvent, None]:
        if after is not None and after < 0:
            raise bad_input("after is a seq the client saw (0 or more)")
        user = get_user(info)
        viewer = user.pk if user is not None else None
        pk = await ws_call(_tournament_pk, tournament_id=id)
        ws = info.context["ws"]
        if ws is None:  # pragma: no cover - subscriptions run over the websocket only
            raise forbidden("subscriptions are served over the websocket only")
        # Join the group before reading the log: an event committed in between is both
        # stored and delivered live, and the seq check drops the second copy.
        async with listening(tournament_group(pk), Inbox(), json.loads) as live:
            last = after or 0
            stored = await ws_call(selectors.tournament_events_after, tournament_id=pk, after=last)
            for event in await ws_call(_typed, tournament_id=pk, events=stored, viewer_id=viewer):
                yield event
                last = event.seq
                if event.type in FINAL:
                    return
            async for message in live:
                if message.get("type") != TOURNAMENT_EVENTS or message.get("tournament_id") != pk:
                    continue
                rows = [e for e in message["events"] if e["seq"] > last]
                if rows and rows[0]["seq"] > last + 1:  # missed or overtaken: read the log
                    rows = await ws_call(
                        selectors.tournament_events_after, tournament_id=pk, after=last
                    )
                for event in await ws_call(_typed, tournament_id=pk, events=rows, viewer_id=viewer):
                    if event.seq <= last:
                        continue
                    yield event
                    last = event.seq
                    if event.type in FINAL:
                        return

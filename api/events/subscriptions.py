"""The two subscriptions (API.md): a match's events (``matchEvents``) and the viewer's
notifications (``myEvents``).

Subscriptions join the match's (or the user's) Channels group first, then read what is
stored, then pass on live events: see :meth:`MatchSubscription.match_events`.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from typing import Any

import strawberry
from django.conf import settings

from api import event_sharing
from api.auth import forbidden, get_user, require_user
from api.errors import bad_input, rate_limited
from api.events.mapping import match_event
from api.events.match_events import MatchEvent
from api.events.notices import UserEvent, user_event
from api.limits import ahit
from api.matches.calls import ws_call
from matches import selectors
from matches.models import Match as MatchRow
from matches.presence import attending, online
from matches.publishing import MATCH_EVENTS, USER_EVENT, match_group, user_group

# Events after which a match has nothing more to say: its event stream completes.
FINAL_EVENTS = frozenset({"MATCH_ENDED", "MATCH_ABORTED"})


def client_event(event: dict[str, Any], public_id: str) -> MatchEvent:
    """A shaped event as it leaves the server: ``matchId`` is the match's public id."""
    return match_event({**event, "matchId": public_id})


def _subscriber(match_id: object, user: Any) -> tuple[int, str, int | None]:
    match = selectors.match_get(match_id=match_id, user=user)
    return match.pk, match.public_id, selectors.seat_of(match, user)


def _backlog(match_id: int, after: int, seat: int | None) -> tuple[list[dict[str, Any]], bool]:
    """What is stored after ``after`` (or one RESYNC event), and whether the match is over
    with nothing more to come."""
    match = MatchRow.objects.get(pk=match_id)
    events = selectors.match_events_after(match_id=match_id, after=after, seat=seat)
    if events is None:
        events = [selectors.resync_event(match=match, seat=seat)]
    done = match.over and (not events or events[-1]["seq"] >= match.last_seq)
    return events, done


def _seat_now(match_id: int, user: Any) -> int | None:
    match = MatchRow.objects.get(pk=match_id)
    return selectors.seat_of(match, user)


async def count_replay(info: strawberry.Info, events: int) -> None:
    """Replayed events count against the client address (RATE_LIMIT_WS_REPLAYED_IP):
    a few bytes of `matchEvents(after: 0)` must not buy thousands of messages (issue 14)."""
    ip = getattr(info.context, "client_ip", "") or ""
    wait = await ahit("ws-replayed-ip", ip, settings.RATE_LIMIT_WS_REPLAYED_IP, amount=events)
    if wait is not None:
        raise rate_limited(f"Too many replayed events: wait {wait} s and subscribe again.", wait)


def _live_event(pk: int, row: dict[str, Any], seat: int | None, public_id: str) -> MatchEvent:
    """A published event as ``seat`` may see it: one object for every subscriber of this
    process with that view (api.event_sharing.shared_match_event; executed once per query).
    The key is the stored event (match, seq, when stored, kind) and the view: the seat's
    own when the event has a private part for it, else the spectators' (a seat without
    one sees exactly what they see: ``engine.events.event_for``)."""
    if row.get("at") is None:
        return client_event(selectors.shape_event(pk, row, seat), public_id)
    private = row.get("private") or {}
    view = seat if seat is not None and (str(seat) in private or seat in private) else None
    key = (pk, row["seq"], row["at"], row["type"], view)
    return event_sharing.shared_match_event(
        key, lambda: client_event(selectors.shape_event(pk, row, view), public_id)
    )


def _ws(info: strawberry.Info) -> Any:
    ws = info.context["ws"]
    if ws is None:  # pragma: no cover - strawberry runs subscriptions over websockets only
        raise forbidden("subscriptions are served over the websocket only")
    return ws


@strawberry.type
class MatchSubscription:
    @strawberry.subscription(
        description=(
            "Every event of the match with seq > `after` (null: from the start), then the "
            "live ones, in seq order without gaps or duplicates, each as the viewer may see "
            "it. Too old an `after` gets one RESYNC event (payload: the full view) instead. "
            "Completes after MATCH_ENDED or MATCH_ABORTED."
        )
    )
    async def match_events(
        self, info: strawberry.Info, match_id: strawberry.ID, after: int | None = None
    ) -> AsyncGenerator[MatchEvent, None]:
        user = get_user(info)
        if after is not None and after < 0:
            raise bad_input("after is a seq the client saw (0 or more)")
        pk, public_id, seat = await ws_call(_subscriber, match_id=match_id, user=user)
        ws = _ws(info)
        # Join the group before reading the log: an event committed in between is then
        # both stored and delivered live, and the seq check drops the second copy.
        async with (
            ws.listen_to_channel(MATCH_EVENTS, groups=[match_group(pk)]) as live,
            # Heartbeats while subscribed: a live player gone too long gets a bot (issue 6).
            attending(pk, user),
        ):
            last = after or 0
            backlog, done = await ws_call(_backlog, match_id=pk, after=last, seat=seat)
            await count_replay(info, len(backlog))
            for event in backlog:
                yield client_event(event, public_id)
                last = event["seq"]
                if event["type"] in FINAL_EVENTS:
                    return
            if done:
                return
            async for message in live:
                # Every subscription of a socket sees every message of its groups' type.
                if message.get("match_id") != pk:
                    continue
                for row in message["events"]:
                    if row["seq"] <= last:
                        continue
                    if row["seq"] > last + 1:
                        # A message was missed or overtaken: read the gap from the log.
                        gap = await ws_call(
                            selectors.match_events_after,
                            match_id=pk,
                            after=last,
                            seat=seat,
                            upto=row["seq"] - 1,
                        )
                        if gap is None:
                            match = await ws_call(MatchRow.objects.get, pk=pk)
                            gap = [await ws_call(selectors.resync_event, match=match, seat=seat)]
                        for event in gap:
                            if event["seq"] > last:
                                yield client_event(event, public_id)
                                last = event["seq"]
                        if row["seq"] <= last:
                            continue
                    if row["type"] == "SEAT_CHANGED" and user is not None:
                        seat = await ws_call(_seat_now, match_id=pk, user=user)
                    yield _live_event(pk, row, seat, public_id)
                    last = row["seq"]
                    if row["type"] in FINAL_EVENTS:
                        return

    @strawberry.subscription(
        description=(
            "The viewer's notifications, one type per kind: MATCH_STARTED, YOUR_TURN, "
            "TURN_REMINDER, SEAT_TAKEN_OVER, MATCH_ENDED, MATCH_ABORTED, RATING_CHANGED, "
            "the TOURNAMENT_* and CHALLENGE_* notices. While it runs the viewer counts as "
            "online (me.following)."
        )
    )
    async def my_events(self, info: strawberry.Info) -> AsyncGenerator[UserEvent, None]:
        user = require_user(info)
        ws = _ws(info)
        async with (
            ws.listen_to_channel(USER_EVENT, groups=[user_group(user.pk)]) as live,
            # Online while subscribed (followers see it: me.following).
            online(user),
        ):
            async for message in live:
                event = message["event"]
                match_id = event.get("matchId")
                if match_id is not None:  # the row's key, server-side: send the public id
                    match_id = await ws_call(selectors.public_id_of, match_id=match_id)
                yield user_event({**event, "matchId": match_id})

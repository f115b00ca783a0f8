"""The two subscriptions (API.md): a match's events (``matchEvents``) and the viewer's
notifications (``myEvents``), from the process's pub/sub hub (``config.pubsub``). A match's
subscription listens to its topic first, then reads what is stored, then passes on live
events (``api.events.live``): an event committed in between is both stored and live, the
seq check drops the second copy, and a gap is read from the log.
"""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator, Mapping
from typing import Any

import strawberry
from django.conf import settings

from api.auth import get_user, require_user
from api.errors import bad_input, rate_limited
from api.events import live
from api.events.mapping import match_event
from api.events.match_events import MatchEvent
from api.events.notices import UserEvent, user_event
from api.limits import ahit
from api.matches.calls import not_found, ws_call
from api.ws import current_operation
from config import fast_paths
from config.pubsub import USER_EVENT, Inbox, listening, match_topic, user_topic
from matches import selectors
from matches.errors import MatchNotFound
from matches.models import Match as MatchRow
from matches.presence import attending, online

# Events after which a match has nothing more to say: its event stream completes.
FINAL_EVENTS = frozenset({"MATCH_ENDED", "MATCH_ABORTED"})
Stored = tuple[list[dict[str, Any]], dict[str, Any] | None, bool]


def _start(match_id: str, user: Any, after: int) -> tuple[int, int | None, Stored]:
    """The match's key, the viewer's seat and what is stored after ``after``
    (:func:`_stored`), once the viewer may see it (raises MatchNotFound)."""
    match = selectors.match_get(match_id=match_id, user=user)
    seat = selectors.seat_of(match, user)
    return match.pk, seat, _stored(match, after, None, seat)


def _stored(match: MatchRow | int, after: int, upto: int | None, seat: int | None) -> Stored:
    """The stored event rows with ``after < seq (<= upto)``, or (too many to replay) none
    and one RESYNC event; and whether the match is over with nothing more to come."""
    pk = match if isinstance(match, int) else match.pk
    rows = selectors.match_event_rows(match_id=pk, after=after, upto=upto)
    if rows is not None and upto is not None:
        return rows, None, False
    if isinstance(match, int):
        match = MatchRow.objects.get(pk=pk)
    resync = selectors.resync_event(match=match, seat=seat) if rows is None else None
    last = resync["seq"] if resync is not None else rows[-1]["seq"] if rows else after
    return rows or [], resync, match.over and last >= match.last_seq


def seat_after(row: Mapping[str, Any], seat: int | None, username: str | None) -> int | None:
    """The viewer's seat after a SEAT_CHANGED event (``matches.seating``): the seat the
    viewer joined, none after leaving it; other changes move nobody."""
    public = row.get("public") or {}
    if public.get("change") == "joined" and username and public.get("username") == username:
        return int(public["seat"])
    return None if public.get("change") == "left" and public.get("seat") == seat else seat


async def count_replay(info: strawberry.Info, events: int) -> None:
    """Replayed events count against the client address (RATE_LIMIT_WS_REPLAYED_IP):
    a few bytes of `matchEvents(after: 0)` must not buy thousands of messages (issue 14)."""
    ip = getattr(info.context, "client_ip", "") or ""
    wait = await ahit("ws-replayed-ip", ip, settings.RATE_LIMIT_WS_REPLAYED_IP, amount=events)
    if wait is not None:
        raise rate_limited(f"Too many replayed events: wait {wait} s and subscribe again.", wait)


def _direct(info: strawberry.Info) -> live.Direct | None:
    """The fast path of this subscription (None: the plain one)."""
    op = current_operation.get()
    if not fast_paths.on("live_events") or op is None:
        return None
    return live.Direct(info.schema, info.context, op.id, op.query, op.variables, op.operation_name)


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
        ws, direct, last = info.context["ws"], _direct(info), after or 0
        try:
            selectors.match_lookup(match_id)  # a malformed id is NOT_FOUND before any topic
        except MatchNotFound as exc:
            raise not_found(str(exc)) from None
        username = user.get_username() if user is not None else None
        async with listening(match_topic(match_id), Inbox(), live.rows_of) as rows_live:
            pk, seat, (rows, resync, done) = await ws_call(
                _start, match_id=match_id, user=user, after=last
            )
            await count_replay(info, len(rows) + (resync is not None))
            pending = [rows]  # batches of rows to pass on before reading live ones
            # Heartbeats while subscribed: a live player gone too long gets a bot (issue 6).
            async with attending(pk, user):
                while True:
                    if resync is not None:  # too much to replay: the whole view instead
                        yield match_event({**resync, "matchId": match_id})
                        last, resync = resync["seq"], None
                    if not pending and done:
                        return
                    batch = pending.pop(0) if pending else await anext(rows_live)
                    for index, row in enumerate(batch):
                        if row["seq"] <= last:
                            continue
                        if row["seq"] > last + 1:  # missed or overtaken: read the gap
                            gap, resync, _ = await ws_call(
                                _stored, match=pk, after=last, upto=row["seq"] - 1, seat=seat
                            )
                            pending[:0] = [gap, batch[index:]]
                            break
                        if row["type"] == "SEAT_CHANGED":
                            seat = seat_after(row, seat, username)
                        view = live.view_of(row, seat)
                        data = live.text(match_id, row, view, direct) if direct else None
                        if direct and data is not None:
                            await ws.send(text_data=direct.message(data))
                        else:
                            yield live.event(match_id, row, view)
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
        async with (
            listening(user_topic(user.pk), Inbox(), json.loads) as messages,
            # Online while subscribed (followers see it: me.following).
            online(user),
        ):
            async for message in messages:
                if message.get("type") == USER_EVENT:
                    event = message["event"]
                    if (match_id := event.get("matchId")) is not None:  # the row's key
                        match_id = await _public_id(match_id)
                    yield user_event({**event, "matchId": match_id})


_public_ids: dict[int, str] = {}  # a match's public id never changes


async def _public_id(match_id: int) -> str:
    if (public_id := _public_ids.get(match_id)) is None:
        public_id = await ws_call(selectors.public_id_of, match_id=match_id)
        if len(_public_ids) >= 10_000:  # bounded: forget them all rather than grow
            _public_ids.clear()
        _public_ids[match_id] = public_id
    return public_id

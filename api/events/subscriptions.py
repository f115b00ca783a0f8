"""The two subscriptions (API.md): a match's events (``matchEvents``) and the viewer's
notifications (``myEvents``).

Subscriptions listen to the match's (or the user's) topic first (``config.pubsub``),
then read what is stored, then pass on live events: see
:meth:`MatchSubscription.match_events`. A live event is built once per view in the
process (``api.events.live``); with ``settings.FAST_PATHS`` its ``next`` message is
executed and encoded once per view and query, and sent from here.
"""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator, Mapping
from typing import Any

import strawberry
from django.conf import settings

from api.auth import forbidden, get_user, require_user
from api.errors import bad_input, rate_limited
from api.events.live import Direct, Published, view_of
from api.events.live import event as live_event
from api.events.live import text as live_text
from api.events.mapping import match_event
from api.events.match_events import MatchEvent
from api.events.notices import UserEvent, user_event
from api.limits import ahit
from api.matches.calls import ws_call
from api.ws import current_operation
from config.pubsub import USER_EVENT, Inbox, listening, match_topic, user_topic
from matches import selectors
from matches.errors import MatchNotFound
from matches.models import Match as MatchRow
from matches.presence import attending

# Events after which a match has nothing more to say: its event stream completes.
FINAL_EVENTS = frozenset({"MATCH_ENDED", "MATCH_ABORTED"})


def client_event(event: dict[str, Any], public_id: str) -> MatchEvent:
    """A shaped event as it leaves the server: ``matchId`` is the match's public id."""
    return match_event({**event, "matchId": public_id})


_keys: dict[str, int] = {}  # public id -> the row's key (neither ever changes)


def _key_of(match_id: object) -> int:
    """The row's key of the match with public id ``match_id`` (raises MatchNotFound; who
    may see the match is :func:`_start`'s to check)."""
    found = selectors.match_lookup(match_id)
    pk = MatchRow.objects.filter(**found).values_list("pk", flat=True).first()
    if pk is None:
        raise MatchNotFound(match_id)
    return int(pk)


Stored = tuple[list[dict[str, Any]], dict[str, Any] | None, bool]


def _start(pk: int, user: Any, after: int) -> tuple[int | None, Stored]:
    """The viewer's seat, and what is stored after ``after`` (:func:`_stored`), once the
    viewer may see the match (raises MatchNotFound)."""
    match = selectors.match_get(match_id=pk, user=user)
    seat = selectors.seat_of(match, user)
    return seat, _stored(match, after, None, seat)


def _stored(match: MatchRow | int, after: int, upto: int | None, seat: int | None) -> Stored:
    """The stored event rows with ``after < seq (<= upto)``, or (when there are too many
    to replay) none and one RESYNC event; and whether the match is over with nothing
    more to come."""
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
    """The viewer's seat after a SEAT_CHANGED event (``matches.seating``): a seat the
    viewer joined, none after leaving theirs; other changes move nobody."""
    public = row.get("public") or {}
    change = public.get("change")
    if change == "joined" and username is not None and public.get("username") == username:
        return int(public["seat"])
    if change == "left" and public.get("seat") == seat:
        return None
    return seat


async def count_replay(info: strawberry.Info, events: int) -> None:
    """Replayed events count against the client address (RATE_LIMIT_WS_REPLAYED_IP):
    a few bytes of `matchEvents(after: 0)` must not buy thousands of messages (issue 14)."""
    ip = getattr(info.context, "client_ip", "") or ""
    wait = await ahit("ws-replayed-ip", ip, settings.RATE_LIMIT_WS_REPLAYED_IP, amount=events)
    if wait is not None:
        raise rate_limited(f"Too many replayed events: wait {wait} s and subscribe again.", wait)


def _ws(info: strawberry.Info) -> Any:
    ws = info.context["ws"]
    if ws is None:  # pragma: no cover - strawberry runs subscriptions over websockets only
        raise forbidden("subscriptions are served over the websocket only")
    return ws


def _direct(info: strawberry.Info) -> Direct | None:
    """The fast path of this subscription (None: the plain one)."""
    operation = current_operation.get()
    if not settings.FAST_PATHS or operation is None:
        return None
    return Direct(
        info.schema,
        info.context,
        operation.id,
        operation.query,
        operation.variables,
        operation.operation_name,
    )


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
        pk = _keys.get(match_id)
        if pk is None:
            pk = await ws_call(_key_of, match_id=match_id)
            if len(_keys) >= 100_000:  # bounded: forget them all rather than grow
                _keys.clear()
            _keys[match_id] = pk
        ws = _ws(info)
        direct = _direct(info)
        username = user.get_username() if user is not None else None
        # Listen before reading the log: an event committed in between is then both
        # stored and delivered live, and the seq check drops the second copy.
        async with (
            listening(match_topic(pk), Inbox(), Published) as live,
            # Heartbeats while subscribed: a live player gone too long gets a bot (issue 6).
            attending(pk, user),
        ):
            last = after or 0
            seat, (rows, resync, done) = await ws_call(_start, pk=pk, user=user, after=last)
            await count_replay(info, len(rows) or 1)
            pending = [rows]  # batches of rows to pass on before reading live ones
            while True:
                if resync is not None:  # too much to replay: the whole view instead
                    yield client_event(resync, str(match_id))
                    last, resync = resync["seq"], None
                if not pending and done:
                    return
                batch = pending.pop(0) if pending else (await anext(live)).rows
                for index, row in enumerate(batch):
                    if row["seq"] <= last:
                        continue
                    if row["seq"] > last + 1:
                        # A message was missed or overtaken: read the gap from the log.
                        upto = row["seq"] - 1
                        gap, resync, _ = await ws_call(
                            _stored, match=pk, after=last, upto=upto, seat=seat
                        )
                        pending[:0] = [gap, batch[index:]]
                        break
                    if row["type"] == "SEAT_CHANGED":
                        seat = seat_after(row, seat, username)
                    view = view_of(row, seat)
                    data = live_text(pk, row, view, str(match_id), direct) if direct else None
                    if data is not None:
                        await ws.send(text_data=direct.message(data))  # type: ignore[union-attr]
                    else:
                        yield live_event(pk, row, view, str(match_id))
                    last = row["seq"]
                    if row["type"] in FINAL_EVENTS:
                        return

    @strawberry.subscription(
        description=(
            "The viewer's notifications, one type per kind: MATCH_STARTED, YOUR_TURN, "
            "TURN_REMINDER, SEAT_TAKEN_OVER, MATCH_ENDED, MATCH_ABORTED, RATING_CHANGED."
        )
    )
    async def my_events(self, info: strawberry.Info) -> AsyncGenerator[UserEvent, None]:
        user = require_user(info)
        async with listening(user_topic(user.pk), Inbox(), json.loads) as live:
            async for message in live:
                if message.get("type") != USER_EVENT:
                    continue
                event = message["event"]
                match_id = event.get("matchId")
                if match_id is not None:  # the row's key, server-side: send the public id
                    match_id = await _public_id(match_id)
                yield user_event({**event, "matchId": match_id})


_public_ids: dict[int, str] = {}  # a match's public id never changes


async def _public_id(match_id: int) -> str:
    public_id = _public_ids.get(match_id)
    if public_id is None:
        public_id = await ws_call(selectors.public_id_of, match_id=match_id)
        if len(_public_ids) >= 10_000:
            _public_ids.clear()
        _public_ids[match_id] = public_id
    return public_id

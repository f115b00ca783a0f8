"""Matches over GraphQL (API.md): queries, mutations and the two subscriptions.

Resolvers are thin (STYLE 15): authenticate, call one ``matches`` service or selector in
a worker thread, map the result. A service's ``Rejected`` becomes a ``Rejection`` (data);
``MatchNotFound`` a NOT_FOUND error and ``InvalidRequest`` a BAD_INPUT error.

Subscriptions join the match's (or the user's) Channels group first, then read what is
stored, then pass on live events: see :meth:`MatchSubscription.match_events`.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Callable, Sequence
from typing import Any, TypeVar

import strawberry
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.conf import settings
from graphql import GraphQLError
from strawberry.scalars import JSON

from api import event_sharing
from api import events as ev
from api import match_types as t
from api.auth import forbidden, get_user, require_user
from api.errors import bad_input, rate_limited
from api.limits import ahit
from api.rejections import Rejection, rejection
from api.rule_options import options_of
from engine.errors import EngineError
from engine.explain import check_melds
from engine.rules import find_preset
from engine.rules import ruleset as make_ruleset
from matches import selectors, services
from matches.errors import InvalidRequest, MatchNotFound, Rejected
from matches.models import Match as MatchRow
from matches.presence import attending
from matches.publishing import MATCH_EVENTS, USER_EVENT, match_group, user_group
from matches.selectors import MatchView

T = TypeVar("T")

# Events after which a match has nothing more to say: its event stream completes.
FINAL_EVENTS = frozenset({"MATCH_ENDED", "MATCH_ABORTED"})
MAX_CHECK_MELDS = 60


def enum_value(value: Any) -> Any:
    """An enum argument's value (the member's value; a raw value passes through)."""
    return getattr(value, "value", value)


def not_found(message: str) -> GraphQLError:
    return GraphQLError(message, extensions={"code": "NOT_FOUND"})


async def call(fn: Callable[..., T], *, _ws: bool = False, **kwargs: Any) -> T:
    """Run a service or selector in a worker thread; map its errors onto GraphQL's.

    Over HTTP Django closes the request's connection when the request ends; a websocket
    has no such end, so subscriptions (``_ws``) use Channels' database_sync_to_async,
    which closes stale connections around each call."""
    run = database_sync_to_async(fn) if _ws else sync_to_async(fn)
    try:
        return await run(**kwargs)
    except MatchNotFound as exc:
        raise not_found(str(exc)) from None
    except InvalidRequest as exc:
        raise bad_input(str(exc)) from None


async def ws_call(fn: Callable[..., T], **kwargs: Any) -> T:
    return await call(fn, _ws=True, **kwargs)


def to_result(result: MatchView | Rejected) -> t.Match | Rejection:
    if isinstance(result, Rejected):
        return rejection(
            result.code,
            result.message,
            reason=result.reason,
            meld_index=result.meld_index,
            missing_card=result.missing_card,
            rule=result.rule,
        )
    return t.match(result.for_client())


def client_event(event: dict[str, Any], public_id: str) -> ev.MatchEvent:
    """A shaped event as it leaves the server: ``matchId`` is the match's public id."""
    return ev.match_event({**event, "matchId": public_id})


def _viewed(match_id: object, user: Any) -> MatchView:
    return selectors.match_view(match=selectors.match_get(match_id=match_id, user=user), user=user)


async def resolve_match(info: strawberry.Info, match_id: object) -> t.Match | None:
    try:
        view = await call(_viewed, match_id=match_id, user=get_user(info))
        return t.match(view.for_client())
    except GraphQLError as exc:
        if (exc.extensions or {}).get("code") == "NOT_FOUND":
            return None
        raise


async def resolve_seat(info: strawberry.Info, match_id: object, index: int) -> t.Seat | None:
    found = await resolve_match(info, match_id)
    if found is None:
        return None
    return next((s for s in found.seats if s.index == index), None)


def _connection(rows: tuple[list[MatchRow], bool], user: Any) -> t.MatchConnection:
    matches, more = rows
    edges = [
        t.MatchEdge(
            cursor=t.cursor_of(m.pk),
            node=t.match(selectors.match_view(match=m, user=user).for_client()),
        )
        for m in matches
    ]
    return t.MatchConnection(
        edges=edges,
        page_info=t.PageInfo(
            has_next_page=more,
            has_previous_page=False,
            start_cursor=edges[0].cursor if edges else None,
            end_cursor=edges[-1].cursor if edges else None,
        ),
    )


def _after(cursor: str | None) -> int | None:
    if cursor is None:
        return None
    try:
        return t.id_of_cursor(cursor)
    except (ValueError, UnicodeDecodeError):
        raise bad_input("after is not a cursor of this list") from None


def _my_matches(
    user: Any, status: str | None, first: int, after: int | None, filter: str | None = None
) -> t.MatchConnection:
    rows = selectors.my_matches(user=user, status=status, first=first, after=after, filter=filter)
    return _connection(rows, user)


def _open_matches(
    user: Any, ruleset: str | None, first: int, after: int | None
) -> t.MatchConnection:
    rows = selectors.open_matches(ruleset_name=ruleset, first=first, after=after)
    return _connection(rows, user)


@strawberry.type
class MatchQuery:
    @strawberry.field(description="The rule-set presets with their options and defaults.")
    def rulesets(self) -> list[t.Ruleset]:
        return [
            t.Ruleset(
                name=r["name"],
                family=r["family"],
                min_players=r["minPlayers"],
                max_players=r["maxPlayers"],
                aliases=r["aliases"],
                options=r["options"],
                option_list=options_of(find_preset(r["name"])),
            )
            for r in selectors.rulesets()
        ]

    @strawberry.field(description="A match as the viewer may see it; null if unknown.")
    async def match(self, info: strawberry.Info, id: strawberry.ID) -> t.Match | None:
        return await resolve_match(info, id)

    @strawberry.field(
        description=(
            "The viewer's matches, newest first. filter: MY_TURN (running, the viewer on "
            "turn: app badges), ACTIVE (running), FINISHED (finished or aborted)."
        )
    )
    async def my_matches(
        self,
        info: strawberry.Info,
        status: t.MatchStatus | None = None,
        first: int = 20,
        after: str | None = None,
        filter: t.MyMatchesFilter | None = None,
    ) -> t.MatchConnection:
        user = require_user(info)
        return await call(
            _my_matches,
            user=user,
            status=enum_value(status) if status else None,
            first=first,
            after=_after(after),
            filter=enum_value(filter) if filter else None,
        )

    @strawberry.field(description="Public matches waiting for players, newest first.")
    async def open_matches(
        self,
        info: strawberry.Info,
        ruleset: str | None = None,
        first: int = 20,
        after: str | None = None,
    ) -> t.MatchConnection:
        return await call(
            _open_matches, user=get_user(info), ruleset=ruleset, first=first, after=_after(after)
        )

    @strawberry.field(description="A match that is over, with full information; else null.")
    async def replay(self, info: strawberry.Info, match_id: strawberry.ID) -> t.Replay | None:
        data = await call(selectors.match_replay, match_id=match_id, user=get_user(info))
        return t.replay(data) if data is not None else None

    @strawberry.field(
        description=(
            "A private match as whoever holds its invitation may see it before joining "
            "(creator in seat 0, rules, seats and free seats); null for a wrong code."
        )
    )
    async def invitation(
        self, info: strawberry.Info, match_id: strawberry.ID, invite_code: str
    ) -> t.Match | None:
        found = await call(
            selectors.match_invitation,
            match_id=match_id,
            invite_code=invite_code,
            user=get_user(info),
        )
        return t.match(found.for_client()) if found is not None else None

    @strawberry.field(description="Validity, kind, points and reason of each meld.")
    def check_melds(
        self, ruleset: str, melds: list[list[str]], options: JSON | None = None
    ) -> list[t.MeldCheck]:
        if len(melds) > MAX_CHECK_MELDS or any(len(m) > 60 for m in melds):
            raise bad_input(f"at most {MAX_CHECK_MELDS} melds of at most 60 cards")
        if options is not None and not isinstance(options, dict):
            raise bad_input("options must be a JSON object")
        try:
            rules = make_ruleset(ruleset, options)
            checked = check_melds(rules, melds)
        except EngineError as exc:
            raise bad_input(exc.message) from None
        return [
            t.MeldCheck(
                valid=bool(c["valid"]),
                kind=t.MeldKind(c["kind"]) if c.get("kind") else None,
                points=c.get("points"),  # type: ignore[arg-type]
                cards=t.cards(c["cards"]) if c.get("cards") else None,  # type: ignore[arg-type]
                code=c.get("code"),  # type: ignore[arg-type]
                reason=c.get("reason"),  # type: ignore[arg-type]
                message=c.get("message"),  # type: ignore[arg-type]
                meld_index=i,
                missing_card=c.get("missingCard"),  # type: ignore[arg-type]
            )
            for i, c in enumerate(checked)
        ]

    @strawberry.field(description="Indexes of table melds the card can be laid off on.")
    async def fits(self, info: strawberry.Info, match_id: strawberry.ID, card: str) -> list[int]:
        return await call(selectors.match_fits, match_id=match_id, user=get_user(info), card=card)

    @strawberry.field(
        description="The solver's suggestion for the viewer's hand; refused in ranked play.",
        deprecation_reason=(
            "Use hintPlay: a refusal (HINT_NOT_ALLOWED in ranked play) is a Rejection there; "
            "here it is a FORBIDDEN error."
        ),
    )
    async def hint(self, info: strawberry.Info, match_id: strawberry.ID) -> t.Play | None:
        user = require_user(info)
        found = await call(selectors.match_hint, match_id=match_id, user=user)
        if isinstance(found, Rejected):
            raise GraphQLError(
                found.message, extensions={"code": "FORBIDDEN", "reason": str(found.code)}
            )
        return _play(found)

    @strawberry.field(
        description=(
            "The solver's suggestion for the viewer's hand, or a Rejection: "
            "HINT_NOT_ALLOWED in ranked play, NOT_A_PLAYER, MATCH_OVER."
        )
    )
    async def hint_play(self, info: strawberry.Info, match_id: strawberry.ID) -> t.HintResult:
        user = require_user(info)
        found = await call(selectors.match_hint, match_id=match_id, user=user)
        if isinstance(found, Rejected):
            return rejection(found.code, found.message, rule=found.rule)
        return _play(found)


def _play(found: Any) -> t.Play:
    return t.Play(
        table=[
            t.Meld(cards=t.cards(m.codes), kind=t.MeldKind(m.kind), placed_by=None, points=m.points)
            for m in found.table
        ],
        played=[t.card(c.code) for c in found.played],
        cards=found.cards,
        points=found.points,
        optimal=found.optimal,
    )


def _swaps(swaps: Sequence[t.JokerSwapInput] | None) -> list[tuple[int, str]]:
    return [(s.meld_index, s.card) for s in swaps or ()]


@strawberry.type
class MatchMutation:
    @strawberry.mutation(description="A new match, with the caller in seat 0.")
    async def create_match(self, info: strawberry.Info, input: t.CreateMatchInput) -> t.MatchResult:
        user = require_user(info)
        if input.options is not None and not isinstance(input.options, dict):
            raise bad_input("options must be a JSON object of option names to values")
        result = await call(
            services.match_create,
            user=user,
            ruleset_name=input.ruleset,
            options=input.options,
            seats=input.seats,
            bots=[enum_value(b) for b in input.bots or ()],
            turn_seconds=input.turn_seconds,
            correspondence_hours=input.correspondence_hours,
            ranked=input.ranked,
            private=input.private,
        )
        return to_result(result)

    @strawberry.mutation(
        description="Take a free seat of a waiting match (a private one: with its inviteCode)."
    )
    async def join_match(
        self, info: strawberry.Info, match_id: strawberry.ID, invite_code: str | None = None
    ) -> t.MatchResult:
        user = require_user(info)
        return to_result(
            await call(services.match_join, match_id=match_id, user=user, invite_code=invite_code)
        )

    @strawberry.mutation(description="Seat a bot (the creator, before the start).")
    async def add_bot(
        self, info: strawberry.Info, match_id: strawberry.ID, level: t.BotLevel
    ) -> t.MatchResult:
        user = require_user(info)
        return to_result(
            await call(
                services.match_add_bot, match_id=match_id, user=user, level=enum_value(level)
            )
        )

    @strawberry.mutation(description="Deal (the creator, once every seat is taken).")
    async def start_match(self, info: strawberry.Info, match_id: strawberry.ID) -> t.MatchResult:
        user = require_user(info)
        return to_result(await call(services.match_start, match_id=match_id, user=user))

    @strawberry.mutation(description="Leave a waiting match, or resign a running one.")
    async def resign(self, info: strawberry.Info, match_id: strawberry.ID) -> t.MatchResult:
        user = require_user(info)
        return to_result(await call(services.match_resign, match_id=match_id, user=user))

    @strawberry.mutation(description="Take the seat back from the bot that played it.")
    async def reclaim_seat(self, info: strawberry.Info, match_id: strawberry.ID) -> t.MatchResult:
        user = require_user(info)
        return to_result(await call(services.match_reclaim, match_id=match_id, user=user))

    @strawberry.mutation(
        description=(
            "Keep your hand in this order (exactly your hand's cards), on turn or not; "
            "kept across turns, cards drawn later go last. myHand follows it."
        )
    )
    async def set_rack_order(
        self, info: strawberry.Info, match_id: strawberry.ID, cards: list[str]
    ) -> t.MatchResult:
        user = require_user(info)
        return to_result(
            await call(services.match_set_rack_order, match_id=match_id, user=user, cards=cards)
        )

    @strawberry.mutation(
        description="Report a player to the moderators; false if there is no such player."
    )
    async def report_player(
        self,
        info: strawberry.Info,
        username: str,
        reason: t.ReportReason,
        match_id: strawberry.ID | None = None,
        text: str | None = None,
    ) -> bool:
        user = require_user(info)
        return await call(
            services.player_report,
            user=user,
            username=username,
            match_id=match_id,
            reason=enum_value(reason),
            text=text,
        )

    @strawberry.mutation(description="Show the in-progress table live (not validated).")
    async def update_draft(
        self, info: strawberry.Info, match_id: strawberry.ID, turn: int, table: list[list[str]]
    ) -> t.DraftResult:
        user = require_user(info)
        return to_result(
            await call(
                services.match_update_draft, match_id=match_id, turn=turn, table=table, user=user
            )
        )

    @strawberry.mutation(description="Commit the whole new table.")
    async def commit_turn(
        self,
        info: strawberry.Info,
        match_id: strawberry.ID,
        turn: int,
        table: list[list[str]],
        joker_swaps: list[t.JokerSwapInput] | None = None,
        idempotency_key: str | None = None,
    ) -> t.TurnResult:
        user = require_user(info)
        result = await call(
            services.match_commit_turn,
            match_id=match_id,
            turn=turn,
            table=table,
            joker_swaps=_swaps(joker_swaps),
            idempotency_key=idempotency_key,
            user=user,
        )
        return to_result(result)

    @strawberry.mutation(description="Draw a card (or river tiles: riverIndex names the key).")
    async def draw(
        self,
        info: strawberry.Info,
        match_id: strawberry.ID,
        turn: int,
        source: t.DrawSource = t.DrawSource.STOCK,
        river_index: int | None = None,
        idempotency_key: str | None = None,
    ) -> t.TurnResult:
        user = require_user(info)
        result = await call(
            services.match_draw,
            match_id=match_id,
            turn=turn,
            source=str(enum_value(source)).lower(),
            river_index=river_index,
            idempotency_key=idempotency_key,
            user=user,
        )
        return to_result(result)

    @strawberry.mutation(description="Discard a card.")
    async def discard(
        self,
        info: strawberry.Info,
        match_id: strawberry.ID,
        turn: int,
        card: str,
        idempotency_key: str | None = None,
    ) -> t.TurnResult:
        user = require_user(info)
        result = await call(
            services.match_discard,
            match_id=match_id,
            turn=turn,
            card=card,
            idempotency_key=idempotency_key,
            user=user,
        )
        return to_result(result)

    @strawberry.mutation(description="Pass on an empty stock (RR-STOCK-OUT, RK-END).")
    async def pass_turn(
        self,
        info: strawberry.Info,
        match_id: strawberry.ID,
        turn: int,
        idempotency_key: str | None = None,
    ) -> t.TurnResult:
        user = require_user(info)
        result = await call(
            services.match_pass,
            match_id=match_id,
            turn=turn,
            idempotency_key=idempotency_key,
            user=user,
        )
        return to_result(result)

    @strawberry.mutation(description="One step back (classic rummy), or drop the draft.")
    async def undo(self, info: strawberry.Info, match_id: strawberry.ID, turn: int) -> t.TurnResult:
        user = require_user(info)
        return to_result(await call(services.match_undo, match_id=match_id, turn=turn, user=user))


# -- subscriptions -------------------------------------------------------------------------


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


def _live_event(pk: int, row: dict[str, Any], seat: int | None, public_id: str) -> ev.MatchEvent:
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
    ) -> AsyncGenerator[ev.MatchEvent, None]:
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
            "TURN_REMINDER, SEAT_TAKEN_OVER, MATCH_ENDED, MATCH_ABORTED, RATING_CHANGED."
        )
    )
    async def my_events(self, info: strawberry.Info) -> AsyncGenerator[ev.UserEvent, None]:
        user = require_user(info)
        ws = _ws(info)
        async with ws.listen_to_channel(USER_EVENT, groups=[user_group(user.pk)]) as live:
            async for message in live:
                event = message["event"]
                match_id = event.get("matchId")
                if match_id is not None:  # the row's key, server-side: send the public id
                    match_id = await ws_call(selectors.public_id_of, match_id=match_id)
                yield ev.user_event({**event, "matchId": match_id})

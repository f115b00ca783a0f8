"""Storing a move, in two halves: :func:`persist` inside the transaction, then
:func:`publish` after its commit.

:func:`persist` writes everything the move changes, under the match lock: the engine's
events (made self-sufficient, API.md "Typed contract") with consecutive ``seq``, the
action log entry, the state snapshot, the match row (turn, round, who is on turn, the
deadline from ``matches.clock``, the result), the rounds and the seat rows the events
change (``matches.takeover``). It touches nothing outside the database and returns an
:class:`Outbox`: what the world is told once the transaction commits.

:func:`publish` registers that telling with ``transaction.on_commit``: the events to the
match's Channels group, the users' notices (MATCH_STARTED, YOUR_TURN, MATCH_ENDED) and
their pushes (``notifications.notify``), the turn's tasks
(``matches.queueing.turn_started``: the bot's move, the expiry, the "your turn"
notice). A rolled-back transaction tells nobody anything.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any, cast

from django.db import connection, models, transaction
from django.utils import timezone

from config import fast_paths
from engine import payloads
from engine.actions import Action, action_kind, action_to_dict
from engine.events import Event
from engine.game import table_json
from engine.state import GameState
from matches import clock, publishing, queueing, takeover
from matches.models import Match, MatchAction, MatchEvent, MatchStatus, Round, Seat
from matches.results import rate_at_end
from matches.seats import seat_control
from matches.selectors import event_row, store_state
from matches.signals import match_over

MATCH_ABORTED = "MATCH_ABORTED"
SEAT_CHANGED = "SEAT_CHANGED"


@dataclass
class Outbox:
    """What a stored change tells the world after commit, in this order: the match's
    events, what the seat changes send (``seat_calls``: a takeover's notice and bot),
    the users' notices, then the turn's tasks (``calls``)."""

    match_id: int
    public_id: str  # the match's topic (``matches.publishing``)
    events: list[dict[str, Any]] = field(default_factory=list)
    # The match ended (finished or aborted): ``signals.match_over`` after the rest.
    over: str = ""
    seat_calls: list[Callable[[], None]] = field(default_factory=list)
    notices: list[tuple[list[int], dict[str, Any]]] = field(default_factory=list)
    calls: list[Callable[[], None]] = field(default_factory=list)

    def notify(self, user_ids: Sequence[int], kind: str, payload: Mapping[str, Any]) -> None:
        event = {
            "type": kind,
            "matchId": self.match_id,
            "at": timezone.now().isoformat(),
            "payload": dict(payload),
        }
        self.notices.append((sorted(set(user_ids)), event))


def publish(outbox: Outbox) -> None:
    """After commit, send what ``outbox`` holds (best effort: ``matches.publishing``)."""

    def send() -> None:
        # One hand-over to the publisher for the events and the notices (the tasks
        # queued by ``calls`` go after them: ``publishing.batched``).
        with publishing.batched():
            if outbox.events:
                publishing.publish_match_events(outbox.public_id, outbox.events)
            for call in outbox.seat_calls:
                call()
            for user_ids, event in outbox.notices:
                for user_id in user_ids:
                    publishing.publish_user_event(user_id, event)
            for call in outbox.calls:
                call()
        if outbox.over:
            match_over.send_robust(Match, match_id=outbox.match_id, status=outbox.over)

    transaction.on_commit(send)


def store(
    match: Match,
    seats: Sequence[Seat],
    before: GameState | None,
    state: GameState,
    events: Sequence[Event],
    action: Action | None,
    *,
    user: Any,
) -> None:
    """:func:`persist` the move, then :func:`publish` it after commit."""
    publish(persist(match, seats, before, state, events, action, user=user))


def persist(
    match: Match,
    seats: Sequence[Seat],
    before: GameState | None,
    state: GameState,
    events: Sequence[Event],
    action: Action | None,
    *,
    user: Any,
) -> Outbox:
    """Write the move that took ``match`` (locked; ``seats``: its rows by index, as
    ``matches.locks.lock_match`` read them) from ``before`` to ``state`` with ``events``
    (``action``: None for the deal); what to tell after commit."""
    now = timezone.now()
    started = match.turn == 0
    turn_changed = state.turn != match.turn
    finished = state.outcome is not None
    # The match row advances first: the clock (vacations, reminders) reads who is on
    # turn now, and TURN_STARTED carries the deadline it gives.
    store_state(match, state)
    match.turn = state.turn
    match.round = state.round
    match.on_turn = None if finished else state.on_turn
    if not finished and turn_changed:
        on_turn = seat_control(seats[state.on_turn], state.seats[state.on_turn])
        match.deadline = clock.start_clock(match, now, player_id=on_turn.person)
    events = self_sufficient(before, state, events, None if finished else match.deadline)
    if finished and match.ranked:
        person = user if getattr(user, "is_authenticated", False) else None
        current = (person.pk, action_kind(action)) if person and action else None
        events = rate_at_end(match, state, events, current)  # ratings move in this transaction
    outbox = Outbox(match.pk, match.public_id)
    rows, texts = _event_rows(match, events, now, final=fast_paths.on("move_write"))
    outbox.events.extend(event_row(r) for r in rows)
    logged = None
    if action is not None:
        person = user if getattr(user, "is_authenticated", False) else None
        logged = (
            match.actions_count,
            json.dumps(action_to_dict(action)),
            match.last_seq,
            person.pk if person is not None else None,
        )
        match.actions_count += 1
    if finished:
        assert state.outcome is not None
        match.status = MatchStatus.FINISHED
        match.finished_at = now
        match.deadline = None
        match.winners = list(state.outcome.winners)
        match.outcome = state.outcome.to_dict()
    _write_move(match, rows, texts, logged, now)
    _rounds(match, rows, now)
    takeover.record_seat_events(match, seats, rows, later=outbox.seat_calls.append)

    match_id, users = match.pk, seat_users(seats)
    people = list(users.values())
    if started:
        outbox.notify(people, "MATCH_STARTED", {})
        if people:
            outbox.calls.append(
                lambda: queueing.queue_user_notice("MATCH_STARTED", match_id, people, {})
            )
    if finished:
        payload = {"winners": list(match.winners), "outcome": match.outcome}
        outbox.notify(people, "MATCH_ENDED", payload)
        outbox.over = MatchStatus.FINISHED
        if people:
            outbox.calls.append(
                lambda: queueing.queue_user_notice("MATCH_ENDED", match_id, people, {})
            )
    elif turn_changed:
        seat = state.on_turn
        deadline = match.deadline
        control = seat_control(seats[seat], state.seats[seat])
        if control.person is not None:
            outbox.notify(
                [control.person],
                "YOUR_TURN",
                {"turn": state.turn, "seat": seat, "deadline": iso(deadline)},
            )
        turn_number, bot, seq = state.turn, control.bot, match.last_seq
        outbox.calls.append(
            lambda: queueing.turn_started(
                match_id=match_id,
                turn=turn_number,
                seat=seat,
                deadline=deadline,
                bot=bot,
                seq=seq,
            )
        )
    return outbox


# What self_sufficient adds to the engine's public payloads, per event type (None: any).
SERVER_ADDED: dict[str | None, frozenset[str]] = {
    None: frozenset({"after"}),
    "TURN_STARTED": frozenset({"deadline"}),
    "CARD_DRAWN": frozenset({"stockCount"}),
    "MATCH_ENDED": frozenset({"ratingChanges"}),
}


def engine_public(event_type: str, public: Mapping[str, Any]) -> dict[str, Any]:
    """A stored event's public payload as the engine made it (the server's additions
    removed): what replaying the action log gives again."""
    added = SERVER_ADDED[None] | SERVER_ADDED.get(event_type, frozenset())
    return {k: v for k, v in public.items() if k not in added}


def self_sufficient(
    before: GameState | None,
    state: GameState,
    events: Sequence[Event],
    deadline: datetime | None,
) -> list[Event]:
    """The move's events made self-sufficient (API.md "Typed contract"): TURN_STARTED
    carries the deadline; the move's last event carries ``after`` (the public state
    after the move: counts, turn, deadline, seats, the table when it changed) and, in
    the private part of each seat whose hand the move changed, ``myHand``; CARD_DRAWN
    carries the stock's size after it."""
    out = list(events)
    if not out:
        return out
    deadline_iso = iso(deadline)
    stock = len(before.stock) if before is not None else 0
    for i, e in enumerate(out):
        if e.type in ("ROUND_STARTED", "STOCK_RESTOCKED"):
            stock = int(e.public.get("stockCount", stock))
        elif e.type == "TURN_STARTED":
            out[i] = Event(e.type, {**e.public, "deadline": deadline_iso}, e.private)
        elif e.type == "CARD_DRAWN":
            # The stock's size right after this draw (a move may draw more than once).
            if e.public.get("source") == "stock":
                stock -= int(e.public.get("count", 0))
            out[i] = Event(e.type, {**e.public, "stockCount": stock}, e.private)
    over = state.outcome is not None
    cur = state.current
    after: payloads.After = {
        "turn": state.turn,
        "onTurn": None if over else state.on_turn,
        "phase": "over" if over else state.phase,
        "deadline": None if over else deadline_iso,
        "stockCount": len(state.stock),
        "discardCount": len(state.discard),
        "discardTop": state.discard[-1].code if state.discard else None,
        "river": [c.code for c in state.river],
        "seats": [
            {"index": i, "handCount": len(s.hand), "opened": s.opened, "score": s.total}
            for i, s in enumerate(state.seats)
        ],
        "table": None,
        "draft": [list(m) for m in cur.draft] if cur.draft is not None and not over else None,
    }
    if before is None or before.table != state.table or before.placed_by != state.placed_by:
        after["table"] = table_json(state.table, state.placed_by)
    private = {k: dict(v) for k, v in out[-1].private.items()}
    for i, seat in enumerate(state.seats):
        if before is None or i >= len(before.seats) or before.seats[i].hand != seat.hand:
            private.setdefault(i, {})["myHand"] = [c.code for c in seat.hand]
    last = out[-1]
    out[-1] = Event(last.type, {**last.public, "after": after}, private)
    return out


def append(match: Match, events: Sequence[Event], outbox: Outbox) -> list[MatchEvent]:
    """Append events with consecutive seq (the caller saves the match row); ``outbox``
    publishes them after commit."""
    rows, _texts = _event_rows(match, events, None)
    if rows:
        MatchEvent.objects.bulk_create(rows)
    outbox.events.extend(event_row(r) for r in rows)
    return rows


def _event_rows(
    match: Match, events: Sequence[Event], now: datetime | None, *, final: bool = False
) -> tuple[list[MatchEvent], list[tuple[str, str]]]:
    """The unsaved rows of ``events`` with consecutive seq (``match.last_seq`` advances;
    ``now``: their created_at, None to leave it to the save) and their payloads' JSON.

    What is published must equal what is stored and re-read: a payload is the JSON
    round trip of the event's (tuples become lists, keys strings). With ``final`` the
    payloads are already in that form (the engine's events made self-sufficient: lists,
    string keys; ``tests/server/test_event_payloads.py`` holds every preset's whole match
    to it) and are used as built, the private part keyed by the seat's string; only
    their JSON text is made (issue 12: the round trip was a tenth of a move's storing)."""
    rows, texts = [], []
    seq = match.last_seq
    for event in events:
        seq += 1
        public_data = dict(event.public)
        private_data = {str(k): dict(v) for k, v in event.private.items()}
        public, private = json.dumps(public_data), json.dumps(private_data)
        if not final:
            public_data, private_data = json.loads(public), json.loads(private)
        row = MatchEvent(
            match=match, seq=seq, type=event.type, public=public_data, private=private_data
        )
        if now is not None:
            row.created_at = now
        rows.append(row)
        texts.append((public, private))
    match.last_seq = seq
    return rows, texts


def _write_move(
    match: Match,
    rows: Sequence[MatchEvent],
    texts: Sequence[tuple[str, str]],
    logged: tuple[int, str, int, int | None] | None,
    now: datetime,
) -> None:
    """Insert the move's event rows and its action, and save the match row, in one
    statement (one round trip; issue 12): what ``bulk_create``, ``MatchAction.objects
    .create`` and ``match.save()`` wrote in three, without compiling them per move. The
    match row is written as ``save()`` writes it: every field, ``pre_save`` first (its
    ``updated_at``), each value prepared by its field."""
    if not fast_paths.on("move_write"):  # the plain twin: the ORM's three
        _write_move_orm(match, rows, logged)
        return
    fields = _MATCH_FIELDS
    sql = _move_sql(len(rows), logged is not None, tuple(f.attname for f in fields))
    params: list[Any] = []
    for row, (public, private) in zip(rows, texts, strict=True):
        params += [match.pk, row.seq, row.type, public, private, now]
    if logged is not None:
        index, action, seq, user_id = logged
        params += [match.pk, index, action, seq, user_id, now]
    for f in fields:
        params.append(f.get_db_prep_save(f.pre_save(match, False), connection))
    params.append(match.pk)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        ids = [pk for (pk,) in cursor.fetchall()] if rows else []
    for row, pk in zip(rows, ids, strict=True):
        row.pk = pk
        row._state.adding = False
        row._state.db = connection.alias


def _write_move_orm(
    match: Match, rows: Sequence[MatchEvent], logged: tuple[int, str, int, int | None] | None
) -> None:
    if rows:
        MatchEvent.objects.bulk_create(rows)
    if logged is not None:
        index, action, seq, user_id = logged
        MatchAction.objects.create(
            match=match, index=index, action=json.loads(action), seq=seq, user_id=user_id
        )
    match.save()


_MATCH_FIELDS = [f for f in Match._meta.concrete_fields if not f.primary_key]


def _columns(model: type[Any], names: Sequence[str]) -> str:
    columns = []
    for name in names:
        field = model._meta.get_field(name)
        assert isinstance(field, models.Field)
        columns.append(f'"{field.column}"')
    return ", ".join(columns)


@cache
def _move_sql(events: int, action: bool, fields: tuple[str, ...]) -> str:
    """The statement of :func:`_write_move`: data-modifying CTEs (PostgreSQL runs every
    one of them, in one snapshot), then the new events' ids in seq order."""
    parts = []
    if events:
        columns = _columns(MatchEvent, ["match", "seq", "type", "public", "private", "created_at"])
        values = ", ".join(["(%s, %s, %s, %s::jsonb, %s::jsonb, %s)"] * events)
        parts.append(
            f'e AS (INSERT INTO "{MatchEvent._meta.db_table}" ({columns}) VALUES {values}'
            ' RETURNING "id", "seq")'
        )
    if action:
        columns = _columns(MatchAction, ["match", "index", "action", "seq", "user", "created_at"])
        parts.append(
            f'a AS (INSERT INTO "{MatchAction._meta.db_table}" ({columns})'
            " VALUES (%s, %s, %s::jsonb, %s, %s, %s))"
        )
    sets = ", ".join(f"{_columns(Match, [n])} = %s" for n in fields)
    update = f'UPDATE "{Match._meta.db_table}" SET {sets} WHERE "{Match._meta.pk.column}" = %s'
    if events:
        parts.append(f"m AS ({update})")
        main = 'SELECT "id" FROM e ORDER BY "seq"'
    else:
        main = update
    return (f"WITH {', '.join(parts)} " if parts else "") + main


def append_and_publish(match: Match, events: Sequence[Event]) -> list[MatchEvent]:
    """:func:`append` with an outbox of its own, published after commit."""
    outbox = Outbox(match.pk, match.public_id)
    rows = append(match, events, outbox)
    publish(outbox)
    return rows


def _rounds(match: Match, rows: Sequence[MatchEvent], now: datetime) -> None:
    for row in rows:
        if row.type == "ROUND_STARTED":
            Round.objects.create(match=match, number=row.public["round"], started_seq=row.seq)
        elif row.type == "ROUND_ENDED":
            Round.objects.filter(match=match, number=row.public["round"]).update(
                ended_seq=row.seq, ended_at=now, result=row.public
            )


ABORT_TEXTS: dict[payloads.AbortCode, str] = {
    "CREATOR_LEFT": "the creator left before the start",
    "MODERATOR": "aborted by a moderator",
    "TOURNAMENT_DEADLINE": "stopped at the round's deadline: placed by the current totals",
    "OTHER": "aborted",
}
"""The English ``reason`` of each code, when the caller gives none (TOURNAMENT_DEADLINE:
``tournaments.rounds`` adjudicating a table whose match still runs at the deadline)."""


def abort(
    match: Match, seats: Sequence[Seat], *, code: payloads.AbortCode, reason: str = ""
) -> None:
    """End ``match`` (locked) without a result: MATCH_ABORTED to the match and its users,
    with ``code`` and ``reason`` (English; the code's text when empty)."""
    match.status = MatchStatus.ABORTED
    match.finished_at = timezone.now()
    match.deadline = None
    match.on_turn = None
    outbox = Outbox(match.pk, match.public_id, over=MatchStatus.ABORTED)
    aborted: payloads.MatchAborted = {"reason": reason or ABORT_TEXTS[code], "reasonCode": code}
    append(match, [Event(MATCH_ABORTED, aborted)], outbox)
    match.save()
    outbox.notify(list(seat_users(seats).values()), MATCH_ABORTED, aborted)
    publish(outbox)


def abort_code(data: Mapping[str, Any]) -> payloads.AbortCode:
    """The code of a MATCH_ABORTED payload (event or notification). One stored before
    codes existed (12-05) has only its text: the code whose text it is, else OTHER."""
    code = data.get("reasonCode")
    if code in ABORT_TEXTS:
        return cast(payloads.AbortCode, code)
    reason = data.get("reason")
    return next((c for c, text in ABORT_TEXTS.items() if text == reason), "OTHER")


def seat_users(seats: Sequence[Seat]) -> dict[int, int]:
    """Seat index -> user id of every seat with a person."""
    return {s.index: s.user_id for s in seats if s.user_id is not None}


def iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None

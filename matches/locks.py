"""The match lock: every write to a match, its seats, rounds, events and actions runs
under its row lock (``select_for_update``), taken first in its transaction.

Code that locks several matches does it in primary-key order (:func:`lock_matches`), so
that two such transactions wait for each other instead of deadlocking.

Freshness, by construction: :func:`lock_match` locks the seat rows it reads along with
the match row (``FOR UPDATE OF`` both), in the statement that reads them. Under READ
COMMITTED a statement that waited for a lock goes on with the newest committed version of
every row it locks (PostgreSQL's EvalPlanQual), but with its snapshot's version of any
other row: had it locked the match row alone, a move that waited for a reclaim would have
read the seats as they were before it (a bot's move played the seat its player had just
taken back). Whoever writes a seat, in whatever way, the lock query sees it. An
idempotency record read with the lock may still be older than the lock
(``matches.play`` looks again when the move is refused or the key turns out taken).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, models
from django.db.transaction import TransactionManagementError

from config import fast_paths
from matches.errors import MatchNotFound
from matches.models import IdempotencyRecord, Match, Seat
from matches.selectors import invited, match_lookup

Converter = Callable[[Any, Any, Any], Any]


def lock_match(
    match_id: object, *, user: Any = None, invite_code: str | None = None
) -> tuple[Match, list[Seat]]:
    """Lock the match row and its seat rows for the transaction and read them, the seats
    by index with their users, in one query: who acts, who plays next, who is told and
    the view's seats all come from them.

    With a ``user``, a private match they may not see (``selectors.can_see``) and hold no
    invitation to (``invite_code``) raises MatchNotFound like an unknown id: a stranger
    learns nothing of it, not even its status, from any answer (issue 14)."""
    match, seats, _record = _lock(match_id, user, invite_code, None)
    return match, seats


def lock_match_keyed(
    match_id: object, *, user: Any, key: str
) -> tuple[Match, list[Seat], IdempotencyRecord | None]:
    """:func:`lock_match` for a request with an idempotencyKey: also ``user``'s record
    of ``key`` (None if there is none; with the fast paths read by the same query)."""
    return _lock(match_id, user, None, (user.pk, key))


def _lock(
    match_id: object, user: Any, invite_code: str | None, key: tuple[Any, str] | None
) -> tuple[Match, list[Seat], IdempotencyRecord | None]:
    ((column, value),) = match_lookup(match_id).items()
    if fast_paths.on("lock_query"):
        match, seats, record = _lock_built(column, value, key)
    else:
        match, seats, record = _lock_orm(column, value, key)
    private = user is not None and match.private and not invited(match, invite_code)
    if private and not _sees_private(match, seats, user):
        raise MatchNotFound(match_id)
    return match, seats, record


def _lock_orm(
    column: str, value: object, key: tuple[Any, str] | None
) -> tuple[Match, list[Seat], IdempotencyRecord | None]:
    """The plain twin: the ORM's query, and the record (if any) in a query of its own."""
    seats = list(
        Seat.objects.select_related("match", "user")
        .select_for_update(of=("self", "match"))
        .filter(**{f"match__{column}": value})
        .order_by("index")
    )
    if not seats:  # every match has its seats from the start
        raise MatchNotFound(value)
    match = seats[0].match
    for seat in seats:
        seat.match = match  # one match object, not one per seat
    record = None
    if key is not None:
        record = IdempotencyRecord.objects.filter(user_id=key[0], key=key[1]).first()
    return match, seats, record


def _lock_built(
    column: str, value: object, key: tuple[Any, str] | None
) -> tuple[Match, list[Seat], IdempotencyRecord | None]:
    """The fast twin: the same query written once per lookup column (the ORM compiles it
    again for every move), with the idempotency record joined."""
    query = _lock_query(column, key is not None)
    if query.locks and connection.get_autocommit():  # as the ORM's select_for_update
        raise TransactionManagementError(
            "select_for_update cannot be used outside of a transaction."
        )
    params: list[Any] = [*key, value] if key is not None else [value]
    with connection.cursor() as cursor:
        cursor.execute(query.sql, params)
        rows = cursor.fetchall()
    if not rows:  # every match has its seats from the start
        raise MatchNotFound(value)
    match = query.match.build(rows[0])
    seats = []
    for row in rows:
        seat = query.seat.build(row)
        seat.match = match  # one match object, not one per seat
        seat.user = query.user.build(row) if seat.user_id is not None else None
        seats.append(seat)
    record = None
    if query.record is not None and rows[0][query.record.start] is not None:
        record = query.record.build(rows[0])
    return match, seats, record


def _sees_private(match: Match, seats: Sequence[Seat], user: Any) -> bool:
    """``selectors.can_see`` of a private match, from its seats."""
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_staff) or any(s.user_id == user.pk for s in seats)


def lock_matches(match_ids: Sequence[int]) -> list[Match]:
    """Lock several match rows, always in primary-key order (see ``lock_match``)."""
    return list(Match.objects.select_for_update().filter(pk__in=match_ids).order_by("pk"))


# -- the lock query, compiled once ------------------------------------------------------------
#
# The ORM form of the lock (``Seat.objects.select_related("match", "user")
# .select_for_update(of=("match",)).filter(match__pk=...).order_by("index")``) was compiled
# again on every move (issue 12); this is the same query, written once per lookup column,
# and its rows become model instances the way the ORM makes them (``Model.from_db`` after
# each field's database converters).


class _Columns:
    """One model's columns in the lock query: where they are in a row and how a row's
    values become an instance."""

    def __init__(self, model: type[models.Model], alias: str, start: int) -> None:
        self.model = model
        fields = list(model._meta.concrete_fields)
        self.names = [f.attname for f in fields]
        self.sql = [f'{alias}."{f.column}"' for f in fields]
        self.start, self.stop = start, start + len(fields)
        self.converters: list[tuple[int, list[Converter], Any]] = []
        for i, f in enumerate(fields):
            # The backend's converters (SQLite's aware datetimes), then the field's: what
            # the ORM's compiler applies to a column (SQLCompiler.get_converters).
            expression = f.get_col(alias)
            converters = connection.ops.get_db_converters(
                expression
            ) + expression.get_db_converters(connection)
            if converters:
                self.converters.append((i, converters, expression))

    def build(self, row: Sequence[Any]) -> Any:
        values = list(row[self.start : self.stop])
        for i, converters, expression in self.converters:
            for convert in converters:
                values[i] = convert(values[i], expression, connection)
        return self.model.from_db(connection.alias, self.names, values)


class _LockQuery:
    def __init__(self, column: str, keyed: bool) -> None:
        user_model = get_user_model()
        self.seat = _Columns(Seat, "s", 0)
        self.match = _Columns(Match, "m", self.seat.stop)
        self.user = _Columns(user_model, "u", self.match.stop)
        self.record = _Columns(IdempotencyRecord, "r", self.user.stop) if keyed else None
        match_field = Match._meta.pk if column == "pk" else Match._meta.get_field(column)
        assert isinstance(match_field, models.Field)
        match_column = match_field.column
        columns = self.seat.sql + self.match.sql + self.user.sql
        join = ""
        if self.record is not None:
            # The record's id first: NULL when the user has no record of the key.
            columns += self.record.sql
            join = (
                f' LEFT OUTER JOIN "{IdempotencyRecord._meta.db_table}" r'
                ' ON r."user_id" = %s AND r."key" = %s'
            )
        select = ", ".join(columns)
        self.sql = (
            f"SELECT {select}"
            f' FROM "{Seat._meta.db_table}" s'
            f' INNER JOIN "{Match._meta.db_table}" m ON s."match_id" = m."{Match._meta.pk.column}"'
            f' LEFT OUTER JOIN "{user_model._meta.db_table}" u'
            f' ON s."user_id" = u."{user_model._meta.pk.column}"'
            f"{join}"
            f' WHERE m."{match_column}" = %s'
            ' ORDER BY s."index" ASC'
        )
        features = connection.features
        self.locks = bool(features.has_select_for_update)
        if self.locks:
            # The seats too: see the module's notes on freshness.
            of = " OF m, s" if features.has_select_for_update_of else ""
            self.sql += f" FOR UPDATE{of}"


@cache
def _lock_query(column: str, keyed: bool) -> _LockQuery:
    return _LockQuery(column, keyed)


def match_status_turn(match_id: int) -> tuple[str, int] | None:
    """(status, turn) of the match, one plain read (no lock), or None if there is none."""
    return Match.objects.filter(pk=match_id).values_list("status", "turn").first()

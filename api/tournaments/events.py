"""A tournament's events (``tournamentEvents``): ``TournamentEvent`` is an interface
(``seq type kind tournamentId at``) with one object type per kind; a kind this module
does not know reaches clients as ``OtherTournamentEvent`` with its payload."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from enum import Enum
from typing import Any

import strawberry
from strawberry.scalars import JSON

from api.accounts.users import UserType
from api.events.snapshots import time_of
from api.tournaments.types import Standing, TournamentTable, points
from tournaments import selectors


@strawberry.enum(description="The kind of a tournament event; TournamentEvent.type as an enum.")
class TournamentEventKind(Enum):
    PLAYER_JOINED = "PLAYER_JOINED"
    PLAYER_LEFT = "PLAYER_LEFT"
    PLAYER_WITHDRAWN = "PLAYER_WITHDRAWN"
    TOURNAMENT_STARTED = "TOURNAMENT_STARTED"
    ROUND_STARTED = "ROUND_STARTED"
    STANDINGS_CHANGED = "STANDINGS_CHANGED"
    TOURNAMENT_ENDED = "TOURNAMENT_ENDED"
    TOURNAMENT_CANCELLED = "TOURNAMENT_CANCELLED"
    OTHER = "OTHER"


@strawberry.interface(description="One event of a tournament.")
class TournamentEvent:
    seq: int = strawberry.field(description="The tournament's event number: 1, 2, 3, ...")
    type: str
    kind: TournamentEventKind
    tournament_id: strawberry.ID
    at: datetime | None


@strawberry.type(
    description=(
        "PLAYER_JOINED, PLAYER_LEFT (registration), PLAYER_WITHDRAWN (reason: left, "
        "missed (two forfeits in a row), banned)."
    )
)
class TournamentPlayerChanged(TournamentEvent):
    user: UserType | None
    players: int | None = strawberry.field(description="Registered players now.")
    reason: str | None


@strawberry.type(description="TOURNAMENT_STARTED: registration closed.")
class TournamentStarted(TournamentEvent):
    players: int


@strawberry.type(description="ROUND_STARTED: the round's tables and byes; `myTable` is yours.")
class TournamentRoundStarted(TournamentEvent):
    round: int
    deadline: datetime | None
    tables: list[TournamentTable]
    byes: list[UserType]
    my_table: TournamentTable | None = strawberry.field(
        description="The viewer's table; null for a spectator or a bye."
    )


@strawberry.type(description="STANDINGS_CHANGED: a round closed.")
class TournamentStandingsChanged(TournamentEvent):
    round: int
    standings: list[Standing]


@strawberry.type(description="TOURNAMENT_ENDED: the final standings.")
class TournamentEnded(TournamentEvent):
    round: int
    standings: list[Standing]


@strawberry.type(description="TOURNAMENT_CANCELLED.")
class TournamentCancelled(TournamentEvent):
    reason: str


@strawberry.type(description="An event of a kind this server version has no type for.")
class OtherTournamentEvent(TournamentEvent):
    payload: JSON


def _standings(lines: Sequence[Mapping[str, Any]], users: Mapping[int, Any]) -> list[Standing]:
    return [
        Standing(
            rank=line["rank"],
            user=UserType.from_model(users[line["userId"]]),
            points=points(line["points12"]),
            tiebreak=points(line["tiebreak12"]),
            played=line["played"],
            byes=line["byes"],
            forfeits=line["forfeits"],
            withdrawn=line["withdrawn"],
        )
        for line in lines
        if line["userId"] in users
    ]


def _table(data: Mapping[str, Any], users: Mapping[int, Any]) -> TournamentTable:
    ids = [p["userId"] for p in data.get("players", ())]
    return TournamentTable(
        index=data["index"],
        match_id=strawberry.ID(data["matchId"]),
        players=[UserType.from_model(users[u]) for u in ids if u in users],
        results=None,
        adjudicated=False,
    )


def _user_ids(p: Mapping[str, Any]) -> list[int]:
    ids = [p["userId"]] if "userId" in p else []
    ids += [line["userId"] for line in p.get("standings", ())]
    ids += [q["userId"] for t in p.get("tables", ()) for q in t.get("players", ())]
    ids += [q["userId"] for q in p.get("byes", ())]
    return ids


def tournament_event(
    tournament_id: int, data: Mapping[str, Any], viewer_id: int | None
) -> TournamentEvent:
    """The typed event of a stored event dict (``tournaments.events.event_dict``); reads
    the users it names (one query)."""
    kind_text = str(data["type"])
    p: Mapping[str, Any] = data.get("payload") or {}
    kind = TournamentEventKind.__members__.get(kind_text, TournamentEventKind.OTHER)
    common: dict[str, Any] = {
        "seq": data["seq"],
        "type": kind_text,
        "kind": kind,
        "tournament_id": strawberry.ID(str(tournament_id)),
        "at": time_of(data.get("at")),
    }
    users = selectors.users(_user_ids(p))
    if kind in (
        TournamentEventKind.PLAYER_JOINED,
        TournamentEventKind.PLAYER_LEFT,
        TournamentEventKind.PLAYER_WITHDRAWN,
    ):
        user = users.get(p.get("userId", 0))
        return TournamentPlayerChanged(
            **common,
            user=UserType.from_model(user) if user is not None else None,
            players=p.get("players"),
            reason=p.get("reason"),
        )
    if kind == TournamentEventKind.TOURNAMENT_STARTED:
        return TournamentStarted(**common, players=int(p.get("players", 0)))
    if kind == TournamentEventKind.ROUND_STARTED:
        tables = [_table(t, users) for t in p.get("tables", ())]
        mine = next(
            (
                t
                for t, raw in zip(tables, p.get("tables", ()), strict=True)
                if any(q["userId"] == viewer_id for q in raw.get("players", ()))
            ),
            None,
        )
        return TournamentRoundStarted(
            **common,
            round=int(p.get("round", 0)),
            deadline=time_of(p.get("deadline")),
            tables=tables,
            byes=[
                UserType.from_model(users[q["userId"]])
                for q in p.get("byes", ())
                if q["userId"] in users
            ],
            my_table=mine,
        )
    if kind == TournamentEventKind.STANDINGS_CHANGED:
        return TournamentStandingsChanged(
            **common,
            round=int(p.get("round", 0)),
            standings=_standings(p.get("standings", ()), users),
        )
    if kind == TournamentEventKind.TOURNAMENT_ENDED:
        return TournamentEnded(
            **common,
            round=int(p.get("round", 0)),
            standings=_standings(p.get("standings", ()), users),
        )
    if kind == TournamentEventKind.TOURNAMENT_CANCELLED:
        return TournamentCancelled(**common, reason=str(p.get("reason", "")))
    return OtherTournamentEvent(**common, payload=JSON(dict(p)))


SCHEMA_TYPES = [
    TournamentPlayerChanged,
    TournamentStarted,
    TournamentRoundStarted,
    TournamentStandingsChanged,
    TournamentEnded,
    TournamentCancelled,
    OtherTournamentEvent,
]

"""A tournament's events and notices: appended in the transaction that caused them,
published after its commit.

Events (``tournamentEvents(id, after)``, each with the tournament's ``seq``):
PLAYER_JOINED, PLAYER_LEFT, TOURNAMENT_STARTED, ROUND_STARTED (the round's tables and
byes), STANDINGS_CHANGED (after each round), PLAYER_WITHDRAWN, TOURNAMENT_ENDED (the
final standings), TOURNAMENT_CANCELLED. Stored in ``TournamentEvent`` (append-only) and
sent to the group ``tournament.<pk>``.

Notices (``myEvents``): TOURNAMENT_ROUND_STARTED (with the match of the player's table,
or a bye), TOURNAMENT_WITHDRAWN, TOURNAMENT_ENDED (the player's place),
TOURNAMENT_CANCELLED; the last two are pushed too (:func:`push`). A round's start is
pushed as its table's MATCH_STARTED (``matches.store``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from matches import publishing
from matches.notifications import dispatch
from tournaments.models import Tournament, TournamentEvent

TOURNAMENT_EVENTS = "tournament.events"  # the Channels message type

PLAYER_JOINED = "PLAYER_JOINED"
PLAYER_LEFT = "PLAYER_LEFT"
TOURNAMENT_STARTED = "TOURNAMENT_STARTED"
ROUND_STARTED = "ROUND_STARTED"
STANDINGS_CHANGED = "STANDINGS_CHANGED"
PLAYER_WITHDRAWN = "PLAYER_WITHDRAWN"
TOURNAMENT_ENDED = "TOURNAMENT_ENDED"
TOURNAMENT_CANCELLED = "TOURNAMENT_CANCELLED"
FINAL = frozenset({TOURNAMENT_ENDED, TOURNAMENT_CANCELLED})

# Notice kinds (myEvents).
ROUND_NOTICE = "TOURNAMENT_ROUND_STARTED"
WITHDRAWN_NOTICE = "TOURNAMENT_WITHDRAWN"
ENDED_NOTICE = "TOURNAMENT_ENDED"
CANCELLED_NOTICE = "TOURNAMENT_CANCELLED"


def tournament_group(tournament_id: int) -> str:
    return f"rummy:tournament:{tournament_id}"


def event_dict(row: TournamentEvent) -> dict[str, Any]:
    return {
        "seq": row.seq,
        "type": row.type,
        "payload": row.payload,
        "at": row.created_at.isoformat() if row.created_at else None,
    }


@dataclass
class Outbox:
    """What a change of a tournament tells after commit: its events, then notices."""

    tournament_id: int
    events: list[dict[str, Any]] = field(default_factory=list)
    notices: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    def append(self, tournament: Tournament, kind: str, payload: Mapping[str, Any]) -> None:
        """Store one event with the next seq (the caller saves the tournament row)."""
        tournament.last_seq += 1
        row = TournamentEvent.objects.create(
            tournament=tournament, seq=tournament.last_seq, type=kind, payload=dict(payload)
        )
        self.events.append(event_dict(row))

    def notify(
        self, user_id: int, kind: str, payload: Mapping[str, Any], match_id: int | None = None
    ) -> None:
        body = {"tournamentId": str(self.tournament_id), **payload}
        self.notices.append((user_id, {"type": kind, "matchId": match_id, "payload": body}))

    def publish(self) -> None:
        """Register the sending with the transaction (nothing if it rolls back)."""
        events = list(self.events)
        message = {
            "type": TOURNAMENT_EVENTS,
            "tournament_id": self.tournament_id,
            "events": events,
        }
        group = tournament_group(self.tournament_id)

        def send() -> None:
            if events:
                publishing.publish_group(group, message)

        if events:
            transaction.on_commit(send)
        publishing.notify_after_commit(self.notices)


def push(kind: str, tournament: Tournament, user_id: int, texts: Mapping[str, Any]) -> None:
    """A push of ``kind`` (TOURNAMENT_ENDED, TOURNAMENT_CANCELLED) to the player, through
    the notifications (``matches.notifications``: their settings, quiet hours, devices;
    made in this transaction, sent after its commit)."""
    dispatch.notice(
        kind,
        user_id=user_id,
        payload={
            "texts": {"tournament": tournament.name, **{k: str(v) for k, v in texts.items()}},
            "url": f"/#/tournament/{tournament.pk}",
        },
        key=f"{kind}:{tournament.pk}",
    )

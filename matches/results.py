"""A ranked match's result, handed to the ratings (issue 6).

``match_rate`` runs in the ``accounts.update_ratings`` task (``matches.rating_tasks``),
queued after commit when a ranked match finishes. It turns the match's outcome into
standings (``accounts.ratings.Standing``) and records them once: under the match's row
lock, and ``ratings_record_result`` sets the per-match "rated" flag in the same
transaction, so a repeated or concurrent task changes nothing. An aborted match is never
rated (only FINISHED ones are).

The finishing order: the winners first (tied with each other), then the others as the
engine ranked them (``MatchOutcome.ranking``: by final penalty or score), equal totals
tied; resigned and abandoned seats (a human seat a bot still plays at the end, after
timeouts) last, tied with each other.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from accounts import ratings
from accounts.models import RatingChange
from matches import publishing
from matches.models import Match, MatchStatus, Seat
from matches.selectors import load_state

log = logging.getLogger(__name__)

RATING_CHANGED = "RATING_CHANGED"


def finishing_ranks(outcome: Mapping[str, Any], last: set[int]) -> dict[int, int]:
    """Seat -> rank (1 = best; equal ranks tie) from a ``MatchOutcome.to_dict()``;
    ``last`` holds seats ranked last whatever their score (resigned, abandoned)."""
    winners = set(outcome.get("winners") or ())
    totals = list(outcome.get("totals") or ())
    last = last | set(outcome.get("resigned") or ())
    ranking = list(outcome["ranking"])
    ordered = [seat for seat in ranking if seat not in last]
    ranks: dict[int, int] = {}
    previous: object = None
    place = 0
    for position, seat in enumerate(ordered):
        key: object = "won" if seat in winners else ("total", totals[seat])
        if key != previous:
            place, previous = position + 1, key
        ranks[seat] = place
    for seat in ranking:
        if seat in last:
            ranks[seat] = len(ordered) + 1
    return ranks


def _abandoned(match: Match, seats: list[Seat]) -> set[int]:
    state = load_state(match)
    if state is None:
        return set()
    return {
        s.index
        for s in seats
        if s.user_id is not None and not s.bot_level and state.seats[s.index].bot
    }


def match_standings(match: Match) -> list[ratings.Standing]:
    """The rated standings of a finished match: every seat with a user or a bot."""
    seats = list(Seat.objects.filter(match=match).order_by("index"))
    assert match.outcome is not None
    ranks = finishing_ranks(match.outcome, _abandoned(match, seats))
    standings = []
    for seat in seats:
        if seat.user_id is not None:
            standings.append(ratings.Standing(rank=ranks[seat.index], user_id=seat.user_id))
        elif seat.bot_level:
            standings.append(ratings.Standing(rank=ranks[seat.index], bot_level=seat.bot_level))
        # else: the user's account was deleted; the others are rated without that seat.
    return standings


def match_rate(*, match_id: int) -> list[RatingChange] | None:
    """Move the ratings of a finished ranked match's players, once.

    Returns the changes, or None when there is nothing (more) to do: no such match, not
    ranked, not finished (aborted, or still running), or rated before. After commit each
    player whose rating moved gets a RATING_CHANGED user event (``myEvents``).
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or not match.ranked:
            return None
        if match.status != MatchStatus.FINISHED or not match.outcome:
            return None
        changes = ratings.ratings_record_result(
            match_id=match.pk,
            ruleset=match.ruleset,
            tempo=ratings.tempo_of(correspondence_hours=match.correspondence_hours),
            standings=match_standings(match),
        )
        if changes:
            events = [
                (
                    c.user_id,
                    {
                        "type": RATING_CHANGED,
                        "matchId": match.pk,
                        "payload": ratings.rating_change_payload(c),
                    },
                )
                for c in changes
            ]

            def send() -> None:
                for user_id, event in events:
                    publishing.publish_user_event(user_id, event)

            transaction.on_commit(send)
        return changes

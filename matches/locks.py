"""The match lock: every write to a match, its seats, rounds, events and actions runs
under its row lock (``select_for_update``), taken first in its transaction.

Code that locks several matches does it in primary-key order (:func:`lock_matches`), so
that two such transactions wait for each other instead of deadlocking.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matches.errors import MatchNotFound
from matches.models import Match, Seat
from matches.selectors import invited, match_lookup


def lock_match(
    match_id: object, *, user: Any = None, invite_code: str | None = None
) -> tuple[Match, list[Seat]]:
    """Lock the match row for the transaction (no other row lock is needed) and read its
    seats, by index with their users, in the same query: who acts, who plays next, who
    is told and the view's seats all come from them.

    With a ``user``, a private match they may not see (``selectors.can_see``) and hold no
    invitation to (``invite_code``) raises MatchNotFound like an unknown id: a stranger
    learns nothing of it, not even its status, from any answer (issue 14)."""
    lookup = {f"match__{key}": value for key, value in match_lookup(match_id).items()}
    seats = list(
        Seat.objects.select_related("match", "user")
        .select_for_update(of=("match",))
        .filter(**lookup)
        .order_by("index")
    )
    if not seats:  # every match has its seats from the start
        raise MatchNotFound(match_id)
    match = seats[0].match
    for seat in seats:
        seat.match = match  # one match object, not one per seat
    private = user is not None and match.private and not invited(match, invite_code)
    if private and not _sees_private(match, seats, user):
        raise MatchNotFound(match_id)
    return match, seats


def _sees_private(match: Match, seats: Sequence[Seat], user: Any) -> bool:
    """``selectors.can_see`` of a private match, from its seats."""
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_staff) or any(s.user_id == user.pk for s in seats)


def lock_matches(match_ids: Sequence[int]) -> list[Match]:
    """Lock several match rows, always in primary-key order (see ``lock_match``)."""
    return list(Match.objects.select_for_update().filter(pk__in=match_ids).order_by("pk"))

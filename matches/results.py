"""A ranked match's result, handed to the ratings (issues 6 and 11).

``rate_at_end`` runs in the transaction that finishes a ranked match
(``matches.services``): it turns the outcome into standings
(``accounts.ratings.Standing``), records the rating changes, and puts them on the
MATCH_ENDED event as ``ratingChanges``; after commit each player whose rating moved also
gets a RATING_CHANGED user event (``myEvents``). The rating is committed with the match's
end or not at all, so a lost broker or Redis can no longer lose it (openskill is cheap).
``ratings_record_result`` sets the per-match "rated" flag in the same transaction, so a
match is rated once.

``match_rate`` (the ``accounts.update_ratings`` task, ``matches.rating_tasks``) rates a
finished ranked match that was not rated yet, under the match's row lock; with ratings
made at the end it finds nothing to do, which keeps the task safe for messages queued
before this change. An aborted match is never rated (only FINISHED ones are).

Not every ranked ending is rated (issue 26: a second account joining and resigning at
once gave a rated win in 4 s, rank 1 after one match). A ranked match with two or more
people in it is not rated when it ends before each of them has made
``RATING_MIN_MOVES`` moves of their own (Lichess aborts games under two moves), or when
two of them have already been rated together ``RATING_PAIR_DAILY_LIMIT`` times in the
last 24 hours. It still ends as it ended; it moves no rating, and its MATCH_ENDED says
why (``unrated``). A person alone against bots gains nothing by ending early (a resign
is a loss against a fixed rating), so such a match is always rated.

The finishing order: the winners first (tied with each other), then the others as the
engine ranked them (``MatchOutcome.ranking``: by final penalty or score), equal totals
tied; resigned and abandoned seats (a human seat a bot still plays at the end, after
timeouts) last, tied with each other.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from accounts import ratings
from accounts.models import RatingChange
from engine.events import MATCH_ENDED, Event
from engine.state import GameState
from matches import archive, publishing
from matches.models import Match, MatchAction, MatchStatus, Seat
from matches.selectors import load_state

log = logging.getLogger(__name__)

RATING_CHANGED = "RATING_CHANGED"
# The actions that count as a person's moves toward a rated result (not drafts, undos
# or the resignation itself).
MOVE_KINDS = ("commit", "draw", "discard", "pass")


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


def _abandoned(seats: list[Seat], state: GameState | None) -> set[int]:
    if state is None:
        return set()
    return {
        s.index
        for s in seats
        if s.user_id is not None and not s.bot_level and state.seats[s.index].bot
    }


def match_standings(
    match: Match, state: GameState | None = None
) -> list[tuple[int, ratings.Standing]]:
    """The rated standings of a finished match, with their seats: every seat with a user
    or a bot. ``state``, the final one, defaults to the stored one."""
    seats = list(Seat.objects.filter(match=match).order_by("index"))
    state = load_state(match) if state is None else state
    outcome = state.outcome.to_dict() if state is not None and state.outcome else match.outcome
    assert outcome is not None
    ranks = finishing_ranks(outcome, _abandoned(seats, state))
    standings = []
    for seat in seats:
        if seat.user_id is not None:
            standing = ratings.Standing(rank=ranks[seat.index], user_id=seat.user_id)
        elif seat.bot_level:
            standing = ratings.Standing(rank=ranks[seat.index], bot_level=seat.bot_level)
        else:
            continue  # the user's account was deleted; the others are rated without it
        standings.append((seat.index, standing))
    return standings


def unrated_reason(
    match: Match, standings: Sequence[tuple[int, ratings.Standing]], current: Any = None
) -> str | None:
    """Why this ranked ending rates nothing (see the module notes), or None. ``current``:
    the action ending the match, with its person (``(user_id, kind)``): not logged yet."""
    people = [s.user_id for _, s in standings if s.user_id is not None]
    if len(people) < 2:
        return None
    least = int(settings.RATING_MIN_MOVES)
    moves = dict(
        MatchAction.objects.filter(match=match, user_id__in=people, action__kind__in=MOVE_KINDS)
        .values_list("user_id")
        .annotate(n=Count("pk"))
        .values_list("user_id", "n")
    )
    if not moves:  # a match packed since it ended (``matches.archive``)
        moves = archive.moves_by(match.pk, people, MOVE_KINDS)
    if current is not None and current[1] in MOVE_KINDS:
        moves[current[0]] = moves.get(current[0], 0) + 1
    if any(moves.get(person, 0) < least for person in people):
        return f"it ended before every player had made {least} moves"
    limit = int(settings.RATING_PAIR_DAILY_LIMIT)
    since = timezone.now() - timedelta(days=1)
    if ratings.rated_together(user_ids=people, since=since) >= limit:
        return f"two of its players were rated together {limit} times in the last 24 hours"
    return None


def _record(
    match: Match,
    state: GameState | None = None,
    current: Any = None,
) -> tuple[list[RatingChange], dict[int, int], str | None] | None:
    """Record the match's rating changes once; with the seat of each rated user, and why
    nothing moved if the ending is not rated (the "rated" flag is set all the same)."""
    standings = match_standings(match, state)
    reason = unrated_reason(match, standings, current)
    changes = ratings.ratings_record_result(
        match_id=match.pk,
        ruleset=match.ruleset,
        tempo=ratings.tempo_of(correspondence_hours=match.correspondence_hours),
        standings=[s for _, s in standings] if reason is None else [],
    )
    if changes is None:
        return None
    if reason is not None:
        log.info("ranked match %s is not rated: %s", match.pk, reason)
    seat_of = {s.user_id: index for index, s in standings if s.user_id is not None}
    if changes:
        _notify_after_commit(match.pk, changes)
    return changes, seat_of, reason


def change_payload(change: RatingChange, seat: int) -> dict[str, Any]:
    """One entry of MATCH_ENDED's ``ratingChanges``."""
    return {"seat": seat, "userId": change.user_id, **ratings.rating_change_payload(change)}


def rate_at_end(
    match: Match, state: GameState, events: Sequence[Event], current: Any = None
) -> list[Event]:
    """Rate a ranked match in the transaction that finishes it; ``events`` with its
    MATCH_ENDED carrying ``ratingChanges`` (seat order), and ``unrated`` (why) when the
    ending moves no rating. ``current``: (user id, action kind) of the person whose
    action ends it, if any. Unranked: unchanged."""
    out = list(events)
    if not match.ranked or state.outcome is None:
        return out
    recorded = _record(match, state, current)
    if recorded is None:
        return out  # rated before (cannot happen for a match that ends once)
    changes, seat_of, reason = recorded
    entries = sorted(
        (change_payload(c, seat_of[c.user_id]) for c in changes), key=lambda e: e["seat"]
    )
    extra: dict[str, Any] = {"ratingChanges": entries}
    if reason is not None:
        extra["unrated"] = reason
    for i, e in enumerate(out):
        if e.type == MATCH_ENDED:
            out[i] = Event(e.type, {**e.public, **extra}, e.private)
    return out


def _notify_after_commit(match_id: int, changes: Sequence[RatingChange]) -> None:
    now = timezone.now().isoformat()
    events = [
        (
            c.user_id,
            {
                "type": RATING_CHANGED,
                "matchId": match_id,
                "at": now,
                "payload": ratings.rating_change_payload(c),
            },
        )
        for c in changes
    ]

    def send() -> None:
        for user_id, event in events:
            publishing.publish_user_event(user_id, event)

    transaction.on_commit(send)


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
        recorded = _record(match)
        return None if recorded is None else recorded[0]


def rating_changes_of(*, public_id: str) -> list[dict[str, Any]]:
    """What a finished match moved (``change_payload`` entries, seat order); empty for an
    unranked or unfinished match, or one rated nowhere."""
    match = Match.objects.filter(public_id=public_id).first()
    if match is None and public_id.isdigit():
        match = Match.objects.filter(pk=int(public_id)).first()
    if match is None or not match.ranked or match.status != MatchStatus.FINISHED:
        return []
    seat_of = dict(
        Seat.objects.filter(match=match, user__isnull=False).values_list("user_id", "index")
    )
    entries = [
        change_payload(c, seat_of[c.user_id])
        for c in ratings.rating_changes_of_match(match_id=match.pk)
        if c.user_id in seat_of
    ]
    return sorted(entries, key=lambda e: e["seat"])

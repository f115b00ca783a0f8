"""Challenges (issue 30): a player asks another for a match of two; accepted, it becomes
the match, both seated and dealt (a driver above the services: ``match_create``,
``match_join`` and ``match_start`` in one transaction, as matchmaking seats a table).

- :func:`challenge_create`: NOT_ALLOWED for oneself, when a block stands between the
  two (either way), or beyond ``MAX_PENDING`` open challenges; the match's settings are
  checked now as ``match_create`` checks them (BAD_OPTION, NOT_ALLOWED). The challenged
  player gets CHALLENGE_RECEIVED on ``myEvents`` and an INVITED notice
  (``matches.notifications``: pushed and digested as the player's settings for
  invitations say, held by their quiet hours).
- :func:`challenge_accept` (the challenged player): the match begins; the challenger
  gets CHALLENGE_ACCEPTED (both get MATCH_STARTED). :func:`challenge_decline` and
  :func:`challenge_cancel` (the challenger) close it, telling the other.
- A challenge not answered by ``expires_at`` (``CHALLENGE_SECONDS`` after it was made)
  expires: answering it then gives CHALLENGE_EXPIRED; beat's sweep marks it and tells
  both (:func:`challenges_expire`). Answering a closed one gives CHALLENGE_CLOSED.

Each write locks the challenge row; only its two players see it (anyone else:
ChallengeNotFound, as for a missing one).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts import social
from engine.errors import Code
from matches import publishing, services
from matches.errors import ChallengeCode, NotFound, Rejected
from matches.models import Challenge, ChallengeStatus, Match
from matches.notifications import dispatch
from matches.notifications.kinds import INVITED
from matches.seating import match_options, match_settings
from matches.selectors import PUBLIC_ID, MatchView

MAX_PENDING = 10

RECEIVED = "CHALLENGE_RECEIVED"
ACCEPTED = "CHALLENGE_ACCEPTED"
DECLINED = "CHALLENGE_DECLINED"
CANCELLED = "CHALLENGE_CANCELLED"
EXPIRED = "CHALLENGE_EXPIRED"
NOTICES = frozenset({RECEIVED, ACCEPTED, DECLINED, CANCELLED, EXPIRED})


class ChallengeNotFound(NotFound):
    def __init__(self, challenge_id: object) -> None:
        super().__init__(f"there is no challenge {challenge_id}")


def challenge_payload(c: Challenge) -> dict[str, Any]:
    """A challenge as notices carry it (and clients read it)."""
    return {
        "id": c.public_id,
        "challenger": {"id": c.challenger_id, "username": c.challenger.get_username()},
        "challenged": {"id": c.challenged_id, "username": c.challenged.get_username()},
        "ruleset": c.ruleset,
        "options": c.options,
        "turnSeconds": c.turn_seconds,
        "correspondenceHours": c.correspondence_hours,
        "ranked": c.ranked,
        "status": c.status,
        "matchId": c.match.public_id if c.match_id and c.match else None,
        "createdAt": c.created_at.isoformat() if c.created_at else None,
        "expiresAt": c.expires_at.isoformat(),
    }


def _tell(user_id: int, kind: str, challenge: Challenge) -> None:
    """After commit: ``kind`` to ``user_id``'s myEvents, with the challenge."""
    event = {"type": kind, "matchId": challenge.match_id, "payload": challenge_payload(challenge)}
    publishing.notify_after_commit([(user_id, event)])


def _lock(challenge_id: object, user: Any) -> Challenge:
    if not isinstance(challenge_id, str) or not PUBLIC_ID.fullmatch(challenge_id):
        raise ChallengeNotFound(challenge_id)
    found = (
        Challenge.objects.select_for_update(of=("self",))
        .select_related("challenger", "challenged", "match")
        .filter(public_id=challenge_id)
        .first()
    )
    if found is None or user.pk not in (found.challenger_id, found.challenged_id):
        raise ChallengeNotFound(challenge_id)
    return found


def _closed(challenge: Challenge, now: datetime) -> Rejected | None:
    """Why ``challenge`` (locked) cannot be answered now, expiring it if it is due."""
    if challenge.status == ChallengeStatus.PENDING and challenge.expires_at <= now:
        _expire(challenge, now)
    if challenge.status == ChallengeStatus.EXPIRED:
        return Rejected(ChallengeCode.CHALLENGE_EXPIRED, "the challenge expired")
    if challenge.status != ChallengeStatus.PENDING:
        return Rejected(
            ChallengeCode.CHALLENGE_CLOSED, f"the challenge is {challenge.status.lower()}"
        )
    return None


def challenge_create(
    *,
    user: Any,
    username: str,
    ruleset_name: str = "robbers",
    options: Mapping[str, Any] | None = None,
    turn_seconds: int | None = None,
    correspondence_hours: int | None = None,
    ranked: bool = False,
) -> Challenge | Rejected:
    """Challenge ``username`` (see the module notes). Raises UserNotFound,
    InvalidRequest for malformed options."""
    other = social.user_by_name(username)
    if other.pk == user.pk:
        return Rejected(Code.NOT_ALLOWED, "you cannot challenge yourself")
    if social.apart(user.pk, [other.pk]):
        return Rejected(Code.NOT_ALLOWED, f"{other.username} does not take challenges from you")
    options = match_options(options)
    checked = match_settings(
        ruleset_name=ruleset_name,
        options=options,
        seats=2,
        turn_seconds=turn_seconds,
        correspondence_hours=correspondence_hours,
        ranked=ranked,
    )
    if isinstance(checked, Rejected):
        return checked
    rules, turn_seconds, _ = checked
    now = timezone.now()
    with transaction.atomic():
        pending = Challenge.objects.select_for_update().filter(
            challenger=user, status=ChallengeStatus.PENDING, expires_at__gt=now
        )
        if len(pending) >= MAX_PENDING:
            return Rejected(Code.NOT_ALLOWED, f"at most {MAX_PENDING} open challenges")
        challenge = Challenge.objects.create(
            challenger=user,
            challenged=other,
            ruleset=rules.name,
            options={k: v for k, v in options.items() if k != "players"},
            turn_seconds=turn_seconds,
            correspondence_hours=correspondence_hours,
            ranked=ranked,
            expires_at=now + timedelta(seconds=settings.CHALLENGE_SECONDS),
        )
        _tell(other.pk, RECEIVED, challenge)
        # And a push (matches.notifications), where the player has a device and wants it.
        dispatch.notice(
            INVITED,
            user_id=other.pk,
            payload={
                "inviter": user.get_username(),
                "ruleset": rules.name,
                "url": "/#/friends",
                "challenge": challenge.public_id,
            },
            key=f"{INVITED}:{challenge.public_id}",
        )
        return challenge


def challenge_accept(*, challenge_id: object, user: Any) -> Challenge | Rejected:
    """The challenged player accepts: the match is created with both seated and dealt
    (the challenger in seat 0). NOT_ALLOWED for the challenger, or when a block came
    between them since."""
    now = timezone.now()
    with transaction.atomic():
        challenge = _lock(challenge_id, user)
        if user.pk != challenge.challenged_id:
            return Rejected(Code.NOT_ALLOWED, "only the challenged player accepts")
        refused = _closed(challenge, now)
        if refused is not None:
            return refused
        if social.apart(user.pk, [challenge.challenger_id]):
            return Rejected(Code.NOT_ALLOWED, "a block stands between you")
        challenger = challenge.challenger
        made = services.match_create(
            user=challenger,
            ruleset_name=challenge.ruleset,
            options=challenge.options,
            seats=2,
            turn_seconds=challenge.turn_seconds,
            correspondence_hours=challenge.correspondence_hours,
            ranked=challenge.ranked,
        )
        if isinstance(made, Rejected):
            return made
        joined = services.match_join(match_id=made.id, user=user)
        started = (
            joined
            if isinstance(joined, Rejected)
            else services.match_start(match_id=made.id, user=challenger)
        )
        if isinstance(started, Rejected):
            transaction.set_rollback(True)
            return started
        assert isinstance(started, MatchView)
        challenge.status = ChallengeStatus.ACCEPTED
        challenge.answered_at = now
        challenge.match = Match.objects.get(pk=made.id)
        challenge.save(update_fields=["status", "answered_at", "match"])
        _tell(challenge.challenger_id, ACCEPTED, challenge)
        return challenge


def challenge_decline(*, challenge_id: object, user: Any) -> Challenge | Rejected:
    """The challenged player says no; the challenger is told."""
    return _close(challenge_id, user, by_challenger=False)


def challenge_cancel(*, challenge_id: object, user: Any) -> Challenge | Rejected:
    """The challenger withdraws it; the challenged player is told."""
    return _close(challenge_id, user, by_challenger=True)


def _close(challenge_id: object, user: Any, *, by_challenger: bool) -> Challenge | Rejected:
    now = timezone.now()
    with transaction.atomic():
        challenge = _lock(challenge_id, user)
        mine = challenge.challenger_id if by_challenger else challenge.challenged_id
        if user.pk != mine:
            who = "challenger withdraws" if by_challenger else "challenged player declines"
            return Rejected(Code.NOT_ALLOWED, f"only the {who} it")
        refused = _closed(challenge, now)
        if refused is not None:
            return refused
        challenge.status = ChallengeStatus.CANCELLED if by_challenger else ChallengeStatus.DECLINED
        challenge.answered_at = now
        challenge.save(update_fields=["status", "answered_at"])
        other = challenge.challenged_id if by_challenger else challenge.challenger_id
        _tell(other, CANCELLED if by_challenger else DECLINED, challenge)
        return challenge


def _expire(challenge: Challenge, now: datetime) -> None:
    challenge.status = ChallengeStatus.EXPIRED
    challenge.answered_at = now
    challenge.save(update_fields=["status", "answered_at"])
    _tell(challenge.challenger_id, EXPIRED, challenge)
    _tell(challenge.challenged_id, EXPIRED, challenge)


def challenges_expire(now: datetime | None = None) -> int:
    """Beat's sweep: expire every pending challenge past its time, telling both."""
    now = now or timezone.now()
    done = 0
    due = Challenge.objects.filter(status=ChallengeStatus.PENDING, expires_at__lte=now)
    for pk in due.values_list("pk", flat=True)[:500]:
        with transaction.atomic():
            challenge = (
                Challenge.objects.select_for_update()
                .select_related("challenger", "challenged")
                .filter(pk=pk, status=ChallengeStatus.PENDING)
                .first()
            )
            if challenge is not None:
                _expire(challenge, now)
                done += 1
    return done


def my_challenges(*, user: Any) -> list[Challenge]:
    """The user's open challenges, made and received, newest first."""
    return list(
        Challenge.objects.filter(Q(challenger=user) | Q(challenged=user))
        .filter(status=ChallengeStatus.PENDING, expires_at__gt=timezone.now())
        .select_related("challenger", "challenged", "match")
        .order_by("-created_at")
    )


def challenge_get(*, challenge_id: object, user: Any) -> Challenge:
    """One of the user's challenges (any status); raises ChallengeNotFound."""
    if not isinstance(challenge_id, str) or not PUBLIC_ID.fullmatch(challenge_id):
        raise ChallengeNotFound(challenge_id)
    found = (
        Challenge.objects.select_related("challenger", "challenged", "match")
        .filter(public_id=challenge_id)
        .first()
    )
    if found is None or user.pk not in (found.challenger_id, found.challenged_id):
        raise ChallengeNotFound(challenge_id)
    return found

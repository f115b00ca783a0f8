"""What a notice says to one device, composed when it is sent, not when it was made:
so a "your turn" held by quiet hours says how many matches wait *then* ("your turn in 3
matches"), and a notice that is no longer true (the turn is over) is not sent at all.

Reads only: the match, its seats and their users, the matches where it is the user's
turn (the iOS badge, and what YOUR_TURN stacks).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import F

from matches.models import Match, MatchStatus, Seat
from matches.notifications.kinds import (
    MATCH_ENDED,
    MATCH_STARTED,
    MAX_TTL_SECONDS,
    TURN_KINDS,
    collapse_key,
    urgency,
)
from matches.notifications.models import Notice, PushDevice
from matches.notifications.preferences import Prefs
from matches.notifications.push import Message
from matches.notifications.texts import Facts, language_of, render
from matches.seats import person_plays_q


@dataclass(frozen=True, slots=True)
class About:
    """A notice's match as its messages need it, read once per notice."""

    public_id: str | None = None
    ruleset: str = ""
    opponents: tuple[str, ...] = ()  # "" for a bot
    deadline: datetime | None = None
    waiting: int = 0
    winners: tuple[str, ...] = ()
    won: bool = False
    current: bool = True  # still true: the turn (of a turn's notice) still runs


def waiting_matches(user_id: int) -> int:
    """The matches where it is the user's turn and they play the seat themselves."""
    return (
        Seat.objects.filter(
            person_plays_q(),
            user_id=user_id,
            index=F("match__on_turn"),
            match__status=MatchStatus.ACTIVE,
        )
        .values("match_id")
        .count()
    )


def on_turn(match: Match, user_id: int) -> bool:
    """Whether the user plays the seat on turn of ``match`` (running) themselves."""
    if match.status != MatchStatus.ACTIVE or match.on_turn is None:
        return False
    return Seat.objects.filter(
        person_plays_q(), match=match, index=match.on_turn, user_id=user_id
    ).exists()


def about(notice: Notice) -> About:
    waiting = waiting_matches(notice.user_id)
    match = notice.match
    if match is None:
        return About(waiting=waiting)
    seats = list(Seat.objects.filter(match=match).select_related("user").order_by("index"))
    names = {s.index: (s.user.username if s.user is not None else "") for s in seats}
    mine = {s.index for s in seats if s.user_id == notice.user_id}
    opponents = tuple(names[i] for i in sorted(names) if i not in mine)
    winners = tuple(int(w) for w in (match.winners or ()))
    current = True
    if notice.kind in TURN_KINDS:
        current = match.turn == notice.turn and on_turn(match, notice.user_id)
    elif notice.kind == MATCH_STARTED:
        current = match.status == MatchStatus.ACTIVE
    return About(
        public_id=match.public_id,
        ruleset=match.ruleset,
        opponents=opponents,
        deadline=match.deadline if match.status == MatchStatus.ACTIVE else None,
        waiting=waiting,
        winners=tuple(names.get(w, "") for w in winners if w not in mine),
        won=bool(mine & set(winners)),
        current=current,
    )


def ttl(kind: str, deadline: datetime | None, now: datetime) -> int:
    """Seconds a push service may keep the notice: the time left on the clock for a
    turn's notice, 12 hours at most (and at least a minute)."""
    if deadline is not None and kind in TURN_KINDS | {MATCH_STARTED}:
        left = int((deadline - now).total_seconds())
        return max(60, min(MAX_TTL_SECONDS, left))
    return MAX_TTL_SECONDS


def facts(notice: Notice, about: About, *, time_left: timedelta | None = None) -> Facts:
    """What the texts of ``notice`` say (:func:`texts.render`): from its match, else
    from its payload (a challenge, a tournament)."""
    return Facts(
        ruleset=about.ruleset or str(notice.payload.get("ruleset", "")),
        opponents=about.opponents,
        time_left=time_left,
        waiting=max(1, about.waiting),
        won=about.won,
        winners=about.winners,
        reason=str(notice.payload.get("reason", "")),
        inviter=str(notice.payload.get("inviter", "")),
        extra={str(k): str(v) for k, v in (notice.payload.get("texts") or {}).items()},
    )


def path(notice: Notice, about: About) -> str:
    """Where ``notice`` leads in the web client, from the site's root: its match, else
    the page its payload names (a challenge, a tournament)."""
    if not about.public_id:
        return str(notice.payload.get("url") or "/")
    url = f"/#/match/{about.public_id}"
    if notice.payload.get("inviteCode"):
        url += f"/{notice.payload['inviteCode']}"
    return url


def message(
    notice: Notice, about: About, device: PushDevice, prefs: Prefs, now: datetime
) -> Message:
    """The message ``device`` gets for ``notice``, in the user's language (their setting,
    else the device's locale)."""
    lang = language_of(prefs.language, device.locale)
    left: timedelta | None = None
    if about.deadline is not None and notice.kind in TURN_KINDS:
        left = about.deadline - now
    title, body = render(notice.kind, facts(notice, about, time_left=left), lang)
    url = path(notice, about)
    data = {"ruleset": about.ruleset, "opponents": ", ".join(n or "bot" for n in about.opponents)}
    if notice.turn is not None:
        data["turn"] = str(notice.turn)
    if about.deadline is not None:
        data["deadline"] = about.deadline.isoformat()
    if notice.kind == MATCH_ENDED:
        data["won"] = "true" if about.won else "false"
    return Message(
        kind=notice.kind,
        title=title,
        body=body,
        match_id=about.public_id,
        url=url,
        ttl=ttl(notice.kind, about.deadline, now),
        urgency=urgency(notice.kind),
        collapse_key=collapse_key(notice.kind),
        badge=about.waiting,
        data=data,
        sent_at=now,
    )

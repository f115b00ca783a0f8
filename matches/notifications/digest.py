"""E-mail digests: never a mail per move, at most ``NOTIFY_DIGEST_PER_DAY`` a day.

Every notice of a kind the user wants by e-mail waits as an item (``email_pending``).
The sweep (:func:`send_due`) mails a user one digest when their oldest item is
``NOTIFY_DIGEST_DELAY_SECONDS`` old (a player back within that time gets no mail about
what they already saw... unless it still waits for them), fewer than
``NOTIFY_DIGEST_PER_DAY`` digests went to them in the last 24 hours, the last one at
least ``24 h / NOTIFY_DIGEST_PER_DAY`` ago, and their quiet hours are not on. A digest
lists the matches waiting for the player *now* (their turn: ruleset, opponents, time
left, a link), then what else happened (ended matches, invitations, challenges, seats a
bot took over, tournaments ended or cancelled), each with a link; with nothing left to
say, no mail goes and the items are dropped.

Each mail carries a signed unsubscribe link, and RFC 8058's ``List-Unsubscribe`` and
``List-Unsubscribe-Post`` headers, so that a mail client's "unsubscribe" turns the
digest off in one click (``matches.notifications.views``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMessage
from django.db import transaction
from django.db.models import F, Min
from django.utils import timezone

from matches.models import MatchStatus, Seat
from matches.notifications.compose import about as about_notice
from matches.notifications.compose import facts, path
from matches.notifications.kinds import TURN_KINDS
from matches.notifications.models import Digest, Notice, NotificationSettings
from matches.notifications.preferences import prefs_of
from matches.notifications.texts import (
    RULESET_TITLES,
    language_of,
    names,
    render,
    time_left,
)
from matches.seats import person_plays_q

log = logging.getLogger(__name__)

SALT = "matches.notifications.unsubscribe"
BATCH = 200

_SUBJECT = {
    "en": "Rummy: {n} matches wait for you",
    "es": "Rummy: {n} partidas te esperan",
    "nl": "Rummy: {n} partijen wachten op je",
}
_SUBJECT_ONE = {
    "en": "Rummy: a match waits for you",
    "es": "Rummy: una partida te espera",
    "nl": "Rummy: een partij wacht op je",
}
_SUBJECT_NEWS = {"en": "Rummy: news from your matches", "es": "Rummy: novedades de tus partidas",
                 "nl": "Rummy: nieuws uit je partijen"}  # fmt: skip
_WAITING = {"en": "Your turn:", "es": "Te toca:", "nl": "Jij bent aan de beurt:"}
_ALSO = {"en": "Also:", "es": "Además:", "nl": "Verder:"}
_FOOTER = {
    "en": "No more of these e-mails: {url}",
    "es": "No recibir más estos correos: {url}",
    "nl": "Geen e-mails meer zoals deze: {url}",
}


def unsubscribe_token(user_id: int) -> str:
    return signing.dumps({"u": user_id}, salt=SALT, compress=True)


def user_of_token(token: str) -> int | None:
    """The user a signed unsubscribe token names; None for a forged or broken one."""
    try:
        data = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    user = data.get("u") if isinstance(data, dict) else None
    return user if isinstance(user, int) else None


def unsubscribe_url(user_id: int) -> str:
    return (
        f"{settings.PUBLIC_URL.rstrip('/')}/notifications/unsubscribe/{unsubscribe_token(user_id)}"
    )


def unsubscribe(user_id: int) -> None:
    """Turn the user's digest off (the unsubscribe link; idempotent)."""
    NotificationSettings.objects.update_or_create(user_id=user_id, defaults={"digest": False})
    Notice.objects.filter(user_id=user_id, email_pending=True).update(email_pending=False)


def due_users(now: datetime) -> list[int]:
    """Users whose oldest digest item is old enough (a batch)."""
    oldest = now - timedelta(seconds=settings.NOTIFY_DIGEST_DELAY_SECONDS)
    return list(
        Notice.objects.filter(email_pending=True)
        .values("user_id")
        .annotate(first=Min("created_at"))
        .filter(first__lte=oldest)
        .order_by("first")
        .values_list("user_id", flat=True)[:BATCH]
    )


def send_due(now: datetime | None = None) -> int:
    """Send every digest that is due (the sweep); how many were sent."""
    now = now or timezone.now()
    sent = 0
    for user_id in due_users(now):
        try:
            sent += send_digest(user_id, now)
        except Exception:  # one user's mail server trouble must not stop the others
            log.exception("could not send the digest of user %s", user_id)
    return sent


def send_digest(user_id: int, now: datetime) -> bool:
    """Send the user's digest if it is due (see the module notes); whether one went."""
    with transaction.atomic():
        # Two sweeps never both send: the user's row is the lock.
        user = get_user_model().objects.select_for_update().filter(pk=user_id).first()
        if user is None:
            return False
        prefs = prefs_of(NotificationSettings.objects.filter(user_id=user_id).first())
        pending = Notice.objects.filter(user_id=user_id, email_pending=True)
        if not prefs.digest or not user.email:
            pending.update(email_pending=False)
            return False
        if prefs.quiet_until(now) is not None:
            return False
        per_day = max(1, int(settings.NOTIFY_DIGEST_PER_DAY))
        recent = list(
            Digest.objects.filter(user_id=user_id, sent_at__gt=now - timedelta(days=1))
            .order_by("-sent_at")
            .values_list("sent_at", flat=True)
        )
        if len(recent) >= per_day or (recent and recent[0] > now - timedelta(days=1) / per_day):
            return False
        lang = language_of(prefs.language)
        waiting = _waiting_lines(user_id, now, lang)
        others = _other_lines(
            pending.exclude(kind__in=TURN_KINDS).select_related("match").order_by("created_at"),
            lang,
        )
        pending.update(email_pending=False)
        if not waiting and not others:
            return False
        url = unsubscribe_url(user_id)
        lines = []
        if waiting:
            lines += [_WAITING[lang], *waiting, ""]
        if others:
            lines += [_ALSO[lang], *others, ""]
        lines.append(_FOOTER[lang].format(url=url))
        if not waiting:
            subject = _SUBJECT_NEWS[lang]
        elif len(waiting) == 1:
            subject = _SUBJECT_ONE[lang]
        else:
            subject = _SUBJECT[lang].format(n=len(waiting))
        mail = EmailMessage(
            subject=subject,
            body="\n".join(lines) + "\n",
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[user.email],
            headers={
                "List-Unsubscribe": f"<{url}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            },
        )
        mail.send()
        Digest.objects.create(user_id=user_id, sent_at=now, items=len(waiting) + len(others))
        return True


def _link(public_id: str) -> str:
    return f"{settings.PUBLIC_URL.rstrip('/')}/#/match/{public_id}"


def _waiting_lines(user_id: int, now: datetime, lang: str) -> list[str]:
    """A line per match where it is the user's turn now."""
    seats = (
        Seat.objects.filter(
            person_plays_q(),
            user_id=user_id,
            index=F("match__on_turn"),
            match__status=MatchStatus.ACTIVE,
        )
        .select_related("match")
        .order_by("match__deadline", "match_id")
    )
    lines = []
    for seat in seats:
        match = seat.match
        others = tuple(
            (s.user.username if s.user is not None else "")
            for s in Seat.objects.filter(match=match).select_related("user").order_by("index")
            if s.user_id != user_id
        )
        title = RULESET_TITLES.get(match.ruleset, match.ruleset)
        left = time_left(match.deadline - now, lang) if match.deadline else ""
        who = names(others, lang)
        lines.append(f"- {title}" + (f" · {who}" if who else "") + (f" · {left}" if left else "")
                     + f"\n  {_link(match.public_id)}")  # fmt: skip
    return lines


def _other_lines(notices: Iterable[Notice], lang: str) -> list[str]:
    """A line per other item (an ended match, an invitation, a seat taken over, a
    tournament's end), the same texts as its push, and a link to where it leads."""
    lines = []
    seen: set[tuple[str, int | str]] = set()
    for notice in notices:
        key = (notice.kind, notice.match_id if notice.match_id is not None else notice.key)
        if key in seen:
            continue
        seen.add(key)
        about = about_notice(notice)
        title, body = render(notice.kind, facts(notice, about), lang)
        link = settings.PUBLIC_URL.rstrip("/") + path(notice, about)
        lines.append(f"- {title}: {body}\n  {link}")
    return lines

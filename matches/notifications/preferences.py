"""A user's notification settings as a value, and quiet hours.

Quiet hours are two wall-clock times in the user's time zone (``22:00`` to ``07:30``
crosses midnight); a non-urgent push due inside them waits until they end. Equal start
and end mean none.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from matches.notifications.kinds import URGENT
from matches.notifications.models import NotificationSettings


@dataclass(frozen=True, slots=True)
class Prefs:
    push_off: frozenset[str] = frozenset()
    email_off: frozenset[str] = frozenset()
    digest: bool = True
    quiet_start: time | None = None
    quiet_end: time | None = None
    time_zone: str = "UTC"
    while_watching: bool = False
    language: str = ""

    def pushes(self, kind: str) -> bool:
        return kind not in self.push_off

    def emails(self, kind: str) -> bool:
        return self.digest and kind not in self.email_off

    def zone(self) -> ZoneInfo:
        try:
            return ZoneInfo(self.time_zone)
        except (ZoneInfoNotFoundError, ValueError):
            return ZoneInfo("UTC")

    def quiet_until(self, now: datetime) -> datetime | None:
        """When the quiet hours that ``now`` falls in end (UTC), or None outside them."""
        start, end = self.quiet_start, self.quiet_end
        if start is None or end is None or start == end:
            return None
        zone = self.zone()
        local = now.astimezone(zone)
        clock = local.time().replace(tzinfo=None)
        if start < end:
            inside = start <= clock < end
            day = local.date()
        else:  # across midnight
            inside = clock >= start or clock < end
            day = local.date() + timedelta(days=1) if clock >= start else local.date()
        if not inside:
            return None
        return datetime.combine(day, end, tzinfo=zone).astimezone(UTC)

    def push_at(self, kind: str, now: datetime) -> datetime | None:
        """When a push of ``kind`` may go: None for now, else the end of quiet hours.
        The urgent kinds (the last-chance alarm) never wait."""
        return None if kind in URGENT else self.quiet_until(now)


def prefs_of(row: NotificationSettings | None) -> Prefs:
    if row is None:
        return Prefs()
    return Prefs(
        push_off=frozenset(row.push_off or ()),
        email_off=frozenset(row.email_off or ()),
        digest=row.digest,
        quiet_start=row.quiet_start,
        quiet_end=row.quiet_end,
        time_zone=row.time_zone or "UTC",
        while_watching=row.while_watching,
        language=row.language,
    )


def prefs_for(user_id: int) -> Prefs:
    return prefs_of(NotificationSettings.objects.filter(user_id=user_id).first())

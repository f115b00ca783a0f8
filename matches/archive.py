"""A match that is over, packed into one document (issue 31): what it stores, and the one
place that reads its logs whichever way they are stored.

While a match runs, its event and action logs are rows (``MatchEvent``, ``MatchAction``:
a move appends a few). Once it is over nothing is appended any more (every path that
appends locks the match and refuses one that is over), and a finished one-round match
kept about 300 KB of rows and indexes for its few hundred events. :func:`pack` then
writes the logs as one compressed JSON document (``MatchArchive``) and deletes the
rows, in one transaction: a reader sees the rows or the document, never neither, and
the document holds exactly what the rows held (every event's seq, type, public and
private parts and time; every action with its seq, person and time).

Packing runs after the commit that ended the match (``matches.tasks.archive_match``,
queued by ``matches.apps`` on ``signals.match_over``), and a periodic sweep
(``matches.sweep_archive``, also ``manage.py archive_matches``) packs whatever that
missed: a worker that died, the matches over before this existed. Until then a match
that is over is read from its rows, as before.

The readers (``matches.selectors``: catch-up and ``after`` replay, the full replay, the
replayed state; ``matches.results``; ``tournaments.rounds``; the admin) read through
:func:`event_rows`, :func:`action_rows` and :func:`acted`: the rows first (the live
path: one query, as before), the document only when there are none.
"""

from __future__ import annotations

import json
import logging
import zlib
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from matches.models import Match, MatchAction, MatchArchive, MatchEvent, MatchStatus

log = logging.getLogger(__name__)

FORMAT = 1
"""The document's layout: zlib-compressed JSON ``{"events": [[seq, type, public,
private, at], ...], "actions": [[index, action, seq, user, at], ...]}`` (``at``: the
row's ``created_at`` in ISO form; ``user``: the acting person's id or null)."""


def pack(match_id: int) -> bool:
    """Pack the logs of match ``match_id`` if it is over and not packed yet; whether it
    packed now. Idempotent: a second call (a retry, the sweep, a duplicate delivery)
    finds the archive and does nothing."""
    try:
        with transaction.atomic():
            match = Match.objects.select_for_update().filter(pk=match_id).first()
            if match is None or not match.over:
                return False
            if MatchArchive.objects.filter(match_id=match_id).exists():
                return False
            events = [
                [r.seq, r.type, r.public, r.private, r.created_at.isoformat()]
                for r in MatchEvent.objects.filter(match_id=match_id).order_by("seq")
            ]
            actions = [
                [r.index, r.action, r.seq, r.user_id, r.created_at.isoformat()]
                for r in MatchAction.objects.filter(match_id=match_id).order_by("index")
            ]
            document = {"events": events, "actions": actions}
            MatchArchive.objects.create(
                match_id=match_id,
                format=FORMAT,
                events=len(events),
                actions=len(actions),
                data=_compress(document),
            )
            # The triggers let these go only now that the archive row exists.
            MatchAction.objects.filter(match_id=match_id).delete()
            MatchEvent.objects.filter(match_id=match_id).delete()
    except IntegrityError:
        # Packed by a concurrent call (SQLite has no row lock: the archive's key decides).
        if MatchArchive.objects.filter(match_id=match_id).exists():
            return False
        raise
    return True


def sweep(*, limit: int = 200, grace: timedelta | None = None) -> int:
    """Pack up to ``limit`` matches over for at least ``grace`` (None: the setting
    ``ARCHIVE_SWEEP_GRACE_SECONDS``, left to the task queued at their end) and not
    packed yet, oldest first; how many were packed."""
    if grace is None:
        grace = timedelta(seconds=settings.ARCHIVE_SWEEP_GRACE_SECONDS)
    cutoff = timezone.now() - grace
    due = (
        Match.objects.filter(
            status__in=(MatchStatus.FINISHED, MatchStatus.ABORTED),
            finished_at__lte=cutoff,
            archive__isnull=True,
        )
        .order_by("finished_at", "pk")
        .values_list("pk", flat=True)[:limit]
    )
    packed = sum(pack(pk) for pk in list(due))
    if packed:
        log.info("packed %s match(es) that were over", packed)
    return packed


def _compress(document: dict[str, Any]) -> bytes:
    text = json.dumps(document, separators=(",", ":"), ensure_ascii=False)
    return zlib.compress(text.encode(), 9)


def document(match_id: int) -> dict[str, Any] | None:
    """The packed logs of match ``match_id``, or None when it is not packed."""
    row = MatchArchive.objects.filter(match_id=match_id).values_list("format", "data").first()
    if row is None:
        return None
    layout, data = row
    if layout != FORMAT:  # pragma: no cover - one format so far
        raise ValueError(f"match {match_id}: unknown archive format {layout}")
    loaded: dict[str, Any] = json.loads(zlib.decompress(bytes(data)))
    return loaded


def event_rows(
    match_id: int, *, after: int = 0, upto: int | None = None, limit: int | None = None
) -> list[dict[str, Any]]:
    """The events of match ``match_id`` with ``after < seq (<= upto)``, in order, as
    ``matches.selectors.event_row`` makes them (private parts included: server-side
    only), from the rows or else the document; at most ``limit`` (None: all)."""
    rows = MatchEvent.objects.filter(match_id=match_id, seq__gt=after).order_by("seq")
    if upto is not None:
        rows = rows.filter(seq__lte=upto)
    found = list(rows if limit is None else rows[:limit])
    if found:
        return [_event_dict(r.seq, r.type, r.public, r.private, r.created_at) for r in found]
    # None: nothing after ``after``, or packed (its rows went in one commit, all at once).
    packed = document(match_id)
    if packed is None:
        return []
    out = [
        _event_dict(seq, kind, public, private, at)
        for seq, kind, public, private, at in packed["events"]
        if seq > after and (upto is None or seq <= upto)
    ]
    return out if limit is None else out[:limit]


def _event_dict(seq: int, kind: str, public: Any, private: Any, at: Any) -> dict[str, Any]:
    return {"seq": seq, "type": kind, "public": public, "private": private, "at": _iso(at)}


def _iso(at: Any) -> str | None:
    """A row's time as the document holds it (the document's is that already)."""
    return at if at is None or isinstance(at, str) else str(at.isoformat())


def action_rows(match_id: int) -> list[dict[str, Any]]:
    """The action log of match ``match_id`` in order, from the rows or else the
    document: ``index``, ``action`` (``engine.actions.action_to_dict``), ``seq``,
    ``user`` (the person's id or None) and ``at``."""
    rows = MatchAction.objects.filter(match_id=match_id).order_by("index")
    found = list(rows.values_list("index", "action", "seq", "user_id", "created_at"))
    if not found:
        packed = document(match_id)
        found = packed["actions"] if packed is not None else []
    return [
        {
            "index": index,
            "action": action,
            "seq": seq,
            "user": user,
            "at": _iso(at),
        }
        for index, action, seq, user, at in found
    ]


def acted(match_id: int, user_id: int) -> bool:
    """Whether ``user_id`` logged an action in match ``match_id`` (rows or document)."""
    if MatchAction.objects.filter(match_id=match_id, user_id=user_id).exists():
        return True
    packed = document(match_id)  # None while the match has rows
    return packed is not None and any(a[3] == user_id for a in packed["actions"])


def moves_by(match_id: int, people: Iterable[int], kinds: Iterable[str]) -> dict[int, int]:
    """How many actions of ``kinds`` each of ``people`` logged in a packed match (a match
    that has rows counts them in the database: ``matches.results``)."""
    wanted, counted = set(kinds), dict.fromkeys(people, 0)
    packed = document(match_id)
    for _index, action, _seq, user, _at in packed["actions"] if packed is not None else []:
        if user in counted and action.get("kind") in wanted:
            counted[user] += 1
    return {user: n for user, n in counted.items() if n}

"""Reads of matches (STYLE 12): what a viewer may see of a match, its events and lists.

Everything that leaves the server about a running match passes through
``engine.views.view`` (the state) or ``engine.events.event_for`` (the events) with the
viewer's seat, or None for anyone who is not seated. Only a match that is over is shown
with full information (:func:`match_replay`, ``engine.events.event_full``).
"""

from __future__ import annotations

import dataclasses
import hmac
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db.models import Exists, OuterRef, Prefetch, QuerySet
from django.utils import timezone

from accounts import social
from engine.cards import parse_card
from engine.errors import Code, EngineError
from engine.events import Event, event_for, event_full
from engine.explain import fits
from engine.replay import replay
from engine.rules import ALIASES, PRESETS, RuleSet, ruleset
from engine.snapshot import SNAPSHOT_VERSION, OutdatedSnapshot, from_dict, to_dict
from engine.state import GameState
from engine.views import view
from matches import archive
from matches.errors import InvalidRequest, MatchCode, MatchNotFound, Rejected
from matches.models import Match, MatchEvent, MatchStatus, Seat
from matches.seats import TAKEOVER, Control, seat_control

RESYNC = "RESYNC"
# A subscription replays at most this many stored events; asking for more gets one
# RESYNC event with the full view instead (the log itself is kept forever).
MAX_PAGE = 100


def replay_limit() -> int:
    return int(settings.MATCH_EVENTS_REPLAY_LIMIT)


# -- the match as a viewer sees it -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchView:
    """A match as one viewer sees it: the row's public facts plus ``view`` (the engine's
    view for the viewer's ``seat``; None before the match starts). JSON-able, so that
    an idempotent request can be answered with the very first result."""

    id: int
    ruleset: str
    options: dict[str, Any]
    status: str
    ranked: bool
    private: bool
    players: int
    turn_seconds: int | None
    correspondence_hours: int | None
    created_by: int | None
    created_at: str
    seats: list[dict[str, Any]]
    seat: int | None
    view: dict[str, Any] | None
    last_seq: int
    turn: int
    round: int
    deadline: str | None
    winners: list[int] = field(default_factory=list)
    # The id clients see (``Match.public_id``; ``id`` is the row's key, server-side) and
    # the private match's invitation, for seated viewers only (issue 14).
    public_id: str = ""
    invite_code: str | None = None

    def for_client(self) -> MatchView:
        """This view as it leaves the server: ``id`` is the public id."""
        return dataclasses.replace(self, id=self.public_id or self.id)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, Any]:
        """The fields by name, their values shared (they are JSON already: callers encode
        the dict, never change it); ``dataclasses.asdict`` copied every nested list and
        dict of the view first, a fifth of recording an idempotencyKey (issue 31)."""
        return {name: getattr(self, name) for name in _VIEW_FIELDS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchView:
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})


_VIEW_FIELDS = tuple(f.name for f in dataclasses.fields(MatchView))


def load_state(match: Match) -> GameState | None:
    """The engine state of a started match (server-side only; never send it out).

    Read from the stored snapshot (engine.snapshot); a snapshot of an older
    SNAPSHOT_VERSION, or an old pickle (version 0), is rebuilt by replaying the match's
    seed and action log (DESIGN "State and events") and the new snapshot is stored."""
    if match.snapshot is None and match.state is None:
        return None
    if match.snapshot is not None and match.snapshot_version == SNAPSHOT_VERSION:
        try:
            return from_dict(match.snapshot)
        except OutdatedSnapshot:
            pass
    state = replayed_state(match)
    store_state(match, state)
    # Only if no move was stored meanwhile (that move stored a current snapshot itself).
    Match.objects.filter(pk=match.pk, actions_count=match.actions_count).update(
        snapshot=match.snapshot, snapshot_version=match.snapshot_version, state=None
    )
    return state


def replayed_state(match: Match) -> GameState:
    """The state rebuilt from the match's rules, seed and stored action log."""
    log = [a["action"] for a in archive.action_rows(match.pk)]
    state, _ = replay(match_rules(match), bytes(match.seed), log)
    return state


def started_state(match: Match) -> GameState:
    """The state of a match that has started (ACTIVE or over)."""
    state = load_state(match)
    if state is None:  # pragma: no cover - started matches always have a state
        raise RuntimeError(f"match {match.pk} has no state")
    return state


def store_state(match: Match, state: GameState) -> None:
    """Set ``match``'s snapshot to ``state`` (the caller saves the row): the one place
    that writes it, as load_state is the one that reads it."""
    match.snapshot = to_dict(state)
    match.snapshot_version = SNAPSHOT_VERSION
    match.state = None


def match_rules(match: Match) -> RuleSet:
    """The match's rule set: its preset, the stored overrides and its number of seats."""
    return ruleset(match.ruleset, {**match.options, "players": match.players})


def seat_of(match: Match, user: Any) -> int | None:
    """The seat index of ``user`` in ``match``, or None."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Seat.objects.filter(match=match, user=user).values_list("index", flat=True).first()


def can_see(match: Match, user: Any) -> bool:
    """Public matches are visible to all; private ones to their players and staff."""
    if not match.private:
        return True
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_staff) or seat_of(match, user) is not None


def match_get(*, match_id: object, user: Any) -> Match:
    """The match if ``user`` (None: anonymous) may see it; raises MatchNotFound."""
    match = Match.objects.filter(**match_lookup(match_id)).first()
    if match is None or not can_see(match, user):
        raise MatchNotFound(match_id)
    return match


# A public id as ``matches.models.new_public_id`` makes them (ASCII only: no other digits).
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{12}", re.ASCII)


def match_lookup(match_id: object) -> dict[str, Any]:
    """The one parser of match ids (issue 14): the query filter for a match id.

    From the API a match id is a string, the match's public id, matched exactly (no
    spaces, no other digits, no primary keys). Server code (tasks, admin, tests) passes
    the row's primary key as an int. Anything else raises MatchNotFound."""
    if isinstance(match_id, int) and not isinstance(match_id, bool):
        if not 0 < match_id < 2**63:
            raise MatchNotFound(match_id)
        return {"pk": match_id}
    if isinstance(match_id, str) and PUBLIC_ID.fullmatch(match_id):
        return {"public_id": match_id}
    raise MatchNotFound(match_id)


def invited(match: Match, invite_code: object) -> bool:
    """Whether ``invite_code`` is the private match's invitation (in constant time)."""
    if not match.invite_code or not isinstance(invite_code, str):
        return False
    return hmac.compare_digest(match.invite_code.encode(), invite_code.encode("utf-8", "replace"))


def match_invitation(*, match_id: object, invite_code: object, user: Any) -> MatchView | None:
    """The private match as whoever holds its invitation may see it before joining (its
    creator, rules, seats and free seats); None for a wrong code or any other id."""
    try:
        match = Match.objects.filter(**match_lookup(match_id)).first()
    except MatchNotFound:
        return None
    if match is None or not match.private or not invited(match, invite_code):
        return None
    return match_view(match=match, user=user)


def public_id_of(match_id: int) -> str:
    """The public id of the match with primary key ``match_id``."""
    return str(Match.objects.values_list("public_id", flat=True).get(pk=match_id))


def _seats(
    match: Match,
    state: GameState | None,
    game_view: Mapping[str, Any] | None,
    rows: Sequence[Seat] | None = None,
) -> list[dict[str, Any]]:
    if rows is None:
        rows = list(Seat.objects.filter(match=match).select_related("user").order_by("index"))
    extra = {s["index"]: s for s in game_view["seats"]} if game_view else {}
    out = []
    for row in rows:
        info: dict[str, Any] = {
            "index": row.index,
            "userId": row.user_id,
            "username": row.user.get_username() if row.user is not None else None,
            "userJoined": row.user.date_joined.isoformat() if row.user is not None else None,
            "bot": row.bot_level or None,
        }
        for key, value in extra.get(row.index, {}).items():
            if key != "index":
                # The engine's "bot" says a bot plays the seat now (T-ASYNC).
                info["botPlaying" if key == "bot" else key] = value
        engine_seat = state.seats[row.index] if state is not None else None
        info.update(_controller(row, seat_control(row, engine_seat)))
        out.append(info)
    return out


def _controller(row: Seat, control: Control) -> dict[str, Any]:
    """Who plays the seat (T-TAKEOVER, ``matches.seats``): PLAYER, BOT (seated as one)
    or TAKEOVER (a bot plays a person's seat: since when, why); None for an empty seat."""
    if control.controller != TAKEOVER:
        since = _iso(control.since)
        return {"controller": control.controller, "controllerSince": since, "takeover": None}
    return {
        "controller": TAKEOVER,
        "controllerSince": _iso(control.since),
        "takeover": control.reason.upper(),
        "takeoverLevel": row.takeover_level or None,
        "botPlaying": True,
    }


def _iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


def match_view(
    *,
    match: Match,
    user: Any = None,
    seat: int | None = None,
    state: GameState | None = None,
    seats: Sequence[Seat] | None = None,
) -> MatchView:
    """``match`` as ``user`` (or, for a bot, ``seat``) may see it: their own hand, other
    hands as counts, never the stock order or the seed. ``seats``: the match's seat rows
    by index with their users, when the caller has read them (a write under the lock)."""
    if seat is None:
        if seats is not None and user is not None and getattr(user, "is_authenticated", False):
            seat = next((s.index for s in seats if s.user_id == user.pk), None)
        else:
            seat = seat_of(match, user)
    if state is None:
        state = load_state(match)
    if state is not None:
        game_view = view(state, seat)
        options = dict(game_view["options"])
        if seat is not None and game_view.get("hand"):
            if seats is not None:
                order = seats[seat].rack_order
            else:
                order = (
                    Seat.objects.filter(match=match, index=seat)
                    .values_list("rack_order", flat=True)
                    .first()
                )
            if order:
                game_view["hand"] = in_rack_order(game_view["hand"], order)
    else:
        game_view = None
        options = match_rules(match).options()
    return MatchView(
        id=match.pk,
        ruleset=match.ruleset,
        options=options,
        status=str(match.status),
        ranked=match.ranked,
        private=match.private,
        players=match.players,
        turn_seconds=match.turn_seconds,
        correspondence_hours=match.correspondence_hours,
        created_by=match.created_by_id,
        created_at=match.created_at.isoformat(),
        seats=_seats(match, state, game_view, seats),
        seat=seat,
        view=game_view,
        last_seq=match.last_seq,
        turn=match.turn,
        round=match.round,
        deadline=match.deadline.isoformat() if match.deadline else None,
        winners=list(match.winners or []),
        public_id=match.public_id,
        invite_code=(match.invite_code or None) if match.private and seat is not None else None,
    )


# -- events ------------------------------------------------------------------------------


def event_row(row: MatchEvent) -> dict[str, Any]:
    """A stored event as the publisher sends it between server processes (private
    parts included: it never leaves the server unshaped)."""
    at = row.created_at.isoformat() if row.created_at else None
    return {
        "seq": row.seq,
        "type": row.type,
        "public": row.public,
        "private": row.private,
        "at": at,
    }


def shape_event(match_id: int, row: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """A stored or published event as ``seat`` (None: not seated) may see it."""
    private = {int(k): v for k, v in (row.get("private") or {}).items()}
    shaped = event_for(Event(row["type"], row["public"], private), seat)
    return {
        "seq": row["seq"],
        "type": shaped["type"],
        "matchId": match_id,
        "payload": shaped["payload"],
        "at": row.get("at"),
    }


def match_event_rows(
    *, match_id: int, after: int, upto: int | None = None
) -> list[dict[str, Any]] | None:
    """The stored events with ``after < seq (<= upto)``, in order, as the publisher sends
    them (private parts included: server-side only); None when that is more than a
    subscription replays (the caller sends a RESYNC instead)."""
    limit = replay_limit()
    found = archive.event_rows(match_id, after=after, upto=upto, limit=limit + 1)
    return None if len(found) > limit else found


def match_events_after(
    *, match_id: int, after: int, seat: int | None, upto: int | None = None
) -> list[dict[str, Any]] | None:
    """Events with ``after < seq (<= upto)``, in order, shaped for ``seat``; None when
    that is more than a subscription replays (the caller sends a RESYNC instead)."""
    rows = match_event_rows(match_id=match_id, after=after, upto=upto)
    return None if rows is None else [shape_event(match_id, r, seat) for r in rows]


def resync_event(*, match: Match, seat: int | None) -> dict[str, Any]:
    """The RESYNC event: the viewer's full match view, at the match's current seq."""
    current = match_view(match=match, seat=seat)
    return {
        "seq": match.last_seq,
        "type": RESYNC,
        "matchId": match.pk,
        "payload": current.for_client().to_dict(),
        "at": timezone.now().isoformat(),
    }


# -- lists -------------------------------------------------------------------------------


def _page(qs: QuerySet[Match], first: int, after: int | None) -> tuple[list[Match], bool]:
    """A page of ``qs``, newest first, each match with its seats and their users read in
    one more query (``list_views`` shows them without another): two in all, whatever
    the page's length."""
    if not 0 <= first <= MAX_PAGE:
        raise InvalidRequest(f"first must be between 0 and {MAX_PAGE}")
    if after is not None:
        qs = qs.filter(pk__lt=after)
    seats = Seat.objects.select_related("user").order_by("index")
    rows = list(qs.order_by("-pk").prefetch_related(Prefetch("seats", queryset=seats))[: first + 1])
    return rows[:first], len(rows) > first


def list_views(matches: Sequence[Match], user: Any) -> list[MatchView]:
    """The views of a page of matches (:func:`_page`) as ``user`` sees them, from the rows
    read with them (no query, unless a match's snapshot is outdated)."""
    return [match_view(match=m, user=user, seats=list(m.seats.all())) for m in matches]


MY_TURN, ACTIVE, FINISHED = "MY_TURN", "ACTIVE", "FINISHED"


def my_matches(
    *,
    user: Any,
    status: str | None = None,
    first: int = 20,
    after: int | None = None,
    filter: str | None = None,
) -> tuple[list[Match], bool]:
    """The user's matches, newest first, and whether there are more. ``filter``:
    MY_TURN (running, the user's seat on turn and played by the user: app badges),
    ACTIVE (running), FINISHED (over: finished or aborted)."""
    qs = Match.objects.filter(seats__user=user)
    if status is not None:
        qs = qs.filter(status=status)
    if filter == MY_TURN:
        mine = Seat.objects.filter(
            match=OuterRef("pk"), user=user, index=OuterRef("on_turn"), takeover=""
        )
        qs = qs.filter(status=MatchStatus.ACTIVE).filter(Exists(mine))
    elif filter == ACTIVE:
        qs = qs.filter(status=MatchStatus.ACTIVE)
    elif filter == FINISHED:
        qs = qs.filter(status__in=[MatchStatus.FINISHED, MatchStatus.ABORTED])
    return _page(qs, first, after)


def in_rack_order(hand: list[str], order: list[str]) -> list[str]:
    """``hand`` in the player's rack order (setRackOrder): the cards of ``order`` still
    in the hand first, in that order, then the others (drawn since) in the hand's own
    order. The same multiset of cards as ``hand``, always."""
    rest = list(hand)
    out = []
    for code in order:
        if code in rest:
            rest.remove(code)
            out.append(code)
    return out + rest


def open_matches(
    *,
    ruleset_name: str | None = None,
    first: int = 20,
    after: int | None = None,
    user: Any = None,
) -> tuple[list[Match], bool]:
    """Public matches waiting for players with a free seat, newest first; not those of a
    player who blocked ``user`` (the viewer)."""
    free = Seat.objects.filter(match=OuterRef("pk"), user__isnull=True, bot_level="")
    qs = Match.objects.filter(status=MatchStatus.WAITING, private=False).filter(Exists(free))
    if user is not None and getattr(user, "is_authenticated", False):
        blockers = social.blockers_of(user.pk)
        if blockers:
            qs = qs.exclude(seats__user__in=blockers)
    if ruleset_name:
        qs = qs.filter(ruleset=ruleset_name)
    return _page(qs, first, after)


def rulesets() -> list[dict[str, Any]]:
    """The presets with their options (the defaults) and aliases."""
    out = []
    for name, preset in PRESETS.items():
        out.append(
            {
                "name": name,
                "family": preset.family,
                "minPlayers": preset.min_players,
                "maxPlayers": preset.max_players,
                "aliases": sorted(a for a, target in ALIASES.items() if target == name),
                "options": preset.options(),
            }
        )
    return out


# -- over: the replay, with full information ---------------------------------------------


def match_replay(*, match_id: object, user: Any) -> dict[str, Any] | None:
    """A match that is over, with everything: every event with its private parts, the
    action log and every hand. None while it is running (raises MatchNotFound)."""
    match = match_get(match_id=match_id, user=user)
    if not match.over:
        return None
    return replay_data(match)


def replay_data(match: Match) -> dict[str, Any]:
    """Everything about ``match`` (no permission check: for moderators and tests)."""
    events = [
        {"seq": r["seq"], **event_full(Event(r["type"], r["public"], _int_keys(r["private"])))}
        for r in archive.event_rows(match.pk)
    ]
    actions = [a["action"] for a in archive.action_rows(match.pk)]
    state = load_state(match)
    return {
        "matchId": match.public_id,
        "ruleset": match.ruleset,
        "status": str(match.status),
        "options": match_rules(match).options(),
        "seats": _seats(match, state, view(state, None) if state else None),
        "events": events,
        "actions": actions,
        "hands": [[c.code for c in s.hand] for s in state.seats] if state else [],
        "winners": list(match.winners or []),
        "outcome": match.outcome,
    }


def _int_keys(private: Mapping[str, Any]) -> dict[int, Any]:
    return {int(k): v for k, v in (private or {}).items()}


# -- helpers for play --------------------------------------------------------------------


def match_fits(*, match_id: object, user: Any, card: str) -> list[int]:
    """Indexes of table melds ``card`` can be laid off on (CR-HINTS)."""
    match = match_get(match_id=match_id, user=user)
    state = load_state(match)
    try:
        parse_card(card)
        if state is None:
            return []
        return fits(state.rules, state.table, card)
    except EngineError as exc:
        raise InvalidRequest(exc.message) from None


HINT_TIME_LIMIT_MS = 1000


def match_hint(*, match_id: object, user: Any, time_limit_ms: float = HINT_TIME_LIMIT_MS) -> Any:
    """The solver's best play for the user's hand against the table (a ``bots.solver.Play``),
    or a Rejected: HINT_NOT_ALLOWED in ranked play, NOT_A_PLAYER, MATCH_OVER."""
    # The solver is a pure library next to the engine; reading a position through it
    # is a read like any other (the bots' Celery tasks are what matches must not import).
    from bots.solver import solve

    match = match_get(match_id=match_id, user=user)
    if match.ranked:
        return Rejected(MatchCode.HINT_NOT_ALLOWED, "hints are not allowed in ranked matches")
    if match.over:
        return Rejected(Code.MATCH_OVER, "the match is over")
    seat = seat_of(match, user)
    state = load_state(match)
    if seat is None or state is None:
        return Rejected(Code.NOT_A_PLAYER, "only a seated player of a started match gets hints")
    me = state.seats[seat]
    return solve(state.rules, state.table, me.hand, opened=me.opened, time_limit_ms=time_limit_ms)


def public_matches_of(user_ids: Sequence[int]) -> dict[int, list[Match]]:
    """The running public matches each of ``user_ids`` is seated in (friends: watch
    them), newest first."""
    out: dict[int, list[Match]] = {u: [] for u in user_ids}
    if not user_ids:
        return out
    seats = (
        Seat.objects.filter(
            user_id__in=list(user_ids), match__status=MatchStatus.ACTIVE, match__private=False
        )
        .select_related("match")
        .order_by("-match_id")
    )
    for seat in seats:
        if seat.user_id is not None:
            out[seat.user_id].append(seat.match)
    return out

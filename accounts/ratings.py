"""Ratings and the leaderboard: OpenSkill's Plackett-Luce model, one rating per user, rule
set and tempo (STYLE 12: keyword-only functions, one transaction per write).

A rated result is given as standings: every seat of a match with its rank (1 = won; equal
ranks are ties), each a user or a bot level. Bots are not rated: a bot seat stands for the
fixed rating of its level (settings.RATING_BOTS), so a match against bots moves the
humans' ratings against those and the bots' never change.

This module knows nothing of matches (DESIGN: accounts depends on Django only): the caller
(`matches.results`) turns a finished match into standings, holding the match's lock.
"""

from __future__ import annotations

import base64
import binascii
import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from openskill.models import PlackettLuce, PlackettLuceRating

from accounts.models import RatedMatch, Rating, RatingChange, Tempo, User

MAX_PAGE = 100


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat of a rated result: a user (``user_id``) or a bot (``bot_level``)."""

    rank: int
    user_id: int | None = None
    bot_level: str | None = None


@dataclass(frozen=True, slots=True)
class RatingValue:
    """A rating as clients see it (API.md `Rating`)."""

    ruleset: str
    tempo: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    provisional: bool

    @classmethod
    def of(cls, row: Rating) -> RatingValue:
        return cls(
            ruleset=row.ruleset,
            tempo=row.tempo,
            mu=row.mu,
            sigma=row.sigma,
            ordinal=row.ordinal,
            games=row.games,
            provisional=is_provisional(row.sigma),
        )


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    rank: int  # 1-based place on the board
    user: User
    rating: RatingValue
    cursor: str


def _model() -> PlackettLuce:
    return PlackettLuce(mu=settings.RATING_MU, sigma=settings.RATING_SIGMA)


def ordinal(mu: float, sigma: float) -> float:
    """The conservative rating the leaderboard and matchmaking go by: mu - 3 sigma."""
    return mu - 3 * sigma


def is_provisional(sigma: float) -> bool:
    return sigma >= settings.RATING_PROVISIONAL_SIGMA


def tempo_of(*, correspondence_hours: int | None) -> str:
    """The tempo of a match: correspondence with a per-move allowance in hours, else live
    (a turn clock in seconds, or untimed)."""
    return Tempo.CORRESPONDENCE if correspondence_hours else Tempo.LIVE


def bot_rating(level: str) -> tuple[float, float]:
    """The fixed (mu, sigma) a bot level stands for. Raises KeyError for an unknown level."""
    mu, sigma = settings.RATING_BOTS[str(level).upper()]
    return float(mu), float(sigma)


def default_rating() -> tuple[float, float]:
    return float(settings.RATING_MU), float(settings.RATING_SIGMA)


def bot_level_near(target: float) -> str:
    """The bot level whose fixed conservative rating is nearest ``target`` (an ordinal);
    the weaker level on a tie."""
    levels = sorted(settings.RATING_BOTS, key=lambda level: ordinal(*bot_rating(level)))
    return min(levels, key=lambda level: abs(ordinal(*bot_rating(level)) - target))


# -- writes ----------------------------------------------------------------------------------


def ratings_record_result(
    *, match_id: int, ruleset: str, tempo: str, standings: Sequence[Standing]
) -> list[RatingChange] | None:
    """Move the ratings of the users in ``standings`` by one rated result, once per match.

    Returns the changes made, or None if ``match_id`` was rated before (nothing changes:
    the "rated" flag, a unique RatedMatch row, is written in the same transaction as the
    ratings). Fewer than two seats rate nothing but still set the flag.

    Rating rows are locked in user-id order, so that two results rated at once for
    overlapping players cannot deadlock. Raises ValueError for a malformed standing.
    """
    tempo = Tempo(tempo).value
    users = sorted(s.user_id for s in standings if s.user_id is not None)
    if len(set(users)) != len(users):
        raise ValueError("a user holds two seats of one result")
    for s in standings:
        if (s.user_id is None) == (s.bot_level is None) or s.rank < 1:
            raise ValueError(f"a standing is a user or a bot, with a rank from 1: {s}")
    with transaction.atomic():
        try:
            with transaction.atomic():
                RatedMatch.objects.create(match_id=match_id)
        except IntegrityError:
            return None
        if len(standings) < 2 or not users:
            return []
        mu0, sigma0 = default_rating()
        Rating.objects.bulk_create(
            [
                Rating(
                    user_id=uid,
                    ruleset=ruleset,
                    tempo=tempo,
                    mu=mu0,
                    sigma=sigma0,
                    ordinal=ordinal(mu0, sigma0),
                )
                for uid in users
            ],
            ignore_conflicts=True,
        )
        rows = {
            r.user_id: r
            for r in Rating.objects.select_for_update()
            .filter(user_id__in=users, ruleset=ruleset, tempo=tempo)
            .order_by("user_id")
        }
        model = _model()
        teams: list[list[PlackettLuceRating]] = []
        for s in standings:
            if s.user_id is not None:
                row = rows[s.user_id]
                teams.append([model.rating(mu=row.mu, sigma=row.sigma)])
            else:
                mu, sigma = bot_rating(str(s.bot_level))
                teams.append([model.rating(mu=mu, sigma=sigma)])
        rated = model.rate(teams, ranks=[float(s.rank) for s in standings])
        changes = []
        for s, team in zip(standings, rated, strict=True):
            if s.user_id is None:
                continue  # a bot's fixed rating never changes
            row, after = rows[s.user_id], team[0]
            changes.append(
                RatingChange(
                    match_id=match_id,
                    user_id=s.user_id,
                    ruleset=ruleset,
                    tempo=tempo,
                    rank=s.rank,
                    mu_before=row.mu,
                    sigma_before=row.sigma,
                    mu_after=after.mu,
                    sigma_after=after.sigma,
                )
            )
            row.mu, row.sigma = after.mu, after.sigma
            row.ordinal = ordinal(after.mu, after.sigma)
            row.games += 1
            row.save(update_fields=["mu", "sigma", "ordinal", "games", "updated_at"])
        RatingChange.objects.bulk_create(changes)
        return changes


# -- reads -----------------------------------------------------------------------------------


def ratings_of_user(*, user_id: int) -> list[RatingValue]:
    """Every rating of a user, by rule set then tempo."""
    rows = Rating.objects.filter(user_id=user_id).order_by("ruleset", "tempo")
    return [RatingValue.of(r) for r in rows]


def rating_ordinal(*, user_id: int, ruleset: str, tempo: str) -> float:
    """A user's conservative rating in a rule set and tempo (a new player's if unrated)."""
    row = Rating.objects.filter(user_id=user_id, ruleset=ruleset, tempo=tempo).first()
    return row.ordinal if row is not None else ordinal(*default_rating())


def rated_together(*, user_ids: Sequence[int], since: datetime) -> int:
    """The most results rated since ``since`` that any two of ``user_ids`` were both
    rated in (0 for fewer than two users)."""
    if len(set(user_ids)) < 2:
        return 0
    players_of: dict[int, set[int]] = {}
    for match_id, user_id in RatingChange.objects.filter(
        user_id__in=user_ids, created_at__gte=since
    ).values_list("match_id", "user_id"):
        players_of.setdefault(match_id, set()).add(user_id)
    pairs: Counter[tuple[int, int]] = Counter()
    for players in players_of.values():
        pairs.update(itertools.combinations(sorted(players), 2))
    return max(pairs.values(), default=0)


def rating_changes_of_match(*, match_id: int) -> list[RatingChange]:
    return list(RatingChange.objects.filter(match_id=match_id).order_by("rank", "user_id"))


def encode_cursor(place: int) -> str:
    return base64.urlsafe_b64encode(f"board:{place}".encode()).decode()


def decode_cursor(cursor: str) -> int:
    """The place (1-based) a leaderboard cursor points at. Raises ValueError if it is not
    a cursor of the leaderboard."""
    try:
        kind, _, place = base64.urlsafe_b64decode(cursor.encode()).decode().partition(":")
        if kind != "board" or not place.isdigit():
            raise ValueError
        return int(place)
    except (binascii.Error, UnicodeError, ValueError):
        raise ValueError("not a leaderboard cursor") from None


def leaderboard(
    *, ruleset: str, tempo: str = Tempo.LIVE, first: int = 50, after: str | None = None
) -> tuple[list[LeaderboardEntry], bool]:
    """A page of the leaderboard of a rule set and tempo, best conservative rating
    (ordinal) first, ties by user id; and whether more follow.

    Bots have no rating rows, so they are never on it; banned and inactive users are left
    off. The cursor is the place on the board (an offset): ratings move between pages, so
    any cursor would be approximate, and a place is what a player expects to page by.
    Raises ValueError for a bad cursor or page size.
    """
    tempo = Tempo(tempo).value
    if not 1 <= first <= MAX_PAGE:
        raise ValueError(f"first must be between 1 and {MAX_PAGE}")
    start = decode_cursor(after) if after else 0
    rows = list(
        Rating.objects.filter(
            ruleset=ruleset, tempo=tempo, user__is_active=True, user__banned_at__isnull=True
        )
        .select_related("user")
        .order_by("-ordinal", "user_id")[start : start + first + 1]
    )
    entries = [
        LeaderboardEntry(
            rank=start + i + 1,
            user=row.user,
            rating=RatingValue.of(row),
            cursor=encode_cursor(start + i + 1),
        )
        for i, row in enumerate(rows[:first])
    ]
    return entries, len(rows) > first


def player_by_username(*, username: str) -> User | None:
    """A user by name (case-insensitively, as names are unique that way); None if unknown."""
    if not username or len(username) > 150:
        return None
    return User.objects.filter(username__iexact=username.strip()).first()


def rating_change_payload(change: RatingChange) -> dict[str, Any]:
    """A rating change as sent to the player (the RATING_CHANGED user event)."""
    return {
        "ruleset": change.ruleset,
        "tempo": change.tempo,
        "rank": change.rank,
        "before": {
            "mu": change.mu_before,
            "sigma": change.sigma_before,
            "ordinal": ordinal(change.mu_before, change.sigma_before),
        },
        "after": {
            "mu": change.mu_after,
            "sigma": change.sigma_after,
            "ordinal": ordinal(change.mu_after, change.sigma_after),
            "provisional": is_provisional(change.sigma_after),
        },
    }

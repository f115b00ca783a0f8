"""Blocks and follows (issue 30): writes and reads, keyword-only, one transaction each.

A block is one way in the records (``blocker`` blocked ``blocked``) and both ways where
two people would meet: neither is seated with the other by matchmaking, a challenge or
an invitation either way is refused, and the blocked user does not see the blocker's
open matches or chat lines (``apart``, ``blocked_ids``, ``blockers_of``). Blocking also
ends the blocked user's follow of the blocker, and a blocked user cannot follow again.

Refusals raise ``accounts.errors.AccountError`` (NOT_ALLOWED, with a message); an
unknown username ``UserNotFound``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q

from accounts.errors import AccountError
from accounts.models import Block, Follow, User

MAX_BLOCKS = 1000
MAX_FOLLOWS = 500


class UserNotFound(LookupError):
    def __init__(self, username: str) -> None:
        super().__init__(f"there is no player {username!r}")
        self.username = username


def user_by_name(username: str) -> User:
    """The active user of that name; raises UserNotFound."""
    found = User.objects.filter(username=username, is_active=True).first()
    if found is None:
        raise UserNotFound(username)
    return found


def _other(user: Any, username: str, what: str) -> User:
    other = user_by_name(username)
    if other.pk == user.pk:
        raise AccountError("NOT_ALLOWED", f"you cannot {what} yourself")
    return other


def block_create(*, user: Any, username: str) -> User:
    """Block ``username`` (again: harmless); their follow of ``user`` ends."""
    other = _other(user, username, "block")
    with transaction.atomic():
        if Block.objects.filter(blocker=user).count() >= MAX_BLOCKS:
            raise AccountError("NOT_ALLOWED", f"at most {MAX_BLOCKS} blocked players")
        try:
            with transaction.atomic():
                Block.objects.get_or_create(blocker=user, blocked=other)
        except IntegrityError:  # the same block made concurrently: it stands
            pass
        Follow.objects.filter(follower=other, followed=user).delete()
    return other


def block_delete(*, user: Any, username: str) -> User:
    """Unblock ``username`` (not blocked: harmless)."""
    other = user_by_name(username)
    Block.objects.filter(blocker=user, blocked=other).delete()
    return other


def follow_create(*, user: Any, username: str) -> User:
    """Follow ``username`` (again: harmless). NOT_ALLOWED when they blocked ``user``."""
    other = _other(user, username, "follow")
    if Block.objects.filter(blocker=other, blocked=user).exists():
        raise AccountError("NOT_ALLOWED", f"{other.username} does not take followers from you")
    with transaction.atomic():
        if Follow.objects.filter(follower=user).count() >= MAX_FOLLOWS:
            raise AccountError("NOT_ALLOWED", f"at most {MAX_FOLLOWS} followed players")
        try:
            with transaction.atomic():
                Follow.objects.get_or_create(follower=user, followed=other)
        except IntegrityError:
            pass
    return other


def follow_delete(*, user: Any, username: str) -> User:
    other = user_by_name(username)
    Follow.objects.filter(follower=user, followed=other).delete()
    return other


def blocked_users(*, user: Any) -> list[User]:
    """Whom ``user`` blocked, latest first."""
    return [b.blocked for b in Block.objects.filter(blocker=user).select_related("blocked")]


def followed_users(*, user: Any) -> list[User]:
    """Whom ``user`` follows, by name."""
    return list(User.objects.filter(followed_by__follower=user).order_by("username"))


def blocked_ids(user_id: int | None) -> set[int]:
    """The users ``user_id`` blocked."""
    if user_id is None:
        return set()
    return set(Block.objects.filter(blocker_id=user_id).values_list("blocked_id", flat=True))


def blockers_of(user_id: int | None) -> set[int]:
    """The users who blocked ``user_id``."""
    if user_id is None:
        return set()
    return set(Block.objects.filter(blocked_id=user_id).values_list("blocker_id", flat=True))


def apart(user_id: int, others: Iterable[int]) -> bool:
    """A block stands between ``user_id`` and one of ``others``, either way."""
    ids = [o for o in others if o is not None and o != user_id]
    if not ids:
        return False
    return Block.objects.filter(
        Q(blocker_id=user_id, blocked_id__in=ids) | Q(blocked_id=user_id, blocker_id__in=ids)
    ).exists()


def blocked_pairs(user_ids: Iterable[int]) -> set[frozenset[int]]:
    """Every pair among ``user_ids`` with a block between them (either way)."""
    ids = list(set(user_ids))
    if len(ids) < 2:
        return set()
    rows = Block.objects.filter(blocker_id__in=ids, blocked_id__in=ids).values_list(
        "blocker_id", "blocked_id"
    )
    return {frozenset(row) for row in rows}

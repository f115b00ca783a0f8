from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils import timezone


class User(AbstractUser):
    """A player or staff member.

    The project's own user model from the first migration, so that fields can be added
    later without swapping `AUTH_USER_MODEL` under existing data.

    A ban (`banned_at` set) is kept apart from Django's `is_active`: a banned account still
    exists for the records (its matches, its ratings) and can be unbanned, but none of its
    tokens authenticates and it cannot log in.
    """

    banned_at = models.DateTimeField(null=True, blank=True)
    ban_reason = models.CharField(max_length=500, blank=True)

    def save(self, *args: Any, **kwargs: Any) -> None:
        """A new password ends every session of the account (issue 26): its tokens are
        revoked and its websockets closed (4403), as a ban does, whichever way the
        password was set (``changePassword``, the admin, ``manage.py changepassword``).
        ``_password`` is Django's mark of a password set since the last save; a hash
        upgraded at login clears it first, so that is no change."""
        changed = self.pk is not None and self._password is not None  # type: ignore[attr-defined]  # Django sets it; django-stubs does not declare it
        super().save(*args, **kwargs)
        if changed:
            from accounts.services import tokens_revoke_all

            tokens_revoke_all(user=self)

    @property
    def is_banned(self) -> bool:
        return self.banned_at is not None


class Token(models.Model):
    """An opaque bearer token. Only the SHA-256 of the raw token is stored.

    The raw token (256 random bits) is shown to the client once, at login or registration;
    a database leak therefore yields no usable token. A plain hash (not a slow password
    hash) suffices because the token has full entropy: there is nothing to guess.
    """

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="tokens")
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    expires_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    # Where it was issued, for the admin's token list (which client, which address).
    user_agent = models.CharField(max_length=200, blank=True)
    ip_address = models.GenericIPAddressField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["user", "revoked_at"])]

    def __str__(self) -> str:
        return f"token {self.pk} of {self.user_id}"

    def is_valid(self, now: object = None) -> bool:
        """Neither revoked nor expired (the user's own state is checked separately)."""
        moment = now if now is not None else timezone.now()
        return self.revoked_at is None and self.expires_at > moment  # type: ignore[operator]


class Tempo(models.TextChoices):
    """How fast a rated match is played; each tempo has its own rating (a player strong
    with a day per move may be weak against a clock)."""

    LIVE = "LIVE", "live"
    CORRESPONDENCE = "CORRESPONDENCE", "correspondence"


class Rating(models.Model):
    """A user's OpenSkill (Plackett-Luce) rating for one rule set and tempo.

    Created by the first rated match in that rule set and tempo; written only by
    `accounts.ratings`. `ordinal` (mu - 3 sigma, the conservative rating) is stored so that
    the leaderboard is an index scan.
    """

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="ratings")
    ruleset = models.CharField(max_length=40)
    tempo = models.CharField(max_length=16, choices=Tempo.choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "ruleset", "tempo"], name="rating_one_per_ruleset_tempo"
            )
        ]
        indexes = [
            models.Index(fields=["ruleset", "tempo", "-ordinal", "user"], name="rating_board")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.ruleset}/{self.tempo}: {self.ordinal:.2f}"


class RatingChange(models.Model):
    """How one rated match moved one user's rating (MATCH_ENDED "rating changes").

    `match_id` is a plain id of `matches.Match`: accounts does not depend on matches.
    """

    match_id = models.PositiveBigIntegerField(db_index=True)
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="rating_changes")
    ruleset = models.CharField(max_length=40)
    tempo = models.CharField(max_length=16, choices=Tempo.choices)
    rank = models.PositiveSmallIntegerField()  # 1 = won; equal ranks tied
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match_id", "user"], name="ratingchange_once_per_match")
        ]

    def __str__(self) -> str:
        return (
            f"match {self.match_id}, user {self.user_id}: {self.mu_before:.2f}->{self.mu_after:.2f}"
        )


class RatedMatch(models.Model):
    """The per-match "rated" flag: a row exists once a match's result moved the ratings,
    so that a repeated or concurrent rating task changes nothing (unique `match_id`)."""

    match_id = models.PositiveBigIntegerField(unique=True)
    rated_at = models.DateTimeField(default=timezone.now, editable=False)

    def __str__(self) -> str:
        return f"match {self.match_id} rated at {self.rated_at:%Y-%m-%d %H:%M}"


class Block(models.Model):
    """``blocker`` blocked ``blocked`` (blockUser): the blocked user cannot challenge,
    invite, chat to or be matched with the blocker, and does not see the blocker's open
    matches (``accounts.social``; the matches' services ask it)."""

    blocker = models.ForeignKey(User, on_delete=models.CASCADE, related_name="blocks_made")
    blocked = models.ForeignKey(User, on_delete=models.CASCADE, related_name="blocked_by")
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["blocker", "-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="block_once"),
            models.CheckConstraint(
                condition=~models.Q(blocker=models.F("blocked")), name="block_not_oneself"
            ),
        ]
        indexes = [models.Index(fields=["blocked", "blocker"])]

    def __str__(self) -> str:
        return f"{self.blocker_id} blocks {self.blocked_id}"


class Follow(models.Model):
    """``follower`` follows ``followed`` (followUser): a friend list, one way, public to
    nobody but the follower (``me.following``: who is online, in which public match)."""

    follower = models.ForeignKey(User, on_delete=models.CASCADE, related_name="follows_made")
    followed = models.ForeignKey(User, on_delete=models.CASCADE, related_name="followed_by")
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["follower", "-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="follow_once"),
            models.CheckConstraint(
                condition=~models.Q(follower=models.F("followed")), name="follow_not_oneself"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.follower_id} follows {self.followed_id}"

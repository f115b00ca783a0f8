from __future__ import annotations

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

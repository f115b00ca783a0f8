"""Writes on accounts: registration, tokens, bans (STYLE 12: keyword-only, one transaction).

Raises `accounts.errors.AccountError` (with a code the API turns into a Rejection) for a
refused operation; nothing is written when it does.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Sequence
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.errors import AccountBanned, AccountError
from accounts.models import Token, User
from config import pubsub

log = logging.getLogger(__name__)

USERNAME_MIN_LENGTH = 3
USERNAME_MAX_LENGTH = 30
# Argon2 costs the same for any length, but a megabyte of "password" is not a password.
PASSWORD_MAX_LENGTH = 1024
# A token is "used" at most this often in the database: a write per request is not worth it.
LAST_USED_PRECISION = timedelta(minutes=5)


def token_hash(raw: str) -> str:
    """The stored form of a raw token: hex SHA-256."""
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def _validate_username(username: str) -> None:
    if not USERNAME_MIN_LENGTH <= len(username) <= USERNAME_MAX_LENGTH:
        raise AccountError(
            "BAD_INPUT",
            f"A username has {USERNAME_MIN_LENGTH} to {USERNAME_MAX_LENGTH} characters.",
        )
    try:
        User.username_validator(username)
    except ValidationError as exc:
        raise AccountError("BAD_INPUT", list(exc.messages)) from None


def user_register(*, username: str, password: str, email: str | None = None) -> User:
    """Create a player account.

    Raises AccountError: USERNAME_TAKEN (also for a name differing only in case), BAD_INPUT
    (a malformed username or e-mail address, or a password the validators refuse; every
    validator message is given).
    """
    username = username.strip()
    email = (email or "").strip()
    _validate_username(username)
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise AccountError("BAD_INPUT", "Enter a valid e-mail address.") from None
    if len(password) > PASSWORD_MAX_LENGTH:
        raise AccountError("BAD_INPUT", f"A password has at most {PASSWORD_MAX_LENGTH} characters.")
    candidate = User(username=username, email=email)
    try:
        validate_password(password, user=candidate)
    except ValidationError as exc:
        raise AccountError("BAD_INPUT", list(exc.messages)) from None
    if User.objects.filter(username__iexact=username).exists():
        raise AccountError("USERNAME_TAKEN", f"The username {username!r} is taken.")
    candidate.set_password(password)
    try:
        with transaction.atomic():
            candidate.save()
    except IntegrityError:
        # Registered by a concurrent request between the check and the insert.
        raise AccountError("USERNAME_TAKEN", f"The username {username!r} is taken.") from None
    return candidate


def user_authenticate(*, username: str, password: str) -> User:
    """The user with these credentials.

    Raises AccountError BAD_CREDENTIALS (unknown user, wrong password or inactive account;
    one message for all, so that it tells nothing about which), AccountBanned.
    """
    if len(password) > PASSWORD_MAX_LENGTH or len(username) > USERNAME_MAX_LENGTH * 4:
        raise AccountError("BAD_CREDENTIALS", "Wrong username or password.")
    user = User.objects.filter(username__iexact=username.strip()).first()
    if user is None:
        # Hash anyway, so that an unknown name costs as long as a wrong password.
        User().set_password(password)
        raise AccountError("BAD_CREDENTIALS", "Wrong username or password.")
    if not user.check_password(password) or not user.is_active:
        raise AccountError("BAD_CREDENTIALS", "Wrong username or password.")
    if user.is_banned:
        raise AccountBanned()
    User.objects.filter(pk=user.pk).update(last_login=timezone.now())
    return user


def user_change_password(*, user: User, old_password: str, new_password: str) -> None:
    """Set a new password for ``user``, who proves the old one. Every token of the user
    is revoked and its websockets closed (``User.save``): the caller issues a new token
    for the client that asked.

    Raises AccountError: BAD_CREDENTIALS (the old password is wrong), BAD_INPUT (a new
    password the validators refuse; every message is given).
    """
    if len(old_password) > PASSWORD_MAX_LENGTH or not user.check_password(old_password):
        raise AccountError("BAD_CREDENTIALS", "The current password is wrong.")
    if len(new_password) > PASSWORD_MAX_LENGTH:
        raise AccountError("BAD_INPUT", f"A password has at most {PASSWORD_MAX_LENGTH} characters.")
    try:
        validate_password(new_password, user=user)
    except ValidationError as exc:
        raise AccountError("BAD_INPUT", list(exc.messages)) from None
    with transaction.atomic():
        user.set_password(new_password)
        user.save(update_fields=["password"])


def token_create(*, user: User, user_agent: str = "", ip_address: str | None = None) -> str:
    """Issue a bearer token for `user`; returns the raw token, which is never stored."""
    raw = secrets.token_urlsafe(32)
    Token.objects.create(
        user=user,
        key_hash=token_hash(raw),
        expires_at=timezone.now() + timedelta(seconds=settings.AUTH_TOKEN_TTL_SECONDS),
        user_agent=user_agent[:200],
        ip_address=ip_address or None,
    )
    return raw


def token_find(*, raw: str) -> Token | None:
    """The token row for a raw token (valid or not), with its user; None if unknown.

    One query (the token joined to its user), every request: nothing is cached, so a
    revocation, an expiry or a ban is seen by the next request. Also records when a valid
    token was last used (at most every few minutes).
    """
    if not raw or len(raw) > 200:
        return None
    token = Token.objects.select_related("user").filter(key_hash=token_hash(raw)).first()
    if token is not None and token.is_valid():
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_PRECISION:
            Token.objects.filter(pk=token.pk).update(last_used_at=now)
            token.last_used_at = now
    return token


def token_authenticate(*, raw: str) -> User | None:
    """The user a raw token stands for; None if unknown, expired, revoked, or the user is
    banned or inactive."""
    token = token_find(raw=raw)
    if token is None or not token.is_valid():
        return None
    user = token.user
    if user.is_banned or not user.is_active:
        return None
    return user


def token_revoke(*, raw: str | None = None, token: Token | None = None) -> bool:
    """Revoke one token, given raw or as a row; True if it was live until now."""
    if token is None:
        if not raw:
            return False
        token = Token.objects.filter(key_hash=token_hash(raw)).first()
        if token is None:
            return False
    revoked = bool(
        Token.objects.filter(pk=token.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())
    )
    if revoked:
        _notify_revoked(user_id=token.user_id, token_id=token.pk)
    return revoked


def tokens_revoke_all(*, user: User) -> int:
    """Revoke every live token of `user` and close its websockets ("log out
    everywhere"); returns how many tokens there were."""
    with transaction.atomic():
        live = list(
            Token.objects.select_for_update()
            .filter(user=user, revoked_at__isnull=True)
            .values_list("pk", flat=True)
        )
        Token.objects.filter(pk__in=live).update(revoked_at=timezone.now())
    # The sockets of these tokens close; one opened since with a new token (the one a
    # password change hands out) stays open.
    _notify_revoked(user_id=user.pk, token_id=None, token_ids=live)
    return len(live)


@transaction.atomic
def user_ban(*, user: User, reason: str = "") -> bool:
    """Ban `user`: its tokens stop working at once and it can no longer log in.

    Returns False (and changes nothing) if the user was banned already.
    """
    updated = User.objects.filter(pk=user.pk, banned_at__isnull=True).update(
        banned_at=timezone.now(), ban_reason=reason[:500]
    )
    if updated:
        user.refresh_from_db(fields=["banned_at", "ban_reason"])
        tokens_revoke_all(user=user)
    return bool(updated)


@transaction.atomic
def user_unban(*, user: User) -> bool:
    """Lift a ban; the user logs in again for a new token. False if it was not banned."""
    updated = User.objects.filter(pk=user.pk, banned_at__isnull=False).update(
        banned_at=None, ban_reason=""
    )
    if updated:
        user.refresh_from_db(fields=["banned_at", "ban_reason"])
    return bool(updated)


def _notify_revoked(
    *, user_id: int, token_id: int | None, token_ids: Sequence[int] | None = None
) -> None:
    """Tell this user's open websockets (in every web process) that tokens were revoked:
    ``token_id``, or those of ``token_ids``.

    After commit, so that a socket re-checking its token sees the revocation. A Redis
    failure is logged, not raised: the database already refuses the token.
    """

    def send() -> None:
        message: dict[str, object] = {"type": pubsub.REVOKED, "token_id": token_id}
        if token_ids is not None:
            message["token_ids"] = list(token_ids)
        try:
            pubsub.publish([(pubsub.user_topic(user_id), message)])
        except Exception:
            log.exception("could not tell the websockets of user %s of a revocation", user_id)

    transaction.on_commit(send)

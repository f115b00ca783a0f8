"""Moderation in the Django admin: ban, unban, revoke, and the audit of who did it."""

from typing import Any

import pytest
from django.contrib.admin.models import LogEntry
from django.test import Client

from accounts import services
from accounts.models import Token, User

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough passphrase 7"


@pytest.fixture
def moderator(client: Client, settings: Any) -> User:
    # Production settings serve static files from a manifest that tests do not build.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    admin = User.objects.create_superuser("mod", "mod@example.com", PASSWORD)
    client.force_login(admin)
    return admin


@pytest.fixture
def player(redis_url: str) -> User:
    user = services.user_register(username="ada", password=PASSWORD)
    services.token_create(user=user)
    return user


def test_banning_revokes_tokens_and_is_audited(
    client: Client, moderator: User, player: User
) -> None:
    # when
    response = client.post(
        "/admin/accounts/user/", {"action": "ban_users", "_selected_action": [player.pk]}
    )

    # then
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.is_banned
    assert "mod" in player.ban_reason
    assert not Token.objects.filter(user=player, revoked_at__isnull=True).exists()
    entry = LogEntry.objects.get(object_id=str(player.pk))
    assert entry.user == moderator
    assert entry.get_change_message() == "Banned (all tokens revoked)."


def test_a_moderator_cannot_ban_themselves(client: Client, moderator: User) -> None:
    client.post(
        "/admin/accounts/user/", {"action": "ban_users", "_selected_action": [moderator.pk]}
    )

    moderator.refresh_from_db()
    assert not moderator.is_banned


def test_unbanning_is_audited(client: Client, moderator: User, player: User) -> None:
    services.user_ban(user=player)

    client.post("/admin/accounts/user/", {"action": "unban_users", "_selected_action": [player.pk]})

    player.refresh_from_db()
    assert not player.is_banned
    assert LogEntry.objects.get(object_id=str(player.pk)).get_change_message() == "Unbanned."


def test_tokens_are_listed_and_revoked(client: Client, moderator: User, player: User) -> None:
    token = Token.objects.get(user=player)

    listing = client.get("/admin/accounts/token/")
    response = client.post(
        "/admin/accounts/token/", {"action": "revoke", "_selected_action": [token.pk]}
    )

    assert listing.status_code == 200
    assert b"ada" in listing.content
    assert token.key_hash.encode() not in listing.content
    assert response.status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None
    assert f"Revoked token {token.pk}." in LogEntry.objects.get().get_change_message()


def test_the_user_list_filters_by_ban_and_the_audit_is_readable(
    client: Client, moderator: User, player: User
) -> None:
    client.post("/admin/accounts/user/", {"action": "ban_users", "_selected_action": [player.pk]})

    banned = client.get("/admin/accounts/user/?banned=yes")
    audit = client.get("/admin/admin/logentry/")

    assert banned.status_code == 200
    assert b"ada" in banned.content
    assert audit.status_code == 200
    assert b"Banned (all tokens revoked)." in audit.content
    assert (
        client.get(f"/admin/admin/logentry/{LogEntry.objects.get().pk}/change/").status_code == 200
    )


def test_a_password_set_in_the_admin_ends_every_session(
    client: Client, moderator: User, player: User
) -> None:
    """Issue 26: after a compromised account, the moderator sets a new password."""
    assert Token.objects.filter(user=player, revoked_at__isnull=True).exists()

    response = client.post(
        f"/admin/accounts/user/{player.pk}/password/",
        {"password1": "a new long passphrase 9", "password2": "a new long passphrase 9",
         "usable_password": "true"},
    )  # fmt: skip

    assert response.status_code == 302, response.content[:2000]
    player.refresh_from_db()
    assert player.check_password("a new long passphrase 9")
    assert not Token.objects.filter(user=player, revoked_at__isnull=True).exists()

"""Bearer tokens: stored hashed, expiring, revocable; bans stop them at once."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts import services
from accounts.errors import AccountBanned, AccountError
from accounts.models import Token, User

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough passphrase 7"


def make_user(username: str = "ada") -> User:
    return services.user_register(username=username, password=PASSWORD)


def test_only_the_hash_of_a_token_is_stored() -> None:
    user = make_user()

    raw = services.token_create(user=user)

    stored = Token.objects.get(user=user)
    assert len(raw) >= 40
    assert stored.key_hash == services.token_hash(raw)
    assert raw not in {stored.key_hash, str(stored.pk)}
    assert not Token.objects.filter(key_hash=raw).exists()
    assert services.token_authenticate(raw=raw) == user


def test_unknown_expired_and_revoked_tokens_authenticate_nobody() -> None:
    user = make_user()
    expired, revoked = services.token_create(user=user), services.token_create(user=user)
    Token.objects.filter(key_hash=services.token_hash(expired)).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )

    assert services.token_revoke(raw=revoked) is True

    assert services.token_authenticate(raw=expired) is None
    assert services.token_authenticate(raw=revoked) is None
    assert services.token_authenticate(raw="not-a-token") is None
    assert services.token_authenticate(raw="") is None
    assert services.token_revoke(raw=revoked) is False


def test_a_ban_revokes_every_token_and_refuses_login() -> None:
    user = make_user()
    raw = services.token_create(user=user)

    assert services.user_ban(user=user, reason="abuse") is True

    assert services.token_authenticate(raw=raw) is None
    assert Token.objects.get(user=user).revoked_at is not None
    with pytest.raises(AccountBanned):
        services.user_authenticate(username="ada", password=PASSWORD)


def test_an_unbanned_user_logs_in_again() -> None:
    user = make_user()
    services.user_ban(user=user)

    assert services.user_unban(user=user) is True

    assert services.user_authenticate(username="ADA", password=PASSWORD) == user


def test_an_inactive_users_token_authenticates_nobody() -> None:
    user = make_user()
    raw = services.token_create(user=user)

    User.objects.filter(pk=user.pk).update(is_active=False)

    assert services.token_authenticate(raw=raw) is None


def test_usernames_are_unique_regardless_of_case() -> None:
    make_user("Ada")

    with pytest.raises(AccountError) as caught:
        make_user("aDA")

    assert caught.value.code == "USERNAME_TAKEN"


def test_a_weak_password_is_refused_with_every_validator_message() -> None:
    with pytest.raises(AccountError) as caught:
        services.user_register(username="bob", password="12345")

    assert caught.value.code == "BAD_INPUT"
    assert len(caught.value.messages) >= 2
    assert any("too short" in message for message in caught.value.messages)
    assert not User.objects.filter(username="bob").exists()


@pytest.mark.parametrize("username", ["ab", "x" * 31, "has space", "semi;colon"])
def test_malformed_usernames_are_bad_input(username: str) -> None:
    with pytest.raises(AccountError) as caught:
        services.user_register(username=username, password=PASSWORD)

    assert caught.value.code == "BAD_INPUT"


def test_wrong_passwords_and_unknown_users_get_the_same_answer() -> None:
    make_user()

    with pytest.raises(AccountError) as wrong:
        services.user_authenticate(username="ada", password="nope")
    with pytest.raises(AccountError) as unknown:
        services.user_authenticate(username="nobody", password="nope")

    assert wrong.value.code == unknown.value.code == "BAD_CREDENTIALS"
    assert wrong.value.message == unknown.value.message

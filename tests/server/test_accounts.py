import pytest
from django.contrib.auth import get_user_model
from django.db import connections

from accounts.models import User

pytestmark = pytest.mark.django_db


def test_the_user_model_is_the_projects_own() -> None:
    assert get_user_model() is User
    assert User._meta.db_table == "accounts_user"


def test_passwords_are_hashed_with_argon2() -> None:
    user = User.objects.create_user(username="ada", password="correct horse battery")

    assert user.password.startswith("argon2$")
    assert user.check_password("correct horse battery")
    assert not user.check_password("wrong")


def test_server_tests_run_on_postgresql(postgres: dict[str, object]) -> None:
    assert connections["default"].vendor == "postgresql"

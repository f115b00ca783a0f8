"""Settings are read from the environment at start-up; each case runs a fresh process."""

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "SECRET_KEY": "a-production-like-secret-key-with-enough-length-and-variety-0123456789",
    "ALLOWED_HOSTS": "rummy.example.com",
    "DATABASE_URL": "postgres://rummy@db.example.com:5432/rummy",
    "REDIS_URL": "redis://redis.example.com:6379/0",
}
CONFIG_VARIABLES = {
    "DJANGO_DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "REDIS_URL",
    "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "SECURE_PROXY_SSL_HEADER",
    "CSRF_TRUSTED_ORIGINS", "RUMMY_TEST_SERVICES",
}  # fmt: skip


def run_django(args: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in CONFIG_VARIABLES}
    clean.update(RUMMY_VAR_DIR=str(tmp_path / "var"), DJANGO_SETTINGS_MODULE="config.settings")
    clean.update(env)
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120
    )


def show(setting: str) -> list[str]:
    return ["-c", f"import django; django.setup(); from django.conf import settings; "
                  f"print(repr(settings.{setting}))"]  # fmt: skip


def test_check_deploy_reports_nothing_under_production_settings(tmp_path: Path) -> None:
    result = run_django(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"], tmp_path, **PRODUCTION
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


@pytest.mark.fast_path("middleware")
def test_a_chain_without_csrf_middleware_is_reported(settings: Any) -> None:
    """security.W003 is silenced (it knows Django's class by name only): api.W003 stands
    in for it and still reports a MIDDLEWARE without any CSRF middleware."""
    from api.apps import CSRF_MIDDLEWARE, csrf_middleware_check

    assert CSRF_MIDDLEWARE in settings.MIDDLEWARE
    assert csrf_middleware_check() == []
    settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE if m != CSRF_MIDDLEWARE]

    assert [w.id for w in csrf_middleware_check()] == ["api.W003"]


@pytest.mark.parametrize("missing", ["SECRET_KEY", "ALLOWED_HOSTS"])
def test_production_refuses_to_start_without(missing: str, tmp_path: Path) -> None:
    env = {k: v for k, v in PRODUCTION.items() if k != missing}

    result = run_django(["manage.py", "check"], tmp_path, **env)

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert f"{missing} must be set" in result.stderr


def test_embedded_default_is_debug_with_sqlite_under_the_var_dir(tmp_path: Path) -> None:
    result = run_django(
        ["-c", "import django; django.setup(); from django.conf import settings as s; "
               "print(s.DEBUG, s.DATABASES['default']['ENGINE'], s.DATABASES['default']['NAME'])"],
        tmp_path,
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    debug, engine, name = result.stdout.split()
    assert debug == "True"
    assert engine == "django.db.backends.sqlite3"
    assert Path(name) == tmp_path / "var" / "db.sqlite3"


def test_debug_is_off_once_a_database_url_is_given(tmp_path: Path) -> None:
    result = run_django(show("DEBUG"), tmp_path, **PRODUCTION)

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_debug_can_be_asked_for_explicitly(tmp_path: Path) -> None:
    env = {k: v for k, v in PRODUCTION.items() if k not in {"SECRET_KEY", "ALLOWED_HOSTS"}}
    env["DJANGO_DEBUG"] = "1"

    result = run_django(show("DEBUG"), tmp_path, **env)

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True"


def test_database_and_redis_come_from_their_urls(tmp_path: Path) -> None:
    result = run_django(
        ["-c", "import django; django.setup(); from django.conf import settings as s; "
               "d = s.DATABASES['default']; "
               "print(d['ENGINE'], d['HOST'], d['NAME'], s.CELERY_BROKER_URL, "
               "s.REDIS_URL)"],
        tmp_path,
        **PRODUCTION,
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.db.backends.postgresql",
        "db.example.com",
        "rummy",
        "redis://redis.example.com:6379/0",
        "redis://redis.example.com:6379/0",
    ]


def test_a_malformed_boolean_is_an_error(tmp_path: Path) -> None:
    result = run_django(show("DEBUG"), tmp_path, DJANGO_DEBUG="maybe")

    assert result.returncode != 0
    assert "DJANGO_DEBUG must be 1 or 0" in result.stderr


def test_a_malformed_rate_is_an_error(tmp_path: Path) -> None:
    result = run_django(show("RATE_LIMIT_MUTATIONS_USER"), tmp_path, RATE_LIMIT_MUTATIONS_USER="x")

    assert result.returncode != 0
    assert "RATE_LIMIT_MUTATIONS_USER must be COUNT/SECONDS" in result.stderr


def test_rates_and_limits_come_from_the_environment(tmp_path: Path) -> None:
    result = run_django(
        ["-c", "import django; django.setup(); from django.conf import settings as s; "
               "print(s.RATE_LIMIT_MUTATIONS_USER, s.MAX_REQUEST_BODY_BYTES, s.GRAPHQL_MAX_DEPTH)"],
        tmp_path,
        RATE_LIMIT_MUTATIONS_USER="5/10", MAX_REQUEST_BODY_BYTES="1000", GRAPHQL_MAX_DEPTH="7",
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["(5,", "10)", "1000", "7"]


def test_introspection_is_off_with_graphql_introspection_0(tmp_path: Path) -> None:
    result = run_django(
        ["-c", "import asyncio, django; django.setup(); from api.schema import schema; "
               "r = asyncio.run(schema.execute('{ __schema { types { name } } }')); "
               "t = asyncio.run(schema.execute('{ serverVersio }')); "
               "print(r.errors[0].extensions['code'], 'Did you mean' in t.errors[0].message)"],
        tmp_path,
        GRAPHQL_INTROSPECTION="0",
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["BAD_INPUT", "False"]

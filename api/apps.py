from typing import Any

from django.apps import AppConfig
from django.conf import settings
from django.core import checks

CSRF_MIDDLEWARE = "config.middleware.CsrfViewMiddleware"


def csrf_middleware_check(**_: Any) -> list[checks.CheckMessage]:
    """Django's security.W003 looks for its own CSRF middleware by name, so it is
    silenced in the settings; this check stands in for it: our subclass (the same check,
    without a thread hop for csrf-exempt views) or Django's must be in MIDDLEWARE."""
    names = set(settings.MIDDLEWARE)
    if names & {CSRF_MIDDLEWARE, "django.middleware.csrf.CsrfViewMiddleware"}:
        return []
    return [
        checks.Warning(
            f"No CSRF middleware: add {CSRF_MIDDLEWARE!r} to MIDDLEWARE.",
            id="api.W003",
        )
    ]


class ApiConfig(AppConfig):
    name = "api"
    verbose_name = "GraphQL API"

    def ready(self) -> None:
        checks.register(csrf_middleware_check, checks.Tags.security, deploy=True)

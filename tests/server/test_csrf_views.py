"""CSRF (config.middleware.CsrfViewMiddleware): Django's check for every view that is not
csrf-exempt (the admin's forms), under ASGI and WSGI alike; the GraphQL view (bearer
tokens, exempt) is let through without a thread hop (tests/server/test_thread_hops.py)."""

from typing import Any

import pytest
from django.test import AsyncClient, Client

pytestmark = pytest.mark.django_db(transaction=True)

LOGIN = {"username": "nobody", "password": "wrong", "next": "/admin/"}


@pytest.fixture(autouse=True)
def plain_static(settings: Any) -> None:
    # Production settings serve static files from a manifest that tests do not build.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


def test_an_admin_form_posted_without_its_csrf_token_is_refused_wsgi() -> None:
    client = Client(enforce_csrf_checks=True)

    refused = client.post("/admin/login/", LOGIN)

    assert refused.status_code == 403
    form = client.get("/admin/login/")
    token = form.cookies["csrftoken"].value
    answered = client.post("/admin/login/", {**LOGIN, "csrfmiddlewaretoken": token})
    assert answered.status_code == 200  # the form again, with "wrong password"


async def test_an_admin_form_posted_without_its_csrf_token_is_refused_asgi() -> None:
    client = AsyncClient(enforce_csrf_checks=True)

    refused = await client.post("/admin/login/", LOGIN)

    assert refused.status_code == 403
    form = await client.get("/admin/login/")
    token = form.cookies["csrftoken"].value
    answered = await client.post("/admin/login/", {**LOGIN, "csrfmiddlewaretoken": token})
    assert answered.status_code == 200


async def test_the_graphql_view_needs_no_csrf_token(async_client: Any) -> None:
    client = AsyncClient(enforce_csrf_checks=True)

    response = await client.post(
        "/graphql", {"query": "{ serverVersion }"}, content_type="application/json"
    )

    assert response.status_code == 200 and response.json()["data"]["serverVersion"]

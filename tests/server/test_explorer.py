"""GraphiQL works offline (issue 11): debug mode's GET /graphql serves a local explorer
that loads nothing from the internet."""

from __future__ import annotations

import re

import pytest
from asgiref.sync import async_to_sync
from django.test import RequestFactory

from api.schema import schema
from api.views import GraphQLView


@pytest.mark.django_db
def test_the_explorer_page_loads_nothing_from_elsewhere() -> None:
    view = GraphQLView.as_view(schema=schema, graphql_ide="graphiql")
    request = RequestFactory().get("/graphql", HTTP_ACCEPT="text/html")

    response = async_to_sync(view)(request)

    page = response.content.decode()
    assert response.status_code == 200 and "<textarea" in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page), "an external asset"
    assert "unpkg" not in page and "cdn" not in page.lower()

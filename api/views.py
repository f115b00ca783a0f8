"""The GraphQL HTTP view: authenticates once per request and answers errors as JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.http import HttpRequest, HttpResponse
from strawberry.django.views import AsyncGraphQLView

from api.auth import RequestContext, aauthenticate


def error_response(status: int, message: str, code: str) -> HttpResponse:
    """A GraphQL-shaped error body for a request that never reached execution."""
    body = {"data": None, "errors": [{"message": message, "extensions": {"code": code}}]}
    return HttpResponse(json.dumps(body), status=status, content_type="application/json")


# GraphiQL loads its scripts from a CDN (a blank page without the internet); debug mode
# serves this small local explorer instead: plain HTML and a fetch, nothing external.
EXPLORER_HTML = (Path(__file__).resolve().parent / "explorer.html").read_text()


class GraphQLView(AsyncGraphQLView):  # type: ignore[misc]
    async def render_graphql_ide(self, request: HttpRequest) -> HttpResponse:
        return HttpResponse(EXPLORER_HTML, content_type="text/html; charset=utf-8")

    async def get_context(self, request: HttpRequest, response: HttpResponse) -> RequestContext:
        auth = await aauthenticate(request.headers.get("Authorization"))
        return RequestContext(
            request=request,
            response=response,
            transport="http",
            client_ip=request.META.get("REMOTE_ADDR") or "",
            auth=auth,
        )

    async def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        response = await super().dispatch(request, *args, **kwargs)
        # strawberry answers a malformed request (bad JSON, no query, wrong content type)
        # with a plain-text reason; clients expect the GraphQL error shape and its code.
        if 400 <= response.status_code < 500 and response.get("Content-Type", "").startswith(
            "text/plain"
        ):
            reason = response.content.decode("utf-8", "replace") or "Bad request."
            return error_response(response.status_code, reason, "BAD_INPUT")
        return response

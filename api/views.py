"""The GraphQL HTTP view: authenticates once per request and answers errors as JSON."""

from __future__ import annotations

import json
from typing import Any

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from strawberry.django.views import AsyncGraphQLView

from api.auth import RequestContext, aauthenticate


def error_response(status: int, message: str, code: str) -> HttpResponse:
    """A GraphQL-shaped error body for a request that never reached execution."""
    body = {"data": None, "errors": [{"message": message, "extensions": {"code": code}}]}
    return HttpResponse(json.dumps(body), status=status, content_type="application/json")


class GraphQLView(AsyncGraphQLView):  # type: ignore[misc]
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
        try:
            response = await super().dispatch(request, *args, **kwargs)
        except (OperationalError, InterfaceError):
            # The database is unreachable (authentication runs before execution): a coded
            # GraphQL error with 503, not an HTML 500; a retry succeeds once it is back.
            return error_response(
                503, "The service is temporarily unavailable; try again shortly.", "UNAVAILABLE"
            )
        # strawberry answers a malformed request (bad JSON, no query, wrong content type)
        # with a plain-text reason; clients expect the GraphQL error shape and its code.
        if 400 <= response.status_code < 500 and response.get("Content-Type", "").startswith(
            "text/plain"
        ):
            reason = response.content.decode("utf-8", "replace") or "Bad request."
            return error_response(response.status_code, reason, "BAD_INPUT")
        return response

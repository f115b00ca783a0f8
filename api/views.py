"""The GraphQL HTTP view: authenticates once per request and answers errors as JSON."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from strawberry.django.views import AsyncGraphQLView

from api import availability
from api.auth import AuthState, RequestContext, aauthenticate, authenticate
from api.errors import INTERNAL_MESSAGE
from api.limits import NESTED_MESSAGE, LoginThrottle, nested_deeper_than

log = logging.getLogger(__name__)


def error_response(status: int, message: str, code: str) -> HttpResponse:
    """A GraphQL-shaped error body for a request that never reached execution."""
    body = {"data": None, "errors": [{"message": message, "extensions": {"code": code}}]}
    return HttpResponse(json.dumps(body), status=status, content_type="application/json")


# GraphiQL loads its scripts from a CDN (a blank page without the internet); debug mode
# serves this small local explorer instead: plain HTML and a fetch, nothing external.
EXPLORER_HTML = (Path(__file__).resolve().parent / "explorer.html").read_text()


# Where the GraphQL view is served (config/urls.py; bench/floor_asgi.py too).
GRAPHQL_PATH = "/graphql"
# The request attribute holding what `authenticate_in_thread` found.
PREPARED_AUTH = "_rummy_prepared_auth"


def authenticate_in_thread(request: HttpRequest) -> None:
    """Check a GraphQL request's bearer token on the thread that runs Django's middleware
    (config.middleware.SyncChain calls this), before the async view: the view then needs
    no thread hop of its own for it. The token is read from the database here, for this
    request only (nothing is cached). An exception is kept for the view to raise, so that
    it is answered as before (503 when the database is unreachable, a coded 500 else)."""
    outcome: AuthState | Exception
    if availability.is_down():  # answered at once by the view (503), no token read
        outcome = OperationalError(availability.UNAVAILABLE_MESSAGE)
    else:
        try:
            outcome = authenticate(request.headers.get("Authorization"))
        except Exception as exc:
            outcome = exc
    setattr(request, PREPARED_AUTH, outcome)


class GraphQLView(AsyncGraphQLView[RequestContext, None]):
    async def render_graphql_ide(self, request: HttpRequest) -> HttpResponse:
        return HttpResponse(EXPLORER_HTML, content_type="text/html; charset=utf-8")

    async def get_context(self, request: HttpRequest, response: HttpResponse) -> RequestContext:
        prepared = request.__dict__.pop(PREPARED_AUTH, None)
        if isinstance(prepared, BaseException):
            raise prepared  # answered by dispatch as if raised here (503 for the database)
        if isinstance(prepared, AuthState):
            auth = prepared
        else:  # not through config.middleware.SyncChain (another path, or no middleware)
            auth = await aauthenticate(request.headers.get("Authorization"))
        return RequestContext(
            request=request,
            response=response,
            transport="http",
            client_ip=client_address(request),
            auth=auth,
        )

    # django-stubs types View.dispatch as synchronous; an async view's is a coroutine.
    async def dispatch(  # type: ignore[override]
        self, request: HttpRequest, *args: Any, **kwargs: Any
    ) -> Any:
        refused = body_problem(request)
        if refused is not None:
            return error_response(400, refused, "BAD_INPUT")
        if availability.is_down():
            # Known to be unreachable: answered at once, not after the pool's timeout.
            return error_response(503, availability.UNAVAILABLE_MESSAGE, "UNAVAILABLE")
        started = time.monotonic()
        try:
            response = await super().dispatch(request, *args, **kwargs)
        except (OperationalError, InterfaceError) as exc:
            # The database is unreachable (authentication runs before execution): a coded
            # GraphQL error with 503, not an HTML 500; a retry succeeds once it is back.
            availability.note_error(exc)
            return error_response(503, availability.UNAVAILABLE_MESSAGE, "UNAVAILABLE")
        except Exception:
            # Whatever escapes strawberry is still answered in the GraphQL shape, masked
            # and coded like any unexpected error (the traceback goes to the log).
            log.exception("unexpected error in the GraphQL view")
            return error_response(500, INTERNAL_MESSAGE, "INTERNAL_SERVER_ERROR")
        # strawberry answers a malformed request (bad JSON, no query, wrong content type)
        # with a plain-text reason; clients expect the GraphQL error shape and its code.
        if (
            isinstance(response, HttpResponse)
            and 400 <= response.status_code < 500
            and response.get("Content-Type", "").startswith("text/plain")
        ):
            content = getattr(response, "content", b"")
            reason = content.decode("utf-8", "replace") or "Bad request."
            return error_response(response.status_code, reason, "BAD_INPUT")
        down = availability.down_since()
        if down is not None and down >= started and _is_unavailable(response):
            response.status_code = 503  # a resolver met the outage (UNAVAILABLE)
        return response


def _is_unavailable(response: Any) -> bool:
    """Whether an answer carries an UNAVAILABLE error (read only during an outage)."""
    try:
        errors = json.loads(response.content).get("errors") or []
    except (ValueError, AttributeError):
        return False
    return any((e.get("extensions") or {}).get("code") == "UNAVAILABLE" for e in errors)


def body_problem(request: HttpRequest) -> str | None:
    """Why a POSTed JSON body cannot be a GraphQL request (not UTF-8, not JSON, not an
    object); None when it can, or when it is not a JSON POST. strawberry fails on the
    bad ones with an HTML 500 (issue 14)."""
    if request.method != "POST" or request.content_type != "application/json":
        return None
    try:
        data = json.loads(request.body.decode("utf-8"))
    except UnicodeDecodeError:
        return "The request body is not UTF-8."
    except ValueError:
        return "The request body is not JSON."
    except RecursionError:
        # json's decoder stops at Python's recursion limit (about 1,000 levels, a 2 KB
        # body); a GraphQL request is never nested that deep (issue 26).
        return NESTED_MESSAGE
    if not isinstance(data, dict):
        return 'The JSON body must be an object: {"query": ..., "variables": {...}}.'
    if nested_deeper_than(data):
        return NESTED_MESSAGE
    return None


def admin_login(request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
    """The admin's login page, throttled like the GraphQL ``login`` (the same counters
    per username and per address, LOGIN_FAILURES_*): while either is at its limit every
    attempt is refused with 429, the right password too (issue 14)."""
    from django.contrib import admin

    if request.method != "POST":
        response: HttpResponse = admin.site.login(request, extra_context)
        return response
    throttle = LoginThrottle(str(request.POST.get("username", "")), client_address(request))
    wait = throttle.retry_after()
    if wait is not None:
        refused = HttpResponse(
            f"Too many failed logins: wait {wait} s.", status=429, content_type="text/plain"
        )
        refused["Retry-After"] = str(wait)
        return refused
    response = admin.site.login(request, extra_context)
    if response.status_code == 302 and request.user.is_authenticated:
        throttle.succeeded()
    else:
        throttle.failed()
    return response


def client_address(request: HttpRequest) -> str:
    """The client address the per-address limits count (the ASGI server's peer, or the
    client a trusted proxy named: FORWARDED_ALLOW_IPS)."""
    return str(request.META.get("REMOTE_ADDR") or "")

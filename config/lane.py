"""GraphQL over HTTP without Django's request handler: the lane every POST to /graphql
takes (issue 12).

Through Django, one GraphQL request cost its handler (a task to watch for the client's
disconnect, a spooled body file, the URL resolver), a thread hop for each of the
``request_started`` signal, the middleware chain and the response's ``close``, and ten
middlewares of which a bearer-token view needs three: a third of a no-op mutation's web
CPU (bench/api_bench.py's floor, 1.9 against 1.3 ms). The lane runs the same view
(``api.views.GraphQLView``, found by resolving /graphql) with what Django does for it:

- the request is Django's ``ASGIRequest``; its host is checked against ALLOWED_HOSTS;
- ``request_started`` is sent and the bearer token checked in one hop to the request's
  thread (``api.views.authenticate_in_thread``, as ``config.middleware.SyncChain`` does);
- the middlewares that act on this view run their hooks, on the event loop (they read
  settings and headers, nothing else): ``SecurityMiddleware`` (the HTTPS redirect; HSTS,
  nosniff, referrer and opener policies), ``CommonMiddleware`` (refused user agents, the
  www redirect; Content-Length) and ``XFrameOptionsMiddleware``. The others of
  MIDDLEWARE do nothing for a csrf-exempt view that reads no session, user or message;
- a 4xx or 5xx response is logged as Django logs it (``django.request``);
- the response is sent, then closed in the request's thread: ``request_finished``
  returns the database connection to the pool.

Whatever else happens goes to Django as before, the body replayed: another path or
method, a host not allowed, a redirect or refusal by a request hook, a request Django
cannot even build, or a MIDDLEWARE setting with a class the lane does not know (then
every request does; ``tests/server/test_lane.py`` holds the two to the same answers).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from contextlib import aclosing
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core import signals
from django.core.handlers.asgi import ASGIRequest, get_script_prefix
from django.http import HttpRequest, HttpResponseBase
from django.urls import get_urlconf, resolve, set_script_prefix
from django.utils.log import log_response
from django.utils.module_loading import import_string

from api.errors import INTERNAL_MESSAGE
from api.metrics import ASGIApp, Receive, Scope, Send
from api.views import GRAPHQL_PATH, authenticate_in_thread, error_response

log = logging.getLogger(__name__)

# What each middleware of MIDDLEWARE means for the GraphQL view: True, its request and
# response hooks run in the lane; False, it does nothing for this view. A class not
# named here turns the lane off.
MIDDLEWARE_ROLES = {
    # Answers its probe paths only.
    "api.health.ProbeMiddleware": False,
    "django.middleware.security.SecurityMiddleware": True,
    # Serves the files of its roots; none is at /graphql (tests/server/test_lane.py).
    "whitenoise.middleware.WhiteNoiseMiddleware": False,
    # Lazy: a session, a user or messages only exist once something reads them, and
    # nothing behind a bearer token does.
    "django.contrib.sessions.middleware.SessionMiddleware": False,
    "django.contrib.auth.middleware.AuthenticationMiddleware": False,
    "django.contrib.messages.middleware.MessageMiddleware": False,
    "django.middleware.common.CommonMiddleware": True,
    # The view is csrf-exempt (bearer tokens, no cookies).
    "django.middleware.csrf.CsrfViewMiddleware": False,
    "config.middleware.CsrfViewMiddleware": False,
    "django.middleware.clickjacking.XFrameOptionsMiddleware": True,
    # Checks the bearer token in the chain's thread: the lane does it in its own hop.
    "config.middleware.SyncChain": False,
}


class _ToDjango(Exception):
    """This request is Django's to answer."""


class GraphQLLane:
    """ASGI: POST /graphql through ``api.views.GraphQLView`` directly; everything else
    to ``django_app`` (Django's ASGI handler)."""

    def __init__(self, django_app: ASGIApp) -> None:
        self.django_app = django_app
        self._middleware: tuple[object, list[Any]] | None = None  # (MIDDLEWARE, hooks)
        self._view: tuple[object, Callable[..., Any]] | None = None  # (urlconf, view)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != GRAPHQL_PATH or scope["method"] != "POST":
            await self.django_app(scope, receive, send)
            return
        messages: list[Any] = []
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request" or not message.get("more_body", False):
                break
        if messages[-1]["type"] != "http.request":
            return  # the client went away before its body was complete
        try:
            hooks = self._hooks()
            set_script_prefix(get_script_prefix(scope))
            request = ASGIRequest(scope, io.BytesIO(b"".join(m.get("body", b"") for m in messages)))
            request.get_host()  # DisallowedHost: Django answers it
            for hook in hooks:
                if hasattr(hook, "process_request") and hook.process_request(request):
                    raise _ToDjango
            view = self._graphql_view()
        except Exception:  # _ToDjango, DisallowedHost, a request Django cannot build, ...

            async def replay() -> Any:
                return messages.pop(0) if messages else await receive()

            await self.django_app(scope, replay, send)
            return
        await self._serve(request, view, hooks, send)

    async def _serve(
        self, request: HttpRequest, view: Callable[..., Any], hooks: list[Any], send: Send
    ) -> None:
        # A client that goes away meanwhile does not stop the request (Django's handler
        # cancels the view): a move applies whole or not at all either way, and the
        # client reads where it stands when it is back.
        response: HttpResponseBase | None = None
        try:
            await sync_to_async(_start)(request)
            response = await view(request)
            for hook in reversed(hooks):
                if hasattr(hook, "process_response"):
                    response = hook.process_response(request, response)
        except Exception:  # GraphQLView answers its own errors; this is a last resort
            log.exception("unexpected error in the GraphQL lane")
            response = error_response(500, INTERNAL_MESSAGE, "INTERNAL_SERVER_ERROR")
        assert response is not None
        try:
            if response.status_code >= 400:
                log_response(
                    "%s: %s",
                    response.reason_phrase,
                    request.path,
                    response=response,
                    request=request,
                )
            await _send_response(response, send)
        finally:
            response._handler_class = type(self)  # the sender of request_finished
            await sync_to_async(_finish)(request, response)

    def _hooks(self) -> list[Any]:
        """The instances of the middlewares whose hooks run (MIDDLEWARE order), built
        once per MIDDLEWARE setting; raises _ToDjango if one is unknown to the lane."""
        names = tuple(settings.MIDDLEWARE)
        built = self._middleware
        if built is None or built[0] != names:
            unknown = [n for n in names if n not in MIDDLEWARE_ROLES]
            if unknown:
                log.warning("GraphQL lane off: no role for middleware %s", ", ".join(unknown))
                hooks = None
            else:
                hooks = [import_string(n)(_no_response) for n in names if MIDDLEWARE_ROLES[n]]
            built = self._middleware = (names, hooks)  # type: ignore[assignment]
        if built[1] is None:
            raise _ToDjango
        return built[1]

    def _graphql_view(self) -> Callable[..., Any]:
        """The view the URL conf serves at /graphql (config.urls; a benchmark's own)."""
        urlconf = get_urlconf() or settings.ROOT_URLCONF
        found = self._view
        if found is None or found[0] != urlconf:
            match = resolve(GRAPHQL_PATH, urlconf)
            if match.args or match.kwargs:
                raise _ToDjango
            found = self._view = (urlconf, match.func)
        return found[1]


def _no_response(request: HttpRequest) -> HttpResponseBase:
    raise AssertionError("the lane calls a middleware's hooks, never the middleware")


def _start(request: HttpRequest) -> None:
    signals.request_started.send(sender=GraphQLLane, scope=request.scope)  # type: ignore[attr-defined]
    authenticate_in_thread(request)


def _finish(request: HttpRequest, response: HttpResponseBase) -> None:
    try:
        response.close()  # sends request_finished
    finally:
        request.close()


async def _send_response(response: HttpResponseBase, send: Send) -> None:
    """The response as ASGI messages, as Django's ASGI handler sends it."""
    headers = []
    for name, value in response.items():
        headers.append((name.encode("ascii"), value.encode("latin1")))
    for cookie in response.cookies.values():
        headers.append((b"Set-Cookie", cookie.output(header="").encode("ascii").strip()))
    await send({"type": "http.response.start", "status": response.status_code, "headers": headers})
    if response.streaming:
        async with aclosing(aiter(response)) as content:  # type: ignore[call-overload]
            async for part in content:
                await send({"type": "http.response.body", "body": bytes(part), "more_body": True})
        await send({"type": "http.response.body"})
    else:
        await send({"type": "http.response.body", "body": response.content})  # type: ignore[attr-defined]

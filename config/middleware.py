"""One thread hop per request for Django's middleware chain.

Under ASGI Django runs an async-capable middleware (every ``MiddlewareMixin`` one, which
is all of Django's) in async mode when the handler inside it is async, and in that mode
each ``process_request`` and ``process_response`` is sent to a thread and back: two
hops per middleware, plus two at the boundary of a sync-only one (WhiteNoise), about 18
per GraphQL request, none of them for I/O. Each dual-capable middleware takes the mode
of the handler inside it, so one sync-only middleware innermost (``SyncChain``) makes the
whole chain sync: Django enters it once (one hop into a thread), runs every middleware
there as under WSGI, and calls the async view once (one hop back to the event loop).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase

from api.views import GRAPHQL_PATH, authenticate_in_thread


class SyncChain:
    """Sync only; last in MIDDLEWARE. A pass-through, except that a GraphQL request's
    bearer token is checked here, on the thread the chain runs in anyway, rather than in
    one more hop from the async view (api.views.authenticate_in_thread)."""

    sync_capable = True
    async_capable = False

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.path_info == GRAPHQL_PATH:
            authenticate_in_thread(request)
        return self.get_response(request)

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


class SyncChain:
    """A pass-through, sync only; last in MIDDLEWARE."""

    sync_capable = True
    async_capable = False

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

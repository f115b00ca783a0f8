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
from typing import Any

from asgiref.sync import sync_to_async
from django.http import HttpRequest, HttpResponseBase
from django.middleware import csrf

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


class CsrfViewMiddleware(csrf.CsrfViewMiddleware):
    """Django's CSRF middleware with ``process_view`` a coroutine.

    Under ASGI Django calls view middleware in async mode after the chain, so a sync
    ``process_view`` costs a thread hop on every request, the GraphQL view's too, which
    is ``csrf_exempt`` (bearer tokens, no cookies) and which Django's own method lets
    through at once. Exempt views are let through here without the hop; every other view
    (the admin's forms) gets Django's full check, in a thread as before.
    """

    async def process_view(  # type: ignore[override]
        self,
        request: HttpRequest,
        callback: Callable[..., Any],
        callback_args: tuple[Any, ...],
        callback_kwargs: dict[str, Any],
    ) -> HttpResponseBase | None:
        if getattr(callback, "csrf_exempt", False):
            return None
        check = sync_to_async(super().process_view)
        return await check(request, callback, callback_args, callback_kwargs)

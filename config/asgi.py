"""ASGI entry point of the web process: HTTP through Django, websockets through Channels.

GraphQL lives at /graphql for both: queries and mutations over HTTP (the GraphQL view),
subscriptions over a websocket speaking graphql-transport-ws only.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import timedelta
from typing import Any

from asgiref.sync import ThreadSensitiveContext
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Django must be set up before anything imports models (the schema does).
django_http_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402
from django.urls import re_path  # noqa: E402
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL  # noqa: E402

from api.events.live import EventExecution  # noqa: E402
from api.limits import BodySizeLimitMiddleware  # noqa: E402
from api.metrics import MetricsMiddleware  # noqa: E402
from api.schema import schema  # noqa: E402
from api.ws import GraphQLConsumer  # noqa: E402
from config import fast_paths  # noqa: E402

# graphql-core's executor without its leak of a subscription's events (api.events.live).
schema.execution_context_class = EventExecution


class _RequestThread(ThreadPoolExecutor):
    """One thread, for one request at a time; knows whether it is still working."""

    def __init__(self) -> None:
        super().__init__(max_workers=1, thread_name_prefix="request")
        # Each count has one writer (the event loop's thread, the worker thread): no lock.
        self._submitted = itertools.count()
        self._finished = itertools.count()
        self.submitted = self.finished = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.submitted = next(self._submitted) + 1
        future = super().submit(fn, *args, **kwargs)
        future.add_done_callback(self._done)
        return future

    def _done(self, _: Future[Any]) -> None:
        self.finished = next(self._finished) + 1

    def idle(self) -> bool:
        return self.finished == self.submitted


class RequestThreads:
    """Django's ASGI handler runs each request's sync work (middleware, ORM) on a thread
    of the request's own, one ``ThreadSensitiveContext`` each, and starts and joins a
    new thread per request: ~15% of a no-op GraphQL mutation's web CPU (issue 12). Here
    each request still gets a thread to itself for as long as it runs (Django's inner
    context sees this one and adds none), but the thread is kept for a later request,
    as a threaded WSGI server keeps its threads. Django's per-request state lives in
    context variables (asgiref ``Local``: connections, the URL conf, the language), not
    in the thread. A thread is taken back only idle: after a request that ended in an
    error or left work running (a client that went away mid-request), it is let go.
    """

    def __init__(self, app: Any, keep: int = 32) -> None:
        self.app = app
        self.keep = keep
        self.idle: list[_RequestThread] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        thread = self.idle.pop() if self.idle else _RequestThread()
        reusable = False
        try:
            async with ThreadSensitiveContext(executor=thread):
                await self.app(scope, receive, send)
            reusable = thread.idle()
        finally:
            if reusable and len(self.idle) < self.keep:
                self.idle.append(thread)
            else:
                thread.shutdown(wait=False)


graphql_ws = GraphQLConsumer.as_asgi(
    schema=schema,
    # The legacy graphql-ws protocol is refused (close 4406): one protocol to secure.
    subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL,),
    connection_init_wait_timeout=timedelta(seconds=settings.WS_CONNECTION_INIT_TIMEOUT_SECONDS),
    # Browsers on other origins may open the socket only if trusted; clients that send
    # no Origin (apps, bots) carry no cookies to abuse and are always let in.
    allowed_origins=settings.CSRF_TRUSTED_ORIGINS,
)


def http_application() -> Any:
    """Django's ASGI handler; with the fast paths, each request in a thread kept for later
    ones (RequestThreads)."""
    if fast_paths.on("request_threads"):
        return RequestThreads(django_http_app)
    return django_http_app


# Stubs noise below: types-channels types an ASGI app with asgiref's typed scopes (ours
# are plain mappings), and django-stubs types re_path for views (URLRouter takes apps).
application = MetricsMiddleware(
    ProtocolTypeRouter(  # type: ignore[arg-type]
        {
            # The body limit counts bytes as they stream in (chunked bodies too), before
            # Django buffers anything.
            "http": BodySizeLimitMiddleware(http_application()),
            "websocket": URLRouter(
                [re_path(r"^graphql/?$", graphql_ws)]  # type: ignore[arg-type,list-item]
            ),
        }
    )
)

fast_paths.log_at_start("web")

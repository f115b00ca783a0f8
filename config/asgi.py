"""ASGI entry point of the web process: HTTP through Django, websockets through Channels.

GraphQL lives at /graphql for both: queries and mutations over HTTP (Django view),
subscriptions over a websocket speaking graphql-transport-ws only.
"""

from __future__ import annotations

import gc
import os
from datetime import timedelta

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Django must be set up before anything imports models (the schema does).
django_http_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402
from django.urls import re_path  # noqa: E402
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL  # noqa: E402

from api.events import SharedEventExecution  # noqa: E402
from api.limits import BodySizeLimitMiddleware  # noqa: E402
from api.metrics import MetricsMiddleware  # noqa: E402
from api.schema import schema  # noqa: E402
from api.ws import GraphQLConsumer  # noqa: E402

# A live match event is executed once per query for every subscriber of this process
# who may see the same (api.events); other operations run as graphql-core runs them.
schema.execution_context_class = SharedEventExecution

graphql_ws = GraphQLConsumer.as_asgi(
    schema=schema,
    # The legacy graphql-ws protocol is refused (close 4406): one protocol to secure.
    subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL,),
    connection_init_wait_timeout=timedelta(seconds=settings.WS_CONNECTION_INIT_TIMEOUT_SECONDS),
    # Browsers on other origins may open the socket only if trusted; clients that send
    # no Origin (apps, bots) carry no cookies to abuse and are always let in.
    allowed_origins=settings.CSRF_TRUSTED_ORIGINS,
)

application = MetricsMiddleware(
    ProtocolTypeRouter(
        {
            # The body limit counts bytes as they stream in (chunked bodies too), before
            # Django buffers anything.
            "http": BodySizeLimitMiddleware(django_http_app),
            "websocket": URLRouter([re_path(r"^graphql/?$", graphql_ws)]),
        }
    )
)

# Everything built at start-up (Django, the schema, the URL conf) lives as long as the
# process: moved out of the collector's generations, later collections do not walk it
# again and again (and the pages stay shared between forked workers).
from django.urls import get_resolver  # noqa: E402

get_resolver().url_patterns  # noqa: B018  (imports config.urls and the views now)
gc.freeze()

"""The floor of bench/api_bench.py: the web process's whole stack with a no-op mutation.

The same ASGI application as ``config.asgi`` (its middleware, Django's, the GraphQL view
with authentication, and every extension of the real schema: limits, rate limits,
metrics, presence, error shaping), but the schema at /graphql has one mutation that does
nothing: ``noop(matchId, turn, table)``, authenticated like a move. Only the benchmark
serves it (``uvicorn bench.floor_asgi:application``); it is no part of the API.
"""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import strawberry

from config.asgi import application  # sets Django up first


def _floor_urls() -> list[object]:
    from django.urls import path
    from django.views.decorators.csrf import csrf_exempt

    from api import health
    from api.auth import require_user
    from api.schema import RummySchema
    from api.schema import schema as real_schema
    from api.views import GraphQLView

    @strawberry.type
    class Query:
        @strawberry.field
        def ok(self) -> bool:
            return True

    @strawberry.type
    class Mutation:
        @strawberry.mutation
        def noop(
            self, info: strawberry.Info, match_id: strawberry.ID, turn: int, table: list[list[str]]
        ) -> bool:
            require_user(info)
            return True

    floor_schema = RummySchema(
        query=Query, mutation=Mutation, extensions=real_schema.extensions, config=real_schema.config
    )
    return [
        path("healthz", health.healthz),
        path("readyz", health.readyz),
        path("graphql", csrf_exempt(GraphQLView.as_view(schema=floor_schema))),
    ]


urlpatterns = _floor_urls()

from django.conf import settings  # noqa: E402

settings.ROOT_URLCONF = __name__

__all__ = ["application"]

"""The one GraphQL schema: an Apollo Federation 2 subgraph merged from per-area classes.

Each area (system, accounts, matches, ...) defines its root classes in its own module of
`api/`, named `<Area>Query`, `<Area>Mutation` and `<Area>Subscription`; this module finds
them (every `api/*.py`, in name order) and merges them into the root types, so adding an
area needs no edit here. Types that no root field reaches (federation entities used only
through `_entities`) go in a module-level `SCHEMA_TYPES = [...]` of the area's module.

!! After any change to the schema, run `python manage.py export_sdl` and commit
!! schema.graphql: tests/server/test_schema_sdl.py fails until the file is current.

The schema is async-only (its rate-limit extension awaits Redis): execute it with
`await schema.execute(...)` or through the HTTP view / websocket consumer, which also set
up authentication (api.auth.RequestContext).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import strawberry
from django.conf import settings
from graphql import GraphQLError
from strawberry.extensions import DisableIntrospection, SchemaExtension
from strawberry.schema.config import StrawberryConfig
from strawberry.tools import merge_types
from strawberry.types.base import has_object_definition

from api.errors import ShapeErrors, log_errors
from api.limits import MutationRateLimit, query_limit_extensions
from api.metrics import OperationMetrics
from api.presence import RecordPresence

ROOT_SUFFIXES = ("Query", "Mutation", "Subscription")
SKIPPED_MODULES = {"schema", "apps"}


def _area_modules() -> list[ModuleType]:
    package = Path(__file__).resolve().parent
    names = sorted(
        info.name
        for info in pkgutil.iter_modules([str(package)])
        if not info.ispkg and not info.name.startswith("_") and info.name not in SKIPPED_MODULES
    )
    return [importlib.import_module(f"api.{name}") for name in names]


def _collect() -> tuple[dict[str, list[type]], list[type]]:
    roots: dict[str, list[type]] = {suffix: [] for suffix in ROOT_SUFFIXES}
    extra: list[type] = []
    for module in _area_modules():
        for name, value in sorted(vars(module).items()):
            if not isinstance(value, type) or value.__module__ != module.__name__:
                continue
            if not has_object_definition(value):
                continue
            for suffix in ROOT_SUFFIXES:
                if name.endswith(suffix) and name != suffix:
                    roots[suffix].append(value)
        extra.extend(getattr(module, "SCHEMA_TYPES", ()))
    return roots, extra


class RummySchema(strawberry.federation.Schema):
    def process_errors(self, errors: list[GraphQLError], execution_context: Any = None) -> None:
        # Replaces strawberry's default, which logs every error (a typo in a client's
        # query included) at ERROR level; only unexpected ones deserve that.
        log_errors(errors)


def build_schema() -> RummySchema:
    roots, extra = _collect()
    queries, mutations, subscriptions = (roots[s] for s in ROOT_SUFFIXES)
    extensions: list[Callable[[], SchemaExtension]] = [
        *query_limit_extensions(),
        MutationRateLimit,
        OperationMetrics,
        RecordPresence,
        ShapeErrors,
    ]
    if not settings.GRAPHQL_INTROSPECTION:
        extensions.append(DisableIntrospection)
    return RummySchema(
        query=merge_types("Query", tuple(queries)),
        mutation=merge_types("Mutation", tuple(mutations)) if mutations else None,
        subscription=merge_types("Subscription", tuple(subscriptions)) if subscriptions else None,
        types=extra,
        extensions=extensions,
        # Not sort_schema=True: strawberry then fails to resolve union members (the sorted
        # schema holds copies of the types). Discovery is in name order, so the SDL is stable.
        config=StrawberryConfig(
            # Without introspection, "did you mean ...?" would leak the schema anyway.
            disable_field_suggestions=not settings.GRAPHQL_INTROSPECTION,
        ),
    )


schema = build_schema()

"""The one GraphQL schema: an Apollo Federation 2 subgraph merged from per-domain classes.

Each domain of `api/` (`accounts`, `matches`, `events`, `matchmaking`, `notifications`,
`system`, `tournaments`, `social`) defines its root classes, named `<Area>Query`,
`<Area>Mutation` and `<Area>Subscription`; this module lists them (`QUERIES`,
`MUTATIONS`, `SUBSCRIPTIONS`) and merges them into the root types. Types that no root
field reaches (the event and notification types, reached only through their interfaces)
are listed in `TYPES`. A new root class is added to a list here.

!! After any change to the schema, run `python manage.py export_sdl` and commit
!! schema.graphql: tests/server/test_schema_sdl.py fails until the file is current.

The schema is async-only (its rate-limit extension awaits Redis): execute it with
`await schema.execute(...)` or through the HTTP view / websocket consumer, which also set
up authentication (api.auth.RequestContext).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import strawberry
from django.conf import settings
from graphql import GraphQLError
from strawberry.extensions import DisableIntrospection, SchemaExtension
from strawberry.federation.schema import FederationAny
from strawberry.federation.schema_directives import Key
from strawberry.schema.config import StrawberryConfig
from strawberry.tools import merge_types
from strawberry.types.graphql import OperationType

from api.accounts.leaderboard import RatingsQuery
from api.accounts.login import AccountsMutation, AccountsQuery
from api.errors import ShapeErrors, bad_input, log_errors
from api.events import match_events, notices
from api.events.subscriptions import MatchSubscription
from api.limits import (
    check_entities,
    check_mutation_rate,
    check_no_nul_strings,
    query_limit_extensions,
)
from api.matches import chat as match_chat
from api.matches.chat_fields import ChatMutation, ChatQuery, ChatSubscription
from api.matches.correspondence import CorrespondenceMutation, CorrespondenceQuery
from api.matches.mutations import MatchMutation
from api.matches.queries import MatchQuery
from api.matchmaking import MatchmakingMutation, MatchmakingQuery
from api.metrics import count_operation
from api.notifications import NotificationsMutation, NotificationsQuery
from api.presence import record_presence
from api.social.challenges import ChallengeMutation, ChallengeQuery
from api.social.friends import FriendsMutation
from api.system import SystemQuery, SystemSubscription
from api.tournaments import events as tournament_events
from api.tournaments.mutations import TournamentMutation
from api.tournaments.queries import TournamentQuery
from api.tournaments.subscriptions import TournamentSubscription

# The root fields appear in the SDL (schema.graphql) in this order: keep it, or the
# committed file changes for nothing.
QUERIES: tuple[type, ...] = (
    AccountsQuery,
    ChallengeQuery,
    ChatQuery,
    CorrespondenceQuery,
    MatchQuery,
    MatchmakingQuery,
    NotificationsQuery,
    RatingsQuery,
    SystemQuery,
    TournamentQuery,
)
MUTATIONS: tuple[type, ...] = (
    AccountsMutation,
    ChallengeMutation,
    ChatMutation,
    CorrespondenceMutation,
    MatchMutation,
    FriendsMutation,
    MatchmakingMutation,
    NotificationsMutation,
    TournamentMutation,
)
SUBSCRIPTIONS: tuple[type, ...] = (
    ChatSubscription,
    MatchSubscription,
    SystemSubscription,
    TournamentSubscription,
)
TYPES: list[type] = [
    *notices.SCHEMA_TYPES,
    *match_events.SCHEMA_TYPES,
    *tournament_events.SCHEMA_TYPES,
    *match_chat.SCHEMA_TYPES,
]


def _key_fields(type_: Any) -> list[list[str]]:
    """The field names of each ``@key`` of a federation entity type ([] for others)."""
    definition = getattr(type_, "definition", None)
    keys = []
    for directive in getattr(definition, "directives", None) or ():
        if isinstance(directive, Key):
            keys.append(str(directive.fields).split())
    return keys


def _is_key_value(value: object) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool)


class RummySchema(strawberry.federation.Schema):
    def entities_resolver(
        self, info: strawberry.Info, representations: list[FederationAny]
    ) -> list[FederationAny]:
        # A representation only a broken router sends (no __typename, an unknown type,
        # a key missing or not a scalar) is BAD_INPUT, not a resolver's TypeError (a 500
        # with a traceback in the log).
        for index, representation in enumerate(representations):
            if not isinstance(representation, dict):
                raise bad_input(f"representation {index} is not an object")
            name = representation.get("__typename")
            type_ = self.schema_converter.type_map.get(name) if isinstance(name, str) else None
            keys = _key_fields(type_) if type_ is not None else []
            if not keys:
                raise bad_input(f"representation {index}: __typename names no entity type")
            if not any(all(_is_key_value(representation.get(f)) for f in key) for key in keys):
                fields = " or ".join(repr(" ".join(k)) for k in keys)
                raise bad_input(f"representation {index} of {name} needs its key {fields}")
        return super().entities_resolver(info, representations)

    def process_errors(self, errors: list[GraphQLError], execution_context: Any = None) -> None:
        # Replaces strawberry's default, which logs every error (a typo in a client's
        # query included) at ERROR level; only unexpected ones deserve that.
        log_errors(errors)


SUBSCRIPTION_OVER_HTTP = (
    "Subscriptions are served over the websocket at /graphql (graphql-transport-ws), not over HTTP."
)


def check_transport(context: Any) -> None:
    """A subscription sent over HTTP is BAD_INPUT before it runs: strawberry resolved it
    as a query and failed with a traceback (issue 26)."""
    if context.operation_type == OperationType.SUBSCRIPTION:
        request_context = context.context
        if getattr(request_context, "transport", "http") != "ws":
            raise bad_input(SUBSCRIPTION_OVER_HTTP)


class OperationChecks(SchemaExtension):
    """Everything that runs as an operation starts executing, in one ``on_execute`` hook
    (strawberry enters and leaves each extension's hook, an async generator, for every
    operation: four were ~5% of a no-op mutation's web CPU, issue 12). In this order, as
    the four extensions ran before: a check that fails stops the ones after it."""

    async def on_execute(self) -> AsyncIterator[None]:
        context = self.execution_context
        check_transport(context)  # BAD_INPUT
        await check_entities(context)  # QUERY_TOO_COMPLEX
        await check_no_nul_strings(context)  # BAD_INPUT
        await check_mutation_rate(context)  # RATE_LIMITED
        count_operation(context)
        await record_presence(context)
        yield


def build_schema() -> RummySchema:
    extensions: list[Callable[[], SchemaExtension]] = [
        *query_limit_extensions(),
        OperationChecks,
        ShapeErrors,
    ]
    if not settings.GRAPHQL_INTROSPECTION:
        extensions.append(DisableIntrospection)
    return RummySchema(
        query=merge_types("Query", QUERIES),
        mutation=merge_types("Mutation", MUTATIONS),
        subscription=merge_types("Subscription", SUBSCRIPTIONS),
        types=TYPES,
        extensions=extensions,
        # Not sort_schema=True: strawberry then fails to resolve union members (the sorted
        # schema holds copies of the types). The lists above are in a fixed order, so the
        # SDL is stable.
        config=StrawberryConfig(
            # Without introspection, "did you mean ...?" would leak the schema anyway.
            disable_field_suggestions=not settings.GRAPHQL_INTROSPECTION,
        ),
    )


schema = build_schema()

"""The one GraphQL schema, merged from per-area classes.

Each area (system, accounts, matches, ...) defines its own `...Query`, `...Mutation` and
`...Subscription` classes in its own module of api/; add them to the tuples below and they
become fields of the root types.
"""

from __future__ import annotations

import strawberry
from strawberry.tools import merge_types

from api.matches import MatchMutation, MatchQuery, MatchSubscription
from api.system import SystemQuery, SystemSubscription

QUERIES: tuple[type, ...] = (SystemQuery, MatchQuery)
MUTATIONS: tuple[type, ...] = (MatchMutation,)
SUBSCRIPTIONS: tuple[type, ...] = (SystemSubscription, MatchSubscription)

Query = merge_types("Query", QUERIES)
Mutation = merge_types("Mutation", MUTATIONS) if MUTATIONS else None
Subscription = merge_types("Subscription", SUBSCRIPTIONS)

schema = strawberry.Schema(query=Query, mutation=Mutation, subscription=Subscription)

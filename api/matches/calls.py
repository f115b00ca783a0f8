"""How a resolver calls a service or selector: in a worker thread, its errors mapped
onto GraphQL's (STYLE 15). ``NotFound`` (of a match, a tournament, a challenge...)
becomes a NOT_FOUND error and ``InvalidRequest`` a BAD_INPUT error; a service's
``Rejected`` is data, returned as is.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from graphql import GraphQLError

from api.errors import bad_input
from matches.errors import InvalidRequest, NotFound

P = ParamSpec("P")
T = TypeVar("T")


def enum_value(value: Any) -> Any:
    """An enum argument's value (the member's value; a raw value passes through)."""
    return getattr(value, "value", value)


def not_found(message: str) -> GraphQLError:
    return GraphQLError(message, extensions={"code": "NOT_FOUND"})


async def call(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Run a service or selector in a worker thread (its arguments checked against its
    signature); map its errors onto GraphQL's."""
    return await _mapped(sync_to_async(fn)(*args, **kwargs))


async def ws_call(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """:func:`call` for a subscription. Over HTTP Django closes the request's connection
    when the request ends; a websocket has no such end, so this uses Channels'
    database_sync_to_async, which closes stale connections around each call."""
    return await _mapped(database_sync_to_async(fn)(*args, **kwargs))


async def _mapped(pending: Awaitable[T]) -> T:
    try:
        return await pending
    except NotFound as exc:
        raise not_found(str(exc)) from None
    except InvalidRequest as exc:
        raise bad_input(str(exc)) from None

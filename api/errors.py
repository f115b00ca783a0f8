"""GraphQL errors with the `extensions.code` values that API.md promises clients, and the
extension that gives every error one of them before it leaves the server.

Codes: UNAUTHENTICATED, FORBIDDEN, BAD_INPUT, NOT_FOUND, RATE_LIMITED, QUERY_TOO_COMPLEX,
UNAVAILABLE (the database is unreachable: api.availability; HTTP 503), and
INTERNAL_SERVER_ERROR for anything unexpected. An unexpected exception reaches the
client only as "Internal server error." (no message, class name or traceback); the real
error is logged here, with its traceback, under the logger `api.errors`.
"""

from __future__ import annotations

import logging
from typing import Any

from graphql import GraphQLError
from strawberry.extensions import MaskErrors

from api import availability, metrics

log = logging.getLogger(__name__)

CODES = frozenset(
    {"UNAUTHENTICATED", "FORBIDDEN", "BAD_INPUT", "NOT_FOUND", "RATE_LIMITED",
     "QUERY_TOO_COMPLEX", "UNAVAILABLE", "INTERNAL_SERVER_ERROR"}
)  # fmt: skip
INTERNAL_MESSAGE = "Internal server error."

# Messages of the limits enforced by strawberry's extensions and graphql-core's parser,
# which raise errors without a code. tests/server/test_limits*.py pin each of them.
_TOO_COMPLEX_MARKERS = (
    "exceeds maximum operation depth",  # QueryDepthLimiter
    "aliases found. Allowed",  # MaxAliasesLimiter
    "Document contains more than",  # MaxTokensLimiter (graphql-core's max_tokens)
    "Source contains more than",  # graphql-core's max_source_length
    "nested too deeply",  # graphql-core's parser nesting guard
    "Subscription limit reached",  # strawberry's max_subscriptions_per_connection
)


def bad_input(message: str) -> GraphQLError:
    """Malformed or out-of-range input (extensions.code BAD_INPUT)."""
    return GraphQLError(message, extensions={"code": "BAD_INPUT"})


def not_found(message: str) -> GraphQLError:
    """An id that names nothing the viewer may see (extensions.code NOT_FOUND)."""
    return GraphQLError(message, extensions={"code": "NOT_FOUND"})


def forbidden(message: str = "You may not do this.") -> GraphQLError:
    return GraphQLError(message, extensions={"code": "FORBIDDEN"})


def rate_limited(message: str, retry_after: int) -> GraphQLError:
    """Too many requests; `extensions.retryAfter` says in how many seconds to try again."""
    return GraphQLError(
        message, extensions={"code": "RATE_LIMITED", "retryAfter": max(1, int(retry_after))}
    )


def internal_error() -> GraphQLError:
    """What a client sees of an unexpected exception (log it first: this has nothing)."""
    return GraphQLError(INTERNAL_MESSAGE, extensions={"code": "INTERNAL_SERVER_ERROR"})


def is_unexpected(error: GraphQLError) -> bool:
    """An exception that no code raised on purpose: a bug or an outage."""
    original = error.original_error
    return original is not None and not isinstance(original, GraphQLError)


def _with_location(error: GraphQLError, message: str, extensions: dict[str, Any]) -> GraphQLError:
    return GraphQLError(
        message,
        nodes=error.nodes,
        source=error.source,
        positions=error.positions,
        path=error.path,
        extensions=extensions,
    )


def is_outage(error: GraphQLError) -> bool:
    """An unexpected error that is the database being unreachable (api.availability)."""
    original = error.original_error
    return original is not None and availability.is_outage(original)


def shape_error(error: GraphQLError) -> GraphQLError:
    """The error as a client may see it: a known code, and nothing internal."""
    if is_unexpected(error):
        if is_outage(error):
            availability.note_outage()
            message = availability.UNAVAILABLE_MESSAGE
            return _with_location(error, message, {"code": "UNAVAILABLE"})
        return _with_location(error, INTERNAL_MESSAGE, {"code": "INTERNAL_SERVER_ERROR"})
    extensions: dict[str, Any] = dict(error.extensions or {})
    if extensions.get("code") not in CODES:
        too_complex = any(marker in error.message for marker in _TOO_COMPLEX_MARKERS)
        extensions["code"] = "QUERY_TOO_COMPLEX" if too_complex else "BAD_INPUT"
    return _with_location(error, error.message, extensions)


def log_errors(errors: list[GraphQLError]) -> None:
    """Log unexpected errors with their traceback; the expected ones are the client's."""
    for error in errors:
        if is_unexpected(error) and is_outage(error):
            # One line per failed request while it lasts, not a traceback each.
            log.warning("the database is unreachable: %s", error.message)
        elif is_unexpected(error):
            original = error.original_error
            assert original is not None
            log.error(
                "unexpected error at %s: %s",
                ".".join(str(p) for p in error.path or ()) or "(operation)",
                error.message,
                exc_info=(type(original), original, original.__traceback__),
            )
        else:
            log.debug("client error: %s", error.message)


class ShapeErrors(MaskErrors):
    """Give every outgoing error a code and mask the unexpected ones (HTTP and websocket,
    single results and subscription events alike)."""

    def __init__(self) -> None:
        super().__init__(should_mask_error=lambda error: True, error_message=INTERNAL_MESSAGE)

    def anonymise_error(self, error: GraphQLError) -> GraphQLError:
        shaped = shape_error(error)
        metrics.count_error(shaped.extensions["code"] if shaped.extensions else "BAD_INPUT")
        return shaped

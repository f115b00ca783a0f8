"""GraphQL errors with the `extensions.code` values that API.md promises clients."""

from __future__ import annotations

from graphql import GraphQLError


def bad_input(message: str) -> GraphQLError:
    """Malformed or out-of-range input (extensions.code BAD_INPUT)."""
    return GraphQLError(message, extensions={"code": "BAD_INPUT"})

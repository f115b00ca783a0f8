"""Lists of matches (`myMatches`, `openMatches`): Relay connections, newest first, with
opaque cursors."""

from __future__ import annotations

import base64
from typing import Any

import strawberry

from api.errors import bad_input
from api.matches.match import Match, match
from api.pagination import PageInfo
from matches import selectors
from matches.models import Match as MatchRow


@strawberry.type
class MatchEdge:
    cursor: str
    node: Match


@strawberry.type(description="A page of matches, newest first.")
class MatchConnection:
    edges: list[MatchEdge]
    page_info: PageInfo


def cursor_of(match_id: int) -> str:
    return base64.urlsafe_b64encode(f"match:{match_id}".encode()).decode()


def id_of_cursor(cursor: str) -> int:
    """Raises ValueError for a cursor this API did not make."""
    text = base64.urlsafe_b64decode(cursor.encode()).decode()
    kind, _, number = text.partition(":")
    if kind != "match":
        raise ValueError(cursor)
    return int(number)


def connection(rows: tuple[list[MatchRow], bool], user: Any) -> MatchConnection:
    matches, more = rows
    edges = [
        MatchEdge(cursor=cursor_of(view.id), node=match(view.for_client()))
        for view in selectors.list_views(matches, user)
    ]
    return MatchConnection(
        edges=edges,
        page_info=PageInfo(
            has_next_page=more,
            has_previous_page=False,
            start_cursor=edges[0].cursor if edges else None,
            end_cursor=edges[-1].cursor if edges else None,
        ),
    )


def after_id(cursor: str | None) -> int | None:
    """The match id an ``after`` argument names; BAD_INPUT for a cursor not of this list."""
    if cursor is None:
        return None
    try:
        return id_of_cursor(cursor)
    except (ValueError, UnicodeDecodeError):
        raise bad_input("after is not a cursor of this list") from None


def my_matches(
    user: Any, status: str | None, first: int, after: int | None, filter: str | None = None
) -> MatchConnection:
    rows = selectors.my_matches(user=user, status=status, first=first, after=after, filter=filter)
    return connection(rows, user)


def open_matches(user: Any, ruleset: str | None, first: int, after: int | None) -> MatchConnection:
    rows = selectors.open_matches(ruleset_name=ruleset, first=first, after=after, user=user)
    return connection(rows, user)

"""The NUL check of string literals (api.limits.NoNulStrings) walks a document only when
its text could hold a NUL (issue 12); these pin what it finds either way."""

import pytest
from graphql import parse

from api.limits import _document_has_nul


@pytest.mark.parametrize(
    ("query", "has_nul"),
    [
        ('{ player(username: "ada") { id } }', False),
        ('{ player(username: "a\\u0000b") { id } }', True),
        ('{ player(username: "a\\u00e9b") { id } }', False),  # an escape, not a NUL
        ('{ player(username: "a\x00b") { id } }', True),
        ('{ player(username: """a\\u0000b""") { id } }', False),  # no escapes in blocks
        ('{ player(username: """a\x00b""") { id } }', True),
    ],
)
def test_nul_in_literals_is_found_with_or_without_the_query_text(query: str, has_nul: bool) -> None:
    try:
        document = parse(query)
    except Exception:  # graphql-core refuses a raw NUL in its source: nothing to walk
        assert has_nul
        return
    assert _document_has_nul(document) is has_nul
    assert _document_has_nul(document, query) is has_nul

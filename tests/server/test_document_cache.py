"""The parse and validation caches (issue 12): an operation sent again is neither parsed
nor validated again, and the limits still judge every document by the settings of now."""

from typing import Any

import pytest
from graphql.language.parser import Parser
from graphql.validation.validation_context import ValidationContext

from tests.conftest import GraphQLClient, error_codes

pytestmark = pytest.mark.django_db


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many documents graphql-core parses and validates from now on."""
    counts = {"parsed": 0, "validated": 0}
    parse_document, init = Parser.parse_document, ValidationContext.__init__

    def counting_parse(self: Parser) -> Any:
        counts["parsed"] += 1
        return parse_document(self)

    def counting_init(self: ValidationContext, *args: Any, **kwargs: Any) -> None:
        counts["validated"] += 1
        init(self, *args, **kwargs)

    monkeypatch.setattr(Parser, "parse_document", counting_parse)
    monkeypatch.setattr(ValidationContext, "__init__", counting_init)
    return counts


@pytest.mark.fast_path("document_caches")
def test_an_operation_sent_again_is_not_parsed_or_validated_again(
    gql: GraphQLClient, counted: dict[str, int]
) -> None:
    query = "query CacheProbe { serverVersion rulesets { name } }"

    assert gql.data(query)["serverVersion"]
    first = dict(counted)
    for _ in range(3):
        assert gql.data(query)["serverVersion"]

    # the first request parsed and validated it once; the three others used the caches
    assert first == {"parsed": 1, "validated": 1}
    assert counted == first


def test_a_cached_document_is_judged_by_the_limits_of_now(
    gql: GraphQLClient, settings: Any
) -> None:
    query = "{ me { id } }"
    assert "errors" not in gql.call(query)[1]

    settings.GRAPHQL_MAX_DEPTH = 0  # the root field is at depth 0, `id` at 1
    _status, body = gql.call(query)
    assert error_codes(body) == ["QUERY_TOO_COMPLEX"]

    settings.GRAPHQL_MAX_DEPTH = 15
    assert "errors" not in gql.call(query)[1]


def test_a_document_that_does_not_parse_keeps_its_code_every_time(gql: GraphQLClient) -> None:
    for _ in range(2):
        _status, body = gql.call("{ serverVersion")
        assert error_codes(body) == ["BAD_INPUT"]

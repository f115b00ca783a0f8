"""The Apollo Federation subgraph fields: `_service { sdl }` and `_entities` for User."""

import pytest

from accounts import services
from api.management.commands.export_sdl import schema_sdl
from tests.conftest import GraphQLClient

pytestmark = pytest.mark.django_db

SERVICE = "query { _service { sdl } }"
ENTITIES = """
query Entities($representations: [_Any!]!) {
  _entities(representations: $representations) {
    __typename
    ... on User { id username }
  }
}
"""


def test_service_sdl_is_the_exported_schema(gql: GraphQLClient) -> None:
    sdl = gql.data(SERVICE)["_service"]["sdl"]

    assert sdl.strip() == schema_sdl().strip()
    assert 'type User @key(fields: "id")' in sdl


def test_entities_resolve_users_by_id(gql: GraphQLClient) -> None:
    # given
    ada = services.user_register(username="ada", password="a long enough passphrase 7")

    # when
    data = gql.data(
        ENTITIES,
        {"representations": [{"__typename": "User", "id": str(ada.pk)},
                             {"__typename": "User", "id": "999999"}]},
    )  # fmt: skip

    # then
    assert data["_entities"] == [
        {"__typename": "User", "id": str(ada.pk), "username": "ada"},
        None,
    ]

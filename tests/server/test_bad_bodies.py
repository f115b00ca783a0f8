"""A GraphQL POST whose JSON body cannot be a request is refused with its reason, in the
GraphQL error shape (api.views.body_problem; strawberry answered some with an HTML 500)."""

from typing import Any

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b"\xff\xfe{}", "not UTF-8"),
        (b'{"query": ', "not JSON"),
        (b'["{ serverVersion }"]', "must be an object"),
    ],
)
async def test_a_bad_body_is_still_refused_with_its_reason(
    async_client: Any, body: bytes, reason: str
) -> None:
    response = await async_client.post("/graphql", body, content_type="application/json")

    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert reason in error["message"] and error["extensions"]["code"] == "BAD_INPUT"

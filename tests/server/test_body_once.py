"""A GraphQL POST's JSON body is parsed once (api.views: the view's own check of the
body hands its result to strawberry), not once by each (issue 12)."""

import json
from typing import Any

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.fast_path("body_once")
async def test_a_json_body_is_parsed_once(
    async_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = '{"query": "query Version { serverVersion }", "variables": {}}'
    parsed: list[Any] = []
    loads = json.loads

    def counting(data: Any, *args: Any, **kwargs: Any) -> Any:
        if data in (body, body.encode()):
            parsed.append(data)
        return loads(data, *args, **kwargs)

    monkeypatch.setattr(json, "loads", counting)

    response = await async_client.post("/graphql", body, content_type="application/json")

    assert response.status_code == 200 and response.json()["data"]["serverVersion"]
    assert len(parsed) == 1, parsed


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

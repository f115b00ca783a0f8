"""The subgraph proven against real federation tooling (issue 11): Apollo's composition
library composes schema.graphql with a second subgraph that extends ``User`` through its
``@key`` (and defines ``PageInfo`` too), and a real Apollo gateway in front of the live
server and that subgraph answers queries that cross both.

The Node packages come from this folder's committed package-lock.json; the fixture runs
``npm ci`` when node_modules is missing.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import register

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="session")
def node_packages() -> Path:
    if not (HERE / "node_modules" / ".package-lock.json").exists():
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=HERE,
            check=True,
            timeout=600,
        )
    return HERE / "node_modules"


@pytest.fixture
def gateway(asgi_server: str, node_packages: Path) -> Iterator[str]:
    process = subprocess.Popen(
        ["node", "gateway.mjs", f"{asgi_server}/graphql"],
        cwd=HERE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert process.stdout is not None
        seen = []
        for line in process.stdout:  # the gateway may log before it says where it listens
            seen.append(line)
            if line.startswith('{"gateway"'):
                break
        else:
            errors = process.stderr.read() if process.stderr else ""
            pytest.fail(f"the gateway did not start: {''.join(seen)} {errors}")
        yield str(json.loads(line)["gateway"])
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_schema_graphql_composes_with_a_second_subgraph(node_packages: Path) -> None:
    result = subprocess.run(
        ["node", "compose.mjs", str(ROOT / "schema.graphql")],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert json.loads(result.stdout) == {"ok": True, "errors": []}, result.stderr


CREATE = """
mutation { createMatch(input: {ruleset: "robbers", seats: 2, bots: [EASY]}) {
  __typename ... on Match { id }
} }
"""
ACROSS = """
query Across($id: ID!) {
  me { id username bio }
  match(id: $id) { id seats { index bot user { id username bio } } }
  bios { pageInfo { hasNextPage } }
}
"""


async def _gql(url: str, token: str, query: str, **variables: Any) -> dict[str, Any]:
    async with httpx.AsyncClient(timeout=60) as http:
        response = await http.post(
            url,
            json={"query": query, "variables": variables},
            headers={"Authorization": f"Bearer {token}"},
        )
    body: dict[str, Any] = response.json()
    assert not body.get("errors"), body
    return body["data"]  # type: ignore[no-any-return]


async def test_a_gateway_answers_queries_across_both_subgraphs(
    asgi_server: str, gateway: str
) -> None:
    alice = await register(asgi_server, "alice")
    assert alice.token is not None

    created = (await _gql(gateway, alice.token, CREATE))["createMatch"]
    data = await _gql(gateway, alice.token, ACROSS, id=created["id"])
    await alice.close()

    assert created["__typename"] == "Match"
    assert data["me"] == {
        "id": alice.user_id,
        "username": alice.name,
        "bio": f"bio of user {alice.user_id}",
    }
    seats = data["match"]["seats"]
    assert seats[0]["user"]["username"] == alice.name
    assert seats[0]["user"]["bio"] == f"bio of user {alice.user_id}"
    assert seats[1]["bot"] == "EASY" and seats[1]["user"] is None
    assert data["bios"]["pageInfo"]["hasNextPage"] is False

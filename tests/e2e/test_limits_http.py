"""HTTP limits on a real server process: body size (declared and chunked), malformed
bodies, rate limits across requests, /metrics. After each refusal the server still serves.
"""

import json
import select
import socket
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from tests.conftest import LiveServer, error_codes, start_asgi_server

TEN_MB = 10 * 1024 * 1024
PASSWORD = "a long enough passphrase 7"


@pytest.fixture(scope="module")
def strict_server(postgres: dict[str, Any], redis_url: str) -> Iterator[LiveServer]:
    """A server of its own with low limits (environment variables, as in production)."""
    with start_asgi_server(
        postgres,
        redis_url,
        MAX_REQUEST_BODY_BYTES="65536",
        RATE_LIMIT_MUTATIONS_IP="5/86400",  # a day: no window ends mid-test
        METRICS_TOKEN="scrape-me",
    ) as server:
        yield server


def still_serves(server: str) -> None:
    response = httpx.post(f"{server}/graphql", json={"query": "{ serverVersion }"}, timeout=30)
    assert response.status_code == 200
    assert response.json()["data"]["serverVersion"]


def test_a_10_mb_body_with_content_length_is_refused(asgi_server: LiveServer) -> None:
    body = json.dumps({"query": "{ serverVersion }", "variables": {"x": "a" * TEN_MB}})

    response = httpx.post(
        f"{asgi_server}/graphql",
        content=body,
        headers={"Content-Type": "application/json"},
        timeout=60,
    )

    assert response.status_code == 413
    assert error_codes(response.json()) == ["BAD_INPUT"]
    assert "larger than 262144 bytes" in response.json()["errors"][0]["message"]
    still_serves(asgi_server)


def send_chunked(server: str, total: int, chunk: int = 16 * 1024) -> bytes:
    """POST a chunked body (no Content-Length) of up to `total` bytes over a raw socket;
    stop sending as soon as the server answers. Returns what the server sent."""
    url = urlsplit(server)
    with socket.create_connection((url.hostname, url.port), timeout=30) as sock:
        sock.sendall(
            b"POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        piece = b'{"query": "{ serverVersion }", "variables": {"x": "' + b"a" * chunk
        sent = 0
        try:
            while sent < total:
                sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece))
                sent += len(piece)
                piece = b"a" * chunk
                readable, _, _ = select.select([sock], [], [], 0)
                if readable:
                    break
        except (BrokenPipeError, ConnectionResetError):
            pass
        received = b""
        try:
            while chunk_in := sock.recv(65536):
                received += chunk_in
        except ConnectionResetError:
            pass
        return received


def test_a_10_mb_chunked_body_is_cut_off_as_it_streams(asgi_server: LiveServer) -> None:
    # when
    answer = send_chunked(asgi_server, TEN_MB)

    # then
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    body = answer.split(b"\r\n\r\n", 1)[1]
    assert json.loads(body)["errors"][0]["extensions"]["code"] == "BAD_INPUT"
    still_serves(asgi_server)


def test_the_body_limit_is_a_setting(strict_server: LiveServer) -> None:
    small = httpx.post(
        f"{strict_server}/graphql",
        json={"query": "{ serverVersion }", "variables": {"x": "a" * 70_000}},
        timeout=30,
    )

    assert small.status_code == 413
    still_serves(strict_server)


@pytest.mark.parametrize(
    "body", [b"{not json", b"", b"[]", b'{"query": 42}', b"\xff\xfe", b'{"query": "{"}']
)
def test_malformed_bodies_are_bad_input(asgi_server: LiveServer, body: bytes) -> None:
    response = httpx.post(
        f"{asgi_server}/graphql",
        content=body,
        headers={"Content-Type": "application/json"},
        timeout=30,
    )

    assert response.status_code in {200, 400}
    assert error_codes(response.json()) == ["BAD_INPUT"]
    still_serves(asgi_server)


def test_mutations_over_the_address_rate_are_refused_across_requests(
    strict_server: LiveServer, clean_limits: None
) -> None:
    mutation = {"query": 'mutation { login(username: "nobody", password: "x") { __typename } }'}
    codes: list[list[str]] = []

    for _ in range(7):
        response = httpx.post(f"{strict_server}/graphql", json=mutation, timeout=30)
        assert response.status_code == 200
        codes.append(error_codes(response.json()))

    assert codes[:5] == [[]] * 5
    assert codes[5:] == [["RATE_LIMITED"]] * 2
    still_serves(strict_server)


def test_metrics_are_prometheus_text_behind_the_token(strict_server: LiveServer) -> None:
    still_serves(strict_server)

    refused = httpx.get(f"{strict_server}/metrics", timeout=30)
    response = httpx.get(
        f"{strict_server}/metrics", headers={"Authorization": "Bearer scrape-me"}, timeout=30
    )

    assert refused.status_code == 401
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    text = response.text
    assert "# TYPE rummy_http_requests_total counter" in text
    assert 'rummy_graphql_operations_total{type="query"}' in text
    assert "rummy_websocket_connections_open" in text
    assert 'rummy_build_info{version="' in text


def test_probes_keep_working(asgi_server: LiveServer) -> None:
    assert httpx.get(f"{asgi_server}/healthz", timeout=30).json() == {"status": "ok"}
    ready = httpx.get(f"{asgi_server}/readyz", timeout=30)
    assert ready.status_code == 200
    assert ready.json()["checks"] == {"database": "ok", "redis": "ok"}

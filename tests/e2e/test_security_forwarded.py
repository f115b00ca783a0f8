"""X-Forwarded-For is trusted only from a configured proxy (issue 14, Security 3).

The web server runs exactly as `deploy/compose.yaml` runs it (its uvicorn options and
its FORWARDED_ALLOW_IPS default). A client that is not the proxy forges a different
X-Forwarded-For on every request: the per-address mutation limit still counts its own
address. The proxy's header is honoured.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml

from tests.conftest import ASGI_SERVER_ENV, ROOT, _database_url, _free_port

COMPOSE = ROOT / "deploy" / "compose.yaml"
LOGIN = 'mutation($u: String!) { login(username: $u, password: "wrong") { __typename } }'


def compose_web() -> tuple[list[str], dict[str, str]]:
    """The web service's uvicorn options and its environment's FORWARDED_ALLOW_IPS, with
    compose's ${VAR:-default} resolved to the default."""
    compose = yaml.safe_load(COMPOSE.read_text())
    web = compose["services"]["web"]
    command = web["command"]
    line = command[-1] if command[0] == "sh" else " ".join(command)
    args = shlex.split(line)
    args = args[args.index("config.asgi:application") + 1 :]
    env: dict[str, str] = {}
    forwarded = (web.get("environment") or {}).get("FORWARDED_ALLOW_IPS")
    if isinstance(forwarded, str):
        env["FORWARDED_ALLOW_IPS"] = (
            forwarded.split(":-", 1)[1].rstrip("}") if ":-" in (forwarded) else forwarded
        )
    return args, env


def _without(args: list[str], option: str) -> list[str]:
    out, skip = [], False
    for arg in args:
        if skip:
            skip = False
        elif arg == option:
            skip = True
        else:
            out.append(arg)
    return out


@pytest.fixture
def compose_server(postgres: dict[str, Any], redis_url: str, tmp_path: Path) -> Iterator[str]:
    args, env = compose_web()
    args = _without(_without(args, "--host"), "--port")
    port = _free_port()
    server_env = dict(
        os.environ, DATABASE_URL=_database_url(postgres), REDIS_URL=redis_url, **ASGI_SERVER_ENV
    )
    server_env.pop("FORWARDED_ALLOW_IPS", None)
    server_env.update(env, RATE_LIMIT_MUTATIONS_IP="3/60", DJANGO_DEBUG="1")
    server_env.pop("RUMMY_VAR_DIR", None)
    log = (tmp_path / "web.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application",
         "--host", "127.0.0.1", "--port", str(port), *args],
        cwd=ROOT, env=server_env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            assert process.poll() is None, (tmp_path / "web.log").read_text()
            try:
                if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the web server did not start"
            time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=20)
        log.close()


def codes(url: str, source: str, forged: list[str]) -> list[str]:
    """Each mutation's outcome (typename or error code), sent from `source` with the
    forged X-Forwarded-For values in turn."""
    transport = httpx.HTTPTransport(local_address=source)
    out = []
    with httpx.Client(transport=transport, timeout=10) as client:
        for i, address in enumerate(forged):
            answer = client.post(
                f"{url}/graphql",
                json={"query": LOGIN, "variables": {"u": f"nobody{source}{i}"}},
                headers={"X-Forwarded-For": address},
            ).json()
            errors = answer.get("errors")
            out.append(
                errors[0]["extensions"]["code"] if errors else answer["data"]["login"]["__typename"]
            )
        return out


def test_a_forged_forwarded_for_does_not_change_the_counted_address(compose_server: str) -> None:
    # when: a client that is not the proxy sends four mutations, each "from" elsewhere
    forged = codes(compose_server, "127.0.0.2", [f"203.0.113.{i}" for i in range(1, 5)])

    # then: they are counted against its own address: the fourth is over 3 a minute
    assert forged[:3] == ["Rejection"] * 3, forged
    assert forged[3] == "RATE_LIMITED", forged


def test_the_configured_proxy_names_the_client(compose_server: str) -> None:
    # when: the proxy (this host, FORWARDED_ALLOW_IPS' default) forwards four clients
    proxied = codes(compose_server, "127.0.0.1", [f"198.51.100.{i}" for i in range(1, 5)])

    # then: each is counted as itself
    assert proxied == ["Rejection"] * 4, proxied

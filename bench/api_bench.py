"""API load benchmark (not a test): N concurrent clients play matches over HTTP and
websockets against the real server on PostgreSQL and Redis, and it prints:

- applied moves per second (every successful commitTurn/draw/discard/pass) and turns
  per second (the engine's turn number, summed over matches);
- p50/p99 latency of commitTurn and of every move mutation (request to response);
- p50/p99 time from sending a move to its last event reaching the other player's
  matchEvents subscription.

Clients pair up (2-player Robbers' Rummy by default); each player holds its own HTTP
client and websocket; the player on turn reads its view (the ``match`` query) and plays
the built-in policy's move. A finished match is replaced by a new one.

    python bench/api_bench.py                       # starts PostgreSQL, Redis and uvicorn
    python bench/api_bench.py --url http://127.0.0.1:8000   # an already running server
    python bench/api_bench.py --clients 20 --seconds 30 --workers 2

Without ``--url`` it starts throwaway PostgreSQL and Redis servers (as ``make test``
does: scripts/test.py), migrates, and runs ``uvicorn config.asgi:application``.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import secrets
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from engine.actions import action_to_dict  # noqa: E402
from engine.policy import choose, rules_of  # noqa: E402

REGISTER = """mutation R($u: String!, $p: String!) { register(username: $u, password: $p) {
  ... on AuthPayload { token } ... on Rejection { code message } } }"""
RESULT = """__typename ... on Match { id status lastSeq turn { number seat } }
  ... on Rejection { code message }"""
CREATE = f"mutation C($i: CreateMatchInput!) {{ createMatch(input: $i) {{ {RESULT} }} }}"
JOIN = f"mutation J($id: ID!) {{ joinMatch(matchId: $id) {{ {RESULT} }} }}"
START = f"mutation S($id: ID!) {{ startMatch(matchId: $id) {{ {RESULT} }} }}"
VIEW = "query V($id: ID!) { match(id: $id) { status lastSeq turn { number seat } view } }"
MOVES = {
    "commit": f"""mutation M($id: ID!, $turn: Int!, $table: [[String!]!]!, $key: String) {{
      commitTurn(matchId: $id, turn: $turn, table: $table, idempotencyKey: $key) {{
        {RESULT} }} }}""",
    "draw": f"""mutation M($id: ID!, $turn: Int!, $source: DrawSource!, $key: String) {{
      draw(matchId: $id, turn: $turn, source: $source, idempotencyKey: $key) {{ {RESULT} }} }}""",
    "discard": f"""mutation M($id: ID!, $turn: Int!, $card: String!, $key: String) {{
      discard(matchId: $id, turn: $turn, card: $card, idempotencyKey: $key) {{ {RESULT} }} }}""",
    "pass": f"""mutation M($id: ID!, $turn: Int!, $key: String) {{
      passTurn(matchId: $id, turn: $turn, idempotencyKey: $key) {{ {RESULT} }} }}""",
    "undo": f"""mutation M($id: ID!, $turn: Int!) {{
      undo(matchId: $id, turn: $turn) {{ {RESULT} }} }}""",
}
EVENTS = """subscription E($id: ID!, $after: Int) {
  matchEvents(matchId: $id, after: $after) { seq type } }"""


@dataclass
class Stats:
    moves: int = 0
    turns: int = 0
    matches: int = 0
    rejections: int = 0
    latency: dict[str, list[float]] = field(default_factory=dict)
    delivery: list[float] = field(default_factory=list)


class Player:
    def __init__(self, base: str, token: str) -> None:
        self.http = httpx.AsyncClient(
            base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=60
        )
        self.token = token
        self.base = base
        self.seen: dict[int, float] = {}  # seq -> when it arrived on the socket
        self.arrived = asyncio.Condition()
        self.ws: Any = None
        self.reader: asyncio.Task[None] | None = None

    async def gql(self, query: str, **variables: Any) -> dict[str, Any]:
        response = await self.http.post("/graphql", json={"query": query, "variables": variables})
        body = response.json()
        if body.get("errors"):
            raise RuntimeError(body["errors"])
        return dict(next(iter(body["data"].values())))

    async def subscribe(self, match_id: str) -> None:
        await self.unsubscribe()
        self.seen = {}
        url = "ws" + self.base[len("http") :] + "/graphql"
        self.ws = await connect(url, subprotocols=["graphql-transport-ws"])  # type: ignore[list-item]
        init = {"type": "connection_init", "payload": {"authorization": f"Bearer {self.token}"}}
        await self.ws.send(json.dumps(init))
        await self.ws.recv()
        query = {"query": EVENTS, "variables": {"id": match_id, "after": 0}}
        await self.ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": query}))
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for raw in self.ws:
            message = json.loads(raw)
            if message.get("type") == "ping":
                await self.ws.send('{"type":"pong"}')
            elif message.get("type") == "next":
                seq = message["payload"]["data"]["matchEvents"]["seq"]
                now = time.perf_counter()
                async with self.arrived:
                    self.seen[seq] = now
                    self.arrived.notify_all()

    async def wait_for(self, seq: int, timeout: float = 60) -> float:
        async with self.arrived:
            await asyncio.wait_for(self.arrived.wait_for(lambda: seq in self.seen), timeout)
            return self.seen[seq]

    async def unsubscribe(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            self.reader = None
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    async def close(self) -> None:
        await self.unsubscribe()
        await self.http.aclose()


async def register(base: str) -> Player:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        name = f"bench{secrets.token_hex(5)}"
        body = (
            await http.post(
                "/graphql",
                json={
                    "query": REGISTER,
                    "variables": {"u": name, "p": f"Pw-{secrets.token_hex(8)}"},
                },
            )
        ).json()
    return Player(base, body["data"]["register"]["token"])


async def pair(base: str, args: argparse.Namespace, stats: Stats, stop_at: float) -> None:
    players = [await register(base), await register(base)]
    options = json.loads(args.options)
    try:
        while time.perf_counter() < stop_at:
            created = await players[0].gql(
                CREATE, i={"ruleset": args.ruleset, "options": options, "seats": 2}
            )
            match_id = created["id"]
            await players[1].gql(JOIN, id=match_id)
            for p in players:
                await p.subscribe(match_id)
            current = await players[0].gql(START, id=match_id)
            stats.matches += 1
            while current["status"] == "ACTIVE" and time.perf_counter() < stop_at:
                seat = current["turn"]["seat"]
                mover, other = players[seat], players[1 - seat]
                view = await mover.gql(VIEW, id=match_id)
                action = action_to_dict(choose(view["view"], rules_of(view["view"])))
                kind = action["kind"]
                variables: dict[str, Any] = {"id": match_id, "turn": view["turn"]["number"]}
                if kind == "commit":
                    variables["table"] = action["table"]
                elif kind == "draw":
                    variables["source"] = action["source"].upper()
                elif kind == "discard":
                    variables["card"] = action["card"]
                sent = time.perf_counter()
                result = await mover.gql(MOVES[kind], **variables)
                stats.latency.setdefault(kind, []).append(time.perf_counter() - sent)
                if result["__typename"] != "Match":
                    stats.rejections += 1
                    current = await mover.gql(VIEW, id=match_id)
                    continue
                stats.moves += 1
                if result["turn"] is None or result["turn"]["number"] != view["turn"]["number"]:
                    stats.turns += 1
                arrived = await other.wait_for(result["lastSeq"])
                stats.delivery.append(arrived - sent)
                current = result
    finally:
        for p in players:
            await p.close()


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def run(base: str, args: argparse.Namespace) -> None:
    stats = Stats()
    start = time.perf_counter()
    stop_at = start + args.seconds
    await asyncio.gather(*(pair(base, args, stats, stop_at) for _ in range(args.clients // 2)))
    elapsed = time.perf_counter() - start
    every = [x for values in stats.latency.values() for x in values]
    commits = stats.latency.get("commit", [])
    print(
        f"clients {args.clients} ({args.clients // 2} matches at a time, {args.ruleset}), "
        f"{elapsed:.1f} s, {stats.matches} matches started, {stats.rejections} rejections"
    )
    print(f"applied moves/s  {stats.moves / elapsed:8.1f}   ({stats.moves} moves)")
    print(f"turns/s          {stats.turns / elapsed:8.1f}   ({stats.turns} turns)")
    print(
        f"commitTurn       p50 {pct(commits, 0.5):7.1f} ms   p99 {pct(commits, 0.99):7.1f} ms"
        f"   (n={len(commits)})"
    )
    print(
        f"any move         p50 {pct(every, 0.5):7.1f} ms   p99 {pct(every, 0.99):7.1f} ms"
        f"   (n={len(every)})"
    )
    print(
        f"move -> event at the other player  p50 {pct(stats.delivery, 0.5):7.1f} ms"
        f"   p99 {pct(stats.delivery, 0.99):7.1f} ms   (n={len(stats.delivery)})"
    )
    if stats.delivery:
        print(f"mean delivery {statistics.fmean(stats.delivery) * 1000:.1f} ms")  # fmt: skip


@contextmanager
def local_server(args: argparse.Namespace) -> Iterator[str]:
    # scripts/test.py starts the throwaway PostgreSQL and Redis of `make test`.
    spec = importlib.util.spec_from_file_location("rummy_test_services", ROOT / "scripts/test.py")
    assert spec is not None and spec.loader is not None
    services = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(services)

    with ExitStack() as stack:
        database_url = stack.enter_context(services.postgres())
        services._create_database(database_url)
        redis_url = stack.enter_context(services.redis())
        port = services.free_port()
        env = dict(
            os.environ,
            DATABASE_URL=database_url,
            REDIS_URL=redis_url,
            DJANGO_DEBUG="0",
            SECRET_KEY="bench-secret-key-" + "x" * 50,
            ALLOWED_HOSTS="127.0.0.1,localhost",
            SECURE_SSL_REDIRECT="0",
            DATABASE_CONN_MAX_AGE=str(args.conn_max_age),
            # Load, not abuse: the limits of a public deployment would throttle the bench.
            RATE_LIMIT_MUTATIONS_IP="1000000/1",
            RATE_LIMIT_MUTATIONS_USER="100000/1",
            RATE_LIMIT_WS_MESSAGES_CONNECTION="100000/1",
            RATE_LIMIT_WS_MESSAGES_USER="100000/1",
            LOGIN_FAILURES_IP="100000/60",
            LOG_LEVEL="WARNING",
        )
        env.pop("RUMMY_VAR_DIR", None)
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True
        )
        server = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
             "--port", str(port), "--no-access-log", "--log-level", "warning",
             "--lifespan", "off", "--workers", str(args.workers)],
            cwd=ROOT, env=env,
        )  # fmt: skip
        stack.callback(server.wait, 20)
        stack.callback(server.terminate)
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("the server did not become ready")
            time.sleep(0.2)
        yield base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server; default: start one here")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--ruleset", default="robbers")
    parser.add_argument("--options", default='{"rounds": 1}', help="rule options (JSON)")
    parser.add_argument("--workers", type=int, default=1, help="uvicorn worker processes")
    parser.add_argument("--conn-max-age", type=int, default=60, help="DATABASE_CONN_MAX_AGE")
    args = parser.parse_args()
    if args.url:
        asyncio.run(run(args.url.rstrip("/"), args))
        return
    with local_server(args) as base:
        asyncio.run(run(base, args))


if __name__ == "__main__":
    main()

"""API load benchmark (not a test): clients play matches over HTTP and websockets against
the real server on PostgreSQL and Redis, and the same run measures the floor.

It prints, for each number of subscribers on a match (``--subscribers 2,8,32``: the two
players, the rest anonymous spectators):

- committed turns per second (every move that ended a turn: commit, draw, pass);
- p50/p99 of commitTurn (request to response) and of every move;
- p50/p99 commit-to-event: from sending a move to its last event reaching each other
  subscriber of the match (the other player and every spectator);
- the CPU each turn cost the web processes, PostgreSQL and Redis (ms per turn; stable
  when other work shares the machine, unlike turns/s), and the share of the machine's
  CPU time the hypervisor gave to other tenants in the window ("stolen"): on this
  project's VMs the p99s follow it more than the code.

and the floor, measured in the same run on the same machine:

- a bare locked transaction on a persistent connection (lock the match row, insert an
  event, update the match), as many at a time as matches are played;
- a no-op mutation (authenticated, same variables as a commit) through the same server
  stack: ASGI middleware, Django, the GraphQL view and every schema extension
  (bench/floor_asgi.py), with as many clients at a time;
- the floor in turns/s, 1 / (1/transactions + 1/no-op mutations), and the ratio
  turns/s / floor;
- the same ratio by server CPU: what the floor's no-op mutation and bare transaction
  cost the web processes, PostgreSQL and Redis, over what a turn costs them (the
  benchmark client left out). This machine's speed drifts by half within minutes (other
  tenants), and turns/s and the floor are measured minutes apart: the two ratios have
  disagreed by 0.43 against 0.24 for the same code. The CPU ratio drifts much less.

Everything costly happens before the timed window: clients register (Argon2), matches are
created, joined and started, and every socket is open. In the window each player plays
only from what the server told it: the events of its subscription (``after``, ``myHand``)
and the move mutation's result; there is no ``match`` query before a move. (If the server
refused a move chosen that way, the client reads the match once and says so: "fallbacks".)

    python bench/api_bench.py                             # starts PostgreSQL, Redis, uvicorn
    python bench/api_bench.py --workers 2 --clients 20    # the issue's target setting
    python bench/api_bench.py --rate 100 --subscribers 2  # paced: half the load
    python bench/api_bench.py --url http://127.0.0.1:8000 # a running server (no floor)
    python bench/api_bench.py --fast-paths 1 --fast-paths 0 --rounds 4 --subscribers 2
                                                          # A/B of FAST_PATHS (below)

A/B (``--fast-paths`` given twice or more): one server per ``FAST_PATHS`` value (same
PostgreSQL and Redis, all running throughout), and windows that alternate between them,
``--rounds`` times, in an order that rotates each round, so that the machine's drift
weighs on each alike. It prints each window, then for each value the median server CPU
per turn and its ratio to the first value's window of the same round (median and range
over the rounds). No floor. ``--keys``: every move carries an idempotencyKey, as the web
client's do. ``--tree DIR`` (once or more): the same, between this checkout and another
one (e.g. ``git archive main | tar -x -C DIR`` and ``make env`` there), with this
checkout's FAST_PATHS; the database is migrated by this one.

Without ``--url`` it starts throwaway PostgreSQL and Redis servers (as ``make test``
does: scripts/test.py), migrates, and runs ``uvicorn config.asgi:application``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import itertools
import json
import math
import os
import secrets
import signal
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
import psutil  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from engine.actions import action_to_dict  # noqa: E402
from engine.policy import choose, rules_of  # noqa: E402
from engine.rules import ruleset as make_ruleset  # noqa: E402

REGISTER = """mutation R($u: String!, $p: String!) { register(username: $u, password: $p) {
  ... on AuthPayload { token } ... on Rejection { code message } } }"""
RESULT = """__typename ... on Match { id status lastSeq mySeat turn { number seat } }
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
}
EVENTS = """subscription E($id: ID!, $after: Int) {
  matchEvents(matchId: $id, after: $after) {
    seq type
    after { turn onTurn phase stockCount seats { index opened }
      table { cards { code represents } } }
    myHand { code }
  } }"""
NOOP = """mutation N($id: ID!, $turn: Int!, $table: [[String!]!]!) {
  noop(matchId: $id, turn: $turn, table: $table) }"""
FINAL = {"MATCH_ENDED", "MATCH_ABORTED"}


def codes(melds: list[dict[str, Any]]) -> list[list[str]]:
    """A table as a move sends it: a joker with what it stands for (``*:7S``)."""
    return [
        [f"*:{c['represents']}" if c["code"] == "*" and c["represents"] else c["code"]
         for c in m["cards"]]
        for m in melds
    ]  # fmt: skip


@dataclass
class Stats:
    turns: int = 0
    moves: int = 0
    matches: int = 0
    rejections: int = 0
    fallbacks: int = 0
    latency: dict[str, list[float]] = field(default_factory=dict)
    # (match id, seq) -> when the move ending at seq was sent, and whose it was
    sent: dict[tuple[str, int], tuple[float, int]] = field(default_factory=dict)


class Socket:
    """One graphql-transport-ws connection: one subscription at a time, resubscribed
    (same socket) for each new match. Records when each seq arrived, and (for a
    player) the state the events describe."""

    ids = itertools.count(1)

    def __init__(self, base: str, token: str | None) -> None:
        self.base, self.token = base, token
        self.ws: Any = None
        self.reader: asyncio.Task[None] | None = None
        self.sub: str | None = None
        self.match: str | None = None
        self.arrived: dict[tuple[str, int], float] = {}
        self.changed = asyncio.Event()
        self.state: dict[str, Any] = {}

    async def open(self) -> None:
        url = "ws" + self.base[len("http") :] + "/graphql"
        self.ws = await connect(url, subprotocols=["graphql-transport-ws"], max_queue=None)  # type: ignore[list-item]
        payload = {"authorization": f"Bearer {self.token}"} if self.token else {}
        await self.ws.send(json.dumps({"type": "connection_init", "payload": payload}))
        ack = json.loads(await self.ws.recv())
        assert ack["type"] == "connection_ack", ack
        self.reader = asyncio.create_task(self._read())

    async def follow(self, match_id: str) -> None:
        if self.sub is not None:
            await self.ws.send(json.dumps({"id": self.sub, "type": "complete"}))
        self.sub, self.match = str(next(self.ids)), match_id
        self.state = {"seq": 0, "hand": None, "table": [], "turn": None, "over": False}
        query = {"query": EVENTS, "variables": {"id": match_id, "after": 0}}
        await self.ws.send(json.dumps({"id": self.sub, "type": "subscribe", "payload": query}))

    async def _read(self) -> None:
        async for raw in self.ws:
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "ping":
                await self.ws.send('{"type":"pong"}')
            elif kind == "next" and message.get("id") == self.sub:
                event = message["payload"]["data"]["matchEvents"]
                self.arrived[(self.match, event["seq"])] = time.perf_counter()
                self._apply(event)
            elif kind == "error":
                raise RuntimeError(message)

    def _apply(self, event: dict[str, Any]) -> None:
        state = self.state
        state["seq"] = event["seq"]
        after = event.get("after")
        if after:
            state["turn"] = after
            if after["table"] is not None:
                state["table"] = codes(after["table"])
        if event.get("myHand") is not None:
            state["hand"] = [c["code"] for c in event["myHand"]]
        if event["type"] in FINAL:
            state["over"] = True
        self.changed.set()

    async def caught_up(self, seq: int, timeout: float = 60) -> None:
        deadline = time.perf_counter() + timeout
        while self.state["seq"] < seq and not self.state["over"]:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), max(0.01, deadline - time.perf_counter()))

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        if self.ws is not None:
            await self.ws.close()


class Player:
    def __init__(self, base: str, token: str) -> None:
        self.http = httpx.AsyncClient(
            base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=60
        )
        self.socket = Socket(base, token)
        self.seat = -1

    async def gql(self, query: str, **variables: Any) -> dict[str, Any]:
        response = await self.http.post("/graphql", json={"query": query, "variables": variables})
        body = response.json()
        if body.get("errors"):
            raise RuntimeError(body["errors"])
        return dict(next(iter(body["data"].values())))

    def view(self, args: argparse.Namespace, options: dict[str, Any]) -> dict[str, Any]:
        """The engine view the built-in policy needs, built from the events alone."""
        state = self.socket.state
        after = state["turn"]
        rules = make_ruleset(args.ruleset, options)
        opened = next(s["opened"] for s in after["seats"] if s["index"] == self.seat)
        stock = after["stockCount"]
        legal = {
            "phase": after["phase"].lower(),
            "drawSources": ["stock"] if stock else [],
            "discardable": list(state["hand"] or []),
            "booty": [],
            "opened": opened,
            "mayManipulate": rules.allows_manipulation(opened=opened, opening_turn=not opened),
            "pass": not stock,
        }
        return {
            "ruleset": args.ruleset,
            "options": options,
            "seat": self.seat,
            "hand": state["hand"] or [],
            "table": [{"cards": m} for m in state["table"]],
            "takenDiscard": None,
            "legal": legal,
        }

    async def close(self) -> None:
        await self.socket.close()
        await self.http.aclose()


async def register(base: str) -> str:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        name = f"bench{secrets.token_hex(5)}"
        # Over twice the name's length: Django's similarity check (ratio 2M/(len a + len b)
        # < 0.7) can never refuse it; two short hex strings were refused now and then.
        variables = {"u": name, "p": f"Pw-{secrets.token_hex(16)}"}
        body = (
            await http.post("/graphql", json={"query": REGISTER, "variables": variables})
        ).json()
    token = ((body.get("data") or {}).get("register") or {}).get("token")
    if not token:
        raise SystemExit(f"registration failed (raise RATE_LIMIT_REGISTRATIONS_IP?): {body}")
    return str(token)


def move_variables(
    action: dict[str, Any], match_id: str, turn: int, key: bool = False
) -> dict[str, Any]:
    variables: dict[str, Any] = {"id": match_id, "turn": turn}
    if key:
        variables["key"] = secrets.token_hex(8)
    if action["kind"] == "commit":
        variables["table"] = action["table"]
    elif action["kind"] == "draw":
        variables["source"] = action["source"].upper()
    elif action["kind"] == "discard":
        variables["card"] = action["card"]
    return variables


class Pair:
    """Two players and their spectators; plays one started match after another."""

    def __init__(self, base: str, tokens: list[str], spectators: int) -> None:
        self.players = [Player(base, t) for t in tokens]
        self.spectators = [Socket(base, None) for _ in range(spectators)]
        self.ready: list[dict[str, Any]] = []

    @property
    def sockets(self) -> list[Socket]:
        return [p.socket for p in self.players] + self.spectators

    async def open(self) -> None:
        await asyncio.gather(*(s.open() for s in self.sockets))

    async def prepare(self, args: argparse.Namespace, count: int) -> None:
        """Create, join and start `count` matches (before the timed window)."""
        first, second = self.players
        for _ in range(count):
            created = await first.gql(
                CREATE, i={"ruleset": args.ruleset, "options": json.loads(args.options), "seats": 2}
            )
            await second.gql(JOIN, id=created["id"])
            self.ready.append(await first.gql(START, id=created["id"]))

    async def play(
        self, args: argparse.Namespace, stats: Stats, stop_at: float, gap: float, phase: float
    ) -> None:
        options = json.loads(args.options)
        # Paced pairs are spread over the gap (``phase``): the server sees moves at an even
        # rate, not every pair's move in the same instant (a burst at many times the rate).
        next_move = time.perf_counter() + phase - gap
        while self.ready and time.perf_counter() < stop_at:
            started = self.ready.pop(0)
            match_id = started["id"]
            for seat, player in enumerate(self.players):
                player.seat = seat
            await asyncio.gather(*(s.follow(match_id) for s in self.sockets))
            stats.matches += 1
            current = started
            while current["status"] == "ACTIVE" and time.perf_counter() < stop_at:
                mover = self.players[current["turn"]["seat"]]
                await mover.socket.caught_up(current["lastSeq"])
                if mover.socket.state["over"]:
                    break
                turn = mover.socket.state["turn"]["turn"]
                view = mover.view(args, options)
                action = action_to_dict(choose(view, rules_of(view)))
                if gap:
                    next_move = max(next_move + gap, time.perf_counter() - gap)
                    await asyncio.sleep(max(0.0, next_move - time.perf_counter()))
                sent = time.perf_counter()
                result = await mover.gql(
                    MOVES[action["kind"]], **move_variables(action, match_id, turn, args.keys)
                )
                stats.latency.setdefault(action["kind"], []).append(time.perf_counter() - sent)
                if result["__typename"] != "Match":
                    # The events did not tell enough: read the match once, as before.
                    stats.rejections += 1
                    stats.fallbacks += 1
                    fallback = await mover.gql(VIEW, id=match_id)
                    action = action_to_dict(choose(fallback["view"], rules_of(fallback["view"])))
                    turn = fallback["turn"]["number"]
                    sent = time.perf_counter()
                    result = await mover.gql(
                        MOVES[action["kind"]], **move_variables(action, match_id, turn, args.keys)
                    )
                    if result["__typename"] != "Match":
                        raise SystemExit(f"a move was refused twice: {result}")
                stats.moves += 1
                if result["turn"] is None or result["turn"]["number"] != turn:
                    stats.turns += 1
                stats.sent[(match_id, result["lastSeq"])] = (sent, mover.seat)
                current = result

    async def close(self) -> None:
        await asyncio.gather(*(p.close() for p in self.players))
        await asyncio.gather(*(s.close() for s in self.spectators))


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


# --- CPU of the server side ----------------------------------------------------------------


class Cpu:
    """CPU seconds used by the processes of the web server(s), PostgreSQL and Redis."""

    def __init__(self, groups: dict[str, list[int]]) -> None:
        self.groups = {name: [psutil.Process(pid) for pid in pids] for name, pids in groups.items()}

    def sample(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for name, roots in self.groups.items():
            total = 0.0
            for root in roots:
                with contextlib.suppress(psutil.Error):
                    for proc in [root, *root.children(recursive=True)]:
                        with contextlib.suppress(psutil.Error):
                            times = proc.cpu_times()
                            # children_*: processes it reaped (PostgreSQL's backends).
                            total += times.user + times.system
                            total += times.children_user + times.children_system
            out[name] = total
        out["bench"] = time.process_time()
        return out


def stolen_share(before: Any, after: Any) -> float:
    """The share of the machine's CPU time the hypervisor gave to others between two
    ``psutil.cpu_times()`` (steal; 0 outside a virtual machine). On the 2-core VMs of
    issue 12 the slow moves came when it rose: 36% on average during moves over 50 ms,
    4% during the others."""

    def spent(times: Any) -> float:  # Linux counts guest time in user and nice already
        return sum(times) - getattr(times, "guest", 0.0) - getattr(times, "guest_nice", 0.0)

    total = spent(after) - spent(before)
    return (getattr(after, "steal", 0.0) - getattr(before, "steal", 0.0)) / total if total else 0.0


def processes_on(port: int) -> list[int]:
    """The pids of the servers listening on `port` (PostgreSQL's postmaster, Redis)."""
    return sorted(
        {
            c.pid
            for c in psutil.net_connections("tcp")
            if c.pid and c.status == psutil.CONN_LISTEN and c.laddr and c.laddr.port == port
        }
    )


# --- the window ------------------------------------------------------------------------------


async def window(
    base: str,
    tokens: list[str],
    args: argparse.Namespace,
    subscribers: int,
    cpu: Cpu | None,
    label: str = "",
) -> dict[str, float]:
    pairs = [
        Pair(base, tokens[2 * i : 2 * i + 2], subscribers - 2) for i in range(args.clients // 2)
    ]
    matches = args.matches or max(2, math.ceil(args.seconds * 40 / len(pairs) / 25))
    try:
        await asyncio.gather(*(p.open() for p in pairs))
        await asyncio.gather(*(p.prepare(args, matches) for p in pairs))
        stats = Stats()
        gap = len(pairs) / args.rate if args.rate else 0.0
        before = cpu.sample() if cpu else {}
        machine_before = psutil.cpu_times()
        start = time.perf_counter()
        stop_at = start + args.seconds
        # For a profiler attached from outside (py-spy): the window opens now.
        print(f"  (window open: {subscribers} subscribers, {args.seconds:g} s)", flush=True)
        await asyncio.gather(
            *(p.play(args, stats, stop_at, gap, gap * i / len(pairs)) for i, p in enumerate(pairs))
        )
        elapsed = time.perf_counter() - start
        after = cpu.sample() if cpu else {}
        stolen = stolen_share(machine_before, psutil.cpu_times())
        await asyncio.sleep(0.5)  # the last events on their way
        delivery = []
        for pair in pairs:
            for key, (sent, seat) in stats.sent.items():
                for index, socket in enumerate(pair.sockets):
                    if index != seat and key in socket.arrived:
                        delivery.append(socket.arrived[key] - sent)
    finally:
        await asyncio.gather(*(p.close() for p in pairs), return_exceptions=True)
    every = [x for values in stats.latency.values() for x in values]
    commits = stats.latency.get("commit", [])
    turns = stats.turns / elapsed
    print(
        f"\n{label}{subscribers} subscribers per match, {args.clients} clients"
        f" ({len(pairs)} matches at a time, {args.ruleset})"
        f"{f', paced at {args.rate:g} turns/s' if args.rate else ''}:"
        f" {elapsed:.1f} s, {stats.matches} matches, {stats.rejections} rejections,"
        f" {stats.fallbacks} fallbacks"
    )
    print(f"  committed turns/s  {turns:8.1f}   ({stats.turns} turns, {stats.moves} moves)")
    print(
        f"  commitTurn         p50 {pct(commits, 0.5):7.1f} ms   p99 {pct(commits, 0.99):7.1f} ms"
        f"   (n={len(commits)})"
    )
    print(
        f"  any move           p50 {pct(every, 0.5):7.1f} ms   p99 {pct(every, 0.99):7.1f} ms"
        f"   (n={len(every)})"
    )
    print(
        f"  commit-to-event    p50 {pct(delivery, 0.5):7.1f} ms   p99 {pct(delivery, 0.99):7.1f}"
        f" ms   (n={len(delivery)}, every other subscriber)"
    )
    server = float("nan")
    used: dict[str, float] = {}
    if cpu and stats.turns:
        used = {k: (after[k] - before[k]) * 1000 / stats.turns for k in after}
        print(
            "  CPU per turn       "
            + "   ".join(f"{k} {v:.2f} ms" for k, v in used.items())
            + f"   (machine: {os.getloadavg()[0]:.1f} load, {stolen:.0%} stolen)"
        )
        server = sum(v for k, v in used.items() if k != "bench")
    return {"turns": turns, "server_cpu": server, **used}


# --- the floor -------------------------------------------------------------------------------


FLOOR_SCHEMA = """
CREATE TABLE IF NOT EXISTS bench_floor_match (
  id bigint PRIMARY KEY, last_seq integer NOT NULL, state jsonb NOT NULL,
  updated_at timestamptz NOT NULL);
CREATE TABLE IF NOT EXISTS bench_floor_event (
  id bigserial PRIMARY KEY, match_id bigint NOT NULL REFERENCES bench_floor_match(id),
  seq integer NOT NULL, type varchar(32) NOT NULL, public jsonb NOT NULL,
  private jsonb NOT NULL, at timestamptz NOT NULL, UNIQUE (match_id, seq));
"""


async def transaction_floor(
    database_url: str, concurrency: int, seconds: float
) -> tuple[float, int]:
    """Bare locked transactions per second: lock the match, insert an event, update the
    match, commit; one persistent connection per concurrent match."""
    import psycopg

    state = json.dumps({"table": [["7H", "8H", "9H"]] * 8, "hands": [["2C"] * 14] * 2})
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        await conn.execute(FLOOR_SCHEMA)
        await conn.execute("TRUNCATE bench_floor_event, bench_floor_match")
        for i in range(concurrency):
            await conn.execute(
                "INSERT INTO bench_floor_match VALUES (%s, 0, %s, now())", (i, state)
            )
    done = 0
    stop_at = time.perf_counter() + seconds

    async def loop(match: int) -> None:
        nonlocal done
        async with await psycopg.AsyncConnection.connect(database_url) as conn:
            while time.perf_counter() < stop_at:
                async with conn.transaction():
                    row = await (
                        await conn.execute(
                            "SELECT last_seq FROM bench_floor_match WHERE id = %s FOR UPDATE",
                            (match,),
                        )
                    ).fetchone()
                    assert row is not None
                    seq = row[0] + 1
                    await conn.execute(
                        "INSERT INTO bench_floor_event (match_id, seq, type, public, private, at)"
                        " VALUES (%s, %s, 'TURN_COMMITTED', %s, '{}', now())",
                        (match, seq, '{"seat": 0, "table": [["7H", "8H", "9H"]]}'),
                    )
                    await conn.execute(
                        "UPDATE bench_floor_match SET last_seq = %s, state = %s, updated_at = now()"
                        " WHERE id = %s",
                        (seq, state, match),
                    )
                done += 1

    start = time.perf_counter()
    await asyncio.gather(*(loop(i) for i in range(concurrency)))
    return done / (time.perf_counter() - start), done


async def mutation_floor(
    base: str, tokens: list[str], concurrency: int, seconds: float
) -> tuple[float, int]:
    """No-op mutations per second through the server stack (bench/floor_asgi.py)."""
    clients = [
        httpx.AsyncClient(
            base_url=base, headers={"Authorization": f"Bearer {tokens[i % len(tokens)]}"}
        )
        for i in range(concurrency)
    ]
    variables = {"id": "m", "turn": 3, "table": [["7H", "8H", "9H"], ["2C", "2D", "2S"]]}
    done = 0
    stop_at = time.perf_counter() + seconds

    async def loop(client: httpx.AsyncClient) -> None:
        nonlocal done
        while time.perf_counter() < stop_at:
            response = await client.post("/graphql", json={"query": NOOP, "variables": variables})
            assert response.json() == {"data": {"noop": True}}, response.text
            done += 1

    try:
        start = time.perf_counter()
        await asyncio.gather(*(loop(c) for c in clients))
        return done / (time.perf_counter() - start), done
    finally:
        await asyncio.gather(*(c.aclose() for c in clients))


# --- servers ---------------------------------------------------------------------------------


def _services_module() -> Any:
    # scripts/test.py starts the throwaway PostgreSQL and Redis of `make test`.
    spec = importlib.util.spec_from_file_location("rummy_test_services", ROOT / "scripts/test.py")
    assert spec is not None and spec.loader is not None
    services = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(services)
    return services


def server_env(database_url: str, redis_url: str, args: argparse.Namespace) -> dict[str, str]:
    env = dict(
        os.environ,
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        DJANGO_DEBUG="0",
        SECRET_KEY="bench-secret-key-" + "x" * 50,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="0",
        DATABASE_POOL="0" if args.no_pool else "1",
        DATABASE_CONN_MAX_AGE="60",  # used only without the pool
        # Load, not abuse: the limits of a public deployment would throttle the bench.
        RATE_LIMIT_MUTATIONS_IP="1000000/1",
        RATE_LIMIT_MUTATIONS_USER="100000/1",
        RATE_LIMIT_WS_MESSAGES_CONNECTION="100000/1",
        RATE_LIMIT_WS_MESSAGES_USER="100000/1",
        RATE_LIMIT_WS_SENT_CONNECTION="100000/1",
        RATE_LIMIT_WS_REPLAYED_IP="10000000/60",
        RATE_LIMIT_REGISTRATIONS_IP="100000/60",
        LOGIN_FAILURES_IP="100000/60",
        LOG_LEVEL="WARNING",
    )
    env.pop("RUMMY_VAR_DIR", None)
    if args.fast_paths:
        env["FAST_PATHS"] = args.fast_paths[0]
    return env


@contextmanager
def uvicorn(
    env: dict[str, str], app: str, workers: int, tree: Path = ROOT
) -> Iterator[tuple[str, int]]:
    """A uvicorn serving `app` with `workers` processes from the checkout `tree` (its own
    .venv); yields its URL and pid."""
    services = _services_module()
    port = services.free_port()
    python = sys.executable if tree == ROOT else str(tree / ".venv/bin/python")
    server = subprocess.Popen(
        [python, "-m", "uvicorn", app, "--host", "127.0.0.1", "--port", str(port),
         "--no-access-log", "--log-level", "warning", "--lifespan", "off",
         "--workers", str(workers)],
        cwd=tree, env=env, start_new_session=True,
    )  # fmt: skip
    try:
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
        # With several workers each must be up: wait for a few answers in a row.
        for _ in range(4 * workers):
            httpx.get(f"{base}/healthz", timeout=5)
        yield base, server.pid
    finally:
        # uvicorn's own process group: its worker processes go with it, even a worker
        # that does not stop on SIGTERM (it would outlive the run, using the CPU of the
        # next one, and find its PostgreSQL and Redis gone).
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            print("  (the server did not stop within 10 s of SIGTERM: killed)", flush=True)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
        server.wait(10)


async def register_all(base: str, count: int) -> list[str]:
    limit = asyncio.Semaphore(4)

    async def one() -> str:
        async with limit:
            return await register(base)

    return list(await asyncio.gather(*(one() for _ in range(count))))


def run_all(args: argparse.Namespace) -> None:
    import uvloop

    levels = [int(x) for x in args.subscribers.split(",")]
    if args.url:
        base = args.url.rstrip("/")
        tokens = uvloop.run(register_all(base, args.clients))
        for level in levels:
            uvloop.run(window(base, tokens, args, level, None))
        return
    services = _services_module()
    with ExitStack() as stack:
        database_url = stack.enter_context(services.postgres())
        services._create_database(database_url)
        redis_url = stack.enter_context(services.redis())
        env = server_env(database_url, redis_url, args)
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True
        )
        pg_port = int(database_url.rsplit(":", 1)[1].split("/")[0])
        redis_port = int(redis_url.rsplit(":", 1)[1].split("/")[0])
        print(f"load before: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
        if len(args.fast_paths or ()) > 1 or args.tree:
            ab(args, env, levels, pg_port, redis_port, stack)
            return
        results = []
        with uvicorn(env, APP, args.workers) as (base, pid):
            cpu = Cpu(
                {"web": [pid], "postgres": processes_on(pg_port), "redis": processes_on(redis_port)}
            )
            tokens = uvloop.run(register_all(base, args.clients))
            for level in levels:
                results.append(uvloop.run(window(base, tokens, args, level, cpu)))
        if args.no_floor:
            return
        concurrency = args.clients // 2
        with uvicorn(env, "bench.floor_asgi:application", args.workers) as (base, pid):
            cpu = Cpu(
                {"web": [pid], "postgres": processes_on(pg_port), "redis": processes_on(redis_port)}
            )
            before = cpu.sample()
            noop, count = uvloop.run(mutation_floor(base, tokens, concurrency, args.floor_seconds))
            after = cpu.sample()
            server_parts = ("web", "postgres", "redis")
            noop_cpu = "   ".join(
                f"{k} {(after[k] - before[k]) * 1000 / count:.2f} ms" for k in server_parts
            )
            noop_server = sum((after[k] - before[k]) * 1000 / count for k in server_parts)
        pg = Cpu({"postgres": processes_on(pg_port)})
        before = pg.sample()
        txn, txns = uvloop.run(transaction_floor(database_url, concurrency, args.floor_seconds))
        txn_server = (pg.sample()["postgres"] - before["postgres"]) * 1000 / max(1, txns)
        floor = 1 / (1 / noop + 1 / txn)
        print(f"\nfloor ({concurrency} at a time, {args.workers} web processes):")
        print(
            f"  bare locked transaction   {txn:8.1f} /s   (CPU per one: postgres"
            f" {txn_server:.2f} ms)"
        )
        print(f"  no-op mutation            {noop:8.1f} /s   (CPU per call: {noop_cpu})")
        print(f"  floor (both, in series)   {floor:8.1f} turns/s")
        # The machine's speed drifts by half within minutes (other tenants): turns/s and
        # the floor, measured minutes apart, can disagree for that alone. The server CPU
        # of the floor over that of a turn (the benchmark client left out on both sides)
        # drifts much less.
        floor_cpu = noop_server + txn_server
        for level, result in zip(levels, results, strict=True):
            print(
                f"  ratio at {level:2d} subscribers   {result['turns'] / floor:8.2f}"
                f"   ({result['turns']:.1f} turns/s)   by server CPU"
                f" {floor_cpu / result['server_cpu']:.2f}"
                f" ({floor_cpu:.2f} / {result['server_cpu']:.2f} ms)"
            )
        print(f"load after: {os.getloadavg()[0]:.1f}")


def ab(
    args: argparse.Namespace,
    env: dict[str, str],
    levels: list[int],
    pg_port: int,
    redis_port: int,
    stack: ExitStack,
) -> None:
    """Windows alternating between one server per FAST_PATHS value, or per checkout
    (``--tree``: this one first, then each given; see the notes)."""
    import uvloop

    values: list[str] = [ROOT.name, *args.tree] if args.tree else args.fast_paths
    servers = []
    for value in values:
        value_env = env if args.tree else dict(env, FAST_PATHS=value)
        tree = ROOT if value == ROOT.name else Path(value)
        base, pid = stack.enter_context(uvicorn(value_env, APP, args.workers, tree))
        cpu = Cpu(
            {"web": [pid], "postgres": processes_on(pg_port), "redis": processes_on(redis_port)}
        )
        servers.append((value, base, cpu))
    tokens = uvloop.run(register_all(servers[0][1], args.clients))
    for level in levels:
        results: dict[str, list[dict[str, float]]] = {value: [] for value in values}
        for round_ in range(args.rounds):
            shift = round_ % len(servers)
            for value, base, cpu in servers[shift:] + servers[:shift]:
                label = f"[{'' if args.tree else 'FAST_PATHS='}{value}, round {round_ + 1}] "
                results[value].append(uvloop.run(window(base, tokens, args, level, cpu, label)))
        print(f"\nA/B at {level} subscribers, {args.rounds} rounds: server CPU per turn (ms),")
        first = values[0] if args.tree else f"FAST_PATHS={values[0]}"
        print(f"median of the rounds; ratio to {first} in the same round")
        for value in values:
            print(f"  {value:>24}  " + ab_line(results[value], results[values[0]]))
    print(f"load after: {os.getloadavg()[0]:.1f}")


APP = "config.asgi:application"


def ab_line(rows: list[dict[str, float]], baseline: list[dict[str, float]]) -> str:
    """A value's medians over the rounds, and its ratios to the baseline's windows."""

    def median(key: str) -> float:
        return statistics.median(r[key] for r in rows)

    def ratios(key: str) -> str:
        each = sorted(r[key] / b[key] for r, b in zip(rows, baseline, strict=True))
        return f"{statistics.median(each):.3f} [{each[0]:.3f}..{each[-1]:.3f}]"

    parts = "   ".join(f"{k} {median(k):.2f}" for k in ("web", "postgres", "redis"))
    return (
        f"server {median('server_cpu'):.2f} ({parts})   turns/s {median('turns'):.1f}"
        f"   ratio {ratios('server_cpu')}   web {ratios('web')}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server; default: start one here")
    parser.add_argument("--clients", type=int, default=20, help="players (two per match)")
    parser.add_argument("--seconds", type=float, default=20, help="each timed window")
    parser.add_argument("--subscribers", default="2,8,32", help="subscribers per match")
    parser.add_argument("--rate", type=float, default=0, help="pace to this many turns/s")
    parser.add_argument("--matches", type=int, default=0, help="started matches per pair")
    parser.add_argument("--ruleset", default="robbers")
    parser.add_argument("--options", default='{"rounds": 1}', help="rule options (JSON)")
    parser.add_argument("--workers", type=int, default=2, help="uvicorn worker processes")
    parser.add_argument("--no-pool", action="store_true", help="DATABASE_POOL=0")
    parser.add_argument("--floor-seconds", type=float, default=8)
    parser.add_argument("--no-floor", action="store_true")
    parser.add_argument(
        "--fast-paths",
        action="append",
        metavar="VALUE",
        help="FAST_PATHS of the server (1, 0, names, -names); twice or more: an A/B",
    )
    parser.add_argument("--rounds", type=int, default=3, help="A/B: windows per value")
    parser.add_argument("--keys", action="store_true", help="moves carry an idempotencyKey")
    parser.add_argument(
        "--tree",
        action="append",
        metavar="DIR",
        help="A/B of this checkout against another one (its own .venv; same database)",
    )
    args = parser.parse_args()
    run_all(args)


if __name__ == "__main__":
    main()

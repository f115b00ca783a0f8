"""Scale-out, tested as a deployment (issue 14): two web processes (uvicorn), two Celery
workers and beat, as separate processes on one PostgreSQL (the test database, reached
through a TCP proxy the test can cut) and one Redis the test owns (it can kill it).

One cluster is shared by the scenarios (a module fixture); each scenario plays its own
matches, and checks what every client received against the stored event stream: every
seq from 1 to the match's ``lastSeq`` exactly once, no deadline applied twice or never.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from engine.actions import action_to_dict
from engine.policy import choose
from tests.conftest import start_asgi_server
from tests.deploy.cluster import Processes, RedisServer, TcpProxy, pings, probe_app, wait_for
from tests.e2e.conftest import (
    CREATE,
    JOIN,
    MATCH,
    MATCH_EVENTS,
    START,
    Client,
    Socket,
    play,
    register,
    result_of,
)
from tests.server.game_workers import database_url, game_env

WAIT = 90.0  # a bound on waiting on a slow machine, never an assertion about speed
WEB_SETTINGS = (
    "GAME_TASK_QUEUE",
    "BOT_THINK_SECONDS",
    "DEADLINE_SWEEP_SECONDS",
    "BOT_STALL_SECONDS",
    "PRESENCE_HEARTBEAT_SECONDS",
    "PRESENCE_GRACE_SECONDS",
)


@dataclass
class Cluster:
    web_a: Any
    web_b: Any
    redis: RedisServer
    db: TcpProxy
    procs: Processes
    workers: list[str]
    postgres: dict[str, Any]
    web_env: dict[str, str]
    stack: contextlib.ExitStack

    def restart_web_a(self) -> None:
        """A new web A on the same settings (the module's stack stops it at the end)."""
        self.web_a = self.stack.enter_context(
            start_asgi_server(self.postgres, self.redis.url, **self.web_env)
        )

    def logs(self) -> str:
        webs = "\n".join(f"--- web {w}\n{w.log_text()[-3000:]}" for w in (self.web_a, self.web_b))
        return f"{webs}\n{self.procs.logs()}"


@pytest.fixture(scope="module")
def cluster(
    postgres: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Cluster]:
    workdir = tmp_path_factory.mktemp("scale-out")
    (workdir / "mail").mkdir()
    redis = RedisServer()
    redis.start()
    db = TcpProxy(postgres.get("HOST") or "127.0.0.1", int(postgres.get("PORT") or 5432))
    proxied = dict(postgres, HOST="127.0.0.1", PORT=db.port)
    queue = f"scale-out-{uuid.uuid4().hex[:8]}"
    env = game_env(proxied, redis.url, queue, workdir / "mail")
    procs = Processes(env, workdir)
    web_env = {k: env[k] for k in WEB_SETTINGS}
    web_env["DATABASE_URL"] = database_url(proxied)
    with contextlib.ExitStack() as stack:
        try:
            web_a = stack.enter_context(start_asgi_server(postgres, redis.url, **web_env))
            web_b = stack.enter_context(start_asgi_server(postgres, redis.url, **web_env))
            workers = [procs.worker("worker1", queue), procs.worker("worker2", queue)]
            procs.beat()
            yield Cluster(web_a, web_b, redis, db, procs, workers, postgres, web_env, stack)
        finally:
            procs.stop()
            db.close()
            redis.close()


async def move_on_turn(clients: list[Client], match_id: str) -> dict[str, Any] | None:
    """Whoever of ``clients`` is on turn makes one move (the engine's simple policy);
    the match after it, or None when no client is on turn (a bot's turn, or the end)."""
    for client in clients:
        match = (await client.data(MATCH, id=match_id))["match"]
        if match["status"] == "FINISHED":
            return None
        view = match["view"]
        if view and view.get("legal") and view["onTurn"] == match["mySeat"]:
            result = await play(
                client, match_id, action_to_dict(choose(view)), match["turn"]["number"]
            )
            assert result["__typename"] == "Match", result
            return result
    return None


async def moves(clients: list[Client], match_id: str, count: int) -> int:
    """Make ``count`` moves; the match's lastSeq after them."""
    last = 0
    for _ in range(count):
        result = await move_on_turn(clients, match_id)
        if result is None:
            break
        last = result["lastSeq"]
    return last


async def last_seq(client: Client, match_id: str) -> int:
    return int((await client.data(MATCH, id=match_id))["match"]["lastSeq"])


async def collect(sock: Socket, sub: str, until: int, into: list[dict[str, Any]]) -> None:
    """Read events of ``sub`` into ``into`` until one with seq ``until`` arrived."""
    while not into or into[-1]["seq"] < until:
        event = await sock.event(sub, timeout=WAIT)
        assert event is not None, "the subscription completed early"
        into.append(event)


async def all_events(server: str, client: Client, match_id: str) -> list[dict[str, Any]]:
    """The match's whole stream, replayed from seq 0 through ``server``."""
    other = Client(server, client.token, client.name)
    sock = await other.socket()
    try:
        sub = await sock.subscribe(MATCH_EVENTS, id=match_id, after=0)
        events: list[dict[str, Any]] = []
        await collect(sock, sub, await last_seq(other, match_id), events)
        return events
    finally:
        await sock.close()
        await other.close()


def seqs(events: list[dict[str, Any]]) -> list[int]:
    return [e["seq"] for e in events]


async def two_player_match(server: str, **extra: Any) -> tuple[Client, Client, str]:
    a = await register(server, "sa")
    b = await register(server, "sb")
    created = result_of(await a.data(CREATE, input={"ruleset": "robbers", "seats": 2, **extra}))
    assert created["__typename"] == "Match", created
    joined = result_of(await b.data(JOIN, id=created["id"]))
    assert joined["__typename"] == "Match", joined
    return a, b, created["id"]


def on(server: Any, client: Client) -> Client:
    """The same user talking to another web process."""
    other = Client(str(server), client.token, client.name)
    other.user_id = client.user_id
    return other


async def test_a_client_on_web_a_sees_every_move_made_through_web_b(cluster: Cluster) -> None:
    # given: a match created through web B; a player subscribed on web A
    a_b, b_b, match_id = await two_player_match(str(cluster.web_b))
    a_a = on(cluster.web_a, a_b)
    sock = await a_a.socket()
    sub = await sock.subscribe(MATCH_EVENTS, id=match_id, after=0)
    try:
        started = result_of(await a_b.data(START, id=match_id))
        assert started["__typename"] == "Match", started

        # when: both players move through web B
        last = await moves([a_b, b_b], match_id, 12)
        assert last > 5

        # then: web A's subscriber got every event once, in order
        events: list[dict[str, Any]] = []
        await collect(sock, sub, last, events)
        assert seqs(events) == list(range(1, last + 1)), seqs(events)
        assert await last_seq(a_a, match_id) == last
    finally:
        await sock.close()
        for c in (a_a, a_b, b_b):
            await c.close()


async def test_web_a_killed_mid_match_its_client_resumes_on_web_b_with_after(
    cluster: Cluster,
) -> None:
    # given: a match in play, its player subscribed on web A
    a_b, b_b, match_id = await two_player_match(str(cluster.web_b))
    a_a = on(cluster.web_a, a_b)
    sock = await a_a.socket()
    sub = await sock.subscribe(MATCH_EVENTS, id=match_id, after=0)
    seen: list[dict[str, Any]] = []
    resumed: Socket | None = None
    try:
        assert result_of(await a_b.data(START, id=match_id))["__typename"] == "Match"
        first = await moves([a_b, b_b], match_id, 4)
        await collect(sock, sub, first, seen)

        # when: web A dies; the match goes on through web B meanwhile
        cluster.web_a.process.kill()
        cluster.web_a.process.wait()
        gone = await moves([a_b, b_b], match_id, 6)
        assert gone > first

        # and the client resumes on web B from the last seq it saw
        resumed = await a_b.socket()
        after = seen[-1]["seq"]
        sub_b = await resumed.subscribe(MATCH_EVENTS, id=match_id, after=after)
        later = await moves([a_b, b_b], match_id, 2)
        last = max(later, gone)
        await collect(resumed, sub_b, last, seen)

        # then: nothing lost, nothing twice
        assert seqs(seen) == list(range(1, last + 1)), seqs(seen)
        assert await last_seq(a_b, match_id) == last
    finally:
        with contextlib.suppress(Exception):
            await sock.close()
        if resumed is not None:
            await resumed.close()
        for c in (a_a, a_b, b_b):
            await c.close()
    # web A comes back for the scenarios after this one
    cluster.restart_web_a()


def expiries(events: list[dict[str, Any]]) -> list[int]:
    """The turns whose deadline was applied, in stream order."""
    return [e["payload"]["turn"] for e in events if e["type"] == "TURN_EXPIRED"]


def expiry_holders(cluster: Cluster) -> dict[str, int]:
    """Each worker holding a turn's expiry (an ETA task): the newest match it holds."""
    probe = probe_app(cluster.redis.url)
    try:
        scheduled = probe.control.inspect(destination=cluster.workers, timeout=1).scheduled()
    finally:
        probe.close()
    held: dict[str, int] = {}
    for hostname, entries in (scheduled or {}).items():
        for entry in entries:
            if entry["request"]["name"] == "matches.expire_turn":
                match_pk = int(entry["request"]["args"][0])
                held[hostname] = max(held.get(hostname, 0), match_pk)
    return held


async def test_a_worker_killed_with_bot_moves_and_deadlines_pending_the_rest_apply_each_once(
    cluster: Cluster,
) -> None:
    # given: a person against a bot, and (created last) a match on a 5-second clock
    # that nobody plays
    human = await register(str(cluster.web_b), "sh")
    created = result_of(
        await human.data(CREATE, input={"ruleset": "robbers", "seats": 2, "bots": ["EASY"]})
    )
    assert created["__typename"] == "Match", created
    botted = created["id"]
    assert result_of(await human.data(START, id=botted))["__typename"] == "Match"
    a, b, clocked = await two_player_match(str(cluster.web_b), turnSeconds=5)
    # both players stay connected (subscribed on web A), so no bot takes their seats over
    watchers = [on(cluster.web_a, c) for c in (a, b)]
    present = [await w.socket() for w in watchers]
    for sock in present:
        await sock.subscribe(MATCH_EVENTS, id=clocked)
    await asyncio.sleep(1)
    assert result_of(await a.data(START, id=clocked))["__typename"] == "Match"
    held_turn = (await a.data(MATCH, id=clocked))["match"]["turn"]["number"]
    try:
        # the newest match's expiry (the clocked one, created last with a clock) is held
        def newest_holder() -> str | None:
            held = expiry_holders(cluster)
            newest = max(held.values(), default=0)
            return next((h for h, pk in sorted(held.items()) if pk == newest), None)

        doomed = wait_for("a worker to hold the clocked match's expiry", newest_holder, 30)

        # when: the person moves (a bot move is now pending) and that worker is killed
        await moves([human], botted, 1)
        name = "worker1" if doomed.startswith("worker1-") else "worker2"
        if name not in cluster.procs.children:  # replaced by an earlier run's kill
            name = next(n for n in cluster.procs.children if doomed.startswith(n + "-"))
        cluster.procs.kill(name)
        cluster.workers.remove(doomed)
        cluster.workers.append(
            cluster.procs.worker(f"{name}r", cluster.procs.env["GAME_TASK_QUEUE"])
        )

        # then: the held deadline is applied once, and the ones after it too
        deadline = time.monotonic() + 40
        while True:
            events = await all_events(str(cluster.web_b), a, clocked)
            if held_turn in expiries(events) and len(expiries(events)) >= 2:
                break
            assert time.monotonic() < deadline, (
                f"the expiries did not come: {[(e['type'], e['payload']) for e in events]}"
                f"\n{cluster.logs()}"
            )
            await asyncio.sleep(1)
        assert expiries(events).count(held_turn) == 1, expiries(events)
        assert len(set(expiries(events))) == len(expiries(events)), expiries(events)
        assert seqs(events) == list(range(1, seqs(events)[-1] + 1))

        # and the bot plays on: the person gets the turn back, several times
        mine = 0
        deadline = time.monotonic() + WAIT
        while mine < 4:
            assert time.monotonic() < deadline, f"the bot did not move\n{cluster.logs()}"
            if await move_on_turn([human], botted) is not None:
                mine += 1
            else:
                await asyncio.sleep(0.3)
        stream = await all_events(str(cluster.web_b), human, botted)
        assert seqs(stream) == list(range(1, seqs(stream)[-1] + 1))
        bot_turns = [e["payload"].get("turn") for e in stream if e["type"] == "TURN_STARTED"]
        assert len(bot_turns) >= 8 and None not in bot_turns, bot_turns
        assert len(bot_turns) == len(set(bot_turns)), bot_turns
    finally:
        for sock in present:
            await sock.close()
        for c in (a, b, human, *watchers):
            await c.close()


async def test_redis_killed_and_restarted_the_match_stays_playable_events_complete_via_after(
    cluster: Cluster,
) -> None:
    # given: a match in play, a subscriber on web A
    a_b, b_b, match_id = await two_player_match(str(cluster.web_b))
    a_a = on(cluster.web_a, a_b)
    sock = await a_a.socket()
    sub = await sock.subscribe(MATCH_EVENTS, id=match_id, after=0)
    seen: list[dict[str, Any]] = []
    resumed: Socket | None = None
    try:
        assert result_of(await a_b.data(START, id=match_id))["__typename"] == "Match"
        first = await moves([a_b, b_b], match_id, 3)
        await collect(sock, sub, first, seen)

        # when: Redis dies (everything it held is gone) and comes back
        cluster.redis.kill()
        await asyncio.sleep(2)
        cluster.redis.start()

        # then: both webs are ready again, the workers answer, the match is playable
        for web in (cluster.web_a, cluster.web_b):
            wait_for(f"{web} /readyz to say 200", lambda w=web: readyz(w) == 200, WAIT)
        probe = probe_app(cluster.redis.url)
        try:
            for hostname in cluster.workers:
                wait_for(f"{hostname} to answer\n{cluster.logs()}",
                         lambda h=hostname: pings(probe, h), WAIT)  # fmt: skip
        finally:
            probe.close()
        last = await moves([a_b, b_b], match_id, 4)
        assert last > first

        # and the client, resuming on web A with `after`, has every event once
        with contextlib.suppress(Exception):
            await sock.close()
        resumed = await a_a.socket()
        sub2 = await resumed.subscribe(MATCH_EVENTS, id=match_id, after=seen[-1]["seq"])
        await collect(resumed, sub2, last, seen)
        assert seqs(seen) == list(range(1, last + 1)), seqs(seen)
    finally:
        with contextlib.suppress(Exception):
            await sock.close()
        if resumed is not None:
            await resumed.close()
        for c in (a_a, a_b, b_b):
            await c.close()


def readyz(server: Any) -> int:
    try:
        return httpx.get(f"{server}/readyz", timeout=10).status_code
    except httpx.HTTPError:
        return 0


async def test_the_database_cut_for_10s_readyz_503_then_200_and_the_match_playable(
    cluster: Cluster,
) -> None:
    # given: a match in play, a subscriber on web A
    a_b, b_b, match_id = await two_player_match(str(cluster.web_b))
    a_a = on(cluster.web_a, a_b)
    sock = await a_a.socket()
    sub = await sock.subscribe(MATCH_EVENTS, id=match_id, after=0)
    seen: list[dict[str, Any]] = []
    try:
        assert result_of(await a_b.data(START, id=match_id))["__typename"] == "Match"
        first = await moves([a_b, b_b], match_id, 3)
        await collect(sock, sub, first, seen)

        # when: PostgreSQL is unreachable for 10 s
        cluster.db.cut()
        try:
            down_since = time.monotonic()
            # then: both web processes say so
            for web in (cluster.web_a, cluster.web_b):
                wait_for(f"{web} /readyz to say 503", lambda w=web: readyz(w) == 503, WAIT)
            await asyncio.sleep(max(0.0, 10 - (time.monotonic() - down_since)))
            assert readyz(cluster.web_a) == 503 and readyz(cluster.web_b) == 503
        finally:
            cluster.db.restore()

        # and once it is back: ready again, the match playable, the stream complete
        for web in (cluster.web_a, cluster.web_b):
            wait_for(f"{web} /readyz to say 200", lambda w=web: readyz(w) == 200, WAIT)
        last = await moves([a_b, b_b], match_id, 4)
        assert last > first
        events = await all_events(str(cluster.web_b), a_b, match_id)
        assert seqs(events) == list(range(1, last + 1)), seqs(events)
        # the live subscriber: what it got is in order and without repeats; any gap it
        # fills with `after`
        live_seqs = seqs(seen)
        assert live_seqs == sorted(set(live_seqs))
    finally:
        with contextlib.suppress(Exception):
            await sock.close()
        for c in (a_a, a_b, b_b):
            await c.close()

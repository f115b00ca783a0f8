"""What a move's plumbing costs the web process, alone (not a test): the CPU of one thread
hand-over each way, and of one rate-limit check on the asyncio Redis client, as a
MULTI/EXEC pipeline of INCRBY and EXPIRE (as before issue 31) and as the one script call
``api.limits`` makes now. Client CPU (this process) and Redis's CPU, per call; rounds
alternate so that the machine's drift weighs on both.

    python bench/hop_bench.py [--calls 4000] [--rounds 4]

It starts a throwaway Redis (scripts/test.py).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def _services() -> Any:
    spec = importlib.util.spec_from_file_location("rummy_test_services", ROOT / "scripts/test.py")
    assert spec is not None and spec.loader is not None
    services = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(services)
    return services


def _cpu_of(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def hops(calls: int) -> None:
    from asgiref.sync import ThreadSensitiveContext, async_to_sync, sync_to_async

    def nothing() -> None:
        return None

    async def nothing_async() -> None:
        return None

    def back_and_forth() -> float:
        to_loop = async_to_sync(nothing_async)
        started = time.process_time()
        for _ in range(calls):
            to_loop()
        return (time.process_time() - started) / calls * 1e6

    async with ThreadSensitiveContext(executor=ThreadPoolExecutor(max_workers=1)):
        to_thread = sync_to_async(nothing)
        started = time.process_time()
        for _ in range(calls):
            await to_thread()
        there = (time.process_time() - started) / calls * 1e6
        back = await sync_to_async(back_and_forth)()
    print(f"thread hand-over: sync_to_async {there:.0f} us, async_to_sync {back:.0f} us of CPU")


async def limits(redis_url: str, redis_pid: int, calls: int, rounds: int) -> None:
    import redis.asyncio as aioredis

    from api.limits import _counting

    pool = aioredis.BlockingConnectionPool.from_url(redis_url, max_connections=100, timeout=1)
    client = aioredis.Redis(connection_pool=pool)
    keys = ["bench:limit:a", "bench:limit:b"]

    async def pipeline() -> None:
        pipe = client.pipeline()
        for key in keys:
            pipe.incrby(key, 1)
            pipe.expire(key, 2)
        await pipe.execute()

    async def one_script() -> None:  # as api.limits counts
        await _counting(client, [(key, 1, 2) for key in keys])

    results: dict[str, list[str]] = {"pipeline (MULTI/EXEC)": [], "script (EVALSHA)": []}
    for _ in range(rounds):
        for label, call in zip(results, (pipeline, one_script), strict=True):
            started, redis_before = time.process_time(), _cpu_of(redis_pid)
            for _ in range(calls):
                await call()
            own = (time.process_time() - started) / calls * 1e6
            theirs = (_cpu_of(redis_pid) - redis_before) / calls * 1e6
            results[label].append(f"{own:.0f}+{theirs:.0f}")
    print("rate-limit check of two windows, us of CPU per call (client+Redis), each round:")
    for label, figures in results.items():
        print(f"  {label:22s} {'  '.join(figures)}")
    await client.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    import django
    import uvloop

    django.setup()
    print(f"load: {os.getloadavg()[0]:.1f}")
    uvloop.run(hops(args.calls))
    with _services().redis() as redis_url:
        port = redis_url.rsplit(":", 1)[1].split("/")[0]
        found = subprocess.run(
            ["pgrep", "-f", f"redis-server .*:{port}"], capture_output=True, text=True
        )
        redis_pid = int(found.stdout.split()[0])
        uvloop.run(limits(redis_url, redis_pid, args.calls, args.rounds))


if __name__ == "__main__":
    main()

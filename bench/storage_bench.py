"""What a finished match stores (issue 31): bytes on disk per finished match.

    .venv/bin/python bench/storage_bench.py [--matches 20] [--ruleset robbers]
        [--options '{"rounds": 1}']

Starts a throwaway PostgreSQL and Redis (scripts/test.py's helpers), migrates, and plays
``--matches`` matches of two people to the end through the services, each seat choosing
the engine's simple policy (``engine.policy.choose``), as a client would. Then, after
``VACUUM FULL`` (no dead space counted), it prints per finished match: the actions and
events, and the bytes of each of the match's tables (rows, indexes and TOAST), from
``pg_total_relation_size``, with their sum. The users' own tables are left out.

Then it packs the finished matches as the worker does once a match is over
(``matches.archive.pack``, issue 31), times reading each packed match's whole history
back (``matches.archive.event_rows``: one query, decompress, filter) and prints the
table again: what a finished match stores for good.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import sys
import time
import zlib
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TABLES = (
    "matches_match",
    "matches_seat",
    "matches_round",
    "matches_matchevent",
    "matches_matchaction",
    "matches_matcharchive",
)


def _driver():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("rummy_test_driver", ROOT / "scripts/test.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play_out(match_id: int, users: list[Any]) -> None:
    from engine.actions import action_to_dict
    from engine.policy import choose
    from matches import selectors, services
    from matches.models import Match
    from matches.selectors import MatchView, match_rules

    for _ in range(5000):
        match = Match.objects.get(pk=match_id)
        if match.over:
            return
        seat = match.on_turn
        assert seat is not None
        seen = selectors.match_view(match=match, user=users[seat])
        assert seen.view is not None
        action = action_to_dict(choose(seen.view, match_rules(match)))
        kind = action["kind"]
        common = {"match_id": match_id, "turn": seen.turn, "user": users[seat]}
        if kind == "commit":
            result = services.match_commit_turn(table=action["table"], **common)
        elif kind == "draw":
            result = services.match_draw(source=action["source"], **common)
        elif kind == "discard":
            result = services.match_discard(card=action["card"], **common)
        elif kind == "pass":
            result = services.match_pass(**common)
        else:
            result = services.match_undo(**common)
        assert isinstance(result, MatchView), result
    raise AssertionError("the match did not end")


def run(args: argparse.Namespace) -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.contrib.auth.hashers import make_password

    from accounts.models import User
    from matches import archive, services
    from matches.models import Match, MatchAction, MatchEvent
    from matches.selectors import MatchView

    options = json.loads(args.options)
    for n in range(args.matches):
        a = User.objects.create(username=f"store_a{n}", password=make_password(None))
        b = User.objects.create(username=f"store_b{n}", password=make_password(None))
        created = services.match_create(user=a, ruleset_name=args.ruleset, options=options, seats=2)
        assert isinstance(created, MatchView), created
        services.match_join(match_id=created.id, user=b)
        services.match_start(match_id=created.id, user=a)
        play_out(created.id, [a, b] if created.seat == 0 else [b, a])
        print(".", end="", flush=True)
    print()
    matches = Match.objects.count()
    actions = MatchAction.objects.count()
    events = MatchEvent.objects.count()
    print(f"{matches} finished matches of {args.ruleset} {args.options}")
    print(f"per match: {actions / matches:.0f} actions, {events / matches:.0f} events")
    print("as rows (while a match runs, and before it is packed):")
    sizes(matches)
    ids = list(Match.objects.values_list("pk", flat=True))
    from_rows = read_times(ids, archive.event_rows)
    for pk in ids:
        archive.pack(pk)
    print("packed (matches.archive):")
    sizes(matches)
    from_document = read_times(ids, archive.event_rows)
    decompress = read_times(ids, lambda pk: zlib.decompress(stored(pk)))
    decode = read_times(ids, lambda pk: json.loads(zlib.decompress(stored(pk))))
    print("reading a finished match's whole history (archive.event_rows), ms per match:")
    print(f"  from its rows        {from_rows}")
    print(f"  from its document    {from_document}")
    print(f"    its row + zlib     {decompress}")
    print(f"    row + zlib + JSON  {decode}")


def stored(pk: int) -> bytes:
    from matches.models import MatchArchive

    return bytes(MatchArchive.objects.get(match_id=pk).data)


def read_times(ids: list[int], read: Any, rounds: int = 5) -> str:
    """The median and the worst of ``rounds`` reads of each match, in milliseconds."""
    times = []
    for _ in range(rounds):
        for pk in ids:
            start = time.perf_counter()
            read(pk)
            times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return f"median {statistics.median(times):6.2f}, max {times[-1]:6.2f}"


def sizes(matches: int) -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM FULL")
        found = {}
        for table in TABLES:
            cursor.execute("SELECT pg_total_relation_size(%s)", [table])
            found[table] = cursor.fetchone()[0]
    for table, size in found.items():
        print(f"  {table:24} {size / matches / 1024:8.1f} KB")
    print(f"  {'all':24} {sum(found.values()) / matches / 1024:8.1f} KB per finished match")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--ruleset", default="robbers")
    parser.add_argument("--options", default='{"rounds": 1}')
    args = parser.parse_args()
    driver = _driver()
    with ExitStack() as stack:
        database_url = stack.enter_context(driver.postgres())
        driver._create_database(database_url)
        redis_url = stack.enter_context(driver.redis())
        os.environ.pop("RUMMY_VAR_DIR", None)
        os.environ.update(
            DATABASE_URL=database_url,
            REDIS_URL=redis_url,
            DJANGO_DEBUG="0",
            SECRET_KEY="storage-bench-only-" + "x" * 40,
            ALLOWED_HOSTS="127.0.0.1",
            GAME_TASK_QUEUE="storage-bench",
            LOG_LEVEL="ERROR",
        )
        import subprocess

        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True
        )
        run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())

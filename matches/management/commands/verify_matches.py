"""``python manage.py verify_matches``: re-check every stored match by replay (issue 14).

For operators after a deploy: each started match is rebuilt from its rules, seed and
action log (DESIGN "State and events") and compared with what is stored: the snapshot
(when it is of the current engine.snapshot.SNAPSHOT_VERSION), the turn, the round and
whether it is finished. One line per problem, then a summary; the exit status is 1 when
any match does not replay to what is stored. An outdated snapshot is not a problem (it
is rebuilt on the match's next load) but is counted. Read-only: nothing is written.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from engine.errors import EngineError
from engine.snapshot import SNAPSHOT_VERSION, SnapshotError, from_dict
from matches.models import Match, MatchStatus
from matches.selectors import replayed_state


def problems(match: Match) -> tuple[list[str], bool]:
    """What does not match in ``match``, and whether its snapshot is outdated."""
    try:
        state = replayed_state(match)
    except (EngineError, ValueError) as exc:
        return [f"the action log does not replay: {exc}"], False
    found = []
    outdated = match.snapshot is None or match.snapshot_version != SNAPSHOT_VERSION
    if not outdated:
        assert match.snapshot is not None
        try:
            if from_dict(match.snapshot) != state:
                found.append("the stored snapshot differs from the replayed state")
        except (SnapshotError, EngineError) as exc:
            found.append(f"the stored snapshot does not decode: {exc}")
    if match.turn != state.turn:
        found.append(f"turn is {match.turn}, the replay is at turn {state.turn}")
    if match.round != state.round:
        found.append(f"round is {match.round}, the replay is in round {state.round}")
    if (match.status == MatchStatus.FINISHED) != (state.outcome is not None):
        found.append(f"status is {match.status}, the replay is {'over' if state.over else 'on'}")
    return found, outdated


class Command(BaseCommand):
    help = "Re-check every stored match by replaying its seed and action log."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--match", action="append", default=[], help="a match's public id")

    def handle(self, *args: Any, **options: Any) -> None:
        matches = Match.objects.exclude(snapshot__isnull=True, state__isnull=True)
        if options["match"]:
            matches = matches.filter(public_id__in=options["match"])
        checked = bad = outdated = 0
        for match in matches.order_by("pk").iterator():
            checked += 1
            found, old = problems(match)
            outdated += old
            if found:
                bad += 1
                for problem in found:
                    self.stdout.write(f"match {match.public_id} (#{match.pk}): {problem}")
        self.stdout.write(
            f"checked {checked} matches: {checked - bad} ok, {bad} mismatched, "
            f"{outdated} with an outdated snapshot (rebuilt on load)"
        )
        if bad:
            raise CommandError(f"{bad} of {checked} matches do not replay to what is stored")

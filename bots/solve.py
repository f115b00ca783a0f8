"""``python -m bots.solve``: the best play for a position (API.md "Command-line tools").

Reads one JSON request from standard input (or, with ``--jsonl``, one a line, all
answered by this one process, in order) and writes one JSON answer (a line each)::

    {"ruleset": "rummikub", "options": {}, "table": [["4S","5S","6S","7S"]],
     "hand": ["3S","4H","4D","9C"], "opened": true, "objective": "cards",
     "timeLimitMs": 1000}
    → {"table": [["5S","6S","7S"], ["4S","4H","4D"]], "played": ["4H","4D"],
       "cards": 2, "points": 8, "optimal": true, "ms": 1.8}

``jokersToHand`` is added when the play redeems table jokers into the hand (RR-JOKER).
Malformed input answers ``{"error": {"code", "message"}}`` for its request; the exit
status is 0 once any request could be read as JSON, 2 when nothing could be read.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from bots.solver import OBJECTIVES, solve
from engine import jsoncli
from engine.cards import sort_key
from engine.errors import BadInput, Code, EngineError, InvalidMeld
from engine.rules import ruleset
from engine.turn import parse_hand, read_table

# A position past this is answered with the best play found, marked not optimal.
MAX_TIME_LIMIT_MS = 600_000.0

Answer = dict[str, Any]


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run the command with ``argv``; returns the exit status."""
    return jsoncli.run(
        answer,
        prog="python -m bots.solve",
        description="The best play for a position: JSON on standard input, JSON on output.",
        argv=argv,
        stdin=stdin,
        stdout=stdout,
    )


def _error(exc: EngineError) -> Answer:
    return {"error": {"code": str(exc.code), "message": exc.message}}


def answer(request: object) -> Answer:
    """The answer to one request; malformed input answers ``{"error": …}``, never raises."""
    try:
        if not isinstance(request, Mapping):
            raise BadInput(Code.BAD_INPUT, "a request is a JSON object")
        name = request.get("ruleset") or "robbers"
        options = request.get("options")
        if options is not None and not isinstance(options, Mapping):
            raise BadInput(Code.BAD_OPTION, "options must be an object of option names to values")
        rules = ruleset(name, options)
        try:
            table = read_table(rules, request.get("table") or [])
        except InvalidMeld as exc:
            raise BadInput(
                Code.BAD_INPUT,
                f"table meld {exc.meld_index}: {exc.message}",
                meld_index=exc.meld_index,
            ) from None
        if "hand" not in request:
            raise BadInput(Code.BAD_INPUT, 'a request needs "hand", the cards in hand')
        hand = parse_hand(request["hand"])
        opened = request.get("opened", False)
        if not isinstance(opened, bool):
            raise BadInput(Code.BAD_INPUT, '"opened" is true or false')
        objective = request.get("objective") or "cards"
        if objective not in OBJECTIVES:
            raise BadInput(Code.BAD_INPUT, f'"objective" is one of {", ".join(OBJECTIVES)}')
        limit = request.get("timeLimitMs")
        if limit is not None and (
            isinstance(limit, bool) or not isinstance(limit, (int, float)) or limit <= 0
        ):
            raise BadInput(Code.BAD_INPUT, '"timeLimitMs" is a positive number of milliseconds')
        limit = min(float(limit), MAX_TIME_LIMIT_MS) if limit is not None else None
        play = solve(rules, table, hand, opened=opened, objective=objective, time_limit_ms=limit)
    except EngineError as exc:
        return _error(exc)
    except RecursionError:
        return _error(BadInput(Code.BAD_INPUT, "the request is nested too deeply"))
    out = play.as_dict()
    out["played"] = [c.code for c in sorted(play.played, key=sort_key)]
    return out


if __name__ == "__main__":
    sys.exit(main())

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

import argparse
import io
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from bots.solver import OBJECTIVES, solve
from engine.cards import sort_key
from engine.errors import BadInput, Code, EngineError, InvalidMeld
from engine.rules import ruleset
from engine.turn import parse_hand, read_table

MAX_REQUEST_CHARS = 1_000_000
# A position past this is answered with the best play found, marked not optimal.
MAX_TIME_LIMIT_MS = 600_000.0

Answer = dict[str, Any]


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run the command with ``argv``; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bots.solve",
        description="The best play for a position: JSON on standard input, JSON on output.",
    )
    parser.add_argument(
        "--jsonl", action="store_true", help="one JSON request a line, one answer a line"
    )
    args = parser.parse_args(list(argv) if argv is not None else None)
    # Undecodable bytes become U+FFFD, so they end as a typed error, not a traceback.
    source = stdin or io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    sink = stdout if stdout is not None else sys.stdout
    if args.jsonl:
        return _run_lines(source, sink)
    return _run_one(source, sink)


def _run_one(source: TextIO, sink: TextIO) -> int:
    request, error = _parse(source.read(MAX_REQUEST_CHARS + 1))
    if error is not None:
        _write(sink, error)
        return 2
    _write(sink, answer(request))
    return 0


def _run_lines(source: TextIO, sink: TextIO) -> int:
    read_any = False
    seen_line = False
    while True:
        line = source.readline(MAX_REQUEST_CHARS + 1)
        if not line:
            break
        if len(line) > MAX_REQUEST_CHARS and not line.endswith("\n"):
            while True:  # drop the rest of an oversized line
                chunk = source.readline(MAX_REQUEST_CHARS)
                if not chunk or chunk.endswith("\n"):
                    break
        if not line.strip():
            continue
        seen_line = True
        request, error = _parse(line)
        if error is not None:
            _write(sink, error)
            continue
        read_any = True
        _write(sink, answer(request))
    if not seen_line:
        _write(sink, _error(BadInput(Code.BAD_INPUT, "no input: expected one JSON object a line")))
    return 0 if read_any else 2


def _parse(text: str) -> tuple[Any, Answer | None]:
    if len(text) > MAX_REQUEST_CHARS:
        return None, _error(
            BadInput(Code.BAD_INPUT, f"a request is limited to {MAX_REQUEST_CHARS} characters")
        )
    if not text.strip():
        return None, _error(BadInput(Code.BAD_INPUT, "no input: expected a JSON object"))
    try:
        return json.loads(text), None
    except RecursionError:
        return None, _error(BadInput(Code.BAD_INPUT, "the JSON is nested too deeply"))
    except ValueError as exc:
        return None, _error(BadInput(Code.BAD_INPUT, f"not JSON: {exc}"))


def _write(sink: TextIO, value: Answer) -> None:
    sink.write(json.dumps(value) + "\n")
    sink.flush()


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

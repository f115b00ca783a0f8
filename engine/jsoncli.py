"""The JSON-in, JSON-out loop shared by the command-line tools (API.md "Command-line
tools"): ``python -m engine check`` and ``python -m bots.solve``.

One JSON request from standard input, or with ``--jsonl`` one a line, all answered by
this one process in order, one JSON answer a line. Malformed input answers
``{"error": {"code", "message"}}`` for its request; the exit status is 0 once any
request could be read as JSON, 2 when nothing could be read.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from engine.errors import BadInput, Code, EngineError

# One request is a few kilobytes; beyond this a line is refused before parsing JSON.
MAX_REQUEST_CHARS = 1_000_000

Answer = dict[str, Any]
Answerer = Callable[[object], Answer]


def run(
    answer: Answerer,
    *,
    prog: str,
    description: str,
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Parse ``argv`` (``--jsonl``), answer every request with ``answer``, which must not
    raise for malformed input; returns the exit status."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument(
        "--jsonl", action="store_true", help="one JSON request a line, one answer a line"
    )
    args = parser.parse_args(list(argv) if argv is not None else None)
    # Undecodable bytes become U+FFFD, so they end as a typed error, not a traceback.
    source = stdin or io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    sink = stdout if stdout is not None else sys.stdout
    if args.jsonl:
        return _run_lines(answer, source, sink)
    return _run_one(answer, source, sink)


def error_answer(exc: EngineError) -> Answer:
    return {"error": exc.as_dict()}


def _run_one(answer: Answerer, source: TextIO, sink: TextIO) -> int:
    request, error = _parse(source.read(MAX_REQUEST_CHARS + 1))
    if error is not None:
        _write(sink, error)
        return 2
    _write(sink, answer(request))
    return 0


def _run_lines(answer: Answerer, source: TextIO, sink: TextIO) -> int:
    read_any = False
    seen_line = False
    while True:
        line = source.readline(MAX_REQUEST_CHARS + 1)
        if not line:
            break
        if len(line) > MAX_REQUEST_CHARS and not line.endswith("\n"):
            _skip_rest_of_line(source)
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
        _write(
            sink,
            error_answer(BadInput(Code.BAD_INPUT, "no input: expected one JSON object a line")),
        )
    return 0 if read_any else 2


def _skip_rest_of_line(source: TextIO) -> None:
    while True:
        chunk = source.readline(MAX_REQUEST_CHARS)
        if not chunk or chunk.endswith("\n"):
            return


def _parse(text: str) -> tuple[Any, Answer | None]:
    """The JSON value of ``text``, or the error answer for it."""
    if len(text) > MAX_REQUEST_CHARS:
        return None, error_answer(
            BadInput(Code.BAD_INPUT, f"a request is limited to {MAX_REQUEST_CHARS} characters")
        )
    if not text.strip():
        return None, error_answer(BadInput(Code.BAD_INPUT, "no input: expected a JSON object"))
    try:
        return json.loads(text), None
    except RecursionError:
        return None, error_answer(BadInput(Code.BAD_INPUT, "the JSON is nested too deeply"))
    except ValueError as exc:
        return None, error_answer(BadInput(Code.BAD_INPUT, f"not JSON: {exc}"))


def _write(sink: TextIO, value: Answer) -> None:
    sink.write(json.dumps(value) + "\n")
    sink.flush()

"""``python -m engine check``: meld and turn checks as JSON (API.md "Command-line tools").

Reads one JSON request from standard input (or, with ``--jsonl``, one a line) and
writes one JSON answer (a line each, in order):

- a meld check ``{"ruleset", "options", "melds": [[codes]]}`` answers
  ``{"melds": [{"valid": true, "kind", "points", "cards"}, {"valid": false, "code",
  "message", "meldIndex", …}]}``; as in API.md's example, an invalid meld's ``code``
  is its R-EXPLAIN reason (``DUPLICATE_SUIT``), or ``UNKNOWN_CARD`` for a bad code;
- a turn check ``{"ruleset", "options", "table", "hand", "opened", "commit"}`` (and
  optionally ``jokerSwaps``: ``[{"meldIndex": 0, "card": "7D"}]``) answers
  ``{"ok": true, "played", "table", "jokersToHand", "openingPoints"}`` or
  ``{"ok": false, "code", "message", …}`` for a commit the rules refuse. The table
  and hand are as at the moment of the commit (classic rummy: after the draw).

Malformed input answers ``{"error": {"code", "message"}}`` for its request. The exit
status is 0 once any request could be read as JSON, 2 when nothing could be read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from engine import jsoncli
from engine.cards import parse_card, sort_key
from engine.errors import BadInput, Code, EngineError, InvalidMeld
from engine.melds import read_meld
from engine.rules import RuleSet, ruleset
from engine.turn import MAX_MELDS, JokerSwap, TurnCheck, check_turn, parse_hand, read_table

# A meld check may list more melds than a table holds, but not without bound.
MAX_CHECKED_MELDS = 1_000

Answer = dict[str, Any]


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run the command with ``argv``; returns the exit status."""
    return jsoncli.run(
        answer,
        prog="python -m engine check",
        description="Check melds or a turn: JSON on standard input, JSON on standard output.",
        argv=argv,
        stdin=stdin,
        stdout=stdout,
    )


def _error(exc: EngineError) -> Answer:
    return {"error": exc.as_dict()}


def answer(request: object) -> Answer:
    """The answer to one request (a meld check or a turn check); never raises for
    malformed input, which answers ``{"error": …}``."""
    try:
        if not isinstance(request, Mapping):
            raise BadInput(Code.BAD_INPUT, "a request is a JSON object")
        rules = ruleset(_field(request, "ruleset", "robbers"), _options(request))
        if "commit" in request:
            return _turn(rules, request)
        if "melds" in request:
            return _melds(rules, request["melds"])
        raise BadInput(
            Code.BAD_INPUT, 'a request has "melds" (a meld check) or "commit" (a turn check)'
        )
    except BadInput as exc:
        return _error(exc)
    except RecursionError:
        return _error(BadInput(Code.BAD_INPUT, "the request is nested too deeply"))


def _field(request: Mapping[str, Any], key: str, default: Any) -> Any:
    value = request.get(key, default)
    return default if value is None else value


def _options(request: Mapping[str, Any]) -> Mapping[str, Any] | None:
    options = request.get("options")
    if options is None:
        return None
    if not isinstance(options, Mapping):
        raise BadInput(Code.BAD_OPTION, "options must be an object of option names to values")
    return options


def _melds(rules: RuleSet, melds: object) -> Answer:
    if isinstance(melds, (str, bytes, Mapping)) or not isinstance(melds, Sequence):
        raise BadInput(Code.BAD_INPUT, '"melds" is a list of melds, each a list of card codes')
    if len(melds) > MAX_CHECKED_MELDS:
        raise BadInput(Code.BAD_INPUT, f"at most {MAX_CHECKED_MELDS} melds a request")
    out: list[Answer] = []
    for i, items in enumerate(melds):
        try:
            meld = read_meld(rules, items)
        except EngineError as exc:
            # API.md's example: an invalid meld's code is its reason (DUPLICATE_SUIT).
            entry: Answer = {
                "valid": False,
                "code": str(exc.reason or exc.code),
                "message": exc.message,
                "meldIndex": i,
            }
            if exc.missing_cards:
                entry["missingCard"] = exc.missing_cards[0]  # deprecated: the first
                entry["missingCards"] = list(exc.missing_cards)
            if exc.rule:
                entry["rule"] = exc.rule
            out.append(entry)
        else:
            out.append(
                {"valid": True, "kind": meld.kind, "points": meld.points, "cards": list(meld.codes)}
            )
    return {"melds": out}


def _turn(rules: RuleSet, request: Mapping[str, Any]) -> Answer:
    try:
        table = read_table(rules, _field(request, "table", []))
    except InvalidMeld as exc:
        # The position itself is impossible: that is the caller's input, not the commit.
        raise BadInput(
            Code.BAD_INPUT, f"table meld {exc.meld_index}: {exc.message}", meld_index=exc.meld_index
        ) from None
    if "hand" not in request:
        raise BadInput(Code.BAD_INPUT, 'a turn check needs "hand", the cards in hand')
    hand = parse_hand(request["hand"])
    opened = _field(request, "opened", False)
    if not isinstance(opened, bool):
        raise BadInput(Code.BAD_INPUT, '"opened" is true or false')
    swaps = _swaps(_field(request, "jokerSwaps", []))
    try:
        result = check_turn(
            rules,
            table=table,
            hand=hand,
            opened=opened,
            commit=request["commit"],
            joker_swaps=swaps,
        )
    except BadInput:
        raise
    except EngineError as exc:
        return {"ok": False, **exc.as_dict()}
    return _accepted(result)


def _swaps(value: object) -> list[JokerSwap]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Sequence):
        raise BadInput(Code.BAD_INPUT, '"jokerSwaps" is a list of {"meldIndex", "card"}')
    if len(value) > MAX_MELDS:
        raise BadInput(Code.BAD_INPUT, "more joker swaps than jokers")
    out: list[JokerSwap] = []
    for item in value:
        if isinstance(item, Mapping):
            index, card = item.get("meldIndex"), item.get("card")
        elif isinstance(item, Sequence) and not isinstance(item, str) and len(item) == 2:
            index, card = item[0], item[1]
        else:
            raise BadInput(Code.BAD_INPUT, 'a joker swap is {"meldIndex": 0, "card": "7D"}')
        if type(index) is not int:
            raise BadInput(Code.BAD_INPUT, "a joker swap's meldIndex is a whole number")
        out.append(JokerSwap(index, parse_card(card)))
    return out


def _accepted(result: TurnCheck) -> Answer:
    return {
        "ok": True,
        "played": [c.code for c in sorted(result.played, key=sort_key)],
        "table": [list(m.codes) for m in result.table],
        "jokersToHand": result.jokers_to_hand,
        "openingPoints": result.opening_points,
    }

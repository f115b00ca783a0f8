"""One execution per live event and view, shared by the subscribers in a process (issue 12).

See the comment below; ``config.asgi`` installs :class:`SharedEventExecution` as the
schema's execution context and ``api.ws`` sends the shared ``next`` text.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from inspect import isawaitable
from typing import Any

from graphql import ExecutionResult, FieldNode, Visitor, visit
from graphql.language import VariableNode
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from api.events.match_events import MatchEvent, MatchEventKind

# -- one execution per event and view, shared by the subscribers in a process (issue 12) --
#
# Every subscriber of a match gets each live event through graphql-core, which walks the
# selection set over the typed event: most of a socket's CPU per event, the same work for
# every spectator. A live event is built once per (match, event, viewer's seat): its
# shape depends on nothing else (``matches.selectors.shape_event``), and the viewer's
# hand is in it only for that seat. The result of executing it is kept per query text,
# operation name and the variables the event's selection uses: the root field's own
# arguments (matchId, after) only chose the stream and do not change an event's result
# (strawberry's subscription resolver returns the event as it is). Event types have no
# resolvers that read the viewer (context); RESYNC events (a whole view) are not shared.

SHARED_EVENTS = 2048  # events kept at most
# ... and for this long: a live event reaches every subscriber of a process within
# milliseconds (one channel-layer message each, read in the same instant). Kept longer,
# the cache was most of what a full collection walks: at 100 turns/s, 5 s of events held
# 100,000 of a web process's 110,000 collected objects, and each full collection paused
# it 10-30 ms (issue 12). A later subscriber of an evicted event runs its own execution.
SHARED_SECONDS = 1.0
_clock = time.monotonic
SHARED_QUERIES = 256  # query texts whose inner variables are remembered
# Results kept per event: clients choose their query texts, so a process keeps at most
# SHARED_EVENTS x SHARED_RESULTS results; a further query of an event runs unshared.
SHARED_RESULTS = 8


class _Shared:
    __slots__ = ("event", "kept_at", "results")

    def __init__(self, event: MatchEvent, kept_at: float) -> None:
        self.event = event
        self.kept_at = kept_at
        self.results: dict[Hashable, ExecutionResult] = {}


_shared: OrderedDict[Hashable, _Shared] = OrderedDict()
_shared_by_id: dict[int, _Shared] = {}
_inner_variables: OrderedDict[str, frozenset[str]] = OrderedDict()
_texts: dict[int, tuple[object, str | None]] = {}  # id(shared data): (data, its JSON)
# Executions of shared events: run, and served from another subscriber's run (tests).
sharing = {"executed": 0, "shared": 0}


def shared_match_event(key: Hashable, build: Callable[[], MatchEvent]) -> MatchEvent:
    """The one typed event for ``key`` (what the event is and exactly what the viewer
    may see of it), built by ``build`` the first time."""
    entry = _shared.get(key)
    if entry is None:
        now = _clock()
        entry = _Shared(build(), now)
        if entry.event.kind == MatchEventKind.RESYNC:
            return entry.event
        _shared[key] = entry
        _shared_by_id[id(entry.event)] = entry
        while len(_shared) > SHARED_EVENTS or (
            _shared and next(iter(_shared.values())).kept_at < now - SHARED_SECONDS
        ):
            _, old = _shared.popitem(last=False)
            del _shared_by_id[id(old.event)]
            for result in old.results.values():
                _texts.pop(id(result.data), None)
    return entry.event


def _keep(results: dict[Hashable, ExecutionResult], key: Hashable, result: Any) -> None:
    if isinstance(result, ExecutionResult) and not result.errors and len(results) < SHARED_RESULTS:
        results[key] = result
        _texts[id(result.data)] = (result.data, None)


def shared_next_text(message: Mapping[str, Any], encode: Callable[[object], str]) -> str | None:
    """The graphql-transport-ws ``next`` message of a shared result as ``encode`` (the
    consumer's JSON encoder) writes it, its data encoded once for every subscriber;
    None for any other message."""
    payload = message.get("payload")
    if message.get("type") != "next" or not isinstance(payload, dict) or payload.keys() != {"data"}:
        return None
    data = payload["data"]
    entry = _texts.get(id(data))
    if entry is None or entry[0] is not data:
        return None
    text = entry[1]
    if text is None:
        text = encode(data)
        _texts[id(data)] = (data, text)
    return f'{{"id":{encode(message["id"])},"type":"next","payload":{{"data":{text}}}}}'


def _results_of(root: object) -> dict[Hashable, ExecutionResult] | None:
    entry = _shared_by_id.get(id(root))
    return entry.results if entry is not None and entry.event is root else None


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def enter_variable(self, node: VariableNode, *_: Any) -> None:
        self.names.add(node.name.value)


def _variables_below_root(executor: Any, body: str) -> frozenset[str]:
    """The variables the operation uses anywhere but in its root field's arguments."""
    names = _inner_variables.get(body)
    if names is not None:
        return names
    found = _Variables()
    for selection in executor.operation.selection_set.selections:
        if isinstance(selection, FieldNode):
            for node in (*(selection.directives or ()), selection.selection_set):
                if node is not None:
                    visit(node, found)
        else:
            visit(selection, found)
    for fragment in (executor.fragment_definitions or {}).values():
        visit(fragment, found)
    names = _inner_variables[body] = frozenset(found.names)
    if len(_inner_variables) > SHARED_QUERIES:
        _inner_variables.popitem(last=False)
    return names


class SharedEventExecution(StrawberryGraphQLCoreExecutionContext):
    """graphql-core's executor, but a shared live event (:func:`shared_match_event`) is
    executed once per query and used variables; other subscribers get that result. And
    a subscription keeps nothing of the events it has executed (see below)."""

    def build_per_event_executor(self, payload: Any) -> Any:
        executor = super().build_per_event_executor(payload)
        # graphql-core (3.3.2) builds each event's executor as a shallow copy of the
        # subscription's, so that they share its memo of collected sub-fields. That memo
        # is keyed by the identity of each field list an execution builds, which it keeps
        # alive: every event added its entries for as long as the subscription lived
        # (two per nested selection of an event's query, in a test of graphql-core
        # alone). A long subscription grew without bound, and so did the objects every
        # full collection walks (95,000 in a web process after 40 s of the API
        # benchmark, a 60 ms pause). An event's executor now has a memo of its own,
        # gone with it; only that event's lists could ever hit it.
        for name in ("_relevant_sub_fields", "_stream_usages"):
            kept = vars(executor).get(name)
            if kept is not None:
                setattr(executor, name, type(kept)())
        return executor

    def execute_operation(self, *args: Any, **kwargs: Any) -> Any:
        results = _results_of(self.root_value)
        loc = self.operation.loc
        if results is None or loc is None:
            return super().execute_operation(*args, **kwargs)
        body = loc.source.body
        coerced: Mapping[str, Any] = getattr(self.variable_values, "coerced", None) or {}
        used = {k: v for k, v in coerced.items() if k in _variables_below_root(self, body)}
        name = self.operation.name.value if self.operation.name else None
        key = (body, name, json.dumps(used, sort_keys=True, default=repr))
        hit = results.get(key)
        if hit is not None:
            sharing["shared"] += 1
            return ExecutionResult(hit.data, None)
        sharing["executed"] += 1
        result = super().execute_operation(*args, **kwargs)
        if isawaitable(result):
            return _keep_when_done(result, results, key)
        _keep(results, key, result)
        return result


async def _keep_when_done(
    pending: Any, results: dict[Hashable, ExecutionResult], key: Hashable
) -> Any:
    result = await pending
    _keep(results, key, result)
    return result

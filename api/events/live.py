"""A match's events in a web process (issue 31), live or replayed: each built once per view
(:func:`event`: the spectators', or a seat's own when the event has a private part for
it) and, on the fast path, executed and encoded once per view and query (:func:`text`,
:class:`Direct`); the plain path (``FAST_PATHS`` off) yields the shared event to strawberry.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, TypeVar

from graphql import DocumentNode, ExecutionResult, VariableNode, execute_subscription_event, parse
from graphql.language import OperationDefinitionNode, Visitor, visit
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from api.events.mapping import match_event
from api.events.match_events import MatchEvent
from matches.selectors import shape_event


class EventExecution(StrawberryGraphQLCoreExecutionContext):
    """strawberry's executor, but a subscription keeps nothing of the events it has
    executed. graphql-core (3.3.2) builds each event's executor as a shallow copy of the
    subscription's, sharing its memo of collected sub-fields keyed by (and keeping alive)
    each field list an execution builds: a subscription grew without bound (95,000
    objects in a web process after 40 s of the API benchmark, a 60 ms pause of each full
    collection; issue 12). An event's executor now has a memo of its own."""

    def build_per_event_executor(self, payload: Any) -> Any:
        executor = super().build_per_event_executor(payload)
        for name in ("_relevant_sub_fields", "_stream_usages"):
            if (kept := vars(executor).get(name)) is not None:
                setattr(executor, name, type(kept)())
        return executor


def rows_of(data: bytes) -> list[dict[str, Any]]:
    """The stored event rows of a message of a match's topic (``matches.publishing``)."""
    return list(json.loads(data)["events"])


def view_of(row: Mapping[str, Any], seat: int | None) -> int | None:
    """The view of a stored event that ``seat`` gets: its own when the event has a private
    part for it, else the spectators' (``engine.events.event_for``)."""
    return seat if seat is not None and str(seat) in (row.get("private") or {}) else None


# What was made of a stored event, by the match, the event's seq and time (a test database
# may number two matches alike), the view (and for texts the query): an event never
# changes, so nothing goes stale; the oldest go first.
KEPT = 2048
T = TypeVar("T")
_events: OrderedDict[tuple[object, ...], MatchEvent] = OrderedDict()
_texts: OrderedDict[tuple[object, ...], str | None] = OrderedDict()


def _keep(kept: OrderedDict[tuple[object, ...], T], key: tuple[object, ...], value: T) -> T:
    kept[key] = value
    if len(kept) > KEPT:
        kept.popitem(last=False)
    return value


def event(match_id: str, row: Mapping[str, Any], view: int | None) -> MatchEvent:
    """The stored event ``row`` of the match (its public id) as ``view`` sees it."""
    key = (match_id, row["seq"], row["at"], view)
    if (built := _events.get(key)) is not None:
        return built
    return _keep(_events, key, match_event({**shape_event(0, row, view), "matchId": match_id}))


def text(match_id: str, row: Mapping[str, Any], view: int | None, direct: Direct) -> str | None:
    """The ``next`` payload's data of ``row`` for ``view`` and ``direct``'s query; None
    when that has errors (the plain path then reports them as strawberry does)."""
    key = (match_id, row["seq"], row["at"], view, direct.key)
    if key in _texts:
        return _texts[key]
    return _keep(_texts, key, direct.render(event(match_id, row, view)))


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def enter_variable(self, node: VariableNode, *_: Any) -> None:
        self.names.add(node.name.value)


@lru_cache(maxsize=256)
def _parsed(query: str) -> tuple[DocumentNode, frozenset[str]]:
    """The document, and the variables it uses anywhere but in its root fields' arguments
    (which choose the stream, not what an event's selection gives: matchId, after)."""
    document, found = parse(query), _Variables()
    for definition in document.definitions:
        if not isinstance(definition, OperationDefinitionNode):
            visit(definition, found)  # a fragment
            continue
        for selection in definition.selection_set.selections:
            for node in (*(selection.directives or ()), getattr(selection, "selection_set", None)):
                if node is not None:
                    visit(node, found)
    return document, frozenset(found.names)


class Direct:
    """The fast path of one subscription: its query executed on an event with graphql-core's
    own ``execute_subscription_event`` (what strawberry runs for each event), encoded as
    strawberry encodes it, the ``next`` message written around it. ``key``: what the
    result depends on besides the event, shared by subscriptions with equal keys."""

    __slots__ = ("context", "document", "executor", "key", "name", "prefix", "schema", "variables")

    def __init__(
        self, schema: Any, context: Any, operation_id: str, query: str,
        variables: Mapping[str, Any] | None, operation_name: str | None,
    ) -> None:  # fmt: skip
        self.document, inner = _parsed(query)
        self.variables = dict(variables or {})
        used = {k: v for k, v in self.variables.items() if k in inner}
        self.key = (query, operation_name, json.dumps(used, sort_keys=True, default=repr))
        self.schema, self.context, self.name = schema, context, operation_name
        self.prefix = '{"id":' + json.dumps(operation_id) + ',"type":"next","payload":{"data":'
        self.executor: Any = None  # built at the first event (variables coerced once)

    def render(self, event: MatchEvent) -> str | None:
        if self.executor is None:
            # Once per subscription, as graphql-core's own subscribe does: the document's
            # operation found and its variables coerced (that was 20% of a render), then
            # a per-event copy for each event (api.events.live.EventExecution).
            self.executor = self.schema.execution_context_class.build(
                self.schema._schema,  # graphql-core's schema, which strawberry executes
                self.document,
                context_value=self.context,
                raw_variable_values=self.variables,
                operation_name=self.name,
            )
        if isinstance(self.executor, list):  # the variables do not coerce: the plain path
            return None
        result = execute_subscription_event(self.executor.build_per_event_executor(event))
        if not isinstance(result, ExecutionResult):  # an async field: the plain path
            getattr(result, "close", lambda: None)()
            return None
        return None if result.errors else json.dumps(result.data, separators=(",", ":"))

    def message(self, data: str) -> str:
        """The graphql-transport-ws ``next`` message of this subscription with ``data``."""
        return f"{self.prefix}{data}}}}}"

"""A match's events in a web process (issue 31): each published move decoded once
(:class:`Published`), each event built once per view (:func:`event`: the spectators'
view, or a seat's own when the event has a private part for it) and, on the fast path,
executed and encoded once per view and query (:func:`text`, :class:`Direct`): the same
text goes to every socket of that view, with only its operation id added. Live events
and replayed ones (a match's first events, read by every subscriber as it starts) alike.

The plain path (``settings.FAST_PATHS`` off) yields the shared typed event to strawberry,
which executes and encodes it for each subscriber as it does any subscription.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from graphql import (
    DocumentNode,
    ExecutionResult,
    FieldNode,
    Visitor,
    execute_subscription_event,
    parse,
    visit,
)
from graphql.language import VariableNode
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from api.events.mapping import match_event
from api.events.match_events import MatchEvent
from matches.selectors import shape_event


class EventExecution(StrawberryGraphQLCoreExecutionContext):
    """strawberry's executor, but a subscription keeps nothing of the events it has
    executed. graphql-core (3.3.2) builds each event's executor as a shallow copy of the
    subscription's, so that they share its memo of collected sub-fields, keyed by the
    identity of each field list an execution builds, which it keeps alive: every event
    added its entries for as long as the subscription lived (95,000 objects in a web
    process after 40 s of the API benchmark, a 60 ms pause of each full collection;
    issue 12). An event's executor now has a memo of its own, gone with it."""

    def build_per_event_executor(self, payload: Any) -> Any:
        executor = super().build_per_event_executor(payload)
        for name in ("_relevant_sub_fields", "_stream_usages"):
            kept = vars(executor).get(name)
            if kept is not None:
                setattr(executor, name, type(kept)())
        return executor


class Published:
    """One message of a match's topic (``matches.publishing``), decoded once for the
    process: a move's stored event rows with their private parts."""

    __slots__ = ("match_id", "rows")

    def __init__(self, data: bytes) -> None:
        message = json.loads(data)
        self.match_id: int = message["match_id"]
        self.rows: list[dict[str, Any]] = message["events"]


def view_of(row: Mapping[str, Any], seat: int | None) -> int | None:
    """The view of a stored event that ``seat`` gets: its own when the event has a private
    part for it, else the spectators' (``engine.events.event_for``)."""
    if seat is not None and str(seat) in (row.get("private") or {}):
        return seat
    return None


# What was made of a stored event for a view (its typed event, and its next message's
# data for each query key) by key: the match, the event's seq and time (a test database
# may number two matches alike) and the view. An event never changes, so nothing goes
# stale; the oldest go first. Subscribers who start together (a match's first events)
# or follow live share them.
KEPT = 2048
_events: OrderedDict[tuple[object, ...], MatchEvent] = OrderedDict()
_texts: OrderedDict[tuple[object, ...], str | None] = OrderedDict()


def _keep(kept: OrderedDict[tuple[object, ...], Any], key: tuple[object, ...], value: Any) -> None:
    kept[key] = value
    if len(kept) > KEPT:
        kept.popitem(last=False)


def event(match_id: int, row: Mapping[str, Any], view: int | None, public_id: str) -> MatchEvent:
    """The stored event ``row`` as ``view`` (None: a spectator) sees it, built once."""
    key = (match_id, row["seq"], row["at"], view)
    built = _events.get(key)
    if built is None:
        shaped = shape_event(match_id, row, view)
        built = match_event({**shaped, "matchId": public_id})
        _keep(_events, key, built)
    return built


def text(
    match_id: int, row: Mapping[str, Any], view: int | None, public_id: str, direct: Direct
) -> str | None:
    """The ``next`` payload's data of ``row`` for ``view`` and ``direct``'s query, executed
    and encoded once; None when that has errors (the plain path then reports them as
    strawberry does)."""
    key = (match_id, row["seq"], row["at"], view, direct.key)
    if key in _texts:
        return _texts[key]
    rendered = direct.render(event(match_id, row, view, public_id))
    _keep(_texts, key, rendered)
    return rendered


@lru_cache(maxsize=256)
def _parsed(query: str) -> tuple[DocumentNode, frozenset[str]]:
    document = parse(query)
    return document, _variables_below_root(document)


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def enter_variable(self, node: VariableNode, *_: Any) -> None:
        self.names.add(node.name.value)


def _variables_below_root(document: DocumentNode) -> frozenset[str]:
    """The variables the document uses anywhere but in its root fields' arguments: the
    root field's arguments (matchId, after) chose the stream and do not change what an
    event's selection gives."""
    found = _Variables()
    for definition in document.definitions:
        selection_set = getattr(definition, "selection_set", None)
        if getattr(definition, "operation", None) is None:  # a fragment
            visit(definition, found)
            continue
        for selection in selection_set.selections if selection_set else ():
            if isinstance(selection, FieldNode):
                for node in (*(selection.directives or ()), selection.selection_set):
                    if node is not None:
                        visit(node, found)
            else:
                visit(selection, found)
    return frozenset(found.names)


class Direct:
    """The fast path of one subscription: its query executed on an event with graphql-core's
    own ``execute_subscription_event`` (what strawberry runs for each event), the result
    encoded as strawberry's consumer encodes it, and the ``next`` message written around
    it. ``key``: what the result depends on besides the event (the query, the operation
    and the variables below the root field), so subscriptions with equal keys share it."""

    __slots__ = ("context", "document", "key", "name", "prefix", "schema", "variables")

    def __init__(
        self,
        schema: Any,  # strawberry's
        context: Any,
        operation_id: str,
        query: str,
        variables: Mapping[str, Any] | None,
        operation_name: str | None,
    ) -> None:
        self.document, inner = _parsed(query)
        used = {k: v for k, v in (variables or {}).items() if k in inner}
        self.key = (query, operation_name, json.dumps(used, sort_keys=True, default=repr))
        self.schema, self.context, self.name = schema, context, operation_name
        self.variables = dict(variables or {})
        self.prefix = '{"id":' + json.dumps(operation_id) + ',"type":"next","payload":{"data":'

    def render(self, event: MatchEvent) -> str | None:
        executor = self.schema.execution_context_class.build(
            self.schema._schema,  # graphql-core's schema, which strawberry executes
            self.document,
            root_value=event,
            context_value=self.context,
            raw_variable_values=self.variables,
            operation_name=self.name,
        )
        if isinstance(executor, list):  # the variables no longer coerce: the plain path
            return None
        result = execute_subscription_event(executor)
        if not isinstance(result, ExecutionResult):  # an async field: the plain path
            getattr(result, "close", lambda: None)()
            return None
        if result.errors:
            return None
        return json.dumps(result.data, separators=(",", ":"))

    def message(self, data: str) -> str:
        """The graphql-transport-ws ``next`` message of this subscription with ``data``."""
        return f"{self.prefix}{data}}}}}"

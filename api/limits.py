"""Limits that keep one client from hurting the others.

- Query shape: depth, aliases (fragments included) and tokens, by strawberry's
  extensions (`query_limit_extensions`); refused with extensions.code QUERY_TOO_COMPLEX.
- Request body size: `BodySizeLimitMiddleware` counts the bytes as they arrive, so a
  chunked body without Content-Length is cut off too; refused with HTTP 413 and a
  GraphQL-shaped error (code BAD_INPUT).
- Rates: mutations per user and per client address (`check_mutation_rate`), websocket
  messages per connection and per user (`WebsocketMessageLimiter`), failed logins per
  username and per address (`LoginThrottle`). Refused with a GraphQL error RATE_LIMITED
  carrying `extensions.retryAfter` (seconds); a websocket over its rate is closed with 4429.

Rates are fixed windows counted in Redis (INCR on a key per window), so every web process
shares them. If Redis cannot be reached the limits let requests through (and log it):
the database remains the guard of correctness, and an outage is not made worse.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import logging
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Any

import redis
from django.conf import settings
from graphql import (
    ASTValidationRule,
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    ListValueNode,
    OperationDefinitionNode,
    SelectionSetNode,
    StringValueNode,
    VariableNode,
    Visitor,
    parse,
    visit,
)
from strawberry.extensions import (
    AddValidationRules,
    MaxAliasesLimiter,
    QueryDepthLimiter,
    SchemaExtension,
)
from strawberry.types.execution import ExecutionContext
from strawberry.types.graphql import OperationType

from api import metrics
from api.errors import bad_input, internal_error, rate_limited
from api.metrics import ASGIApp, Receive, Scope, Send
from config import fast_paths
from matches import aredis

log = logging.getLogger(__name__)

Rate = tuple[int, int]  # (count, seconds); a count of 0 means no limit

_client: redis.Redis | None = None
_client_url: str | None = None
_client_lock = threading.Lock()


def _redis() -> redis.Redis:
    """The shared client of the limits, built once per URL under a lock: the limits run
    in several threads, and two threads building one each at first use let the replaced
    client be collected and close its pool under the other's command (issue 14)."""
    client, url = _client, _client_url
    if client is not None and url == settings.REDIS_URL:
        return client
    with _client_lock:
        return _build_client()


def _build_client() -> redis.Redis:
    global _client, _client_url
    if _client is None or _client_url != settings.REDIS_URL:
        # The old client (a changed URL, in tests) is left to the collector: another
        # thread may still be running a command on it.
        _client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1
        )
        _client_url = settings.REDIS_URL
    return _client


def _key(*parts: object) -> str:
    # Hash the free-form parts (usernames, addresses) to keep keys short and clean.
    digest = hashlib.sha256("\x00".join(str(p) for p in parts[1:]).encode()).hexdigest()[:32]
    return f"rummy:limit:{parts[0]}:{digest}"


Check = tuple[str, object, Rate, int]  # (name, subject, rate, amount)


Counted = list[tuple[int, str, Rate, int]]  # (index in the checks, name, rate, bucket)


def _plan(checks: list[Check], now: float) -> tuple[Counted, list[tuple[str, int, int]]]:
    """The checks that count (a rate or an amount of 0 does not), and for each its
    window's key, the amount and the key's lifetime."""
    counted: Counted = []
    commands = []
    for index, (name, subject, rate, amount) in enumerate(checks):
        count, window = rate
        if count <= 0 or amount <= 0:
            continue
        bucket = int(now // window)
        commands.append((_key(name, subject, bucket), amount, window + 1))
        counted.append((index, name, rate, bucket))
    return counted, commands


# Each window's INCRBY and EXPIRE, for every key, in one command (EVALSHA): a pipeline
# of them in MULTI/EXEC was six commands and six replies to write and parse, about 40% more
# CPU of the web process per mutation's check on the asyncio client (issue 31).
COUNT_SCRIPT = """
local counts = {}
for i, key in ipairs(KEYS) do
  counts[i] = redis.call('INCRBY', key, ARGV[2 * i - 1])
  redis.call('EXPIRE', key, ARGV[2 * i])
end
return counts
"""


def _counting(client: Any, commands: list[tuple[str, int, int]]) -> Any:
    """Count each window's amount and set its key's lifetime, on ``client`` (blocking:
    the counts; asyncio: an awaitable of them), by :data:`COUNT_SCRIPT` (redis-py loads
    it again when Redis lost it). The script object is made per call, a hash of the
    text: one kept per client would keep the client and its sockets alive (it holds
    it), where a replaced client is left to the collector."""
    script = client.register_script(COUNT_SCRIPT)
    keys = [key for key, _, _ in commands]
    args = [n for _, amount, lifetime in commands for n in (amount, lifetime)]
    return script(keys=keys, args=args)


def _waits(
    checks: list[Check], counted: Counted, replies: list[Any], now: float
) -> list[int | None]:
    waits: list[int | None] = [None] * len(checks)
    for position, (index, name, (count, window), bucket) in enumerate(counted):
        if int(replies[position]) > count:
            metrics.inc("rummy_rate_limited_total", limit=name)
            waits[index] = max(1, math.ceil((bucket + 1) * window - now))
    return waits


def _not_checked(checks: list[Check], counted: Counted) -> list[int | None]:
    # RedisError, or a broken connection's OSError / ValueError: let them through.
    names = ", ".join(name for _, name, _, _ in counted)
    log.warning("rate limit %s not checked: Redis unreachable", names, exc_info=True)
    return [None] * len(checks)


def hit_all(checks: list[Check], at: float | None = None) -> list[int | None]:
    """Count each check against its subject's fixed window (the one of `at`, a
    time.time(); default now), all in one Redis command; for each, seconds to wait
    if now over (else None)."""
    now = time.time() if at is None else at
    counted, commands = _plan(checks, now)
    if not commands:
        return [None] * len(checks)
    try:
        replies = _counting(_redis(), commands)
    except Exception:
        return _not_checked(checks, counted)
    return _waits(checks, counted, replies, now)


def hit(
    name: str, subject: object, rate: Rate, amount: int = 1, at: float | None = None
) -> int | None:
    """Count `amount` against `subject`'s fixed window (the one of `at`, a time.time();
    default now); seconds to wait if now over."""
    return hit_all([(name, subject, rate, amount)], at)[0]


async def ahit_all(checks: list[Check], at: float | None = None) -> list[int | None]:
    """`hit_all` from async code, on the running loop's Redis client
    (``matches.aredis``): no thread hop, where one to a worker thread was most of a
    check's cost on every mutation, websocket message and subscription (issue 12). It
    waits for Redis ``aredis.TIMEOUT_SECONDS`` at most, as the blocking client does."""
    now = time.time() if at is None else at
    counted, commands = _plan(checks, now)
    if not commands:
        return [None] * len(checks)
    try:
        replies = await _counting(aredis.loop_client(), commands)
    except Exception:
        return _not_checked(checks, counted)
    return _waits(checks, counted, replies, now)


async def ahit(
    name: str, subject: object, rate: Rate, amount: int = 1, at: float | None = None
) -> int | None:
    return (await ahit_all([(name, subject, rate, amount)], at))[0]


# --- failed logins ----------------------------------------------------------------------


class LoginThrottle:
    """Failed logins counted per username and per address; the window starts at the first
    failure. While either count is at its limit, logins are refused, right ones too."""

    def __init__(self, username: str, ip: str) -> None:
        self.username = username.strip().lower()
        self.ip = ip

    def _subjects(self) -> list[tuple[str, str, Rate]]:
        return [
            (_key("login-user", self.username), "username", settings.LOGIN_FAILURES_USERNAME),
            (_key("login-ip", self.ip), "address", settings.LOGIN_FAILURES_IP),
        ]

    def retry_after(self) -> int | None:
        """Seconds until a login may be tried again, or None if it may be tried now."""
        try:
            client = _redis()
            for key, _, (count, _window) in self._subjects():
                if count <= 0:
                    continue
                failures = client.get(key)
                if failures is not None and int(failures) >= count:
                    metrics.inc("rummy_rate_limited_total", limit="login")
                    return max(1, int(client.ttl(key)))
        except Exception:  # see hit()
            log.warning("login throttle not checked: Redis unreachable", exc_info=True)
        return None

    def failed(self) -> None:
        try:
            pipe = _redis().pipeline()
            for key, _, (count, window) in self._subjects():
                if count > 0:
                    pipe.set(key, 0, ex=window, nx=True)
                    pipe.incr(key)
            pipe.execute()
        except Exception:  # see hit()
            log.warning("failed login not counted: Redis unreachable", exc_info=True)

    def succeeded(self) -> None:
        try:
            _redis().delete(self._subjects()[0][0])
        except Exception:  # see hit()
            log.warning("login throttle not reset: Redis unreachable", exc_info=True)


# --- GraphQL: query shape and mutation rates ---------------------------------------------


@functools.lru_cache(maxsize=16)
def _shape_rules(max_depth: int, max_aliases: int) -> tuple[type[ASTValidationRule], ...]:
    """The depth and alias rules for these limits, built once: each QueryDepthLimiter or
    MaxAliasesLimiter makes a new rule class, and new classes on every request would
    miss the validation cache (its key holds the rules) on every request."""
    return (
        *QueryDepthLimiter(max_depth=max_depth).validation_rules,
        *MaxAliasesLimiter(max_alias_count=max_aliases).validation_rules,
    )


class QueryShapeLimits(AddValidationRules):
    """Depth and aliases (QueryDepthLimiter and MaxAliasesLimiter's rules) from settings."""

    def __init__(self) -> None:
        # Settings are read per operation, so that tests (and a settings reload) take effect.
        rules = _shape_rules if fast_paths.chosen("document_caches") else _shape_rules.__wrapped__
        super().__init__(list(rules(settings.GRAPHQL_MAX_DEPTH, settings.GRAPHQL_MAX_ALIASES)))


class QueryTokenLimit(SchemaExtension):
    """The token limit (MaxTokensLimiter's parse option) from settings; and no empty
    selection set (``{ me { } }``): graphql-core 3.3 parses one by default, and the depth
    limiter then failed on it with "max() arg is an empty sequence", uncoded (issue 26).
    Refused by the parser, it is a syntax error (BAD_INPUT) like any other."""

    def on_operation(self) -> Iterator[None]:
        options = self.execution_context.parse_options
        options["max_tokens"] = settings.GRAPHQL_MAX_TOKENS
        options["allow_empty_selection_sets"] = False  # type: ignore[typeddict-unknown-key]
        yield


# Distinct documents kept parsed and validated per process. Bounded, so unique query
# texts cannot grow memory; a miss costs what every request cost without the caches.
DOCUMENT_CACHE_SIZE = 256


@functools.lru_cache(maxsize=DOCUMENT_CACHE_SIZE)
def _parse(query: str, options: tuple[tuple[str, Any], ...]) -> DocumentNode:
    return parse(query, **dict(options))


class CachedParse(SchemaExtension):
    """Parse through a cache keyed by the query text and the parse options (the token
    limit). Unlike strawberry's ParserCache, a document that does not parse is left to
    strawberry's own parser, whose errors get their code (BAD_INPUT, QUERY_TOO_COMPLEX)
    like any other: an error raised in an extension's hook would escape that."""

    def on_parse(self) -> Iterator[None]:
        context = self.execution_context
        if context.query and context.graphql_document is None:
            options = tuple(sorted(context.parse_options.items()))
            with contextlib.suppress(GraphQLError, TypeError):  # TypeError: unhashable
                context.graphql_document = _parse(context.query, options)
        yield


_validated: OrderedDict[tuple[int, int, tuple[Any, ...]], tuple[Any, ...]] = OrderedDict()


class CachedValidation(SchemaExtension):
    """Validation through a cache keyed by the document's identity, the schema's and the
    rules. strawberry's ValidationCache keys its lru_cache by the document itself, whose
    hash walks the whole tree on every request (its nodes are dataclasses): ~50 µs of a
    move's request (issue 12). CachedParse hands out one document per query text and
    options, so the same text finds its entry; an entry holds its document and schema,
    whose identities therefore stay theirs while it is kept."""

    def on_validate(self) -> Iterator[None]:
        context = self.execution_context
        document, schema = context.graphql_document, context.schema._schema
        if document is None:  # nothing parsed: strawberry reports why
            yield
            return
        key = (id(document), id(schema), tuple(context.validation_rules))
        entry = _validated.get(key)
        if entry is None or entry[0] is not document or entry[1] is not schema:
            from strawberry.schema.schema import validate_document

            entry = (document, schema, validate_document(schema, document, key[2]))
            _validated[key] = entry
            if len(_validated) > DOCUMENT_CACHE_SIZE:
                _validated.popitem(last=False)
        else:
            _validated.move_to_end(key)
        context.pre_execution_errors = entry[2]
        yield


def query_limit_extensions() -> list[Callable[[], SchemaExtension]]:
    """Depth, alias and token limits from settings (QUERY_TOO_COMPLEX when exceeded), as
    factories: strawberry builds fresh extensions for every operation.

    MaxAliasesLimiter counts aliases inside fragments at every spread (strawberry >=
    0.315.7), so a fragment spread many times cannot multiply its aliases past the limit.

    With the fast paths (``document_caches``), caches of parsed and validated documents
    (strawberry parses and validates every operation otherwise): a document parsed with the
    same options (the token limit among them) and validated against the same schema and
    rules gives the same answer, so the caches can serve neither a stale state nor
    another viewer's (they hold documents and validation errors, nothing per request).
    """
    extensions: list[Callable[[], SchemaExtension]] = [QueryTokenLimit, QueryShapeLimits]
    if fast_paths.chosen("document_caches"):
        extensions += [CachedParse, CachedValidation]
    return extensions


async def guarded(check: Any, what: str) -> None:
    """Await an extension's check: its GraphQLErrors go to the client as they are, any
    other exception is logged and becomes the masked, coded INTERNAL_SERVER_ERROR (an
    exception raised in an extension hook escapes strawberry's error masking)."""
    try:
        await check
    except GraphQLError:
        raise
    except Exception:
        log.exception("unexpected error in the %s", what)
        raise internal_error() from None


# --- JSON nesting ----------------------------------------------------------------------------

# No GraphQL request nests its JSON (body, variables, a websocket frame) deeper than this.
MAX_JSON_DEPTH = 64
NESTED_MESSAGE = "The JSON is nested too deeply."


def nested_deeper_than(value: object, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether parsed JSON nests objects and arrays more than ``limit`` levels deep; a
    loop, not recursion: what walks such a value recursively (json's encoder, the NUL
    check, strawberry's coercion of JSON) stops at Python's recursion limit with a
    RecursionError (issue 26: a 2 KB body of 1,000 levels was a 500)."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


# --- federation: entities -------------------------------------------------------------------


def _entities_requested(context: ExecutionContext) -> int:
    """How many representations the operation's ``_entities`` fields ask for (aliases
    and fragments included: every ``_entities`` field of the document counts)."""
    document = context.graphql_document
    if document is None:
        return 0
    variables = context.variables or {}
    total = 0

    class Finder(Visitor):
        def enter_field(self, node: FieldNode, *_: Any) -> None:
            nonlocal total
            if node.name.value != "_entities":
                return
            for argument in node.arguments or ():
                if argument.name.value != "representations":
                    continue
                value = argument.value
                if isinstance(value, VariableNode):
                    given = variables.get(value.name.value)
                    total += len(given) if isinstance(given, list) else 1
                elif isinstance(value, ListValueNode):
                    total += len(value.values)
                else:
                    total += 1

    visit(document, Finder())
    return total


async def check_entities(context: ExecutionContext) -> None:
    """At most ``GRAPHQL_MAX_ENTITIES`` representations per request, over all its
    ``_entities`` fields (QUERY_TOO_COMPLEX): each is a lookup, and one anonymous 258 KB
    request asked for 5,500 (issue 26); a gateway asks for a page's worth. Called by
    api.schema.OperationChecks, before anything runs."""
    if context.query is None or "_entities" not in context.query:
        return
    limit = settings.GRAPHQL_MAX_ENTITIES
    count = _entities_requested(context)
    if count > limit:
        raise GraphQLError(
            f"{count} entity representations requested; at most {limit} per request.",
            extensions={"code": "QUERY_TOO_COMPLEX"},
        )


# --- strings with NUL -----------------------------------------------------------------------


NUL_MESSAGE = "A string argument contains a NUL character (U+0000), which no field takes."


def _has_nul(value: object) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_has_nul(v) for v in value)
    return False


class _NulFinder(Visitor):
    found = False

    def enter_string_value(self, node: StringValueNode, *_: Any) -> None:
        if "\x00" in node.value:
            self.found = True


def _document_has_nul(document: DocumentNode, query: object = None) -> bool:
    # A string literal holds a NUL only if the text has one, or an escape (\u0000,
    # \u{0}): without either (nearly every query) the document need not be walked.
    if isinstance(query, str) and "\x00" not in query and "\\u" not in query:
        return False
    finder = _NulFinder()
    visit(document, finder)
    return finder.found


async def check_no_nul_strings(context: ExecutionContext) -> None:
    """A NUL in any string, as a variable (JSON included, keys too) or a literal, is
    BAD_INPUT before anything runs: PostgreSQL text cannot hold one, and no username,
    code or key has one (issue 14: today such input reached the database and failed
    there as an internal error). Called by api.schema.OperationChecks, first."""

    async def check() -> None:
        document = context.graphql_document
        if _has_nul(context.variables or {}) or (
            document is not None and _document_has_nul(document, context.query)
        ):
            raise bad_input(NUL_MESSAGE)

    await guarded(check(), "NUL check")


def _root_field_count(operation: OperationDefinitionNode, fragments: dict[str, Any]) -> int:
    """How many root fields an operation selects (fragments expanded, each once)."""
    seen: set[str] = set()

    def count(selection_set: SelectionSetNode) -> int:
        total = 0
        for selection in selection_set.selections:
            if isinstance(selection, FieldNode):
                total += 0 if selection.name.value == "__typename" else 1
            elif isinstance(selection, InlineFragmentNode):
                total += count(selection.selection_set)
            elif isinstance(selection, FragmentSpreadNode):
                name = selection.name.value
                if name not in seen and name in fragments:
                    seen.add(name)
                    total += count(fragments[name].selection_set)
        return total

    return count(operation.selection_set)


async def check_mutation_rate(context: ExecutionContext) -> None:
    """Mutations per user and per client address; each root field counts once. Called by
    api.schema.OperationChecks."""
    if context.operation_type == OperationType.MUTATION and context.graphql_document:
        await guarded(_check_mutation_rate(context), "mutation rate limit")


async def _check_mutation_rate(context: ExecutionContext) -> None:
    document = context.graphql_document
    assert document is not None
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    chosen = next(
        (
            op
            for op in operations
            if context.operation_name is None
            or (op.name is not None and op.name.value == context.operation_name)
        ),
        None,
    )
    amount = max(1, _root_field_count(chosen, fragments)) if chosen else 1
    request_context = context.context
    auth = getattr(request_context, "auth", None)
    user = getattr(auth, "user", None)
    ip = getattr(request_context, "client_ip", "") or ""
    checks: list[Check] = [("mutation-ip", ip, settings.RATE_LIMIT_MUTATIONS_IP, amount)]
    if user is not None:
        checks.append(("mutation-user", user.pk, settings.RATE_LIMIT_MUTATIONS_USER, amount))
    # Both counts in one Redis command, on the loop.
    waits = await ahit_all(checks)
    wait = max((w for w in waits if w is not None), default=None)
    if wait is not None:
        raise rate_limited(f"Too many actions: wait {wait} s and try again.", wait)


# --- websocket messages ------------------------------------------------------------------


class WebsocketMessageLimiter:
    """Messages of one websocket: per connection (in memory) and per user (Redis)."""

    def __init__(self) -> None:
        self.window = -1
        self.count = 0

    async def allow(self, user_id: int | None, at: float | None = None) -> bool:
        """Count one message that arrived at `at` (time.monotonic(); default now) in the
        window of its arrival."""
        arrived = time.monotonic() if at is None else at
        count, seconds = settings.RATE_LIMIT_WS_MESSAGES_CONNECTION
        if count > 0:
            window = int(arrived // seconds)
            if window != self.window:
                self.window, self.count = window, 0
            self.count += 1
            if self.count > count:
                metrics.inc("rummy_rate_limited_total", limit="ws-connection")
                return False
        if user_id is not None:
            # The same arrival on the wall clock that Redis windows are counted in.
            wall = time.time() - (time.monotonic() - arrived)
            wait = await ahit("ws-user", user_id, settings.RATE_LIMIT_WS_MESSAGES_USER, at=wall)
            if wait is not None:
                return False
        return True


# --- request bodies -----------------------------------------------------------------------


def _too_large_body(limit: int) -> bytes:
    return (
        '{"data":null,"errors":[{"message":"The request body is larger than '
        f'{limit} bytes.","extensions":{{"code":"BAD_INPUT"}}}}]}}'
    ).encode()


class BodySizeLimitMiddleware:
    """ASGI middleware: refuse HTTP request bodies over MAX_REQUEST_BODY_BYTES with 413.

    Counts the body as it streams in rather than trusting Content-Length, so a chunked
    request (no Content-Length) is stopped as soon as it passes the limit, before the
    application buffers it. The body read so far (at most the limit) is then replayed to
    the application.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = int(settings.MAX_REQUEST_BODY_BYTES)
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await self._refuse(send, limit)
            return
        received: list[Any] = []
        size = 0
        while True:
            message = await receive()
            received.append(message)
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > limit:
                await self._refuse(send, limit)
                return
            if not message.get("more_body", False):
                break

        async def replaying_receive() -> Any:
            return received.pop(0) if received else await receive()

        await self.app(scope, replaying_receive, send)

    @staticmethod
    async def _refuse(send: Send, limit: int) -> None:
        body = _too_large_body(limit)
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})

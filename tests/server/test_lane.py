"""GraphQL over HTTP in the lane (config.lane, issue 12): a POST to /graphql is served by
the GraphQL view without Django's handler, and is answered exactly as Django answers it
(status, headers, body); what the lane does not serve reaches Django unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import HttpCommunicator
from django.core import signals
from django.db import connections

from config.asgi import application, django_http_app

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.fast_path("lane")]

JSON = (b"content-type", b"application/json")
HOST = (b"host", b"localhost")


async def _post(
    app: Any, body: bytes, *headers: tuple[bytes, bytes], path: str = "/graphql"
) -> dict[str, Any]:
    communicator = HttpCommunicator(app, "POST", path, body=body, headers=[HOST, *headers])
    response: dict[str, Any] = await communicator.get_response(timeout=20)
    await communicator.wait(timeout=20)  # and what the application does after it
    return response


def _query(query: str, **variables: Any) -> bytes:
    return json.dumps({"query": query, "variables": variables}).encode()


@pytest.fixture(autouse=True)
def _close_connections() -> Any:
    yield
    connections.close_all()


REQUESTS = {
    "a query": (_query("query V { serverVersion }"), JSON),
    "a mutation without a token": (
        _query('mutation { resign(matchId: "nope") { __typename } }'),
        JSON,
    ),
    "an unknown token": (
        _query("query V { serverVersion me { username } }"),
        JSON,
        (b"authorization", b"Bearer not-a-token"),
    ),
    "an authorization that is not a bearer token": (
        _query("query V { serverVersion }"),
        JSON,
        (b"authorization", b"Basic dXNlcjpwYXNz"),
    ),
    "a field the schema does not have": (_query("{ noSuchField }"), JSON),
    "no query": (b'{"variables": {}}', JSON),
    "not JSON": (b'{"query": ', JSON),
    "not UTF-8": (b"\xff\xfe{}", JSON),
    "not an object": (b'["{ serverVersion }"]', JSON),
    "a form body": (b"query=%7B+serverVersion+%7D", (b"content-type", b"text/plain")),
    "a disallowed host": (_query("{ serverVersion }"), JSON, (b"host", b"evil.example")),
}


@pytest.mark.parametrize("name", list(REQUESTS))
async def test_the_lane_answers_as_django_does(name: str) -> None:
    body, *headers = REQUESTS[name]
    through_lane = await _post(application, body, *headers)
    through_django = await _post(django_http_app, body, *headers)

    assert through_lane["status"] == through_django["status"], name
    assert through_lane["body"] == through_django["body"], name
    assert sorted(through_lane["headers"]) == sorted(through_django["headers"]), name


async def test_the_lane_sets_the_security_headers() -> None:
    response = await _post(application, _query("{ serverVersion }"), JSON)

    headers = dict(response["headers"])
    assert response["status"] == 200
    assert headers[b"X-Frame-Options"] == b"DENY"
    assert headers[b"X-Content-Type-Options"] == b"nosniff"
    assert headers[b"Content-Length"] == str(len(response["body"])).encode()


async def test_a_query_takes_two_hops_to_its_thread_and_sends_both_signals(
    hops: list[str],
) -> None:
    sent: list[str] = []

    def started(**_: Any) -> None:
        sent.append("started")

    def finished(**_: Any) -> None:
        sent.append("finished")

    signals.request_started.connect(started)
    signals.request_finished.connect(finished)
    try:
        response = await _post(application, _query("{ serverVersion }"), JSON)
    finally:
        signals.request_started.disconnect(started)
        signals.request_finished.disconnect(finished)

    assert response["status"] == 200 and json.loads(response["body"])["data"]["serverVersion"]
    # one into the request's thread before the view (request_started and the token),
    # one after the response (its close: request_finished), nothing of Django's handler
    assert hops == ["_start", "_finish"], hops
    assert sent == ["started", "finished"]


async def test_the_database_connection_goes_back_after_the_request() -> None:
    # given: a request that reads the database (an unknown token is looked up)
    seen: list[bool] = []

    def finished(**_: Any) -> None:
        seen.append(connections["default"].connection is not None)

    # when
    signals.request_finished.connect(finished)
    try:
        await _post(
            application, _query("{ me { username } }"), JSON, (b"authorization", b"Bearer x")
        )
    finally:
        signals.request_finished.disconnect(finished)

    # then: it had one while it ran; Django's receiver (connected first) closed it, and a
    # later request on the same thread finds none open
    still_open = await sync_to_async(lambda: connections["default"].connection is not None)()
    assert seen and not still_open


class _Django:
    """Stands for Django's handler: records what reached it and answers 204."""

    def __init__(self) -> None:
        self.bodies: list[bytes] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        self.bodies.append(body)
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})


async def test_what_the_lane_does_not_serve_reaches_django_with_its_body(settings: Any) -> None:
    from config.lane import GraphQLLane

    django = _Django()
    lane = GraphQLLane(django)
    body = _query("{ serverVersion }")

    async def status(app: Any, *headers: tuple[bytes, bytes], path: str = "/graphql") -> int:
        return int((await _post(app, body, JSON, *headers, path=path))["status"])

    assert await status(lane) == 200 and django.bodies == []  # the lane's own
    assert await status(lane, path="/graphql/") == 204  # another path
    assert await status(lane, (b"host", b"evil.example")) == 204  # not an allowed host
    settings.SECURE_SSL_REDIRECT = True  # SecurityMiddleware would redirect (it reads
    assert await status(GraphQLLane(django)) == 204  # its settings once, as in Django)
    settings.SECURE_SSL_REDIRECT = False
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, "tests.server.test_lane.Unknown"]
    assert await status(lane) == 204  # a middleware the lane has no role for
    assert django.bodies == [body] * 4


async def test_whitenoise_serves_nothing_at_the_graphql_path() -> None:
    # MIDDLEWARE_ROLES: the lane may skip WhiteNoise only while it passes /graphql on.
    from django.http import HttpRequest, HttpResponse
    from whitenoise.middleware import WhiteNoiseMiddleware

    reached: list[str] = []

    def get_response(request: HttpRequest) -> HttpResponse:
        reached.append(request.path_info)
        return HttpResponse(status=204)

    middleware = WhiteNoiseMiddleware(get_response)
    for method in ("GET", "POST"):
        request = HttpRequest()
        request.method, request.path, request.path_info = method, "/graphql", "/graphql"
        assert middleware(request).status_code == 204
    assert reached == ["/graphql", "/graphql"]


async def test_a_failure_after_the_view_is_a_coded_500_not_an_asgi_error() -> None:
    from django.conf import settings

    from config.lane import GraphQLLane

    class Broken:
        def process_response(self, request: Any, response: Any) -> Any:
            raise RuntimeError("boom: a secret of the server")

    lane = GraphQLLane(_Django())
    lane._middleware = (tuple(settings.MIDDLEWARE), [Broken()])

    response = await _post(lane, _query("{ serverVersion }"), JSON)

    assert response["status"] == 500
    error = json.loads(response["body"])["errors"][0]
    assert error["extensions"]["code"] == "INTERNAL_SERVER_ERROR"
    assert b"secret" not in response["body"]

"""The web process keeps the threads Django runs each request's sync work on
(config.asgi.RequestThreads, issue 12): one thread per request while it runs, as in
Django, but not a new one started and joined per request."""

import asyncio
import threading
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import HttpCommunicator
from django.core.signals import request_started

from config.asgi import RequestThreads


def _here(seen: list[int]) -> None:
    seen.append(threading.get_ident())


async def _noop_receive() -> dict[str, Any]:
    return {"type": "http.request"}


async def _noop_send(_: Any) -> None:
    return None


async def test_requests_one_after_another_reuse_one_thread() -> None:
    seen: list[int] = []

    async def app(*_: Any) -> None:
        await sync_to_async(_here)(seen)
        await sync_to_async(_here)(seen)

    threads = RequestThreads(app)
    await threads({}, _noop_receive, _noop_send)
    await threads({}, _noop_receive, _noop_send)

    assert len(set(seen)) == 1 and seen[0] != threading.get_ident(), seen


async def test_requests_at_the_same_time_each_have_a_thread_of_their_own() -> None:
    seen: list[int] = []
    both_in = asyncio.Barrier(2)

    async def app(*_: Any) -> None:
        await sync_to_async(_here)(seen)
        await both_in.wait()
        await sync_to_async(_here)(seen)

    threads = RequestThreads(app)
    await asyncio.gather(
        threads({}, _noop_receive, _noop_send), threads({}, _noop_receive, _noop_send)
    )

    first, second = seen[:2]
    assert first != second and sorted(seen[2:]) == sorted([first, second]), seen


async def test_a_thread_still_working_for_a_request_that_ended_is_not_handed_on() -> None:
    # given: a request that ended while its sync work still runs (a client gone away:
    # Django cancels the view, the thread carries on)
    release = threading.Event()
    seen: list[int] = []

    def stuck() -> None:
        _here(seen)
        release.wait(10)

    async def leaves_work_behind(*_: Any) -> None:
        work = asyncio.ensure_future(sync_to_async(stuck)())
        while not seen:
            await asyncio.sleep(0.01)
        work.cancel()

    async def app(*_: Any) -> None:
        await sync_to_async(_here)(seen)

    threads = RequestThreads(leaves_work_behind)
    await threads({}, _noop_receive, _noop_send)

    # when: the next request
    threads.app = app
    await asyncio.wait_for(threads({}, _noop_receive, _noop_send), 5)
    release.set()

    # then: it ran at once, on another thread
    assert seen[0] != seen[1], seen


async def test_a_thread_of_a_request_that_failed_is_not_kept() -> None:
    seen: list[int] = []

    async def fails(*_: Any) -> None:
        await sync_to_async(_here)(seen)
        raise RuntimeError("boom")

    threads = RequestThreads(fails)
    with pytest.raises(RuntimeError):
        await threads({}, _noop_receive, _noop_send)

    assert threads.idle == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.fast_path("request_threads")
async def test_django_runs_two_graphql_requests_on_one_kept_thread() -> None:
    from config.asgi import application

    seen: list[int] = []

    def started(**_: Any) -> None:
        _here(seen)

    request_started.connect(started, weak=False)
    try:
        for _ in range(2):
            request = HttpCommunicator(
                application,
                "POST",
                "/graphql",
                body=b'{"query": "{ serverVersion }"}',
                headers=[(b"content-type", b"application/json"), (b"host", b"testserver")],
            )
            response = await request.get_response(timeout=10)
            assert response["status"] == 200, response
            # The application returns (and gives its thread back) a little after the
            # response's last byte: the next request comes after that, as on a
            # keep-alive connection, not during it (then it would rightly get another).
            await request.wait(timeout=10)
    finally:
        request_started.disconnect(started)

    # Django's request_started receivers (closing stale connections) run on the
    # request's thread: the same one both times, not the event loop's
    assert len(seen) == 2 and seen[0] == seen[1] != threading.get_ident(), seen

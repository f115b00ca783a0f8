"""Fixtures shared by the deployment tests."""

from collections.abc import Iterator

import pytest

from tests.deploy.cluster import RedisServer


@pytest.fixture
def own_redis() -> Iterator[RedisServer]:
    """A Redis server of the test's own, which it may stop, pause or restart."""
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.close()

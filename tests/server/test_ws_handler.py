"""The graphql-transport-ws handler forgets an operation at most once (issue 11).

strawberry's `forget_id` deletes the operation's id and raises KeyError when it is
already gone: when the client's `complete`, or the socket's shutdown after a disconnect,
cleaned it up while its stream was finishing. That KeyError was logged as an ERROR
traceback ("Exception in worker task") for an ordinary disconnect.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from api.schema import schema
from api.ws import GraphQLConsumer, TransportWSHandler


def test_the_consumer_uses_the_handler_that_forgets_safely() -> None:
    assert GraphQLConsumer.graphql_transport_ws_handler_class is TransportWSHandler


def test_forgetting_an_operation_already_cleaned_up_is_no_error() -> None:
    consumer: Any = None
    handler = TransportWSHandler(consumer, consumer, None, None, schema, timedelta(seconds=1))
    handler.operations["a"] = consumer
    handler.forget_id("a")
    handler.forget_id("a")  # raised KeyError with strawberry's own forget_id

    assert handler.operations == {}

"""One ``on_execute`` hook per operation (api.schema.OperationChecks, issue 12): the NUL
check, the mutation rate limit, the operation count and presence, merged; each one's
behaviour is tested where it was (test_security_input, test_limits, e2e test_limits_http,
test_takeover)."""

from strawberry.extensions import SchemaExtension

from api.schema import OperationChecks, schema


def test_the_schema_runs_one_execute_hook() -> None:
    hooked = [
        extension
        for extension in schema.extensions
        if isinstance(extension, type) and extension.on_execute is not SchemaExtension.on_execute
    ]

    assert hooked == [OperationChecks], schema.extensions

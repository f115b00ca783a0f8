"""Match events and notifications over GraphQL (API.md "Typed contract", issue 11).

The modules stand in this order, each importing only those before it (no circle:
``tests/server/test_api_imports.py``): ``snapshots`` (the public state after a move) →
``match_events`` (the ``MatchEvent`` interface and a type per kind) → ``notices`` (the
``UserEvent`` interface and a type per kind, with ``user_event``) → ``mapping`` (a
stored or published event dict to its typed event) → ``live`` (each event made once per
view and query in a process) → ``subscriptions`` (``matchEvents`` and ``myEvents``).
"""

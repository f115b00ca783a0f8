"""Matches over GraphQL (API.md "Core schema"): the ``Match`` and ``Seat`` entities, the
queries and mutations of matches, correspondence play (vacations, devices).

The modules stand in this order, each importing only those before it (no circle:
``tests/server/test_api_imports.py``):

1. values: ``calls`` (a service called in a worker thread, its errors mapped), ``enums``,
   ``cards`` (cards and melds), ``rule_options``, ``legal`` (what the viewer may do),
   ``outcomes`` (how a round and a match ended), ``inputs``;
2. the entities: ``match`` (``Match``, ``Seat`` and their federation lookups), then
   ``chat`` (a match's chat events and the viewer's chat state), ``replay`` (which types
   its events with ``api.events``), ``connection`` (lists of matches) and ``tools`` (rule
   sets, meld checks, hints);
3. the root fields: ``queries``, ``mutations``, ``correspondence``, ``chat_fields``.

Nothing here reads the database or decides what a viewer may see except through
``matches.selectors`` and ``matches.services``; the types are mappings of what they give.
The events of a match are ``api.events``.
"""

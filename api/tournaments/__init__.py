"""Tournaments over GraphQL (issue 30): ``tournaments``, ``tournament``,
``joinTournament``, ``leaveTournament``, ``createTournament`` and the
``tournamentEvents`` subscription.

The modules stand in this order, each importing only those before it (no circle:
``tests/server/test_api_imports.py``): ``types`` (the ``Tournament`` type, its
standings, rounds and tables) → ``events`` (the ``TournamentEvent`` interface and a type
per kind, with the mapping of a stored event) → ``queries``, ``mutations`` and
``subscriptions`` (the root fields). Everything goes through ``tournaments.selectors``
and ``tournaments.services``.
"""

"""Accounts and ratings over GraphQL (API.md): the ``User`` entity, register, login,
logout and ``me``; the ``Rating`` type, the ``Tempo`` enum, ``leaderboard`` and ``player``.

The modules stand in this order, each importing only those before it (no circle:
``tests/server/test_api_imports.py``): ``ratings`` (rating values) → ``users`` (the
``User`` entity, whose ``ratings`` are those values) → ``rating_changes`` (how a match
moved a player's rating; names the player) → ``leaderboard`` and ``login`` (the root
fields).
"""

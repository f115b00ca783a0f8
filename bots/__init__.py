"""Bots: the exact solver (best play for a hand against a table), bot strategies, the CLI.

May import only ``engine`` and the standard library (DESIGN.md).
"""

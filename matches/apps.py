from django.apps import AppConfig


class MatchesConfig(AppConfig):
    """Bot moves, turn expiries and notices are queued by the services after commit
    (``matches.store``, ``matches.queueing``): nothing to connect at start-up."""

    name = "matches"
    verbose_name = "Matches"

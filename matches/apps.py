from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"
    verbose_name = "Matches"

    def ready(self) -> None:
        # Bot moves, turn expiries and notices are queued when a turn starts (issue 6).
        from matches import deadlines

        deadlines.connect()

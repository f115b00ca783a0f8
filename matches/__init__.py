"""Matches: persistence, the services that apply every action, the clock and the bots'
tasks (DESIGN.md "Layout"; docs/design-matches.md tells the whole story).

The floor plan. The package's modules stand in this order, bottom first, and a module
imports only modules below it (``tests/server/test_floor_plan.py`` parses every import,
function-local ones too, and fails on one that points up or sideways to a module listed
later; it also fails when ``bots/`` imports ``matches`` or Django):

1. foundation: ``notifications`` (the package; its story) and ``notifications.models``
   (its rows, registered through ``models``), ``models`` (the rows), ``errors``
   (Rejected, MatchCode, ...), ``publishing`` (Channels groups, sending in the
   background), ``signals`` (what the apps above are told: a match is over), ``aredis``
   (the asyncio Redis client of the running loop), ``presence`` (who is watching, in
   Redis);
2. under the services: ``seats`` (who plays a seat: the one answer), ``clock`` (a
   turn's duration, deadline and vacations), ``queueing`` (the clock's and bots' tasks,
   queued by name after commit), ``archive`` (a match that is over packed into one
   document; the one reader of the event and action logs), ``selectors`` (reads: what a
   viewer may see),
   ``locks`` (the match lock and its seat rows), ``takeover`` (mirroring seat takeovers
   onto the seat rows, telling the player), ``results`` and ``rating_tasks`` (a ranked
   result to the ratings, queued after commit), then the notifications' modules (what a
   notice says and to whom, the push channels, the digest: ``matches.notifications``);
3. the services: ``chat`` (table talk: its rules, delivery and moderation, under a lock
   of its own), ``store`` (a move persisted in the transaction, then published after
   commit), ``seating`` (a match's seats and life), ``play`` (turns and the clock's
   expiry), ``correspondence`` (vacations, devices) and ``services``, the one name the
   callers use (it re-exports the functions of ``seating``, ``play`` and ``store``);
4. drivers, which call the services: ``deadlines`` (expiring turns, the sweeper),
   ``bot_turns`` (a bot's move), ``matchmaking`` (the queue and its tick),
   ``challenges`` (a challenge becomes a match; their expiry), ``tasks`` and
   ``matchmaking_tasks`` and ``notifications.tasks`` (the Celery tasks: ids in, no
   logic), ``notifications.views`` (the digest's unsubscribe page), the admin, ``apps``
   and the management commands.

Everything above ``matches`` (``api``) calls the services, the selectors and the
drivers' public functions; ``bots`` is below it and knows only the engine.
"""

# The floor plan as data, bottom first (the order is the rule: see above).
FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "foundation",
        (
            "notifications",
            "notifications.models",
            "models",
            "errors",
            "publishing",
            "signals",
            "aredis",
            "presence",
        ),
    ),
    (
        "under the services",
        (
            "seats",
            "clock",
            "queueing",
            "archive",
            "selectors",
            "locks",
            "takeover",
            "results",
            "rating_tasks",
            "notifications.kinds",
            "notifications.texts",
            "notifications.push",
            "notifications.metrics",
            "notifications.endpoints",
            "notifications.webpush",
            "notifications.fcm",
            "notifications.apns",
            "notifications.preferences",
            "notifications.compose",
            "notifications.dispatch",
            "notifications.devices",
            "notifications.delivery",
            "notifications.digest",
            "notifications.sweep",
        ),
    ),
    ("services", ("chat", "store", "seating", "play", "correspondence", "services")),
    (
        "drivers",
        (
            "deadlines",
            "bot_turns",
            "matchmaking",
            "challenges",
            "tasks",
            "matchmaking_tasks",
            "notifications.tasks",
            "notifications.views",
            "notifications.admin",
            "admin",
            "apps",
            "management",
            "management.commands",
            "management.commands.verify_matches",
            "management.commands.archive_matches",
        ),
    ),
)

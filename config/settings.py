"""Settings for every process kind (web, worker, beat, management commands, tests).

Everything that varies between machines is read from the environment here, and only here.

Two modes:
- embedded default: no ``DATABASE_URL`` set. SQLite and a Redis that ``make run`` starts,
  both under ``RUMMY_VAR_DIR`` (default ``var/``); ``DEBUG`` on unless ``DJANGO_DEBUG=0``.
- servers: ``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL`` set; ``DEBUG`` off unless
  ``DJANGO_DEBUG=1``.

With ``DEBUG`` off the settings are production settings: ``SECRET_KEY`` and ``ALLOWED_HOSTS``
must be given, and a missing one stops the process at start-up.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config import fast_paths

BASE_DIR = Path(__file__).resolve().parent.parent


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def _env_bool(name: str, default: bool) -> bool:
    raw = _env(name)
    if not raw:
        return default
    if raw.lower() in {"1", "true", "yes", "on"}:
        return True
    if raw.lower() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be 1 or 0, not {raw!r}")


def _env_int(name: str, default: int) -> int:
    raw = _env(name)
    try:
        return int(raw) if raw else default
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, not {raw!r}") from None


def _env_list(name: str) -> list[str]:
    return [item.strip() for item in _env(name).split(",") if item.strip()]


def _read_version() -> str:
    with (BASE_DIR / "pyproject.toml").open("rb") as f:
        return str(tomllib.load(f)["project"]["version"])


VERSION = _env("RUMMY_VERSION") or _read_version()

VAR_DIR = Path(_env("RUMMY_VAR_DIR") or BASE_DIR / "var").resolve()

DATABASE_URL = _env("DATABASE_URL")
EMBEDDED = not DATABASE_URL

DEBUG = _env_bool("DJANGO_DEBUG", default=EMBEDDED)

# The speed shortcuts that run (config/fast_paths.py): 1 every one, 0 none (stock
# framework code only), or a list of names (docs/performance.md).
try:
    FAST_PATHS = fast_paths.parse(_env("FAST_PATHS", "1"))
except ValueError as error:
    raise ImproperlyConfigured(str(error)) from None

HOST = _env("HOST", "127.0.0.1")
PORT = _env_int("PORT", 8000)

# --- secrets and hosts ------------------------------------------------------------------

SECRET_KEY = _env("SECRET_KEY")
ALLOWED_HOSTS = _env_list("ALLOWED_HOSTS")
if not DEBUG:
    if not SECRET_KEY:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off (production).")
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured("ALLOWED_HOSTS must be set when DEBUG is off (production).")
else:
    # A development key: DEBUG is on, so this process is not serving the public.
    SECRET_KEY = SECRET_KEY or "django-insecure-development-key-not-for-production-use"
    ALLOWED_HOSTS = ALLOWED_HOSTS or ["localhost", "127.0.0.1", "[::1]"]
    if HOST not in {"", "0.0.0.0", "::"} and HOST not in ALLOWED_HOSTS:
        ALLOWED_HOSTS.append(HOST)

CSRF_TRUSTED_ORIGINS = _env_list("CSRF_TRUSTED_ORIGINS")

# --- applications -----------------------------------------------------------------------

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "strawberry_django",
    "accounts",
    "matches",
    "tournaments",
    "api",
]

MIDDLEWARE = [
    "api.health.ProbeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
if "middleware" in FAST_PATHS:
    # Django's CSRF check without a thread hop for csrf-exempt views (the GraphQL view),
    # and, last, a sync-only middleware that makes the whole chain sync: one thread hop
    # per request instead of two per middleware (config/middleware.py).
    MIDDLEWARE[MIDDLEWARE.index("django.middleware.csrf.CsrfViewMiddleware")] = (
        "config.middleware.CsrfViewMiddleware"
    )
    MIDDLEWARE.append("config.middleware.SyncChain")
    # security.W003 looks for Django's CSRF middleware by its name only; the subclass is
    # the same check, and api.W003 (api/apps.py) takes W003's place.
    SILENCED_SYSTEM_CHECKS = ["security.W003"]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- database ---------------------------------------------------------------------------

DATABASES: dict[str, dict[str, Any]]
if EMBEDDED:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "db.sqlite3",
            # web, worker and beat write to one file: WAL and a busy timeout keep them
            # from failing each other with "database is locked".
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
else:
    DATABASES = {
        "default": dict(
            dj_database_url.parse(DATABASE_URL, conn_max_age=_env_int("DATABASE_CONN_MAX_AGE", 0))
        )
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        _options = DATABASES["default"].setdefault("OPTIONS", {})
        # A health probe or request must not hang on an unreachable database.
        _connect_timeout = _env_int("DATABASE_CONNECT_TIMEOUT", 5)
        _options["connect_timeout"] = _connect_timeout
        # A pool of connections per process (psycopg-pool): Django runs the sync part of
        # each request in a thread of its own, and connections are per thread, so without
        # a pool every request opened a new PostgreSQL session (~12 ms of server CPU).
        # The pool checks a connection (an empty query) before handing it out: after an
        # outage its idle connections are dead, and the first request after the database
        # is back must not get one. Pooling replaces persistent connections
        # (DATABASE_CONN_MAX_AGE).
        if _env_bool("DATABASE_POOL", default=True):
            DATABASES["default"]["CONN_MAX_AGE"] = 0
            DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
            _options["pool"] = {
                "min_size": _env_int("DATABASE_POOL_MIN_SIZE", 2),
                "max_size": _env_int("DATABASE_POOL_MAX_SIZE", 10),
                # Waiting for a free connection (or a new one while PostgreSQL is
                # unreachable) ends like a connect timeout: an OperationalError.
                "timeout": float(_env_int("DATABASE_POOL_TIMEOUT", _connect_timeout)),
                # Idle connections beyond min_size are closed after this long.
                "max_idle": 60.0,
            }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: Celery broker and live events --------------------------------------------


def _embedded_redis_url() -> str:
    # `make run` starts Redis on a free port and writes its address here, so that other
    # commands on the same checkout (manage.py shell, a second worker) find it.
    try:
        return (VAR_DIR / "redis.url").read_text().strip()
    except FileNotFoundError:
        return "redis://127.0.0.1:6379/0"


REDIS_URL = _env("REDIS_URL") or _embedded_redis_url()

# Live events (matchEvents, myEvents, revocations) go over Redis pub/sub (config.pubsub),
# not through a Channels layer: the websocket consumer needs none.

CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# Periodic tasks (matchmaking ticks, the deadline sweeper) are added here by the apps
# that own them.
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {}
# Bot moves an expiry task plays itself after the turn it expired (matches.tasks), when
# it runs within EXPIRY_INLINE_WITHIN_MS of its deadline: the bots after it move without
# a task of their own (a fifth less worker CPU per action in bench/worker_bench.py
# --spread). An expiry later than that (the clock already behind: a wave of expiries),
# or one sent without an ETA, hands the next bot turn to the queue, so that the expiries
# due behind it are not held by this match's bot moves. 0 moves: always hand over (issue 12).
EXPIRY_INLINE_BOT_MOVES = _env_int("EXPIRY_INLINE_BOT_MOVES", 3)
EXPIRY_INLINE_WITHIN_MS = _env_int("EXPIRY_INLINE_WITHIN_MS", 1000)

# --- auth -------------------------------------------------------------------------------

AUTH_USER_MODEL = "accounts.User"

PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Bearer tokens (accounts.Token): how long one lives after login or registration.
AUTH_TOKEN_TTL_SECONDS = _env_int("AUTH_TOKEN_TTL_SECONDS", 30 * 24 * 3600)

# --- cache: Redis, shared by every web process (rate limits, login throttling) ----------

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "rummy",
        "TIMEOUT": 300,
    }
}

# --- GraphQL API: limits -----------------------------------------------------------------


def _env_rate(name: str, default: str) -> tuple[int, int]:
    """A rate as `count/seconds` (e.g. `20/1`); a count of 0 turns the limit off."""
    raw = _env(name, default)
    count, _, seconds = raw.partition("/")
    try:
        rate = (int(count), int(seconds or "1"))
    except ValueError:
        raise ImproperlyConfigured(
            f"{name} must be COUNT/SECONDS, e.g. 20/1, not {raw!r}"
        ) from None
    if rate[0] < 0 or rate[1] < 1:
        raise ImproperlyConfigured(f"{name} must be COUNT/SECONDS with SECONDS >= 1, not {raw!r}")
    return rate


GRAPHQL_INTROSPECTION = _env_bool("GRAPHQL_INTROSPECTION", default=True)
GRAPHQL_MAX_DEPTH = _env_int("GRAPHQL_MAX_DEPTH", 15)
GRAPHQL_MAX_ALIASES = _env_int("GRAPHQL_MAX_ALIASES", 30)
GRAPHQL_MAX_TOKENS = _env_int("GRAPHQL_MAX_TOKENS", 2000)
# Federation: entity representations one request may ask `_entities` to resolve.
GRAPHQL_MAX_ENTITIES = _env_int("GRAPHQL_MAX_ENTITIES", 100)
# Every HTTP request body, counted as it streams in (chunked bodies too).
MAX_REQUEST_BODY_BYTES = _env_int("MAX_REQUEST_BODY_BYTES", 256 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BODY_BYTES
WS_MAX_MESSAGE_BYTES = _env_int("WS_MAX_MESSAGE_BYTES", 64 * 1024)
# A client must send connection_init this soon after opening a websocket (close 4408).
WS_CONNECTION_INIT_TIMEOUT_SECONDS = _env_int("WS_CONNECTION_INIT_TIMEOUT_SECONDS", 5)
# The server's graphql-transport-ws `ping` interval; 0 turns it off.
WS_KEEPALIVE_SECONDS = _env_int("WS_KEEPALIVE_SECONDS", 25)
# matchEvents replays at most this many stored events to a (re)subscribing client; asked
# for more, it sends one RESYNC event with the full view instead (the log is kept forever).
MATCH_EVENTS_REPLAY_LIMIT = _env_int("MATCH_EVENTS_REPLAY_LIMIT", 500)

# Rates (count per window of seconds, fixed windows counted in Redis).
RATE_LIMIT_MUTATIONS_USER = _env_rate("RATE_LIMIT_MUTATIONS_USER", "20/1")
RATE_LIMIT_MUTATIONS_IP = _env_rate("RATE_LIMIT_MUTATIONS_IP", "60/1")
RATE_LIMIT_WS_MESSAGES_CONNECTION = _env_rate("RATE_LIMIT_WS_MESSAGES_CONNECTION", "20/1")
RATE_LIMIT_WS_MESSAGES_USER = _env_rate("RATE_LIMIT_WS_MESSAGES_USER", "60/1")
# What the server sends on one websocket (beyond it, sending waits for the next window),
# and the stored events one client address may have replayed by matchEvents(after:).
RATE_LIMIT_WS_SENT_CONNECTION = _env_rate("RATE_LIMIT_WS_SENT_CONNECTION", "100/1")
RATE_LIMIT_WS_REPLAYED_IP = _env_rate("RATE_LIMIT_WS_REPLAYED_IP", "3000/60")
# Failed logins: after this many for one username (or from one address) in the window,
# logins for it are refused until the window ends.
LOGIN_FAILURES_USERNAME = _env_rate("LOGIN_FAILURES_USERNAME", "10/900")
LOGIN_FAILURES_IP = _env_rate("LOGIN_FAILURES_IP", "100/900")
# Accounts registered from one client address (Argon2 makes each one costly).
RATE_LIMIT_REGISTRATIONS_IP = _env_rate("RATE_LIMIT_REGISTRATIONS_IP", "10/600")

# /metrics: when set, the scraper must send `Authorization: Bearer <METRICS_TOKEN>`.
METRICS_TOKEN = _env("METRICS_TOKEN")

# --- ratings and ranked matchmaking (accounts.ratings, matches.matchmaking) -------------


def _env_float(name: str, default: float) -> float:
    raw = _env(name)
    try:
        return float(raw) if raw else default
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number, not {raw!r}") from None


# OpenSkill (Plackett-Luce): a new player's rating, per rule set and tempo. A rating is
# `provisional` until its sigma falls below RATING_PROVISIONAL_SIGMA (about a dozen games).
RATING_MU = 25.0
RATING_SIGMA = 25.0 / 3
RATING_PROVISIONAL_SIGMA = _env_float("RATING_PROVISIONAL_SIGMA", 6.5)
# Bots are not rated: each level stands for this fixed (mu, sigma) in every rated match.
RATING_BOTS = {
    "EASY": (15.0, 1.0),
    "MEDIUM": (20.0, 1.0),
    "HARD": (25.0, 1.0),
    "EXPERT": (30.0, 1.0),
}

# A ranked match with two or more people is not rated when it ends before each of them
# made this many moves, or when two of them were rated together RATING_PAIR_DAILY_LIMIT
# times in the last 24 hours (matches.results: a second account resigning at once was a
# free rated win).
RATING_MIN_MOVES = _env_int("RATING_MIN_MOVES", 2)
RATING_PAIR_DAILY_LIMIT = _env_int("RATING_PAIR_DAILY_LIMIT", 5)

# Ranked matchmaking: Celery beat runs a tick this often; a table is formed from tickets
# whose ordinals (mu - 3 sigma) lie within each one's range, which starts at
# +-MATCHMAKING_RANGE_START and widens by MATCHMAKING_RANGE_PER_SECOND per second waited.
# A ticket waiting MATCHMAKING_BOT_FILL_SECONDS gets bots for the seats still missing.
MATCHMAKING_TICK_SECONDS = _env_float("MATCHMAKING_TICK_SECONDS", 2.0)
MATCHMAKING_RANGE_START = _env_float("MATCHMAKING_RANGE_START", 3.0)
MATCHMAKING_RANGE_PER_SECOND = _env_float("MATCHMAKING_RANGE_PER_SECOND", 0.2)
MATCHMAKING_BOT_FILL_SECONDS = _env_float("MATCHMAKING_BOT_FILL_SECONDS", 60.0)
# Time controls of the matches it creates.
MATCHMAKING_LIVE_TURN_SECONDS = _env_int("MATCHMAKING_LIVE_TURN_SECONDS", 60)
MATCHMAKING_CORRESPONDENCE_HOURS = _env_int("MATCHMAKING_CORRESPONDENCE_HOURS", 24)

# The modules of these tasks are not named tasks.py (autodiscovery would miss them).
CELERY_IMPORTS = [
    "matches.rating_tasks",
    "matches.matchmaking_tasks",
    "matches.notifications.tasks",
]
CELERY_BEAT_SCHEDULE["matches.matchmaking_tick"] = {
    "task": "matches.matchmaking_tick",
    "schedule": MATCHMAKING_TICK_SECONDS,
    # A tick missed while the workers were busy is worthless: the next one does its work.
    "options": {"expires": MATCHMAKING_TICK_SECONDS},
}

# --- bot seats, turn deadlines, correspondence (matches.tasks, matches.deadlines) ----------


def _env_seconds(name: str, default: float) -> float:
    raw = _env(name)
    try:
        return float(raw) if raw else default
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number of seconds, not {raw!r}") from None


# A bot in a live (or untimed) match waits this long before each move, so that its moves
# do not appear inhumanly fast; correspondence bots move at once. 0 in tests.
BOT_THINK_SECONDS = _env_seconds("BOT_THINK_SECONDS", 1.0)
# The level of the bot that takes over a human's seat (timeouts, resignation, disconnection).
BOT_TAKEOVER_LEVEL = _env("BOT_TAKEOVER_LEVEL", "MEDIUM").upper()
# The sweeper re-queues a bot turn that has not moved for this long (its task was lost).
BOT_STALL_SECONDS = _env_seconds("BOT_STALL_SECONDS", 30.0)
# Celery beat runs the deadline sweeper this often: it applies every deadline already past
# (a lost expiry task), sends correspondence reminders and takes over disconnected seats.
DEADLINE_SWEEP_SECONDS = _env_seconds("DEADLINE_SWEEP_SECONDS", 5.0)
# Only deadlines this close get an ETA task; later ones (correspondence) are the sweeper's.
# Must stay well below the Redis visibility timeout (1 hour): an unacknowledged countdown
# task older than that is delivered again.
DEADLINE_TASK_MAX_SECONDS = _env_seconds("DEADLINE_TASK_MAX_SECONDS", 600.0)
# A correspondence reminder goes out when this share of the turn's time is gone.
REMINDER_FRACTION = _env_seconds("REMINDER_FRACTION", 0.8)
# setVacation: days of vacation a player may book per rolling 365 days.
VACATION_DAYS_PER_YEAR = _env_int("VACATION_DAYS_PER_YEAR", 30)
# Websocket presence (matchEvents subscriptions): a heartbeat this often, and a live
# player unseen for PRESENCE_GRACE_SECONDS is replaced by a bot until they reclaim.
PRESENCE_HEARTBEAT_SECONDS = _env_seconds("PRESENCE_HEARTBEAT_SECONDS", 10.0)
PRESENCE_GRACE_SECONDS = _env_seconds("PRESENCE_GRACE_SECONDS", 60.0)

EMAIL_BACKEND = _env(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_FILE_PATH = _env("EMAIL_FILE_PATH") or str(VAR_DIR / "mail")
EMAIL_HOST = _env("EMAIL_HOST", "localhost")
EMAIL_PORT = _env_int("EMAIL_PORT", 25)
DEFAULT_FROM_EMAIL = _env("DEFAULT_FROM_EMAIL", "rummy@localhost")

# The Celery queue of bot moves, expiries, the sweeper and notices ("celery", the default
# queue, unless a deployment gives game play workers of its own).
GAME_TASK_QUEUE = _env("GAME_TASK_QUEUE", "celery")

# --- notifications (matches.notifications; README "Notifications") -----------------------

# Where links in e-mails point (the web client's address): e.g. https://rummy.example.com.
PUBLIC_URL = _env("PUBLIC_URL") or (
    f"https://{ALLOWED_HOSTS[0]}" if not DEBUG and ALLOWED_HOSTS else f"http://{HOST}:{PORT}"
)
# A turn's "your turn" (and a match's start or end) is pushed this long after it happens,
# and only if the player is then away from the match (no live subscription of it).
NOTIFY_DELAY_SECONDS = _env_seconds("NOTIFY_DELAY_SECONDS", 2.0)
# The last-chance alarm of a correspondence turn that would go to a bot at its deadline:
# this long before it (a tenth of a shorter turn).
NOTIFY_LAST_CHANCE_SECONDS = _env_seconds("NOTIFY_LAST_CHANCE_SECONDS", 3600.0)
# E-mail digests: at most this many a day per user, the first item this old at least.
NOTIFY_DIGEST_PER_DAY = _env_int("NOTIFY_DIGEST_PER_DAY", 2)
NOTIFY_DIGEST_DELAY_SECONDS = _env_seconds("NOTIFY_DIGEST_DELAY_SECONDS", 3600.0)
# Beat's notifications sweep: quiet hours that ended, lost deliveries, digests due.
NOTIFY_SWEEP_SECONDS = _env_seconds("NOTIFY_SWEEP_SECONDS", 60.0)
NOTIFY_MAX_ATTEMPTS = _env_int("NOTIFY_MAX_ATTEMPTS", 5)
NOTIFY_MAX_DEVICES = _env_int("NOTIFY_MAX_DEVICES", 10)
# The deliveries' queue (a deployment may give pushes workers of their own; unset: the
# game's queue).
NOTIFY_TASK_QUEUE = _env("NOTIFY_TASK_QUEUE")
# Web Push endpoints on loopback, private or link-local addresses (or plain http): only
# for development and tests (a local push service); refused otherwise.
NOTIFY_ALLOW_LOCAL_ENDPOINTS = _env_bool("NOTIFY_ALLOW_LOCAL_ENDPOINTS", default=DEBUG)
# Web Push (VAPID, RFC 8292): the private key (32 bytes, URL-safe base64, or PEM/DER);
# unset: Web Push is off (make run generates one into its var directory).
VAPID_PRIVATE_KEY = _env("VAPID_PRIVATE_KEY")
if not VAPID_PRIVATE_KEY and (VAR_DIR / "vapid_private_key").is_file():
    VAPID_PRIVATE_KEY = (VAR_DIR / "vapid_private_key").read_text().strip()
VAPID_SUBJECT = _env("VAPID_SUBJECT") or f"mailto:{_env('DEFAULT_FROM_EMAIL', 'rummy@localhost')}"
# FCM HTTP v1: the service account key (a path to its JSON, or the JSON itself); the
# project is the key's unless given; the endpoint only for tests.
FCM_CREDENTIALS = _env("FCM_CREDENTIALS")
FCM_PROJECT_ID = _env("FCM_PROJECT_ID")
FCM_ENDPOINT = _env("FCM_ENDPOINT", "https://fcm.googleapis.com")
# APNs with a token (.p8) key: its path or PEM text, its key id, the team, the app's
# bundle id (apns-topic); the sandbox is https://api.sandbox.push.apple.com.
APNS_KEY = _env("APNS_KEY")
APNS_KEY_ID = _env("APNS_KEY_ID")
APNS_TEAM_ID = _env("APNS_TEAM_ID")
APNS_TOPIC = _env("APNS_TOPIC")
APNS_ENDPOINT = _env("APNS_ENDPOINT", "https://api.push.apple.com")
APNS_CA_FILE = _env("APNS_CA_FILE")
CELERY_BEAT_SCHEDULE["notifications.sweep"] = {
    "task": "notifications.sweep",
    "schedule": NOTIFY_SWEEP_SECONDS,
    "options": {"expires": NOTIFY_SWEEP_SECONDS, "queue": NOTIFY_TASK_QUEUE or GAME_TASK_QUEUE},
}
CELERY_BEAT_SCHEDULE["matches.sweep_deadlines"] = {
    "task": "matches.sweep_deadlines",
    "schedule": DEADLINE_SWEEP_SECONDS,
    # A sweep that waited past the next one is worthless: the next one does its work.
    "options": {"expires": DEADLINE_SWEEP_SECONDS, "queue": GAME_TASK_QUEUE},
}
# A match that is over is packed (matches.archive) by a task queued this long after its
# end (its players' last look at it, the replay asked for at once, read the rows); beat
# packs what that task missed every ARCHIVE_SWEEP_SECONDS, once a match has been over
# for ARCHIVE_SWEEP_GRACE_SECONDS (left to that task until then).
ARCHIVE_DELAY_SECONDS = _env_seconds("ARCHIVE_DELAY_SECONDS", 60.0)
ARCHIVE_SWEEP_SECONDS = _env_seconds("ARCHIVE_SWEEP_SECONDS", 300.0)
ARCHIVE_SWEEP_GRACE_SECONDS = _env_seconds("ARCHIVE_SWEEP_GRACE_SECONDS", 120.0)
CELERY_BEAT_SCHEDULE["matches.sweep_archive"] = {
    "task": "matches.sweep_archive",
    "schedule": ARCHIVE_SWEEP_SECONDS,
    "options": {"expires": ARCHIVE_SWEEP_SECONDS, "queue": GAME_TASK_QUEUE},
}

# --- table talk (matches.chat) -----------------------------------------------------------

# The flood limit: a user says at most CHAT_FLOOD_LINES lines per CHAT_FLOOD_SECONDS, over
# all matches (CHAT_FLOOD beyond it; 0 lines: no limit).
CHAT_FLOOD_LINES = _env_int("CHAT_FLOOD_LINES", 5)
CHAT_FLOOD_SECONDS = _env_seconds("CHAT_FLOOD_SECONDS", 10.0)

# A challenge not answered this long after it was made expires (beat's deadline sweep
# tells both players).
CHALLENGE_SECONDS = _env_seconds("CHALLENGE_SECONDS", 600.0)
# A followed player counts as online (me.following) when seen this recently: a request,
# a match or notifications subscription.
ONLINE_SECONDS = _env_seconds("ONLINE_SECONDS", 120.0)

# --- tournaments (tournaments.rounds) ---------------------------------------------------

# Celery beat runs the tournaments' tick this often: it starts tournaments whose
# registration closed, closes rounds at their deadline and starts the next ones (a round
# whose matches all ended closes at once, without waiting for it).
TOURNAMENT_TICK_SECONDS = _env_seconds("TOURNAMENT_TICK_SECONDS", 5.0)
# Players may create tournaments (createTournament); else only staff (the admin, the API).
TOURNAMENTS_BY_PLAYERS = _env_bool("TOURNAMENTS_BY_PLAYERS", False)
# Forfeits in a row (rounds without a move of one's own) after which a player is
# withdrawn; 0: never.
TOURNAMENT_WITHDRAW_AFTER_MISSED = _env_int("TOURNAMENT_WITHDRAW_AFTER_MISSED", 2)
# Points by place per table size (best first), copied into each new tournament.
TOURNAMENT_POINTS: dict[str, list[int]] = {"2": [1, 0], "3": [6, 3, 0], "4": [6, 5, 3, 1]}
CELERY_BEAT_SCHEDULE["tournaments.tick"] = {
    "task": "tournaments.tick",
    "schedule": TOURNAMENT_TICK_SECONDS,
    "options": {"expires": TOURNAMENT_TICK_SECONDS, "queue": GAME_TASK_QUEUE},
}
# Liveness of the worker and beat (config/liveness.py): each checks itself this often,
# and one that made no progress for LIVENESS_SECONDS while the broker answered stops
# (to be started again); its file in LIVENESS_DIR, fresh while it is healthy, is what
# `make run` and `manage.py liveness worker|beat` (Kubernetes' livenessProbe) look at.
LIVENESS_DIR = Path(_env("LIVENESS_DIR") or VAR_DIR / "liveness").resolve()
LIVENESS_SECONDS = _env_seconds("LIVENESS_SECONDS", 60.0)
LIVENESS_HEARTBEAT_SECONDS = _env_seconds("LIVENESS_HEARTBEAT_SECONDS", 5.0)
# `manage.py liveness` (the whole system) fails when a deadline is overdue by more.
DEADLINE_OVERDUE_LIMIT_SECONDS = _env_seconds("DEADLINE_OVERDUE_LIMIT_SECONDS", 60.0)

# --- i18n, static -----------------------------------------------------------------------

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# The web client's build (web/, `make run` builds it) is served at `/` by WhiteNoise.
if (BASE_DIR / "web" / "dist").is_dir():
    WHITENOISE_ROOT = BASE_DIR / "web" / "dist"
    WHITENOISE_INDEX_FILE = True
STATIC_ROOT = Path(_env("STATIC_ROOT") or VAR_DIR / "static")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# --- security (production) --------------------------------------------------------------

if not DEBUG:
    # Behind a TLS-terminating proxy, say which header carries the original scheme,
    # e.g. SECURE_PROXY_SSL_HEADER=HTTP_X_FORWARDED_PROTO.
    if _env("SECURE_PROXY_SSL_HEADER"):
        SECURE_PROXY_SSL_HEADER = (_env("SECURE_PROXY_SSL_HEADER"), "https")
    SECURE_SSL_REDIRECT = _env_bool("SECURE_SSL_REDIRECT", default=True)
    # Scrapers speak plain HTTP inside the cluster (probes skip this: api.health).
    SECURE_REDIRECT_EXEMPT = [r"^metrics$"]
    SECURE_HSTS_SECONDS = _env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# --- logging ----------------------------------------------------------------------------

# LOG_FORMAT=json: one JSON object a line. The periodic work (beat's sends, the worker's
# received/succeeded lines for each sweep and matchmaking tick) logs at INFO once per
# tick even while idle: those loggers start at WARNING unless LOG_LEVEL is DEBUG.
_LOG_LEVEL = _env("LOG_LEVEL", "INFO").upper()
_TICK_LEVEL = "DEBUG" if _LOG_LEVEL == "DEBUG" else "WARNING"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
        "json": {"()": "api.logs.JsonFormatter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "json" if _env("LOG_FORMAT", "plain").lower() == "json" else "plain",
        },
    },
    "loggers": {
        **{
            name: {"level": _TICK_LEVEL}
            for name in ("celery.beat", "celery.app.trace", "celery.worker.strategy")
        },
        # httpx logs every request's URL at INFO: a Web Push endpoint, an APNs device
        # token in the path, secrets of the players' devices (matches.notifications).
        "httpx": {"level": "WARNING"},
        "httpcore": {"level": "WARNING"},
    },
    "root": {"handlers": ["console"], "level": _LOG_LEVEL},
}

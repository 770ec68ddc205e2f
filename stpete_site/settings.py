"""The one settings module of stpete, driven by environment variables.

With nothing set the site runs embedded: SQLite, an in-memory channel layer and tasks run
in-process, so a newcomer gets a working site with one command. A club deployment sets
`DATABASE_URL` and `REDIS_URL` (see `.env.example`). A bad value stops the start with the
variable's name, so a typo never turns into a silently different site.
"""

from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from stpete_site.env import env_bool, env_choice, env_int, env_list, env_str, env_url

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=True)
SECRET_KEY = env_str("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "insecure-development-key-only-for-the-embedded-site"  # noqa: S105

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])
if not ALLOWED_HOSTS and not DEBUG:
    raise ImproperlyConfigured("ALLOWED_HOSTS must name the site's host when DEBUG is off.")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", default=[])
for _origin in CSRF_TRUSTED_ORIGINS:
    if not _origin.startswith(("http://", "https://")):
        raise ImproperlyConfigured(
            f"CSRF_TRUSTED_ORIGINS must list origins such as https://example.org, not {_origin!r}."
        )
SITE_URL = env_url("SITE_URL", default="http://127.0.0.1:8000", schemes={"http", "https"}).rstrip(
    "/"
)

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "accounts",
    "games",
]

MIDDLEWARE = [
    "accounts.middleware.ClientAddressMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "accounts.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Sync-only and last on purpose: under ASGI every middleware below the lowest sync-only
    # one runs in async mode, and Django's middleware then hops to a thread for each of its
    # hooks; with a sync-only one at the bottom the whole chain runs in one request thread.
    "accounts.middleware.UserPreferencesMiddleware",
]

ROOT_URLCONF = "stpete_site.urls"
ASGI_APPLICATION = "stpete_site.asgi.application"
WSGI_APPLICATION = "stpete_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "accounts.context_processors.club",
            ],
        },
    },
]

# Database: SQLite in the project folder unless DATABASE_URL names another one.
DATABASE_URL = env_str("DATABASE_URL", default="")
if DATABASE_URL:
    try:
        # No persistent connections: under ASGI each request runs in its own thread context,
        # so a kept connection is never reused and piles up until garbage-collected
        # (PostgreSQL then refuses new clients under load). Use DATABASE_POOL instead.
        DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
    except Exception as exc:
        raise ImproperlyConfigured(f"DATABASE_URL is not a database URL: {exc}") from exc
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env_str("SQLITE_PATH", default=str(BASE_DIR / "db.sqlite3")),
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
        }
    }
# A connection pool per process (psycopg_pool; PostgreSQL only): at most this many connections
# per web or worker process, handed back at the end of each request. 0: no pool, one new
# connection per request.
DATABASE_POOL = env_int("DATABASE_POOL", default=0, least=0)
if DATABASE_POOL > 0 and DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
    raise ImproperlyConfigured("DATABASE_POOL needs a PostgreSQL DATABASE_URL (0: no pool).")
if DATABASE_POOL > 0:
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DATABASE_POOL,
        "timeout": 10,
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Redis: one URL for the channel layer and the Celery broker. Without it everything
# runs inside the one process (in-memory layer, eager tasks).
REDIS_URL = env_url("REDIS_URL", default="", schemes={"redis", "rediss", "unix"})
CHANNELS_PREFIX = env_str("CHANNELS_PREFIX", default="stpete")
if not CHANNELS_PREFIX:
    raise ImproperlyConfigured("CHANNELS_PREFIX must not be empty.")
# Every Redis client (channel layer, cache and sessions, Celery) gives up on a connection after
# REDIS_CONNECT_TIMEOUT seconds and on an answer after REDIS_SOCKET_TIMEOUT, so a hung Redis
# (accepting connections, answering nothing) costs a request at most that long instead of
# stalling it: sessions are then read from the database, pushes and tasks fail softly.
REDIS_CONNECT_TIMEOUT = env_int("REDIS_CONNECT_TIMEOUT", default=2, least=1, most=60)
REDIS_SOCKET_TIMEOUT = env_int("REDIS_SOCKET_TIMEOUT", default=2, least=1, most=60)
REDIS_TIMEOUTS = {
    "socket_connect_timeout": REDIS_CONNECT_TIMEOUT,
    "socket_timeout": REDIS_SOCKET_TIMEOUT,
}
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # Redis pub/sub: a push to a group is one PUBLISH, and each web process fans it out
            # to its own sockets (the list-based layer costs several round trips and a Lua
            # script per group). Delivery is at most once, which pushes may be: a page that
            # misses a version, or reconnects, fetches GET /view (static/js/table.js).
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                # Subscriptions are read with their own short polling timeout, so the socket
                # timeout bounds only commands (publish, subscribe) on a hung Redis.
                "hosts": [{"address": REDIS_URL, **REDIS_TIMEOUTS}],
                "prefix": CHANNELS_PREFIX,
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# The cache holds presence marks and rate-limit counters; it must be shared by all processes
# of a deployment, so it lives in Redis whenever Redis is configured.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "stpete_site.redis_cache.SharedPoolRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env_str("CACHE_PREFIX", default="stpete"),
            # JSON, never pickles: a value planted in Redis must not run code here.
            "OPTIONS": {"serializer": "stpete_site.redis_cache.JSONSerializer", **REDIS_TIMEOUTS},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
# Task messages are JSON only: a worker never unpickles what is found in Redis.
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
# Publishing a task to a hung Redis gives up after the timeouts (and one retry): the sweep finds
# whatever was not queued (bot turns, reminders, deadlines, e-mails, ratings).
CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_CONNECT_TIMEOUT
CELERY_BROKER_TRANSPORT_OPTIONS = dict(REDIS_TIMEOUTS)
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = REDIS_CONNECT_TIMEOUT
CELERY_REDIS_SOCKET_TIMEOUT = REDIS_SOCKET_TIMEOUT
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "UTC"
# Due times live in the database (Seat.remind_at, Game.warn_at/deadline, pending e-mails,
# digests); this periodic sweep finds them. Embedded, `manage.py sweep --loop` runs it instead
# (scripts/dev.py run starts that next to the web server).
SWEEP_INTERVAL_SECONDS = env_int("SWEEP_INTERVAL_SECONDS", default=60, least=1)
# A bot (or stand-in) to act that has not moved this many seconds after the last move is
# handed its turn again by the sweep (its task was refused, lost or failed).
BOT_TURN_GRACE_SECONDS = env_int("BOT_TURN_GRACE_SECONDS", default=30, least=0)
# The post-game analysis (games.services.analysis): the search's budget per decision (sampled
# worlds, candidate moves) and whether a finished game queues it. Where tasks run eagerly (the
# embedded run, tests) it is not queued by the last move, which would make that move's answer
# wait for the whole analysis: `manage.py analyse_games` runs the waiting ones there.
ANALYSIS_WORLDS = env_int("ANALYSIS_WORLDS", default=16, least=1)
ANALYSIS_WIDTH = env_int("ANALYSIS_WIDTH", default=6, least=1)
# A running analysis whose progress has not moved this long was lost and may be run again.
ANALYSIS_STALE_SECONDS = env_int("ANALYSIS_STALE_SECONDS", default=900, least=60)
ANALYSIS_AFTER_GAME = env_bool("ANALYSIS_AFTER_GAME", default=not CELERY_TASK_ALWAYS_EAGER)
CELERY_BEAT_SCHEDULE = {
    "sweep-due-times": {"task": "games.tasks.sweep_due", "schedule": SWEEP_INTERVAL_SECONDS},
}

# Playing over days: vacation allowance, the hour (member's time zone) of the daily digest,
# and the least time between two turn e-mails to one member.
VACATION_DAYS_PER_YEAR = env_int("VACATION_DAYS_PER_YEAR", default=21, least=0, most=366)
DIGEST_HOUR = env_int("DIGEST_HOUR", default=7, least=0, most=23)
TURN_EMAIL_MIN_MINUTES = 15
# The sweep deletes notification records older than this many days (0: keep them all).
NOTIFICATION_KEEP_DAYS = env_int("NOTIFICATION_KEEP_DAYS", default=180, least=0)

# Games one member may host at once that wait for players or run without another member
# (solo games, tables of bots; 0: no limit): games/services/lobby.py.
OPEN_GAMES_PER_MEMBER = env_int("OPEN_GAMES_PER_MEMBER", default=10, least=0)
# Open WebSockets per member in one web process (a page holds one or two); more are refused.
SOCKETS_PER_MEMBER = env_int("SOCKETS_PER_MEMBER", default=20, least=1)
# How often an open socket reads its session again (at a heartbeat), so that one which expired
# or was ended without a signal (games/consumers.py) stops hearing pushes.
SOCKET_SESSION_CHECK_SECONDS = 300

# Move submissions per member and window (games/ratelimit.py); 0 turns the limit off.
MOVE_RATE_LIMIT = env_int("MOVE_RATE_LIMIT", default=60, least=0)
MOVE_RATE_WINDOW = env_int("MOVE_RATE_WINDOW", default=10, least=1)

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# Who may sign up: anybody ("open"), only with an invite code ("invite"), nobody ("closed").
SIGNUP_MODE = env_choice("SIGNUP_MODE", choices=["open", "invite", "closed"], default="open")

# Club ratings: besides the table of all games, tables of two-player games and of 3-5-player
# games (the leaderboard and every season).
RATINGS_SPLIT = env_bool("RATINGS_SPLIT", default=False)

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = env_str("STATIC_ROOT", default=str(BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "stpete_site.static_storage.StaticStorage"
        )
    },
}

# E-mail: printed to the console unless an SMTP host (or another backend) is configured.
EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    default=(
        "django.core.mail.backends.smtp.EmailBackend"
        if env_str("EMAIL_HOST", default="")
        else "django.core.mail.backends.console.EmailBackend"
    ),
)
if "." not in EMAIL_BACKEND.strip("."):
    raise ImproperlyConfigured(
        f"EMAIL_BACKEND must be a dotted path such as "
        f"django.core.mail.backends.smtp.EmailBackend, not {EMAIL_BACKEND!r}."
    )
EMAIL_HOST = env_str("EMAIL_HOST", default="localhost")
EMAIL_PORT = env_int("EMAIL_PORT", default=25, least=1, most=65535)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=False)
EMAIL_FILE_PATH = env_str("EMAIL_FILE_PATH", default=str(BASE_DIR / "var" / "mail"))
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", default="stpete <stpete@localhost>")

# Security that only makes sense behind HTTPS; on whenever DEBUG is off.
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31536000, least=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# How many proxies (nginx, a load balancer) stand between the clients and Daphne. The client's
# address is the one the outermost of them appended to X-Forwarded-For; 0 ignores the header
# (Daphne faces the clients). Too high a number lets clients choose their address.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", default=0, least=0, most=5)
# Sessions are read on every request and socket: from the cache (Redis when configured),
# written through to the database so a cache flush logs nobody out.
SESSION_ENGINE = "accounts.sessions"
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
CSRF_FAILURE_VIEW = "accounts.views.csrf_failure"

LOG_LEVEL = env_choice(
    "LOG_LEVEL", choices=["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"], default="INFO"
)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    # Django's default config gives "django" a console handler of its own (with DEBUG on) that
    # also passes each record up to ours: every request line of the dev server came out twice.
    # Its records go to the root's console only, at the site's level.
    "loggers": {"django": {"handlers": [], "level": LOG_LEVEL, "propagate": True}},
}

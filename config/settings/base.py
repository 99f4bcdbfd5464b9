"""Settings shared by every mode. Values come from the environment with safe defaults;
see README.md "Configuration". The mode modules (local, test, production) import this."""

from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url

from config.apps import PROJECT_APPS
from config.settings.env import BASE_DIR, VAR_DIR, env_bool, env_int, env_list, env_str

DEBUG = False
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# The address players reach at the venue (`make run LAN=1` sets it): the QR codes open it.
VENUE_URL = env_str("VENUE_URL", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "csp",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "axes",
    *PROJECT_APPS,
]

MIDDLEWARE = [
    "config.middleware.HealthCheckMiddleware",
    "config.middleware.RetryReadsOnDatabaseBlip",
    "django.middleware.security.SecurityMiddleware",
    # watchers' unchanged polls: 204/304 from the version, before sessions and the user (and
    # before the CSP middleware: it stamps the same policy itself, built once)
    "tournaments.fastpath.middleware.UnchangedReadMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # last: turns a log-in that django-axes refused into the 429 answer (accounts/login_guard)
    "axes.middleware.AxesMiddleware",
]

# django-axes first: it refuses a locked-out (username, address) before the password is
# checked, and counts each failure (accounts/login_guard.py).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

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
                "accounts.context_processors.notifications",
                "gameplay.context_processors.games_to_move",
                "home.background_status.background_status",
            ],
        },
    },
]


def database_from_url(url: str) -> dict[str, Any]:
    """A DATABASES entry for the URL; SQLite gets WAL and immediate transactions so the web
    server and the embedded worker can write at the same time without 'database is locked'."""
    config: dict[str, Any] = {**dj_database_url.parse(url)}
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
        }
    # A kept connection is checked before a request reuses it (one dropped by a restart, a
    # failover or a proxy is replaced instead of failing the request).
    config["CONN_HEALTH_CHECKS"] = True
    return config


DATABASE_URL = env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}")
DATABASES = {"default": database_from_url(DATABASE_URL)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT: str | None = env_str("STATIC_ROOT", str(VAR_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

REST_FRAMEWORK = {
    # Token first: an anonymous API call then gets 401 with WWW-Authenticate, not 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # API tokens that expire and can be revoked (django-rest-knox): stored hashed,
        # API_TOKEN_TTL_HOURS long, "Authorization: Token <token>".
        "knox.auth.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "config.errors.api_exception_handler",
    # Sign-up and token requests per client address: slows password guessing. The counts
    # live in the cache below, shared by every web process when Redis is configured.
    "DEFAULT_THROTTLE_RATES": {
        "auth": env_str("AUTH_THROTTLE_RATE", "20/min"),
        "deck-validate-anon": env_str("DECK_VALIDATE_ANON_RATE", "30/min"),
    },
    # How many reverse proxies in front of the app append to X-Forwarded-For. 0: the client
    # address is the peer's (REMOTE_ADDR) and X-Forwarded-For is ignored (config/throttling.py).
    "NUM_PROXIES": env_int("TRUSTED_PROXY_COUNT", 0),
    # DRF's parsers, with JSON nesting bounded (config/parsers.py).
    "DEFAULT_PARSER_CLASSES": [
        "config.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Combat tournaments API",
    "DESCRIPTION": (
        "Tournaments, decks, drafts and games for the Combat family of card games. "
        "Every error has one shape: {detail, code, errors}; see the ErrorResponse schema."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI's assets are served from our own static files: no external CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Two fields are named "format": a draft's (booster, winston, ...) and a deck export's.
    "ENUM_NAME_OVERRIDES": {
        "DraftFormatEnum": ["booster", "winston", "grid", "rochester"],
        "ExportFormatEnum": ["json", "csv"],
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.schema.add_error_responses",
    ],
}

# Celery: Redis when REDIS_URL / CELERY_BROKER_URL is set, otherwise the embedded broker, a
# SQLite file under var/ read through kombu's SQLAlchemy transport (config/embedded_broker.py
# says why), so `make run` needs no Redis.
REDIS_URL = env_str("REDIS_URL")
EMBEDDED_BROKER_FILE = VAR_DIR / "broker.sqlite3"
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL or f"sqlite:///{EMBEDDED_BROKER_FILE}")
EMBEDDED_BROKER = CELERY_BROKER_URL.startswith("sqlite://")
CELERY_BROKER_TRANSPORT: str | None = None  # None: the one kombu picks from the URL
if EMBEDDED_BROKER:
    from config.embedded_broker import engine_options, prepare_database

    prepare_database(Path(CELERY_BROKER_URL.removeprefix("sqlite:///")))
    CELERY_BROKER_TRANSPORT = "config.embedded_broker:Transport"
    CELERY_BROKER_TRANSPORT_OPTIONS = engine_options()
    (VAR_DIR / "results").mkdir(parents=True, exist_ok=True)
    CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", f"file://{VAR_DIR / 'results'}")
else:
    CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", CELERY_BROKER_URL)
if CELERY_BROKER_URL.startswith("redis://"):
    # kombu's Redis transport with the broker-outage fix explained in config/broker.py.
    CELERY_BROKER_TRANSPORT = "config.broker:Transport"
# The cache holds throttle counts: Redis when configured (shared by every process), else memory
# (the embedded mode runs one web process).
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "config.redis_cache.ReusedClientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "combat",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# A copy of each event's version in Redis, for watchers' unchanged polls; how long a copy lives
# (tournaments/fastpath/version_copy.py, tournaments/RULINGS.md 23). 0: off (no Redis).
TOURNAMENT_VERSION_COPY_SECONDS = env_int("TOURNAMENT_VERSION_COPY_SECONDS", 2 if REDIS_URL else 0)

# Live updates (config/live.py): notices pushed to open pages over server-sent events, through
# Redis pub/sub when configured (every web and worker process), else files under var/live that
# the web process watches (the embedded mode's worker is another process).
LIVE_TRANSPORT = env_str("LIVE_TRANSPORT", "redis" if REDIS_URL else "file")
LIVE_FILE_DIR = VAR_DIR / "live"
LIVE_FILE_POLL_S = 0.1
# Streams one web process holds at once; past them pages poll. Under the ASGI server (production
# and `make run`) a stream is a socket and a few objects (README, "Scaling out"); under a WSGI
# server (the browser tests' live server) it holds a thread.
LIVE_MAX_STREAMS = env_int("LIVE_MAX_STREAMS", 40)
LIVE_MAX_ASYNC_STREAMS = env_int("LIVE_MAX_ASYNC_STREAMS", 10_000)
# then the browser reconnects (a dead connection cannot linger)
LIVE_STREAM_SECONDS = env_int("LIVE_STREAM_SECONDS", 55)
LIVE_HEARTBEAT_S = env_int("LIVE_HEARTBEAT_S", 15)

CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_EXPIRES = timedelta(hours=1)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Ride out a broker outage of any length: retry forever instead of giving up after 100 tries.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_TIMEZONE = "UTC"
# beat's usual scheduler, also writing the scheduler heartbeat (config/heartbeats).
CELERY_BEAT_SCHEDULER = "config.heartbeats.celery_hooks:HeartbeatScheduler"
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# Every periodic sweep, in one place. Each is idempotent; see each task's docstring.
# Every 10 s: whatever fell due while the broker was away (its task lost or held) is enforced
# within 30 s of the broker coming back (issue 12; tests/config/test_broker_outage.py).
CELERY_BEAT_SCHEDULE = {
    "match-deadlines-sweep": {
        "task": "tournaments.tasks.match_deadlines_sweep",
        "schedule": 10.0,
    },
    "draft-deadlines-sweep": {
        "task": "decks.drafting.tasks.draft_deadlines_sweep",
        "schedule": 5.0,
    },
    "stalled-bots-sweep": {
        "task": "gameplay.tasks.stalled_bots_sweep",
        "schedule": 10.0,
    },
    "ratings-sweep": {
        "task": "ratings.tasks.ratings_sweep",
        "schedule": 60.0,
    },
}

# The HTML log-in form's posts per client address (config/throttling.py).
LOGIN_ADDRESS_THROTTLE_RATE = env_str("LOGIN_ADDRESS_THROTTLE_RATE", "30/min")
# Failed log-ins (the page and the API token endpoint alike), counted by django-axes per
# (username, address) and per address, never per username alone: a player cannot be locked out
# by someone failing on purpose elsewhere (accounts/login_guard.py, SECURITY.md).
LOGIN_FAILURES_PER_USERNAME_AND_ADDRESS = env_int("LOGIN_FAILURES_PER_USERNAME_AND_ADDRESS", 5)
LOGIN_FAILURES_PER_ADDRESS = env_int("LOGIN_FAILURES_PER_ADDRESS", 30)  # a venue shares one
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_FAILURE_LIMIT = "accounts.login_guard.failure_limit"
AXES_CLIENT_IP_CALLABLE = "accounts.login_guard.client_address"
AXES_USERNAME_CALLABLE = "accounts.login_guard.username_of"
AXES_LOCKOUT_CALLABLE = "accounts.login_guard.lockout_response"
AXES_RESET_ON_SUCCESS = True  # a player who typed it wrong, then right, starts again
AXES_DISABLE_ACCESS_LOG = True  # failures are kept; every successful log-in need not be
AXES_VERBOSE = False

# Content-Security-Policy (django-csp): only this site's own scripts, styles, images and
# connections; no inline script, style attribute or handler (templates have none, tested),
# no framing. The API docs pages load their assets from the sidecar package, also 'self'.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# API tokens (knox): each token request makes a new one (one per device or script), valid
# API_TOKEN_TTL_HOURS; /api/auth/logout/ revokes the one used, /api/auth/logout-all/ every one.
REST_KNOX = {
    "TOKEN_TTL": timedelta(hours=env_int("API_TOKEN_TTL_HOURS", 168)),
    "TOKEN_LIMIT_PER_USER": env_int("API_TOKENS_PER_USER", 20),
    "AUTO_REFRESH": False,
}

# Card set imports (decks/RULINGS.md D15): per set and per user; staff are not limited.
CARD_SET_MAX_CARDS = env_int("CARD_SET_MAX_CARDS", 1000)
CARD_SET_MAX_BYTES = env_int("CARD_SET_MAX_BYTES", 1_000_000)
CARD_SETS_PER_USER = env_int("CARD_SETS_PER_USER", 20)

# /healthz answers 503 when the worker or the scheduler wrote no heartbeat for this long.
HEALTHZ_HEARTBEATS = env_bool("HEALTHZ_HEARTBEATS", True)
# How often an organizer's page asks whether the background processes are back (home/).
BACKGROUND_STATUS_POLL_S = 20
HEALTHZ_SILENT_AFTER_S = env_int("HEALTHZ_SILENT_AFTER_S", 60)

LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s",
        },
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
    },
    "handlers": {
        "stdout": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "json" if env_bool("LOG_JSON", True) else "plain",
        },
    },
    "root": {"handlers": ["stdout"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
    },
}

# Notifications by email (accounts/notifications.py): only where a mail backend is named.
# In-app notifications need nothing. Local mode prints the emails to the console.
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.locmem.EmailBackend")
NOTIFY_BY_EMAIL = env_bool("NOTIFY_BY_EMAIL", bool(env_str("EMAIL_BACKEND")))
# Password reset: an emailed link is valid a day; a link the organizer's desk shows the player
# (a QR code for their phone) 15 minutes. Either works once (accounts/tokens.py).
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT", 24 * 60 * 60)
DESK_RESET_MINUTES = env_int("DESK_RESET_MINUTES", 15)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "combat@localhost")
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
SITE_URL = env_str("SITE_URL")  # e.g. https://combat.example.org, for links in emails

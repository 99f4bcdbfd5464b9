"""Settings for the test suite.

The database is PostgreSQL when DATABASE_URL names one, or when a server answers on
127.0.0.1:5432; otherwise SQLite, and the tests marked `postgres` skip (fail under CI=true).
The broker is in memory and tasks are not run eagerly: tests call tasks directly."""

import os

from config.settings.base import *  # noqa: F403
from config.settings.base import database_from_url
from config.settings.env import VAR_DIR, env_int, env_str

LOCAL_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/combat"


def postgres_answers(url: str) -> bool:
    """True when a PostgreSQL server accepts a connection at the URL's host."""
    try:
        import psycopg

        parsed = database_from_url(url)
        with psycopg.connect(
            host=parsed["HOST"],
            port=parsed["PORT"] or 5432,
            user=parsed["USER"] or "postgres",
            password=parsed["PASSWORD"] or None,
            dbname="postgres",
            connect_timeout=2,
        ):
            return True
    except Exception:
        return False


def test_database_url() -> str:
    """DATABASE_URL if set, else the local PostgreSQL if up, else a SQLite file."""
    explicit = env_str("DATABASE_URL")
    if explicit:
        return explicit
    if postgres_answers(LOCAL_POSTGRES_URL):
        return LOCAL_POSTGRES_URL
    return f"sqlite:///{VAR_DIR / 'test.sqlite3'}"


DEBUG = False
SECRET_KEY = "test-only-secret-key-not-for-production-" + "x" * 20
DATABASES = {"default": database_from_url(test_database_url())}
# pytest-xdist workers each get their own test database via pytest-django's suffixing.
# Many tests sign up from one address; the throttle has its own test.
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {"auth": "100000/min", "deck-validate-anon": "100000/min"},
}
LOGIN_ADDRESS_THROTTLE_RATE = "100000/min"
# Many tests log in (and fail to) from one address; the log-in guard has its own tests, which
# turn it on (tests/accounts/test_login_guard.py).
AXES_ENABLED = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Live notices stay in the test process (the live server runs in it); tests of the Redis and
# file transports make their own.
LIVE_TRANSPORT = env_str("LIVE_TRANSPORT", "local")
# No copy of the events' versions in Redis even when REDIS_URL is set (a developer's shell): the
# tests count the polls' queries; tests/tournaments/test_version_copy.py turns it on.
TOURNAMENT_VERSION_COPY_SECONDS = env_int("TOURNAMENT_VERSION_COPY_SECONDS", 0)
# A browser test's closed page frees its live-server thread within a heartbeat.
LIVE_STREAM_SECONDS = env_int("LIVE_STREAM_SECONDS", 20)  # (a bench holds its streams longer)
LIVE_HEARTBEAT_S = env_int("LIVE_HEARTBEAT_S", 2)
CELERY_BROKER_URL = os.environ.get("TEST_CELERY_BROKER_URL", "memory://")
# base.py names the Redis transport when REDIS_URL is set (a bench, a developer's shell); it
# would win over the memory URL above and send the tests' messages to that Redis.
CELERY_BROKER_TRANSPORT = (
    "config.broker:Transport" if CELERY_BROKER_URL.startswith("redis://") else None
)
EMBEDDED_BROKER = False
CELERY_RESULT_BACKEND = "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = False
LOGGING["root"]["level"] = "WARNING"
LOGGING["handlers"]["stdout"]["formatter"] = "plain"

# Static files are served from the source folders by the finders; nothing is collected.
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# No worker or scheduler runs beside the test server; tests that check heartbeats turn it on.
HEALTHZ_HEARTBEATS = False

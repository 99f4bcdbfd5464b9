"""Production: PostgreSQL and Redis from the environment; passes `check --deploy`."""

from django.core.exceptions import ImproperlyConfigured

from config.settings.base import *  # noqa: F403
from config.settings.env import env_bool, env_int, env_str

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY")
# Keys that were published (docker/env.example, the docs) or say they are placeholders: a key
# anyone can read lets them forge sessions and password-reset links, so production refuses it.
PLACEHOLDER_KEY_MARKERS = ("change-me", "changeme", "change_me", "placeholder", "your-secret")
_key = SECRET_KEY.lower()
if len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 10:
    raise ImproperlyConfigured(
        "Set SECRET_KEY to a random string of at least 50 characters, e.g. the output of "
        "python -c 'import secrets; print(secrets.token_urlsafe(64))'."
    )
if any(marker in _key for marker in PLACEHOLDER_KEY_MARKERS) or _key.startswith("django-insecure"):
    raise ImproperlyConfigured(
        "SECRET_KEY is the example's placeholder. Generate a real one: "
        "python -c 'import secrets; print(secrets.token_urlsafe(64))'."
    )

# The database password too: docker/env.example once published "change-me".
_db_password = str(DATABASES["default"].get("PASSWORD") or "").lower()
if any(marker in _db_password for marker in PLACEHOLDER_KEY_MARKERS):
    raise ImproperlyConfigured(
        "The database password (POSTGRES_PASSWORD, DATABASE_URL) is a placeholder. Generate "
        "one: python -c 'import secrets; print(secrets.token_urlsafe(32))'."
    )

# Password-reset and notice emails leave by SMTP (EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER,
# EMAIL_HOST_PASSWORD, EMAIL_USE_TLS, DEFAULT_FROM_EMAIL); `make run` prints them instead.
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")

# The ASGI server runs each request's sync code in a thread of its own, so a connection kept in
# that thread (CONN_MAX_AGE) would never serve another request: each web process keeps a pool,
# which hands a request a connection already open and checks it first. DB_POOL=false (with
# PgBouncer in front, README "Scaling out") goes back to persistent connections.
if env_bool("DB_POOL", True) and DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps them
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 2,
        "max_size": env_int("DB_POOL_SIZE", 20),
        "timeout": 10,  # a request waits this long for a free connection, then fails (503)
    }
else:
    DATABASES["default"]["CONN_MAX_AGE"] = env_int("CONN_MAX_AGE", 60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True  # (the pool checks a connection it hands out)

STORAGES["staticfiles"] = {
    "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage",
}

# HTTPS is terminated by the proxy in front of gunicorn. Its X-Forwarded-Proto header is
# trusted only when the operator says a proxy sets it (TRUST_X_FORWARDED_PROTO=true): otherwise
# any client could claim "https" on a plain connection.
if env_bool("TRUST_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

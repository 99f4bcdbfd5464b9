"""Production settings for the load test on one box: plain HTTP on 127.0.0.1, the static
files served from their folders (nothing collected), and the bare view beside the app."""

from config.settings.production import *  # noqa: F403

ROOT_URLCONF = "bench.load.urls"
SECURE_SSL_REDIRECT = False
SECURE_HSTS_SECONDS = 0
STORAGES["staticfiles"] = {  # noqa: F405
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
}
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
LOGGING["root"]["level"] = "WARNING"  # noqa: F405

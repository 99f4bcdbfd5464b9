"""The embedded default (`make run`): SQLite under var/, the embedded broker, DEBUG on."""

from config.settings.base import *  # noqa: F403
from config.settings.env import env_bool, env_str, local_secret_key

# Debug pages stay off unless asked for (`DEBUG=1 make run`): the laptop serves a whole room.
DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY") or local_secret_key()
LOGGING["handlers"]["stdout"]["formatter"] = "plain"

# Static files are served from the source folders by the finders; nothing is collected.
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# Notification emails go to the console in local mode (set EMAIL_BACKEND to send them).
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
NOTIFY_BY_EMAIL = env_bool("NOTIFY_BY_EMAIL", True)

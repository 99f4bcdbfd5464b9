"""The project's own packages and apps, written once and read everywhere they are needed: the
settings (INSTALLED_APPS), the urls, and the tests that guard imports, the admin and refused
writes. pyproject.toml cannot read Python, so tests/config/test_project_apps.py holds its lists
(import-linter's contracts, ruff's first-party packages) to these."""

# The project's top-level packages from the top layer down: each imports only those after it
# (import-linter's "Apps depend one way" contract, CONTRIBUTING.md). `games` is the pure
# declaration of the games, the lowest layer.
LAYERS = ("home", "leagues", "gameplay", "decks", "ratings", "tournaments", "accounts", "games")

# Every top-level package of the project's code: the layers, and `config` (settings, urls,
# errors), which sits below every app and imports none.
PROJECT_PACKAGES = (*LAYERS, "config")

# The Django apps (INSTALLED_APPS), lowest layer first: an app's AppConfig.ready() registers
# into the hooks of the apps below it. The apps with an `api_urls.py` are mounted by
# config/urls.py in this order.
PROJECT_APPS = (
    "accounts",
    "tournaments",
    "ratings",
    "decks",
    "decks.drafting",
    "gameplay",
    "leagues",
    "home",
    "config.heartbeats",
)

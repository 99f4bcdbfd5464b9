"""Browser tests: Playwright driving Debian's Chromium against Django's live server."""

import os

import pytest

from tests.conftest import CHROMIUM

# Playwright runs an event loop in the test thread; Django's ORM calls from the test are safe
# because the live server runs in its own thread with its own connection.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Launch Debian's Chromium instead of a downloaded browser."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


def pytest_collection_modifyitems(items):
    """Every test in tests/e2e is a browser test and needs the full database."""
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)

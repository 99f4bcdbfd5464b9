"""Browser tests: Playwright driving Debian's Chromium against Django's live server."""

import contextlib
import os

import pytest

from gameplay import services, tasks
from tests.conftest import CHROMIUM, end_other_connections

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


@pytest.fixture(autouse=True)
def _close_browser_contexts_before_the_flush(browser, transactional_db):
    """Close every browser context a test opened before its database is flushed.

    Pages keep polling the live server (htmx); one left open would query the tables while the
    flush truncates them (a deadlock) or leak into the next test's data. Depending on
    transactional_db makes this teardown run before the flush."""
    opened = []
    original = browser.new_context

    def tracked(*args, **kwargs):
        context = original(*args, **kwargs)
        opened.append(context)
        return context

    browser.new_context = tracked
    yield
    browser.new_context = original
    for context in opened:
        # pytest-playwright's own close wrapper raises ValueError for a context it closed
        with contextlib.suppress(ValueError):
            context.close()
    # the live server's connections still open (a request thread finishing a bot's move or a
    # live stream on a slow box) would deadlock with the flush (TRUNCATE against their reads)
    end_other_connections()


@pytest.fixture
def bots_run_at_once(monkeypatch):
    """Bot moves run in the request that schedules them (no worker in the browser test)."""
    monkeypatch.setattr(
        tasks.bot_move, "delay", lambda game_id: services.game_bots_play(game_id=game_id)
    )

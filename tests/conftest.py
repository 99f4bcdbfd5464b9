"""Project-wide fixtures and the rules for tests that need a service.

Tests marked `postgres`, `redis` or `browser` skip with a reason when the service is absent,
and fail instead when CI=true (CI must run everything)."""

import itertools
import os
import shutil

import pytest
from celery import current_app
from django.db import connection, connections, transaction
from django.test import TransactionTestCase
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from rest_framework.test import APIClient

from config.celery import app as celery_app
from tests.net import answers, free_port  # noqa: F401  (free_port: imported from here too)

CI = os.environ.get("CI", "").lower() == "true"

# Every property still runs all its examples, but a slow, shared 2-core box must not fail a
# test for being slow: no deadline and no "too_slow" / "large_base_example" health checks
# (test_decklist.py::test_round_trip failed with FailedHealthCheck on a loaded CI box).
hypothesis_settings.register_profile(
    "ci",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
    print_blob=True,
)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


def redis_answers() -> bool:
    """True when something accepts TCP connections on the test Redis address."""
    return answers(REDIS_URL)


def _missing(reason: str) -> None:
    if CI:
        pytest.fail(f"CI=true requires it, but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(autouse=True)
def _require_services(request):
    """Skip (or under CI, fail) tests whose service is absent."""
    if request.node.get_closest_marker("postgres") and connection.vendor != "postgresql":
        _missing("this test needs PostgreSQL and the tests run on SQLite (set DATABASE_URL)")
    if request.node.get_closest_marker("redis") and not redis_answers():
        _missing(f"this test needs Redis at {REDIS_URL}")


def pytest_collection_modifyitems(items):
    """The browser tests run last, on every worker. Playwright's sync API leaves its event loop
    set as the thread's running loop after a browser test, and a later test on that worker whose
    client calls an async view (the live streams) is refused ("You cannot use AsyncToSync in the
    same thread as an async event loop"). pytest-xdist hands tests out in this order, so once a
    worker has had a browser test it gets only browser tests."""
    items.sort(key=lambda item: "/e2e/" in str(item.path))


def pytest_runtest_setup(item):
    """Skip (or under CI, fail) browser tests without Chromium.

    This runs before any fixture: pytest-playwright's session-scoped browser would otherwise
    try to launch the missing executable first and turn the skip into an error."""
    if item.get_closest_marker("browser") and not shutil.which(CHROMIUM):
        _missing(f"this test needs Chromium at {CHROMIUM} (apt-get install chromium)")


# Rows a flush keeps: they are written once by migrate and never by a test.
KEPT_BY_THE_FLUSH = frozenset({"django_migrations", "django_content_type", "auth_permission"})
_django_flush = TransactionTestCase._fixture_teardown


def _empty_the_tables(self) -> None:
    """A transactional test's end on PostgreSQL: DELETE every table's rows in one transaction
    (foreign keys deferred), instead of Django's flush. The flush TRUNCATEs about 60 tables
    and then re-creates content types and permissions: 2-3 s a test on a loaded box, about
    165 browser and thread tests; the DELETEs take 0.02-0.04 s. The catalog that the data
    migration loads is put back by `_builtin_catalog` below, as after a flush."""
    for name in self._databases_names(include_mirrors=False):
        database = connections[name]
        if database.vendor != "postgresql":
            _django_flush(self)
            return
        tables = database.introspection.django_table_names(only_existing=True, include_views=False)
        with transaction.atomic(using=name), database.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
            for table in sorted(set(tables) - KEPT_BY_THE_FLUSH):
                cursor.execute(f"DELETE FROM {database.ops.quote_name(table)}")


TransactionTestCase._fixture_teardown = _empty_the_tables  # type: ignore[method-assign]

DB_FIXTURES = {"db", "transactional_db", "live_server", "make_user", "django_db_setup"}


def end_other_connections() -> None:
    """End every other session on the test database (PostgreSQL only): the live server's
    request threads, a thread a test started, a worker process still exiting."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, whose teardown first ends the sessions still open on
    it: the session-scoped live server's threads otherwise keep one, and dropping the
    database then fails with "is being accessed by other users" (left behind on the server)."""
    yield
    with django_db_blocker.unblock():
        connection.close()  # a fresh session: this one may itself have been ended by a test
        end_other_connections()


@pytest.fixture(autouse=True)
def _celery_app_unchanged():
    """A test that makes its own Celery client must not leave it as the current app: the
    project's tasks (shared_task) would then be sent to that client's broker in every later
    test (each send then waited on a stopped Redis: 80 s on one test)."""
    yield
    assert current_app._get_current_object() is celery_app, (
        "a test left another Celery app current: create it with set_as_current=False"
    )


@pytest.fixture(autouse=True)
def _builtin_catalog(request, django_db_blocker):
    """Put back the games and built-in card sets that the data migration loads.

    A transactional test (every browser test) ends by flushing every table, data-migration
    rows included, so the next test on that database would find no games."""
    uses_db = request.node.get_closest_marker("django_db") or DB_FIXTURES & set(
        request.fixturenames
    )
    if not uses_db:
        return
    request.getfixturevalue("django_db_setup")
    from decks import models
    from decks.catalog_loading import load_builtin_sets

    with django_db_blocker.unblock():
        if not models.CardSet.objects.exists():
            names = ("Game", "CardSet", "Card", "Faction")
            load_builtin_sets(models={name: getattr(models, name) for name in names})


_usernames = itertools.count(1)


@pytest.fixture
def make_user(db):
    """make_user(username=None, password=..., **fields) -> a saved user."""
    from accounts.models import User

    def make(username: str | None = None, password: str = "correct-horse-battery", **fields):
        name = username or f"player{next(_usernames)}"
        return User.objects.create_user(username=name, password=password, **fields)

    return make


@pytest.fixture
def api_client() -> APIClient:
    """An anonymous API client."""
    return APIClient()


@pytest.fixture
def client_for():
    """client_for(user) -> an API client authenticated as that user."""

    def make(user) -> APIClient:
        client = APIClient()
        client.force_authenticate(user=user)
        return client

    return make

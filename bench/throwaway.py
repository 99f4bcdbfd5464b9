"""A bench's run in a throwaway test database (test_<name> of DATABASE_URL), created before it
and dropped after it even when the run fails, so no bench leaves a database behind."""

from __future__ import annotations

from collections.abc import Callable


def in_test_database(run: Callable[[], None]) -> None:
    """Create the test database, call `run`, drop the database (Django must be set up)."""
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        run()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)

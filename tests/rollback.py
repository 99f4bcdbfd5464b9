"""Hypothesis examples on the database: each runs in a transaction undone at its end, so the
function-scoped database fixtures are safe to share between a property's examples."""

from collections.abc import Callable

from django.db import transaction
from hypothesis import HealthCheck, settings


class _Rollback(Exception):
    pass


def rolled_back(check: Callable[[], None]) -> None:
    """Run `check()` in a transaction that is undone afterwards."""
    try:
        with transaction.atomic():
            check()
            raise _Rollback
    except _Rollback:
        pass


def database_examples(max_examples: int) -> settings:
    """Hypothesis settings for a property whose examples each use `rolled_back`."""
    return settings(
        max_examples=max_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )

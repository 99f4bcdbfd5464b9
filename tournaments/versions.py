"""A tournament's version: every change to its bracket, entries, clocks or standings bumps it in
the same transaction, and every read that polls or caches is keyed on it (tournaments.freshness).
A module of its own, beside the models, so that other apps' helpers may bump it without
importing the tournament services."""

from django.db import connection
from django.db.models import Subquery

from config import live
from tournaments.models import Tournament


def bump_version(tournament_id: int | Subquery) -> int:
    """Mark the tournament changed in the caller's transaction (one UPDATE, which also takes
    the row's lock): pages, conditional requests and cached renders keyed on the version go
    stale when the change commits. Returns how many rows it bumped (0: no such tournament).

    The UPDATE returns the new version, so the live notice that leaves after the commit needs
    no query of its own (a result report stays at 8 queries, issue 17)."""
    which, params = Tournament.objects.filter(pk=tournament_id).values("pk").query.sql_with_params()
    table, version, pk = (
        connection.ops.quote_name(name) for name in (Tournament._meta.db_table, "version", "id")
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET {version} = {table}.{version} + 1"
            f" WHERE {table}.{pk} IN ({which}) RETURNING {pk}, {version}",
            params,
        )
        bumped = cursor.fetchall()
    for row_pk, new_version in bumped:
        live.publish(f"tournament-{row_pk}", new_version)
    return len(bumped)

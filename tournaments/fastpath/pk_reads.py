"""A tournament's version by primary key, on a cursor kept per connection.

Stands for: `Tournament.objects.filter(pk=pk).values_list("version", "status").first()`.
Justified by `bench/event_scale.py`, figures `unchanged_bracket_poll_204_cpu` and
`unchanged_match_poll_204_cpu` (every watcher's unchanged poll makes this read and nothing
else; the ORM's query building, a new cursor and the parameter's conversion were a third
of its CPU time, issue 17).
"""

from typing import NamedTuple

from django.db import DatabaseError, connection

from tournaments.models import Tournament

MAX_ID = 2**63 - 1  # the largest primary key


class Version(NamedTuple):
    version: int
    status: str


def tournament_version(*, tournament_id: int) -> Version | None:
    """The tournament's version and status (one read by primary key), or None if there is no
    such tournament.

    The version moves with every change to the bracket, entries, clocks or results
    (`tournaments.fastpath.versions.bump_version`)."""
    if not 0 < tournament_id <= MAX_ID:
        return None  # no row has it (and the database would refuse the number)
    found = row_by_pk(VERSION_SQL, tournament_id)
    return Version(*found) if found else None


def row_by_pk(sql: str, pk: int) -> tuple | None:
    """The one row of `sql` (a statement with one `%s`, the primary key) for `pk`, read on
    a cursor this thread's connection keeps. The key is an int checked in range by the
    caller, written into the statement (never text from the request). Each read still goes
    to the database: nothing is cached but the cursor, so a poll never answers from an old
    version.

    A cursor that logs queries (DEBUG, tests counting them) is never kept, so every read is
    logged; a kept one is dropped when its connection was closed or replaced."""
    statement = sql % (int(pk),)
    kept = getattr(connection, "_pk_read_cursor", None)
    if kept is not None and _still_usable(kept):
        try:
            kept.execute(statement)
            return kept.fetchone()
        except DatabaseError:
            if connection.in_atomic_block:
                raise
            # a connection lost since: read again as any read does (which checks it)
    connection._pk_read_cursor = None  # type: ignore[attr-defined]
    cursor = connection.cursor()  # opens (or checks) the connection, as any read does
    cursor.execute(statement)
    row = cursor.fetchone()
    if connection.queries_logged:
        cursor.close()
    else:
        connection._pk_read_cursor = cursor  # type: ignore[attr-defined]
    return row


def _still_usable(kept) -> bool:
    return (
        not connection.queries_logged
        and connection.connection is not None
        and kept.cursor.connection is connection.connection
        and not getattr(kept.cursor, "closed", False)
    )


VERSION_SQL = f"SELECT version, status FROM {Tournament._meta.db_table} WHERE id = %s"

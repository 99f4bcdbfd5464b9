"""A tournament's version: every change to its bracket, entries, clocks or standings bumps it in
the same transaction, and every read that polls or caches is keyed on it
(`tournaments.fastpath.conditional`, `tournaments.fastpath.cache`). Other apps' helpers may
bump it without importing the tournament services.

Stands for: `Tournament.objects.filter(pk=pk).update(version=F("version") + 1)` followed by a
read of the new version for the live notice. Justified by `bench/event_scale.py`, figures
`report_median` and `report_queries_max`: the UPDATE returns the new version (no query of its
own for the notice), and `bump_version_of_match` skips the ORM's compiling of a subquery that
was a fifth of a report's CPU time (issue 17).
"""

from django.db import connection
from django.db.models import Subquery

from config import live
from tournaments.fastpath import version_copy
from tournaments.fastpath.pk_reads import MAX_ID
from tournaments.models import Match, Tournament


def bump_version(tournament_id: int | Subquery) -> int:
    """Mark the tournament changed in the caller's transaction (one UPDATE, which also takes
    the row's lock): pages, conditional requests and cached renders keyed on the version go
    stale when the change commits. Returns how many rows it bumped (0: no such tournament).

    The UPDATE returns the new version, so the live notice that leaves after the commit needs
    no query of its own (a result report stays at 8 queries, issue 17)."""
    if isinstance(tournament_id, int):
        if not 0 < tournament_id <= MAX_ID:
            return 0  # no row has it (and the database would refuse the number)
        return _bump(f"{_PK} = %s", [tournament_id])
    which, params = Tournament.objects.filter(pk=tournament_id).values("pk").query.sql_with_params()
    return _bump(f"{_PK} IN ({which})", params)


def bump_version_of_match(match_id: int) -> int:
    """`bump_version` for the tournament of a match, in plain SQL: every result report and
    confirmation starts with it, and the ORM's compiling of the same subquery was a fifth of
    a report's CPU time (issue 17)."""
    match_id = int(match_id)
    if not 0 < match_id <= MAX_ID:
        return 0
    return _bump(f"{_PK} = (SELECT tournament_id FROM {_MATCH_TABLE} WHERE id = %s)", [match_id])


def _bump(where: str, params) -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {_TABLE} SET {_VERSION} = {_TABLE}.{_VERSION} + 1"
            f" WHERE {where} RETURNING {_PK_NAME}, {_VERSION}",
            params,
        )
        bumped = cursor.fetchall()
    for row_pk, new_version in bumped:
        live.publish(f"tournament-{row_pk}", new_version)
        version_copy.store_after_commit(row_pk, new_version)
    return len(bumped)


_TABLE, _VERSION, _PK_NAME, _MATCH_TABLE = (
    connection.ops.quote_name(name)
    for name in (Tournament._meta.db_table, "version", "id", Match._meta.db_table)
)
_PK = f"{_TABLE}.{_PK_NAME}"

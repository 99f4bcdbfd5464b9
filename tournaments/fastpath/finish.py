"""A finished match (and the next one made ready, and the confirmed report) in one UPDATE.

Stands for: `match.save(update_fields=["status", "winner", "decided_by", "finished_at"])`,
`Match.objects.filter(pk=next_id).update(status="ready")` and
`confirmed.save(update_fields=["confirmed_entries", "status"])`. Justified by
`bench/event_scale.py`, figures `report_median` and `report_queries_max` (every report of a
fixed bracket makes it; the ORM's compiling of its CASEs was a tenth of the report's CPU
time, and a confirmation stays at the report's 8 queries, issue 17).
"""

from typing import Any, cast

from django.db import connection

from tournaments.models import Match, MatchReport


def save_finished(match: Match, *, ready_next: bool, confirmed: MatchReport | None) -> None:
    """Finish the match (and with `ready_next` make the next one ready) in one UPDATE. On
    PostgreSQL the confirmed report's UPDATE rides in the same statement (a data-modifying
    WITH); elsewhere it is a statement of its own."""
    sql = FINISH_SQL
    params = [
        match.pk,
        str(match.status),
        str(Match.Status.READY),
        match.pk,
        match.winner_id,
        match.pk,
        str(match.decided_by),
        match.pk,
        connection.ops.adapt_datetimefield_value(match.finished_at),
        match.pk,
        match.next_id if ready_next else match.pk,  # `IN (pk, pk)`: this match alone
    ]
    if confirmed is not None and connection.vendor == "postgresql":
        entries = MatchReport._meta.get_field("confirmed_entries")
        sql = CONFIRM_REPORT_WITH + sql
        params = [
            str(confirmed.status),
            entries.get_db_prep_save(confirmed.confirmed_entries, connection),
            confirmed.pk,
            *params,
        ]
    elif confirmed is not None:
        confirmed.save(update_fields=["confirmed_entries", "status"])
    with connection.cursor() as cursor:
        cursor.execute(sql, cast(list[Any], params))


FINISH_SQL = (
    f"UPDATE {connection.ops.quote_name(Match._meta.db_table)} SET"
    ' "status" = CASE WHEN "id" = %s THEN %s ELSE %s END,'
    ' "winner_id" = CASE WHEN "id" = %s THEN %s ELSE "winner_id" END,'
    ' "decided_by" = CASE WHEN "id" = %s THEN %s ELSE "decided_by" END,'
    ' "finished_at" = CASE WHEN "id" = %s THEN %s ELSE "finished_at" END'
    ' WHERE "id" IN (%s, %s)'
)
CONFIRM_REPORT_WITH = (
    f"WITH confirmed AS (UPDATE {connection.ops.quote_name(MatchReport._meta.db_table)}"
    ' SET "status" = %s, "confirmed_entries" = %s WHERE "id" = %s) '
)

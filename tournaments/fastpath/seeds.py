"""Many entries' seeds written in one statement.

Stands for: `Entry.objects.bulk_update(entries, ["seed"], batch_size=500)` (what other
databases still run here). Justified by `bench/tournament_services.py`, figure
`create_and_start_<entries>` (`tournament_start`): Django's bulk_update builds a huge CASE,
slow past 1,000 entries; PostgreSQL's `unnest` of two arrays writes them in one short statement.
"""

from django.db import connection

from tournaments.models import Entry


def store_seeds(entries: list[Entry]) -> None:
    """Write the entries' `seed` fields as they are on the instances."""
    if connection.vendor != "postgresql":
        Entry.objects.bulk_update(entries, ["seed"], batch_size=500)
        return
    table = Entry._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} AS e SET seed = v.seed "
            "FROM unnest(%s::bigint[], %s::integer[]) AS v(id, seed) WHERE e.id = v.id",
            [[e.pk for e in entries], [e.seed for e in entries]],
        )

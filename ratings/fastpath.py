"""A ratings sweep's bulk writes, one statement each with each column sent as one array
(PostgreSQL), its reads of many ids as one array, and the game's lock.

Stands for: `RatedMatch.objects.bulk_create(rows)`, `RatingChange.objects.bulk_create(rows)`
and `Rating.objects.bulk_create(rows, update_conflicts=True, unique_fields=["user", "game"],
update_fields=["mu", "sigma", "matches", "updated_at"])`, and `filter(<field>__in=ids)`,
which SQLite still runs. Justified
by `bench/ratings_sweep.py`, figure `ratings_sweep` beside `ratings_openskill_in_memory`
(issue 33: at most 10 times OpenSkill in memory): a 2,048-match sweep writes about 70,000
values, which Django prepared one by one (0.3 of the sweep's 0.7 CPU-s); `unnest` of one
array a column costs a third of that; a read of 4,096 ids as `IN (...)` cost 0.04-0.1 CPU-s
to compile, as `= ANY(array)` 0.006.
"""

import json
from collections.abc import Sequence
from typing import Any

from django.contrib.postgres.fields import ArrayField
from django.db import connection
from django.db.models import BigIntegerField, BooleanField, F, Func, Q, Value
from django.utils import timezone

from ratings.models import RatedMatch, Rating, RatingChange


def lock_game(game: str) -> None:
    """One rater per game at a time (two matches of a game rated at once would both read the
    same old ratings): a transaction-scoped advisory lock on PostgreSQL; SQLite writes one at
    a time anyway."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"ratings:{game}"])


class _AnyOf(Func):
    """`field = ANY(array)`: one parameter for the whole list."""

    arg_joiner = " = ANY("
    template = "%(expressions)s)"
    output_field = BooleanField()


def among(field: str, ids: Sequence[int]) -> Q | _AnyOf:
    """`field` is one of these ids: `field = ANY(array)` on PostgreSQL, else `field IN`."""
    if connection.vendor != "postgresql":
        return Q(**{f"{field}__in": ids})
    return _AnyOf(F(field), Value(list(ids), output_field=ArrayField(BigIntegerField())))


def insert_rated(rows: Sequence[RatedMatch]) -> None:
    """Insert the rated matches (what each match's outcome was read as)."""
    if connection.vendor != "postgresql":
        RatedMatch.objects.bulk_create(rows)
        return
    _unnest_insert(
        RatedMatch,
        {
            "match_id": ("bigint", [r.match_id for r in rows]),
            "game": ("varchar", [r.game for r in rows]),
            "played_at": ("timestamptz", [r.played_at for r in rows]),
            "players": ("jsonb", [json.dumps(r.players) for r in rows]),
            "ranks": ("jsonb", [json.dumps(r.ranks) for r in rows]),
        },
    )


def insert_history(rows: Sequence[RatingChange]) -> None:
    """Insert the rating history's rows."""
    if connection.vendor != "postgresql":
        RatingChange.objects.bulk_create(rows)
        return
    columns = ("mu_before", "sigma_before", "mu_after", "sigma_after")
    _unnest_insert(
        RatingChange,
        {
            "user_id": ("bigint", [r.user_id for r in rows]),
            "game": ("varchar", [r.game for r in rows]),
            "match_id": ("bigint", [r.match_id for r in rows]),
            "played_at": ("timestamptz", [r.played_at for r in rows]),
            **{name: ("float8", [getattr(r, name) for r in rows]) for name in columns},
        },
    )


def upsert_ratings(rows: Sequence[Rating]) -> None:
    """Insert or update each player's rating in the game."""
    fields = ["mu", "sigma", "matches", "updated_at"]
    if connection.vendor != "postgresql":
        Rating.objects.bulk_create(
            rows, update_conflicts=True, unique_fields=["user", "game"], update_fields=fields
        )
        return
    now = timezone.now()
    _unnest_insert(
        Rating,
        {
            "user_id": ("bigint", [r.user_id for r in rows]),
            "game": ("varchar", [r.game for r in rows]),
            "mu": ("float8", [r.mu for r in rows]),
            "sigma": ("float8", [r.sigma for r in rows]),
            "matches": ("integer", [r.matches for r in rows]),
            "updated_at": ("timestamptz", [now] * len(rows)),
        },
        conflict=' ON CONFLICT ("user_id", "game") DO UPDATE SET '
        + ", ".join(f'"{name}" = EXCLUDED."{name}"' for name in fields),
    )


def _unnest_insert(model, columns: dict[str, tuple[str, list[Any]]], conflict: str = "") -> None:
    """INSERT INTO the model's table its columns' arrays, row by row."""
    if not next(iter(columns.values()))[1]:
        return
    names = ", ".join(f'"{name}"' for name in columns)
    arrays = ", ".join(f"%s::{kind}[]" for kind, _ in columns.values())
    table = connection.ops.quote_name(model._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} ({names}) SELECT * FROM unnest({arrays}){conflict}",
            [values for _, values in columns.values()],
        )

"""The drafting app's measured shortcuts: the pod's lock that also moves its version, and a
human pick's writes in one statement.

Stand for, on PostgreSQL (SQLite runs the plain ORM code):
- `lock_draft`: `Draft.objects.select_for_update(of=("self",)).select_related("game")
  .get(pk=...)` followed by `Draft.objects.filter(pk=...).update(version=F("version") + 1)`:
  one `UPDATE ... RETURNING` instead of two statements under every pod's lock.
- `write_pick`: `pick.save(force_insert=True)`, `Pack.objects.filter(pk=...).update(...)` and
  `Seat.objects.bulk_update(seats, ["deadline", "deadline_pack", "deadline_pick_number"])`:
  one statement (a data-modifying WITH) instead of three.

Justified by `bench/draft_pods.py`, figures `draft_human_pick_latency_p99` beside
`bare_lock_and_update_p99` (issue 33: a human pick's p99 at most twice a bare lock and
update's in the same run; it was 3-4 times with 7 statements under the pod's lock). A pick
holds the lock for its 2 statements (`services.human_pick`).
"""

from collections.abc import Sequence
from typing import Any

from django.db import connection
from django.db.models import F

from decks.drafting.models import Draft, Pack, Pick, Seat
from decks.drafting.rules import PackPosition
from decks.models import Game


def lock_draft(draft_id: int) -> Draft | None:
    """The draft row (its game loaded with it), locked for the rest of the transaction and
    its version moved on; None for no such draft."""
    if connection.vendor != "postgresql":
        if not Draft.objects.filter(pk=draft_id).update(version=F("version") + 1):
            return None
        return (
            Draft.objects.select_for_update(of=("self",))
            .select_related("game")
            .filter(pk=draft_id)
            .first()
        )
    with connection.cursor() as cursor:
        cursor.execute(LOCK_SQL, [draft_id])
        row = cursor.fetchone()
    if row is None:
        return None
    draft = Draft.from_db(connection.alias, _DRAFT_FIELDS, row[: len(_DRAFT_FIELDS)])
    draft.game = Game.from_db(connection.alias, _GAME_FIELDS, row[len(_DRAFT_FIELDS) :])
    return draft


def write_pick(pick: Pick, moved: PackPosition, seats: Sequence[Seat]) -> None:
    """Insert the pick (setting its id), move its pack on, and write these seats' deadlines."""
    if connection.vendor != "postgresql":
        pick.save(force_insert=True)
        Pack.objects.filter(pk=moved.id).update(
            holder_seat=moved.holder_seat,
            arrival=moved.arrival,
            cards_left=moved.cards_left,
            picks_made=moved.picks_made,
        )
        Seat.objects.bulk_update(seats, ["deadline", "deadline_pack", "deadline_pick_number"])
        return
    params: list[Any] = [
        *(pick.draft_id, pick.seat_id, pick.pack_id, pick.pack_card_id),
        *(pick.round, pick.pick_number, str(pick.kind), pick.created_at),
        *(moved.holder_seat, moved.arrival, moved.cards_left, moved.picks_made, moved.id),
    ]
    ctes = [PICK_CTE, PACK_CTE]
    if seats:
        ctes.append(SEATS_CTE.format(", ".join([SEAT_ROW] * len(seats))))
        for seat in seats:
            params += [seat.pk, seat.deadline, seat.deadline_pack_id, seat.deadline_pick_number]
    sql = "WITH " + ", ".join(ctes) + ' SELECT "id" FROM pick'
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        (pick.pk,) = cursor.fetchone()


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


_DRAFT_FIELDS = [f.attname for f in Draft._meta.concrete_fields]
_GAME_FIELDS = [f.attname for f in Game._meta.concrete_fields]
LOCK_SQL = (
    f'UPDATE {_table(Draft)} AS d SET "version" = d."version" + 1 FROM {_table(Game)} AS g'
    ' WHERE d."id" = %s AND g."id" = d."game_id" RETURNING '
    + ", ".join(
        [f'd."{f.column}"' for f in Draft._meta.concrete_fields]
        + [f'g."{f.column}"' for f in Game._meta.concrete_fields]
    )
)
PICK_CTE = (
    f"pick AS (INSERT INTO {_table(Pick)}"
    ' ("draft_id", "seat_id", "pack_id", "pack_card_id", "round", "pick_number", "kind",'
    ' "created_at") VALUES (%s, %s, %s, %s, %s, %s, %s, %s) RETURNING "id")'
)
PACK_CTE = (
    f'pack AS (UPDATE {_table(Pack)} SET "holder_seat" = %s, "arrival" = %s,'
    ' "cards_left" = %s, "picks_made" = %s WHERE "id" = %s RETURNING "id")'
)
SEATS_CTE = (
    f'seats AS (UPDATE {_table(Seat)} AS s SET "deadline" = v.deadline,'
    ' "deadline_pack_id" = v.pack, "deadline_pick_number" = v.number'
    ' FROM (VALUES {}) AS v (id, deadline, pack, number) WHERE s."id" = v.id RETURNING s."id")'
)
SEAT_ROW = "(%s::bigint, %s::timestamptz, %s::bigint, %s::integer)"

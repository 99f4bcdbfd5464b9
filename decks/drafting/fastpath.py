"""The drafting app's measured shortcuts: the pod's lock that also moves its version, and a
human pick's reads and writes in one statement each.

Stand for, on PostgreSQL (SQLite runs the plain ORM code):
- `pod_state`: `Draft.objects.select_related("game").get(pk=...)`, `selectors.seats_of`,
  `selectors.positions_of` and the chosen card's read (`PackCard.objects.filter(pk=...,
  pack_id=..., pick__isnull=True)`): one statement (one snapshot) instead of four.
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

import datetime as dt
import json
from collections.abc import Sequence
from typing import Any

from django.db import connection
from django.db.models import F

from decks.drafting.models import Draft, Pack, PackCard, Pick, Seat
from decks.drafting.rules import PackPosition
from decks.models import Game

PodState = tuple[Draft, list[Seat], list[PackPosition], int | None]


def pod_state(draft_id: int, pack_id: int, pack_card_id: int) -> PodState | None:
    """The draft (its game loaded with it), its seats in order, where the round's packs are,
    and the card id of the chosen pack card if it is in that pack and nobody picked it yet
    (else None); None for no such draft. Read without a lock."""
    if connection.vendor != "postgresql":
        draft = Draft.objects.select_related("game").filter(pk=draft_id).first()
        if draft is None:
            return None
        card = (
            PackCard.objects.filter(pk=pack_card_id, pack_id=pack_id, pick__isnull=True)
            .values_list("card_id", flat=True)
            .first()
        )
        seats = list(Seat.objects.filter(draft=draft).order_by("index"))
        packs = Pack.objects.filter(draft=draft, round=draft.round).values_list(*_PACK_FIELDS)
        return draft, seats, [PackPosition(*row) for row in packs], card
    with connection.cursor() as cursor:
        cursor.execute(STATE_SQL, [pack_card_id, pack_id, draft_id])
        row = cursor.fetchone()
    if row is None:
        return None
    split = len(_DRAFT_FIELDS) + len(_GAME_FIELDS)
    draft = _draft(row[:split])
    seats_json, packs_json, card = row[split:]
    seats = [
        Seat.from_db(connection.alias, _SEAT_FIELDS, _seat_values(v)) for v in _rows(seats_json)
    ]
    return draft, seats, [PackPosition(*values) for values in _rows(packs_json)], card


def pod_rows(draft: Draft) -> tuple[list[Seat], list[PackPosition]]:
    """The draft's seats in order and where the round's packs are (one statement; read under
    the pod's lock, after it)."""
    if connection.vendor != "postgresql":
        seats = list(Seat.objects.filter(draft=draft).order_by("index"))
        packs = Pack.objects.filter(draft=draft, round=draft.round).values_list(*_PACK_FIELDS)
        return seats, [PackPosition(*row) for row in packs]
    with connection.cursor() as cursor:
        cursor.execute(ROWS_SQL, [draft.pk, draft.pk, draft.round])
        seats_json, packs_json = cursor.fetchone()
    seats = [
        Seat.from_db(connection.alias, _SEAT_FIELDS, _seat_values(v)) for v in _rows(seats_json)
    ]
    return seats, [PackPosition(*values) for values in _rows(packs_json)]


def _rows(value) -> list:
    """A json_agg column: psycopg hands it over parsed, or as text; NULL for no rows."""
    if value is None:
        return []
    return json.loads(value) if isinstance(value, str) else value


def _seat_values(values: list) -> list:
    """A seat's JSON values as the model's (its deadline from ISO text)."""
    deadline = _SEAT_FIELDS.index("deadline")
    if values[deadline] is not None:
        values[deadline] = dt.datetime.fromisoformat(values[deadline])
    return values


def _draft(values) -> Draft:
    draft = Draft.from_db(connection.alias, _DRAFT_FIELDS, values[: len(_DRAFT_FIELDS)])
    draft.game = Game.from_db(connection.alias, _GAME_FIELDS, values[len(_DRAFT_FIELDS) :])
    return draft


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
    return None if row is None else _draft(row)


def write_pick(
    pick: Pick, moved: PackPosition, seats: Sequence[Seat], arrivals: int | None = None
) -> None:
    """Insert the pick (setting its id), move its pack on, write these seats' deadlines, and
    (given) the draft's arrivals."""
    if connection.vendor != "postgresql":
        if arrivals is not None:
            Draft.objects.filter(pk=pick.draft_id).update(arrivals=arrivals)
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
    if arrivals is not None:
        ctes.append(DRAFT_CTE)
        params += [arrivals, pick.draft_id]
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
_SEAT_FIELDS = [f.attname for f in Seat._meta.concrete_fields]
_PACK_FIELDS = ("id", "round", "origin_seat", "holder_seat", "arrival", "cards_left", "picks_made")
_COLUMNS = ", ".join(
    [f'd."{f.column}"' for f in Draft._meta.concrete_fields]
    + [f'g."{f.column}"' for f in Game._meta.concrete_fields]
)
_SEATS_JSON = (
    " (SELECT json_agg(json_build_array("
    + ", ".join(f's."{f.column}"' for f in Seat._meta.concrete_fields)
    + f') ORDER BY s."index") FROM {_table(Seat)} AS s WHERE s."draft_id" = {{}}),'
)
_PACKS_JSON = (
    " (SELECT json_agg(json_build_array("
    + ", ".join(f'p."{name}"' for name in _PACK_FIELDS)
    + f') ORDER BY p."origin_seat") FROM {_table(Pack)} AS p'
    ' WHERE p."draft_id" = {} AND p."round" = {})'
)
STATE_SQL = (
    f"SELECT {_COLUMNS},"
    + _SEATS_JSON.format('d."id"')
    + _PACKS_JSON.format('d."id"', 'd."round"')
    + f', (SELECT c."card_id" FROM {_table(PackCard)} AS c WHERE c."id" = %s AND c."pack_id" = %s'
    f' AND NOT EXISTS (SELECT 1 FROM {_table(Pick)} AS k WHERE k."pack_card_id" = c."id"))'
    f' FROM {_table(Draft)} AS d JOIN {_table(Game)} AS g ON g."id" = d."game_id"'
    ' WHERE d."id" = %s'
)
ROWS_SQL = "SELECT" + _SEATS_JSON.format("%s") + _PACKS_JSON.format("%s", "%s")
LOCK_SQL = (
    f'UPDATE {_table(Draft)} AS d SET "version" = d."version" + 1 FROM {_table(Game)} AS g'
    f' WHERE d."id" = %s AND g."id" = d."game_id" RETURNING {_COLUMNS}'
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
DRAFT_CTE = f'draft AS (UPDATE {_table(Draft)} SET "arrivals" = %s WHERE "id" = %s RETURNING "id")'
SEATS_CTE = (
    f'seats AS (UPDATE {_table(Seat)} AS s SET "deadline" = v.deadline,'
    ' "deadline_pack_id" = v.pack, "deadline_pick_number" = v.number'
    ' FROM (VALUES {}) AS v (id, deadline, pack, number) WHERE s."id" = v.id RETURNING s."id")'
)
SEAT_ROW = "(%s::bigint, %s::timestamptz, %s::bigint, %s::integer)"

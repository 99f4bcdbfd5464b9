"""The drafting app's measured shortcuts: the pod's lock that also moves its version, and a
human pick's reads and writes in one statement each.

Stand for, on PostgreSQL (SQLite runs the plain ORM code):
- `pod_state`: `Draft.objects.select_related("game").get(pk=...)`, `selectors.seats_of`,
  `selectors.positions_of`, the unpicked cards of the packs with one or two left (what a
  pick's forced last cards take: `PackCard.objects.filter(pack__cards_left__in=(1, 2),
  pick__isnull=True)`) and the chosen card's read (`PackCard.objects.filter(pk=...,
  pack_id=..., pick__isnull=True)`): one statement (one snapshot) instead of five;
  `pod_rows` the same but the draft and the card, under the lock.
- `lock_draft`: `Draft.objects.select_for_update(of=("self",)).select_related("game")
  .get(pk=...)` followed by `Draft.objects.filter(pk=...).update(version=F("version") + 1)`:
  one `UPDATE ... RETURNING` instead of two statements under every pod's lock.
- `claim_and_write`: `Draft.objects.filter(pk=..., version=...).update(version=F("version")
  + 1, arrivals=...)` and, when it updated the row, `write_picks`' writes: one statement
  (data-modifying WITHs joined to the claim) instead of four, run as its own transaction, so
  a planned pick or bots' pass holds the pod's lock for no round trip.
- `write_picks`: `Pick.objects.bulk_create(picks)`, `Pack.objects.bulk_update(
  packs, ["holder_seat", "arrival", "cards_left", "picks_made"])` and
  `Seat.objects.bulk_update(seats, ["deadline", "deadline_pack", "deadline_pick_number"])`:
  one statement (a data-modifying WITH) instead of three.
- `bots_state`, `bots_rows`: `pod_state`'s reads (or `pod_rows`') with the round's unpicked
  pack cards (`PackCard.objects.filter(pack__in=..., pick__isnull=True)`) and the bot seats'
  picks (`Pick.objects.filter(seat__in=...).values_list("seat_id", "pack_card_id",
  "pack_card__card_id")`): one statement instead of five, so the bots plan from one snapshot
  and, when they must choose under the lock, hold it for three statements.

Justified by `bench/draft_pods.py`, figures `draft_human_pick_latency_p99` beside
`bare_lock_and_update_p99` (issue 33: a human pick's p99 at most twice a bare lock and
update's in the same run; it was 3-4 times with 7 statements under the pod's lock). A pick
planned before the lock holds it for one statement (`services.human_pick`), and so does a
bots' pass (`services.bot_picks`).
"""

import contextlib
import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from decks.drafting.models import Draft, Pack, PackCard, Pick, Seat
from decks.drafting.rules import PackPosition
from decks.models import Game

# (pack id, pack card id, card id) of the round's unpicked cards in packs with one or two
# cards left, by pack and position: what a pick's forced last cards take (ruling 5).
LastCards = list[tuple[int, int, int]]
PodState = tuple[Draft, list[Seat], list[PackPosition], LastCards, int | None]


def pod_state(draft_id: int, pack_id: int, pack_card_id: int) -> PodState | None:
    """The draft (its game loaded with it), its seats in order, where the packs of the round
    and the rounds after it are, the cards a forced last card may take (`LastCards`), and
    the card id of the chosen pack
    card if it is in that pack and nobody picked it yet (else None); None for no such draft.
    Read without a lock."""
    if connection.vendor != "postgresql":
        draft = Draft.objects.select_related("game").filter(pk=draft_id).first()
        if draft is None:
            return None
        card = (
            PackCard.objects.filter(pk=pack_card_id, pack_id=pack_id, pick__isnull=True)
            .values_list("card_id", flat=True)
            .first()
        )
        return draft, *pod_rows(draft), card
    with connection.cursor() as cursor:
        cursor.execute(STATE_SQL, [pack_card_id, pack_id, draft_id])
        row = cursor.fetchone()
    if row is None:
        return None
    split = len(_DRAFT_FIELDS) + len(_GAME_FIELDS)
    draft = _draft(row[:split])
    *rows, card = row[split:]
    return draft, *_pod_values(rows), card


def pod_rows(draft: Draft) -> tuple[list[Seat], list[PackPosition], LastCards]:
    """The draft's seats in order, where the packs of the round and the rounds after it are
    (a round's end opens the next) and the unpicked cards of the round's packs with one or
    two cards left (`LastCards`), in one statement (read under the pod's lock, after it)."""
    if connection.vendor != "postgresql":
        seats = list(Seat.objects.filter(draft=draft).order_by("index"))
        later = Pack.objects.filter(draft=draft, round__gte=draft.round).order_by("round")
        packs = later.values_list(*_PACK_FIELDS)
        cards = PackCard.objects.filter(
            pack__draft=draft, pack__round=draft.round, pack__cards_left__in=(1, 2)
        )
        cards = cards.filter(pick__isnull=True).order_by("pack_id", "position")
        return (
            seats,
            [PackPosition(*row) for row in packs],
            list(cards.values_list("pack_id", "id", "card_id")),
        )
    with connection.cursor() as cursor:
        cursor.execute(ROWS_SQL, [draft.pk, draft.pk, draft.round, draft.pk, draft.round])
        return _pod_values(cursor.fetchone())


def _pod_values(values) -> tuple[list[Seat], list[PackPosition], LastCards]:
    seats_json, packs_json, cards_json = values
    seats = [
        Seat.from_db(connection.alias, _SEAT_FIELDS, _seat_values(v)) for v in _rows(seats_json)
    ]
    positions = [PackPosition(*values) for values in _rows(packs_json)]
    return seats, positions, [(v[0], v[1], v[2]) for v in _rows(cards_json)]


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
    if isinstance(draft.queues, str):  # a raw jsonb column arrives as text
        draft.queues = json.loads(draft.queues)
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


# What the bots choose from: (pack id, pack card id, card id) of the round's unpicked cards,
# by pack and position; (seat id, pack card id, card id) of the bot seats' picks, in order.
BotsCards = tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]


def bots_state(draft_id: int) -> tuple[Draft, list[Seat], list[PackPosition], BotsCards] | None:
    """The draft (its game loaded with it), its seats in order, where the packs of the round
    and the rounds after it are and what its bots choose from (`BotsCards`), in one
    snapshot; None for no such draft. Read without a lock."""
    if connection.vendor != "postgresql":
        draft = Draft.objects.select_related("game").filter(pk=draft_id).first()
        if draft is None:
            return None
        return draft, *bots_rows(draft)
    with connection.cursor() as cursor:
        cursor.execute(BOTS_STATE_SQL, [draft_id])
        row = cursor.fetchone()
    if row is None:
        return None
    split = len(_DRAFT_FIELDS) + len(_GAME_FIELDS)
    return _draft(row[:split]), *_bots_values(row[split:])


def bots_rows(draft: Draft) -> tuple[list[Seat], list[PackPosition], BotsCards]:
    """`bots_state` but the draft (one statement; read under the pod's lock, after it)."""
    if connection.vendor != "postgresql":
        seats = list(Seat.objects.filter(draft=draft).order_by("index"))
        later = Pack.objects.filter(draft=draft, round__gte=draft.round).order_by("round")
        packs = later.values_list(*_PACK_FIELDS)
        cards = PackCard.objects.filter(
            pack__draft=draft, pack__round=draft.round, pick__isnull=True
        ).order_by("pack_id", "position")
        picks = Pick.objects.filter(draft=draft, seat__is_bot=True).order_by("id")
        return (
            seats,
            [PackPosition(*row) for row in packs],
            (
                list(cards.values_list("pack_id", "id", "card_id")),
                list(picks.values_list("seat_id", "pack_card_id", "pack_card__card_id")),
            ),
        )
    with connection.cursor() as cursor:
        pk, number = draft.pk, draft.round
        cursor.execute(BOTS_ROWS_SQL, [pk, pk, number, pk, number, pk, pk])
        return _bots_values(cursor.fetchone())


def _bots_values(values) -> tuple[list[Seat], list[PackPosition], BotsCards]:
    seats_json, packs_json, cards_json, picks_json = values
    seats = [
        Seat.from_db(connection.alias, _SEAT_FIELDS, _seat_values(v)) for v in _rows(seats_json)
    ]
    positions = [PackPosition(*v) for v in _rows(packs_json)]
    cards = [(v[0], v[1], v[2]) for v in _rows(cards_json)]
    picks = [(v[0], v[1], v[2]) for v in _rows(picks_json)]
    return seats, positions, (cards, picks)


def write_picks(
    picks: Sequence[Pick],
    moved: Sequence[PackPosition],
    seats: Sequence[Seat],
    arrivals: int | None = None,
    round_number: int | None = None,
) -> None:
    """Insert the picks, move their packs on, write these seats' deadlines and (given) the
    draft's arrivals and round (one statement on PostgreSQL; the first pick gets its id)."""
    if connection.vendor != "postgresql":
        if arrivals is not None:
            draft = Draft.objects.filter(pk=picks[0].draft_id)
            draft.update(arrivals=arrivals, round=round_number or F("round"))
        Pick.objects.bulk_create(picks)
        Pack.objects.bulk_update(
            [
                Pack(
                    pk=m.id,
                    holder_seat=m.holder_seat,
                    arrival=m.arrival,
                    cards_left=m.cards_left,
                    picks_made=m.picks_made,
                )
                for m in moved
            ],
            ["holder_seat", "arrival", "cards_left", "picks_made"],
        )
        Seat.objects.bulk_update(seats, ["deadline", "deadline_pack", "deadline_pick_number"])
        return
    params: list[Any] = []
    now = timezone.now()
    for pick in picks:
        pick.created_at = pick.created_at or now  # as `auto_now_add` sets it
        params += [pick.draft_id, pick.seat_id, pick.pack_id, pick.pack_card_id, pick.round]
        params += [pick.pick_number, str(pick.kind), pick.created_at]
    ctes = [PICKS_CTE.format(", ".join([PICK_ROW] * len(picks)))]
    if moved:
        ctes.append(PACKS_CTE.format(", ".join([PACK_ROW] * len(moved))))
        for m in moved:
            params += [m.id, m.holder_seat, m.arrival, m.cards_left, m.picks_made]
    if arrivals is not None:
        ctes.append(DRAFT_CTE)
        params += [arrivals, round_number, picks[0].draft_id]
    if seats:
        ctes.append(SEATS_CTE.format(", ".join([SEAT_ROW] * len(seats))))
        for seat in seats:
            params += [seat.pk, seat.deadline, seat.deadline_pack_id, seat.deadline_pick_number]
    sql = "WITH " + ", ".join(ctes) + ' SELECT MIN("id") FROM picks'
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        (picks[0].pk,) = cursor.fetchone()  # the rows are numbered in the order given


@dataclass(frozen=True)
class Read:
    """What a plan was made from: the pod's version, arrivals and queue counters as read."""

    draft_id: int
    version: int
    arrivals: int
    round: int
    queues: dict[str, int]

    @classmethod
    def of(cls, draft: Draft) -> "Read":
        queues = dict(draft.queues or {})
        return cls(draft.pk, draft.version, draft.arrivals, draft.round, queues)


def claim_and_write(
    read: Read,
    picks: Sequence[Pick],
    moved: Sequence[PackPosition],
    seats: Sequence[Seat],
    round_number: int | None = None,
) -> int | None:
    """Take the pod's lock only if nothing the plan read has moved, then insert the picks
    (the first gets its id), move their packs on (behind what arrived meanwhile) and write
    these seats' deadlines; the draft's arrivals after it, or None, with nothing written,
    when something moved. Nothing moved: no lock taken since the read (`version`) and, on
    PostgreSQL, no planned write since to the queues this one changes (`Draft.queues`), or to
    any queue when it empties a pack (a round's end is seen by the plan that empties its
    last pack) or writes a deadline elsewhere; `round_number`, when given, is the draft's
    round after it (its last cards ended a round: the next begins). On PostgreSQL one
    statement: run outside a transaction (`write_transaction`), it is its own, so the lock
    is held for no round trip at all. Elsewhere the caller's transaction holds the lock
    across the ORM's statements,
    and any write since the read refuses the plan."""
    count, round_number = len(picks), round_number or read.round
    if connection.vendor != "postgresql":
        claimed = Draft.objects.filter(
            pk=read.draft_id, version=read.version, arrivals=read.arrivals
        ).update(arrivals=read.arrivals + count, round=round_number)
        if claimed:
            write_picks(picks, moved, seats)
        return read.arrivals + count if claimed else None
    condition, moved_on, checked = _claim_condition(read, picks, moved, seats)
    params: list[Any] = [count, round_number, moved_on, read.draft_id, read.version, *checked]
    now = timezone.now()
    for pick in picks:
        pick.created_at = pick.created_at or now  # as `auto_now_add` sets it
        params += [pick.draft_id, pick.seat_id, pick.pack_id, pick.pack_card_id, pick.round]
        params += [pick.pick_number, str(pick.kind), pick.created_at]
    ctes = [CLAIM_CTE + condition + ' RETURNING "arrivals")']
    ctes.append(CLAIMED_PICKS_CTE.format(", ".join([PICK_ROW] * len(picks))))
    if moved:
        ctes.append(CLAIMED_PACKS_CTE.format(", ".join([PACK_ROW] * len(moved))))
        for m in moved:  # its place: how many passes after the read's, counted from the end
            params += [m.id, m.holder_seat, m.arrival - read.arrivals - count]
            params += [m.cards_left, m.picks_made]
    if seats:
        ctes.append(CLAIMED_SEATS_CTE.format(", ".join([SEAT_ROW] * len(seats))))
        for seat in seats:
            params += [seat.pk, seat.deadline, seat.deadline_pack_id, seat.deadline_pick_number]
    sql = "WITH " + ", ".join(ctes) + CLAIMED_SQL
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        arrivals, first = cursor.fetchone()
    if arrivals is not None and picks:
        picks[0].pk = first  # the rows are numbered in the order given
    return arrivals


def _claim_condition(
    read: Read, picks: Sequence[Pick], moved: Sequence[PackPosition], seats: Sequence[Seat]
) -> tuple[str, str, list[Any]]:
    """What a claim asks beyond the version (SQL and its parameters), and the counters of the
    queues it changes moved on (JSON): those counters as read, or, for a plan that empties a
    pack (a round's end empties its last) or writes another seat's deadline, the arrivals."""
    touched = {pick.seat.index for pick in picks} | {m.holder_seat for m in moved}
    counters = {str(index): read.queues.get(str(index), 0) for index in sorted(touched)}
    moved_on = json.dumps({index: value + 1 for index, value in counters.items()})
    if any(m.cards_left == 0 for m in moved) or any(s.index not in touched for s in seats):
        return ' AND "arrivals" = %s', moved_on, [read.arrivals]
    condition = ' AND COALESCE(("queues" ->> %s)::bigint, 0) = %s' * len(counters)
    return condition, moved_on, [value for pair in counters.items() for value in pair]


def write_transaction():
    """The transaction of a `claim_and_write`: none on PostgreSQL outside one (the statement
    is its own, and what `transaction.on_commit` is given then runs once it returned), else
    `transaction.atomic()` (a savepoint inside a transaction)."""
    if connection.vendor == "postgresql" and not connection.in_atomic_block:
        return contextlib.nullcontext()
    return transaction.atomic()


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
    + f') ORDER BY p."round", p."origin_seat") FROM {_table(Pack)} AS p'
    ' WHERE p."draft_id" = {} AND p."round" {})'
)
_LAST_CARDS_JSON = (
    ' (SELECT json_agg(json_build_array(c."pack_id", c."id", c."card_id")'
    f' ORDER BY c."pack_id", c."position") FROM {_table(PackCard)} AS c'
    f' JOIN {_table(Pack)} AS p ON p."id" = c."pack_id"'
    ' WHERE p."draft_id" = {} AND p."round" = {} AND p."cards_left" IN (1, 2)'
    f' AND NOT EXISTS (SELECT 1 FROM {_table(Pick)} AS k WHERE k."pack_card_id" = c."id"))'
)
STATE_SQL = (
    f"SELECT {_COLUMNS},"
    + _SEATS_JSON.format('d."id"')
    + _PACKS_JSON.format('d."id"', '>= d."round"')
    + ","
    + _LAST_CARDS_JSON.format('d."id"', 'd."round"')
    + f', (SELECT c."card_id" FROM {_table(PackCard)} AS c WHERE c."id" = %s AND c."pack_id" = %s'
    f' AND NOT EXISTS (SELECT 1 FROM {_table(Pick)} AS k WHERE k."pack_card_id" = c."id"))'
    f' FROM {_table(Draft)} AS d JOIN {_table(Game)} AS g ON g."id" = d."game_id"'
    ' WHERE d."id" = %s'
)
ROWS_SQL = (
    "SELECT"
    + _SEATS_JSON.format("%s")
    + _PACKS_JSON.format("%s", ">= %s")
    + ","
    + _LAST_CARDS_JSON.format("%s", "%s")
)
LOCK_SQL = (
    f'UPDATE {_table(Draft)} AS d SET "version" = d."version" + 1 FROM {_table(Game)} AS g'
    f' WHERE d."id" = %s AND g."id" = d."game_id" RETURNING {_COLUMNS}'
)
DRAFT_CTE = (
    f'draft AS (UPDATE {_table(Draft)} SET "arrivals" = %s, "round" = COALESCE(%s, "round")'
    ' WHERE "id" = %s RETURNING "id")'
)
SEATS_CTE = (
    f'seats AS (UPDATE {_table(Seat)} AS s SET "deadline" = v.deadline,'
    ' "deadline_pack_id" = v.pack, "deadline_pick_number" = v.number'
    ' FROM (VALUES {}) AS v (id, deadline, pack, number) WHERE s."id" = v.id RETURNING s."id")'
)
SEAT_ROW = "(%s::bigint, %s::timestamptz, %s::bigint, %s::integer)"
_CARDS_JSON = (
    ' (SELECT json_agg(json_build_array(c."pack_id", c."id", c."card_id")'
    f' ORDER BY c."pack_id", c."position") FROM {_table(PackCard)} AS c'
    f' JOIN {_table(Pack)} AS p ON p."id" = c."pack_id"'
    ' WHERE p."draft_id" = {} AND p."round" = {} AND p."cards_left" > 0'
    f' AND NOT EXISTS (SELECT 1 FROM {_table(Pick)} AS k WHERE k."pack_card_id" = c."id")),'
)
_BOT_PICKS_JSON = (
    ' (SELECT json_agg(json_build_array(k."seat_id", k."pack_card_id", c."card_id")'
    f' ORDER BY k."id") FROM {_table(Pick)} AS k'
    f' JOIN {_table(Seat)} AS s ON s."id" = k."seat_id"'
    f' JOIN {_table(PackCard)} AS c ON c."id" = k."pack_card_id"'
    ' WHERE k."draft_id" = {} AND s."draft_id" = {} AND s."is_bot")'
)


def _bots_columns(draft: str, round_number: str) -> str:
    """The bots' state columns (seats, packs from the round on, their cards, the bots' picks)
    for the draft and round written as SQL: columns, or %s placeholders."""
    return (
        _SEATS_JSON.format(draft)
        + _PACKS_JSON.format(draft, f">= {round_number}")
        + ","
        + _CARDS_JSON.format(draft, round_number)
        + _BOT_PICKS_JSON.format(draft, draft)
    )


BOTS_STATE_SQL = (
    f"SELECT {_COLUMNS}, "
    + _bots_columns('d."id"', 'd."round"')
    + f' FROM {_table(Draft)} AS d JOIN {_table(Game)} AS g ON g."id" = d."game_id"'
    ' WHERE d."id" = %s'
)
BOTS_ROWS_SQL = "SELECT" + _bots_columns("%s", "%s")
PICKS_CTE = (
    f"picks AS (INSERT INTO {_table(Pick)}"
    ' ("draft_id", "seat_id", "pack_id", "pack_card_id", "round", "pick_number", "kind",'
    ' "created_at") VALUES {} RETURNING "id")'
)
PICK_ROW = (
    "(%s::bigint, %s::bigint, %s::bigint, %s::bigint, %s::integer, %s::integer, %s::text,"
    " %s::timestamptz)"
)
PACKS_CTE = (
    f'packs AS (UPDATE {_table(Pack)} AS p SET "holder_seat" = v.holder, "arrival" = v.arrival,'
    ' "cards_left" = v.cards_left, "picks_made" = v.picks_made'
    " FROM (VALUES {}) AS v (id, holder, arrival, cards_left, picks_made)"
    ' WHERE p."id" = v.id RETURNING p."id")'
)
PACK_ROW = "(%s::bigint, %s::integer, %s::integer, %s::integer, %s::integer)"
# A claim: the lock taken only if the version is still the one read; every write below
# joins it, so nothing is written when it updated no row (and the lock comes first).
CLAIM_CTE = (
    f'claim AS (UPDATE {_table(Draft)} SET "arrivals" = "arrivals" + %s, "round" = %s,'
    ' "queues" = "queues" || %s::jsonb WHERE "id" = %s AND "version" = %s'
)
CLAIMED_PICKS_CTE = (
    f"picks AS (INSERT INTO {_table(Pick)}"
    ' ("draft_id", "seat_id", "pack_id", "pack_card_id", "round", "pick_number", "kind",'
    ' "created_at") SELECT v.* FROM (VALUES {}) AS v, claim RETURNING "id")'
)
CLAIMED_PACKS_CTE = (
    f'packs AS (UPDATE {_table(Pack)} AS p SET "holder_seat" = v.holder,'
    ' "arrival" = claim."arrivals" + v.arrival, "cards_left" = v.cards_left,'
    ' "picks_made" = v.picks_made'
    " FROM (VALUES {}) AS v (id, holder, arrival, cards_left, picks_made), claim"
    ' WHERE p."id" = v.id RETURNING p."id")'
)
CLAIMED_SEATS_CTE = (
    f'seats AS (UPDATE {_table(Seat)} AS s SET "deadline" = v.deadline,'
    ' "deadline_pack_id" = v.pack, "deadline_pick_number" = v.number'
    " FROM (VALUES {}) AS v (id, deadline, pack, number), claim"
    ' WHERE s."id" = v.id RETURNING s."id")'
)
CLAIMED_SQL = ' SELECT (SELECT "arrivals" FROM claim), (SELECT MIN("id") FROM picks)'

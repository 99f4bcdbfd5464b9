"""A bracket part's matches, with the slots and game wins of those it shows, in one statement.

Stands for, on PostgreSQL (other databases run the plain ORM code, which it calls):
`reads.bracket.match_records` (the matches of each round's index range, with the feeders the
part numbers its empty slots from), `reads.bracket.slot_records` (the slots of the matches
shown, each with its entry and the entry's user) and `reads.bracket.game_wins` (their games
won by each entry): three ORM queries a part, each built and compiled for every read.
Justified by `bench/event_scale.py`, figure `changed_tournament_page_cpu_median` (and
`changed_bracket_partial_cpu_median`): the three reads were about a third of a changed
page's CPU at 4,096 entries (issue 33).
"""

from collections import defaultdict
from types import SimpleNamespace

from django.db import connection

from tournaments.models import Entry, Match, MatchEntry, MatchGame, Tournament
from tournaments.reads.bracket import (
    MATCH_FIELDS,
    game_wins,
    match_records,
    slot_entry,
    slot_records,
)

# (round id, first index, index past the last) of each range read
Ranges = list[tuple[int, int, int]]


class PartRead(SimpleNamespace):
    """`records`: the matches read as light records, by round id, in index order; `slots`:
    each shown match's slots in order; `wins`: each shown match's games won, by entry."""

    records: dict[int, list[SimpleNamespace]]
    slots: dict[int, list[SimpleNamespace]]
    wins: dict[int, dict[int, int]]


def part_read(
    tournament: Tournament, numbers: dict[int, int], fetch: Ranges, shown: Ranges
) -> PartRead:
    """The matches in the `fetch` ranges (`numbers`: each round's number by id), and the
    slots and game wins of those in the `shown` ranges."""
    fetch = [(r, lo, hi) for r, lo, hi in fetch if hi > lo]
    shown = [(r, lo, hi) for r, lo, hi in shown if hi > lo]
    records: dict[int, list[SimpleNamespace]] = defaultdict(list)
    if connection.vendor != "postgresql" or not fetch:
        wanted = _ranges_q(fetch)
        for record in match_records(tournament, numbers, wanted) if fetch else []:
            records[record.round_id].append(record)
        ids = [m.pk for m in _in(records, shown)]
        return PartRead(
            records=records,
            slots=slot_records(tournament, ids) if ids else {},
            wins=game_wins(tournament, ids),
        )
    sql = PART_SQL.format(shown=_ranges_sql(shown), fetch=_ranges_sql(fetch))
    params = [*_flat(shown), *_flat(shown), tournament.pk, *_flat(fetch)]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    slots: dict[int, list[SimpleNamespace]] = {}
    wins: dict[int, dict[int, int]] = {}
    entries: dict[int, SimpleNamespace] = {}
    width = len(MATCH_FIELDS)
    for row in rows:
        record = SimpleNamespace(**dict(zip(MATCH_FIELDS, row[:width], strict=True)))
        record.round_number = numbers[record.round_id]
        records[record.round_id].append(record)
        slots_json, wins_json = row[width:]
        if slots_json is not None:
            slots[record.pk] = [slot_entry(entries, values) for values in slots_json]
        if wins_json is not None:
            wins[record.pk] = dict(wins_json)
    return PartRead(records=records, slots=slots, wins=wins)


def _in(records: dict[int, list[SimpleNamespace]], ranges: Ranges) -> list[SimpleNamespace]:
    return [m for r, lo, hi in ranges for m in records.get(r, []) if lo <= m.index < hi]


def _ranges_q(ranges: Ranges):
    from django.db.models import Q

    wanted = Q(pk__in=[])
    for round_id, lo, hi in ranges:
        wanted |= Q(round_id=round_id, index__gte=lo, index__lt=hi)
    return wanted


def _ranges_sql(ranges: Ranges) -> str:
    if not ranges:
        return "FALSE"
    return " OR ".join(['(m."round_id" = %s AND m."index" >= %s AND m."index" < %s)'] * len(ranges))


def _flat(ranges: Ranges) -> list[int]:
    return [value for rng in ranges for value in rng]


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


_USER = Entry._meta.get_field("user").related_model
# (the fields' attribute names are their columns)
_MATCH_COLUMNS = ", ".join(f'm."{"id" if name == "pk" else name}"' for name in MATCH_FIELDS)
# the slots as `slot_records` reads them: (match, forfeited, entry id, name, seed, cut seed,
# dropped, user id, username) without the match; the wins as `game_wins` counts them
PART_SQL = (
    f"SELECT {_MATCH_COLUMNS},"
    ' CASE WHEN {shown} THEN (SELECT json_agg(json_build_array(s."forfeited", e."id",'
    ' e."name", e."seed", e."cut_seed", e."dropped", e."user_id", u."username")'
    f' ORDER BY s."slot") FROM {_table(MatchEntry)} AS s'
    f' JOIN {_table(Entry)} AS e ON e."id" = s."entry_id"'
    f' LEFT JOIN {_table(_USER)} AS u ON u."id" = e."user_id"'
    ' WHERE s."match_id" = m."id") END,'
    " CASE WHEN {shown} THEN (SELECT json_agg(json_build_array(w.winner, w.n))"
    ' FROM (SELECT g."winner_id" AS winner, COUNT(*) AS n'
    f' FROM {_table(MatchGame)} AS g WHERE g."match_id" = m."id"'
    ' AND g."winner_id" IS NOT NULL AND NOT g."superseded"'
    ' GROUP BY g."winner_id") AS w) END'
    f' FROM {_table(Match)} AS m WHERE m."tournament_id" = %s AND ({{fetch}})'
    ' ORDER BY m."round_id", m."index"'
)

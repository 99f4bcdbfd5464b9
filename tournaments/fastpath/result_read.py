"""The one read a result report or confirmation makes under the lock, as plain SQL.

`lock_match(..., facts_for=user)` reads the match with its tournament and round and the facts
`common.result_facts` names. Built with the ORM, that query costs about 5 ms of Python for
each report (ten subqueries resolved and compiled every time) against 1 ms in PostgreSQL;
here it is written once, the same statement, so a report costs close to its database work.
PostgreSQL only (the production database): other databases take the ORM path, which returns
the same objects and facts (`tests/tournaments/test_query_counts.py` compares the two).

Stands for: the ORM path of `services.common.lock_match` (`select_for_update(of=("self",))`
annotated with `result_facts`). Justified by `bench/event_scale.py`, figure `report_median`.
"""

import json
from functools import cache
from typing import Any

from django.db import connection

from tournaments.models import (
    EntryMember,
    Match,
    MatchEntry,
    MatchGame,
    MatchReport,
    Round,
    Tournament,
)

FACTS = (
    "has_games",
    "slot_0",
    "slot_1",
    "slot_2",
    "slot_3",
    "viewer_entry",
    "viewer_in_event",
    "has_pending_report",
    "next_id",
    "next_status",
    "next_filled",
    "next_forfeited",
    "next_has_players",
    "pending_report_id",
    "pending_report_entry",
    "pending_report_games",
    "pending_report_draw",
    "pending_report_confirmed",
)
BOOLEAN_FACTS = ("has_games", "viewer_in_event", "has_pending_report", "next_has_players")
JSON_FACTS = ("pending_report_games", "pending_report_confirmed")


def _q(name: str) -> str:
    return connection.ops.quote_name(name)


def _columns(model, alias: str) -> str:
    return ", ".join(f"{alias}.{_q(f.column)}" for f in model._meta.concrete_fields)


@cache
def statement() -> str:
    """The SELECT ... FOR UPDATE OF the match, with the facts (built once per process)."""
    match, tournament, round_ = (_q(m._meta.db_table) for m in (Match, Tournament, Round))
    slot, game = _q(MatchEntry._meta.db_table), _q(MatchGame._meta.db_table)
    report, member = _q(MatchReport._meta.db_table), _q(EntryMember._meta.db_table)
    index = _q("index")
    slots = ", ".join(
        f"(SELECT CASE WHEN s.forfeited THEN -s.entry_id ELSE s.entry_id END FROM {slot} s"
        f" WHERE s.match_id = m.id AND s.slot = {n})"
        for n in range(4)
    )
    return (
        f"SELECT {_columns(Match, 'm')}, {_columns(Tournament, 't')}, {_columns(Round, 'r')},"
        f" EXISTS (SELECT 1 FROM {game} g WHERE g.match_id = m.id AND NOT g.superseded),"
        f" {slots},"
        f" (SELECT s.entry_id FROM {slot} s JOIN {member} em ON em.entry_id = s.entry_id"
        f"  WHERE s.match_id = m.id AND em.user_id = %s LIMIT 1),"
        f" EXISTS (SELECT 1 FROM {member} em"
        f"  WHERE em.tournament_id = m.tournament_id AND em.user_id = %s),"
        f" EXISTS (SELECT 1 FROM {report} p WHERE p.match_id = m.id AND p.status = 'pending'),"
        f" n.id, n.status,"
        f" (SELECT COUNT(*) FROM {slot} s WHERE s.match_id = n.id),"
        f" (SELECT COUNT(*) FROM {slot} s WHERE s.match_id = n.id AND s.forfeited),"
        f" EXISTS (SELECT 1 FROM {slot} s JOIN {member} em ON em.entry_id = s.entry_id"
        f"  WHERE s.match_id IN (m.id, n.id)),"
        # the report waiting for confirmation (at most one: a database constraint)
        " p.id, p.entry_id, p.games, p.draw, p.confirmed_entries"
        f" FROM {match} m"
        f" JOIN {tournament} t ON t.id = m.tournament_id"
        f" JOIN {round_} r ON r.id = m.round_id"
        # the next match as `tournaments.brackets.feeds_into` places it: round + 1, index // k
        f" LEFT JOIN {round_} nr ON nr.tournament_id = m.tournament_id AND nr.number = r.number + 1"
        f" LEFT JOIN {match} n ON n.round_id = nr.id"
        f"  AND n.{index} = m.{index} / t.entries_per_match"
        f" LEFT JOIN {report} p ON p.match_id = m.id AND p.status = 'pending'"
        f" WHERE m.id = %s FOR UPDATE OF m"
    )


def usable() -> bool:
    """True where this statement runs (PostgreSQL)."""
    return connection.vendor == "postgresql"


def match_with_facts(match_id: int, user) -> Match | None:
    """The match (its tournament and round attached) with the facts as attributes, locked;
    None if there is no such match. The caller holds the tournament's lock."""
    user_id = user.pk if user is not None and user.is_authenticated else None
    with connection.cursor() as cursor:
        cursor.execute(statement(), [user_id, user_id, match_id])
        row = cursor.fetchone()
    if row is None:
        return None
    parts: list[Any] = []
    for model in (Match, Tournament, Round):
        names = [f.attname for f in model._meta.concrete_fields]
        parts.append(model.from_db(connection.alias, names, row[: len(names)]))
        row = row[len(names) :]
    match, tournament, round_row = parts
    match.tournament, match.round = tournament, round_row
    for name, value in zip(FACTS, row, strict=True):
        if name in BOOLEAN_FACTS:
            value = bool(value)
        elif name in JSON_FACTS and isinstance(value, str):
            value = json.loads(value)  # the driver may hand jsonb over as text (as to Django)
        setattr(match, name, value)
    return match

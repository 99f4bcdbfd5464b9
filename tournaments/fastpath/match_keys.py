"""What a match page's live part shows, as a short key, in two hand-written reads.

Stands for: rendering the match's live part (`reads.matches.match_detail` and the template)
on every poll and comparing. Justified by `bench/event_scale.py`, figure
`unchanged_match_poll_204_cpu` (an unchanged poll reads only the version through the match,
one indexed read, and the cache; issue 17).
"""

import hashlib

from django.db import connection

from tournaments.fastpath import cache as per_version
from tournaments.fastpath.pk_reads import MAX_ID, row_by_pk
from tournaments.models.entries import Entry
from tournaments.models.events import Tournament
from tournaments.models.matches import Match, MatchAudit, MatchEntry, MatchGame, MatchReport


def match_live_key(*, match_id: int) -> str | None:
    """What the match page's live part shows, as a short key, or None if there is no such
    match: the page's poll names it (`?since=key`) and is answered 204 while it is the same,
    whatever else changes in the event.

    The key is a digest of everything the live part renders from the database: the event's
    status (running, cancelled, over), the match's row (status, winner, how it was decided,
    clock, time called), its entries (who fills each slot, their names, seeds, cut seeds,
    forfeits and drops: a winner arriving from the round before fills a slot), its games
    that count, the report waiting for confirmation and who has confirmed it, and its audit
    trail. Every write of those rows changes it; a change to another match does not.

    Every such write also bumps the event's version in its transaction, so the digest is
    cached per (match, version) in the configured cache (and this process's memory): an
    unchanged poll reads only the version through the match (one indexed read) and the
    cache; the digest is worked out again only when the version moved (issue 17)."""
    if not 0 < match_id <= MAX_ID:
        return None
    row = row_by_pk(MATCH_VERSION_SQL, match_id)
    if row is None:
        return None
    key = per_version.recall(match_key_name(match_id, *row))
    if key is None:
        return match_key_digest(match_id)
    return key


def match_key_name(match_id: int, version: int, born: str) -> str:
    """The cache key of a match's digest at a version of its event. The event's creation time
    too (as `cached_per_version`; read as text, which costs a third less than a datetime): a
    database rebuilt under the same cache (tests, a restore) may give another match the same
    id and its event the same version."""
    return f"tournaments:match-live-key:{match_id}:{born.replace(' ', '_')}:v{version}"


def match_key_digest(match_id: int) -> str | None:
    """The digest worked out from the rows, cached under the version read by the same
    statement (so a change that commits meanwhile cannot file it under the old version)."""
    with connection.cursor() as cursor:
        cursor.execute(MATCH_KEY_SQL, [match_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    version, born = rows[0][:2]
    key = hashlib.blake2b(repr([row[2:] for row in rows]).encode(), digest_size=8).hexdigest()
    per_version.store_key(match_key_name(match_id, version, born), key)
    return key


def _match_key_sql() -> str:
    t, m = Tournament._meta.db_table, Match._meta.db_table
    s, e = MatchEntry._meta.db_table, Entry._meta.db_table
    g, r, a = MatchGame._meta.db_table, MatchReport._meta.db_table, MatchAudit._meta.db_table
    # One row per slot (one with NULLs for a match without entries yet), each carrying the
    # match's own facts; the report's JSON is read as text (PostgreSQL jsonb, SQLite text).
    # Games and audit rows are only ever added (a correction supersedes the games it
    # replaces): the sum of the counted games' ids and the last audit id name their state.
    return (
        "SELECT t.version, CAST(t.created_at AS TEXT),"
        " t.status, m.status, m.winner_id, m.decided_by, m.is_bye, m.started_at,"
        " m.deadline, m.time_called_at, m.finished_at,"
        f" (SELECT SUM(g.id) FROM {g} g WHERE g.match_id = m.id AND NOT g.superseded),"
        f" (SELECT MAX(x.id) FROM {a} x WHERE x.match_id = m.id),"
        f" r.id, CAST(r.confirmed_entries AS TEXT), r.draw,"
        " s.slot, s.entry_id, s.forfeited, e.name, e.seed, e.cut_seed, e.dropped"
        f" FROM {m} m JOIN {t} t ON t.id = m.tournament_id"
        f" LEFT JOIN {r} r ON r.match_id = m.id AND r.status = 'pending'"
        f" LEFT JOIN {s} s ON s.match_id = m.id LEFT JOIN {e} e ON e.id = s.entry_id"
        " WHERE m.id = %s ORDER BY s.slot"
    )


def _match_version_sql() -> str:
    t, m = Tournament._meta.db_table, Match._meta.db_table
    return (
        f"SELECT t.version, CAST(t.created_at AS TEXT)"
        f" FROM {m} m JOIN {t} t ON t.id = m.tournament_id WHERE m.id = %s"
    )


MATCH_KEY_SQL = _match_key_sql()
MATCH_VERSION_SQL = _match_version_sql()

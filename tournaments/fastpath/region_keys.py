"""What one region of a big bracket shows, as a short key, in one hand-written read.

Stands for: building the region (`reads.bracket_parts.bracket_region_get`) and rendering it
again after every change in the event. Justified by `bench/event_scale.py`, figures
`changed_bracket_poll_changed_cpu_median` and `changed_bracket_partial_cpu_median`: a region's
render is kept per key, so a change elsewhere in the event (another region) neither builds
it again nor sends its cards to the region's pages (issue 17).
"""

import hashlib

from django.db import connection

from config.errors import NotFound
from tournaments.brackets.regions import region_count, region_ranges
from tournaments.fastpath import cache as per_version
from tournaments.models import Entry, Match, MatchEntry, MatchGame, MatchReport, Tournament
from tournaments.reads.bracket_parts import bracket_shape, drawn_rounds, with_feeders


def bracket_region_key(*, tournament: Tournament, region: int) -> tuple[int, str]:
    """What one region of the bracket shows, as a short key, with the version it was read at.

    The key is a digest of every row the region's render is made from: the event's status,
    each match read for it (those shown and their feeders: status, winner, how decided,
    bye, clock, time called, the counted games, the waiting report) and each slot's entry
    (who, forfeit, name, account name, seed, cut seed, drop). Team events (members) are
    keyed on the version. One query, cached per (region, version) in this process and the
    configured cache; NotFound for a region the bracket does not have."""
    shape = bracket_shape(tournament=tournament)
    scored, drawn = drawn_rounds(tournament, shape)
    sizes = [r.size for r in drawn]
    if not 0 <= region < (region_count(sizes[0]) if sizes else 1):
        raise NotFound("The bracket has no such part.", code="region_not_found")
    key = per_version.recall(region_key_name(tournament, region, tournament.version))
    if key is not None:
        return tournament.version, key
    if tournament.team_size > 1:
        version, key = tournament.version, f"v{tournament.version}"
    else:
        fixed = tournament.pairing == Tournament.Pairing.BRACKET
        shown = [(0, 0)] * scored + region_ranges(
            sizes, tournament.entries_per_match, region, fixed=fixed
        )
        fetch = with_feeders(tournament, shape, shown)
        ranges = [(r.pk, lo, hi) for r, (lo, hi) in zip(shape, fetch, strict=True) if hi > lo]
        version, key = _region_digest(tournament.pk, ranges)
    per_version.store_key(region_key_name(tournament, region, version), key)
    return version, key


def region_key_name(tournament: Tournament, region: int, version: int) -> str:
    """The cache key of a region's key at a version (the event's creation time too, as
    `cached_per_version`)."""
    born = per_version.born(tournament)
    return f"tournaments:region-key:{tournament.pk}:{born}:{region}:v{version}"


def region_key_at(tournament: Tournament, region: int, version: int) -> str | None:
    """A region's key at an earlier version, if it was worked out then (15 minutes)."""
    return per_version.recall(region_key_name(tournament, region, version))


def _region_digest(tournament_id: int, ranges: list[tuple[int, int, int]]) -> tuple[int, str]:
    """The version and the digest of the rows a region's render is made from (one query)."""
    t, m = Tournament._meta.db_table, Match._meta.db_table
    s, e = MatchEntry._meta.db_table, Entry._meta.db_table
    g, r = MatchGame._meta.db_table, MatchReport._meta.db_table
    u = Entry._meta.get_field("user").related_model._meta.db_table
    index = connection.ops.quote_name("index")
    shown = " OR ".join(f"(m.round_id = %s AND m.{index} >= %s AND m.{index} < %s)" for _ in ranges)
    sql = (
        # times as text: parsing them into datetimes cost more than the rest of the read
        "SELECT t.version, t.status, m.id, m.status, m.winner_id, m.decided_by, m.is_bye,"
        " CAST(m.started_at AS TEXT), CAST(m.deadline AS TEXT), CAST(m.time_called_at AS TEXT),"
        f" (SELECT SUM(g.id) FROM {g} g WHERE g.match_id = m.id AND NOT g.superseded),"
        f" (SELECT MAX(r.id) FROM {r} r WHERE r.match_id = m.id AND r.status = 'pending'),"
        " s.slot, s.entry_id, s.forfeited, e.name, e.seed, e.cut_seed, e.dropped, u.username"
        f" FROM {t} t LEFT JOIN {m} m ON m.tournament_id = t.id AND ({shown or '1 = 0'})"
        f" LEFT JOIN {s} s ON s.match_id = m.id LEFT JOIN {e} e ON e.id = s.entry_id"
        f" LEFT JOIN {u} u ON u.id = e.user_id"
        " WHERE t.id = %s ORDER BY m.id, s.slot"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*(x for row in ranges for x in row), tournament_id])
        rows = cursor.fetchall()
    digest = hashlib.blake2b(repr([row[1:] for row in rows]).encode(), digest_size=8)
    return rows[0][0], digest.hexdigest()

"""Reads of the tournaments app, with a fixed number of queries whatever the event's size."""

import hashlib
import time
from collections import defaultdict
from dataclasses import dataclass
from types import SimpleNamespace
from typing import NamedTuple

from django.core.cache import cache
from django.db import DatabaseError, connection
from django.db.models import Count, F, Max, Q, QuerySet

from config.errors import NotFound
from tournaments import swiss_selectors
from tournaments.brackets import CHAMPION, loser_placements
from tournaments.brackets.labels import feeder_indexes, match_numbers, round_name
from tournaments.brackets.regions import (
    live_poll_seconds,
    region_count,
    region_of,
    region_ranges,
)
from tournaments.models import (
    Entry,
    EntryMember,
    Match,
    MatchAudit,
    MatchEntry,
    MatchGame,
    MatchReport,
    Round,
    Tournament,
)


def tournament_list() -> QuerySet[Tournament]:
    """All tournaments, newest first, with their organizer and entry count."""
    return (
        Tournament.objects.select_related("organizer")
        .annotate(entry_count=Count("entries", filter=Q(entries__dropped=False)))
        .order_by("-created_at", "-id")
    )


def tournaments_for_home(*, limit: int = 10) -> list[Tournament]:
    """The most recent tournaments (the home page)."""
    return list(tournament_list()[:limit])


def tournament_get(*, tournament_id: int) -> Tournament:
    """One tournament with its organizer and entry count; NotFound if there is none."""
    tournament = tournament_list().filter(pk=tournament_id).first()
    if tournament is None:
        raise NotFound("No such tournament.", code="tournament_not_found")
    return tournament


class Version(NamedTuple):
    version: int
    status: str


def tournament_version(*, tournament_id: int) -> Version | None:
    """The tournament's version and status (one read by primary key), or None if there is no
    such tournament.

    The version moves with every change to the bracket, entries, clocks or results
    (`tournaments.versions.bump_version`)."""
    # Every poll of every watcher asks this: plain SQL by primary key, without the ORM's
    # query building (a third of the poll's CPU time).
    if not 0 < tournament_id <= MAX_ID:
        return None  # no row has it (and the database would refuse the number)
    found = _row_by_pk(VERSION_SQL, tournament_id)
    return Version(*found) if found else None


MAX_ID = 2**63 - 1  # the largest primary key


def _row_by_pk(sql: str, pk: int) -> tuple | None:
    """The one row of `sql` (a statement with one `%s`, the primary key) for `pk`, read on
    a cursor this thread's connection keeps: every watcher's unchanged poll makes this read
    and nothing else, and a new cursor and the parameter's conversion were a third of its
    CPU time (issue 17). The key is an int checked in range by the caller, written into the
    statement (never text from the request). Each read still goes to the database: nothing
    is cached but the cursor, so a poll never answers from an old version.

    A cursor that logs queries (DEBUG, tests counting them) is never kept, so every read is
    logged; a kept one is dropped when its connection was closed or replaced."""
    statement = sql % (int(pk),)
    kept = getattr(connection, "_pk_read_cursor", None)
    if kept is not None and _still_usable(kept):
        try:
            kept.execute(statement)
            return kept.fetchone()
        except DatabaseError:
            if connection.in_atomic_block:
                raise
            # a connection lost since: read again as any read does (which checks it)
    connection._pk_read_cursor = None
    cursor = connection.cursor()  # opens (or checks) the connection, as any read does
    cursor.execute(statement)
    row = cursor.fetchone()
    if connection.queries_logged:
        cursor.close()
    else:
        connection._pk_read_cursor = cursor
    return row


def _still_usable(kept) -> bool:
    return (
        not connection.queries_logged
        and connection.connection is not None
        and kept.cursor.connection is connection.connection
        and not getattr(kept.cursor, "closed", False)
    )


VERSION_SQL = f"SELECT version, status FROM {Tournament._meta.db_table} WHERE id = %s"


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
    row = _row_by_pk(MATCH_VERSION_SQL, match_id)
    if row is None:
        return None
    name = _match_key_name(match_id, *row)
    key = _LOCAL_KEYS.get(name)
    if key is None:
        key = cache.get(name)
        if key is None:
            return _match_key_digest(match_id)
        _remember(name, key)
    return key


MATCH_KEY_TTL = 15 * 60  # an entry per (match, version): versions only move on
# This process's copy of the keys it has read or worked out, in front of the shared cache (a
# Redis round trip costs about as much CPU as the poll's query): an entry can never be stale,
# its name says which match at which version of which event. Emptied when it is full.
_LOCAL_KEYS: dict[str, str] = {}
LOCAL_KEYS_MAX = 20_000


def _remember(name: str, key: str) -> None:
    if len(_LOCAL_KEYS) >= LOCAL_KEYS_MAX:
        _LOCAL_KEYS.clear()
    _LOCAL_KEYS[name] = key


def _match_key_name(match_id: int, version: int, born: str) -> str:
    """The cache key of a match's digest at a version of its event. The event's creation time
    too (as `cached_per_version`; read as text, which costs a third less than a datetime): a
    database rebuilt under the same cache (tests, a restore) may give another match the same
    id and its event the same version."""
    return f"tournaments:match-live-key:{match_id}:{born.replace(' ', '_')}:v{version}"


def _match_key_digest(match_id: int) -> str | None:
    """The digest worked out from the rows, cached under the version read by the same
    statement (so a change that commits meanwhile cannot file it under the old version)."""
    with connection.cursor() as cursor:
        cursor.execute(MATCH_KEY_SQL, [match_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    version, born = rows[0][:2]
    key = hashlib.blake2b(repr([row[2:] for row in rows]).encode(), digest_size=8).hexdigest()
    name = _match_key_name(match_id, version, born)
    cache.set(name, key, MATCH_KEY_TTL)
    _remember(name, key)
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


def cached_per_key(kind: str, tournament: Tournament, key: str, build):
    """`build()` once per `key` (a digest of what it shows, e.g. `bracket_region_key`), as
    `cached_per_version` does per version; building a new key drops the one built before."""
    born = int(tournament.created_at.timestamp() * 1_000_000)
    prefix = f"tournaments:{kind}:{tournament.pk}:{born}"
    value, built = _build_once(f"{prefix}:k{key}", build)
    if built:
        latest = f"{prefix}:latest"
        older = cache.get(latest)
        if older is not None and older != key:
            cache.delete(f"{prefix}:k{older}")
        cache.set(latest, key, timeout=CACHE_SECONDS)
    return value


def _build_once(key: str, build):
    """The cached value of `key`, else `build()` stored under it (other processes asking
    meanwhile wait for it); and whether this call built it."""
    value = cache.get(key)
    if value is not None:
        return value, False
    # After a change every open page asks at once: one process builds, the others wait for
    # its result instead of each building the same thing (a 4,096-entry bracket is costly).
    building = f"{key}:building"
    if not cache.add(building, 1, timeout=BUILD_SECONDS):
        value = _wait_for(key)
        if value is not None:
            return value, False
    try:
        value = build()
        cache.set(key, value, timeout=CACHE_SECONDS)
    finally:
        cache.delete(building)
    return value, True


def cached_per_version(kind: str, tournament: Tournament, build):
    """`build()` once per version of the tournament, from the configured cache after that
    (Redis in production, local memory in the embedded mode).

    The key names the version, so a change makes a new key and the old entry simply ages
    out: nothing is invalidated by time. Read the version before the data (as
    `tournament_get` does) so an entry is never older than the version it is stored under."""
    # The creation time too: a database rebuilt under the same cache (tests, a restore) may
    # give another tournament the same id and version.
    born = int(tournament.created_at.timestamp() * 1_000_000)
    prefix = f"tournaments:{kind}:{tournament.pk}:{born}"
    value, built = _build_once(f"{prefix}:v{tournament.version}", build)
    if built:
        _forget_older(prefix, tournament.version)
    return value


def _forget_older(prefix: str, version: int) -> None:
    """Drop the entry of the version built before this one: a big bracket's render is
    megabytes, and an event changes every few seconds while it runs."""
    latest = f"{prefix}:latest"
    older = cache.get(latest)
    if older is not None and older < version:
        cache.delete(f"{prefix}:v{older}")
    if older is None or older < version:
        cache.set(latest, version, timeout=CACHE_SECONDS)


BUILD_SECONDS = 30  # a builder that died frees the others after this long


def _wait_for(key: str, *, seconds: float = 10.0, step: float = 0.05):
    """The value another process is building, once it is in the cache; None after `seconds`
    (then the caller builds it itself)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(step)
        value = cache.get(key)
        if value is not None:
            return value
    return None


# How long an unused entry may stay in the cache (it can never be stale: the key names the
# version, and the version before is dropped when a new one is built); a day keeps a finished
# event's pages cheap without filling the cache forever.
CACHE_SECONDS = 24 * 3600


def bracket_cached(*, tournament: Tournament) -> dict:
    """`bracket_get` for the tournament's version, built once per version."""
    return cached_per_version("bracket", tournament, lambda: bracket_get(tournament=tournament))


def standings_cached(*, tournament: Tournament) -> list["StandingRow"]:
    """`standings_get` for the tournament's version, built once per version."""
    return cached_per_version("standings", tournament, lambda: standings_get(tournament=tournament))


@dataclass(frozen=True)
class EntriesClosed:
    message: str
    code: str


def entries_closed_reason(*, tournament: Tournament) -> EntriesClosed | None:
    """Why no entry can join this event any more although it is in registration, or None.

    Draft pods and sealed pools are made for the entries there were; a later entry would
    have no pool and would block the start. (`drafts` and `sealed_deal` are the drafting
    app's relations to the tournament.)"""
    if tournament.drafts.exists():
        return EntriesClosed(
            "The draft pods are already made, so no entry can join now; an entry may still drop.",
            "pods_created",
        )
    if hasattr(tournament, "sealed_deal"):
        return EntriesClosed(
            "The sealed pools are already dealt, so no entry can join now; "
            "an entry may still drop.",
            "pools_dealt",
        )
    return None


def entry_list(*, tournament: Tournament) -> list[Entry]:
    """The tournament's entries by seed, with their users and team members (3 queries)."""
    return list(
        tournament.entries.select_related("user")
        .prefetch_related("members")
        .order_by(F("seed").asc(nulls_last=True), "id")  # seeds 1, 2, ... then the unseeded
    )


def entry_public(entry: Entry) -> dict:
    """An entry as shown everywhere: id, name, seed."""
    return {"id": entry.pk, "name": entry.display_name, "seed": entry.seed}


def _cut_after(tournament: Tournament) -> int | None:
    """The last Swiss round of an event with a top cut (its later rounds are the cut)."""
    return tournament.swiss_rounds if tournament.is_swiss and tournament.top_cut else None


def _match_public(match: Match, slots: list[MatchEntry], cut_after: int | None = None) -> dict:
    """A match as the bracket shows it; in a top cut's round (after round `cut_after`) each
    entry's seed is its cut seed, 1..N by standing (S11), not its registration seed."""
    number = match.round_number if hasattr(match, "round_number") else match.round.number
    in_cut = cut_after is not None and number > cut_after
    return {
        "id": match.pk,
        "round": number,
        "index": match.index,
        "entries": [
            {
                **entry_public(s.entry),
                **({"seed": s.entry.cut_seed} if in_cut and s.entry.cut_seed else {}),
                "forfeited": s.forfeited,
                "dropped": s.entry.dropped,
            }
            for s in slots
        ],
        "status": match.status,
        "time_called": match.time_called_at is not None and match.status == "in_progress",
        "winner": match.winner_id,
        "decided_by": match.decided_by or None,
        "is_bye": match.is_bye,
        "started_at": match.started_at,
        "deadline": match.deadline,
    }


def bracket_get(*, tournament: Tournament) -> dict:
    """Every round with its matches in bracket order (top to bottom) and their entries.

    Three queries, whatever the size: rounds, matches, slots with entries (and one more for a
    team event: each entry's members, by name, shown on its card).
    """
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    numbers = {r.pk: r.number for r in rounds}
    by_match = _slot_records(tournament)
    by_round: dict[int, list[dict]] = defaultdict(list)
    for match in _match_records(tournament, numbers):
        by_round[match.round_id].append(
            _match_public(match, by_match[match.pk], _cut_after(tournament))
        )
    _label(tournament, rounds, by_round)
    _scores(tournament, by_round)
    if tournament.team_size > 1:
        _team_members(tournament, by_round)
    return {
        "rounds": [
            {
                "number": r.number,
                "name": _round_title(tournament, r.number, rounds),
                "stage": "swiss" if tournament.is_swiss_round(r.number) else "bracket",
                "started_at": r.started_at,
                "matches": by_round[r.pk],
            }
            for r in rounds
        ]
    }


def bracket_shape(*, tournament: Tournament) -> list[SimpleNamespace]:
    """Each round's id, number, name, start, and how many matches and byes it has (one query,
    two for random pairing), cached per version."""

    def build() -> list[SimpleNamespace]:
        rows = list(
            Round.objects.filter(tournament=tournament)
            .order_by("number")
            .annotate(size=Count("matches"), byes=Count("matches", filter=Q(matches__is_bye=True)))
            .values_list("pk", "number", "started_at", "size", "byes")
        )
        total = _total_rounds(tournament, rows)
        return [
            SimpleNamespace(
                pk=pk,
                number=number,
                name=round_name(number, total),
                started_at=started_at,
                size=size,
                byes=byes,
            )
            for pk, number, started_at, size, byes in rows
        ]

    # Every read of a big bracket asks for the shape (a few times a request): this process
    # keeps the shapes it has read, by version, in front of the configured cache.
    born = int(tournament.created_at.timestamp() * 1_000_000)
    name = (tournament.pk, born, tournament.version)
    shape = _LOCAL_SHAPES.get(name)
    if shape is None:
        shape = cached_per_version("bracket-shape", tournament, build)
        if len(_LOCAL_SHAPES) >= LOCAL_SHAPES_MAX:
            _LOCAL_SHAPES.clear()
        _LOCAL_SHAPES[name] = shape
    return shape


_LOCAL_SHAPES: dict[tuple[int, int, int], list[SimpleNamespace]] = {}
LOCAL_SHAPES_MAX = 1_000


def poll_seconds(*, tournament: Tournament) -> int:
    """How often the event's pages poll (RULINGS.md 22), from its bracket's size: the first
    round's matches times the entries a match (cached per version with the shape)."""
    shape = bracket_shape(tournament=tournament)
    return live_poll_seconds(shape[0].size * tournament.entries_per_match if shape else 0)


# The whole bracket in one read up to this many matches (1,023 at 1,024 entries of two: 40 ms
# CPU and 368 kB for a changed read, BENCHMARKS.md event scale run 8); a bigger bracket answers
# with its rounds and links to their pages (RULINGS.md 21).
BRACKET_API_MAX_MATCHES = 1024


def bracket_api_get(*, tournament: Tournament) -> dict:
    """The whole-bracket API's body: `bracket_get` with `"paged": false` up to
    BRACKET_API_MAX_MATCHES matches; above that each round's number, name, stage, start and
    match count with the path of its first page (`bracket_round_get`), `"paged": true`.
    The paged form reads the cached shape (no query once cached) whatever the size."""
    shape = bracket_shape(tournament=tournament)
    if sum(r.size for r in shape) <= BRACKET_API_MAX_MATCHES:
        return {"paged": False, **bracket_cached(tournament=tournament)}
    return {
        "paged": True,
        "rounds": [
            {
                "number": r.number,
                "name": _round_title(tournament, r.number, shape),
                "stage": "swiss" if tournament.is_swiss_round(r.number) else "bracket",
                "started_at": r.started_at,
                "total": r.size,
                "page": f"/api/tournaments/{tournament.pk}/bracket/rounds/{r.number}/"
                f"?offset=0&limit={ROUND_PAGE}",
            }
            for r in shape
        ],
    }


def bracket_region_get(*, tournament: Tournament, region: int) -> dict:
    """One region of the bracket (`tournaments.brackets.regions`): its matches of every round,
    shaped as `bracket_get`'s, with `region` and `regions` (how many there are). A bracket of
    up to 64 first-round matches is one region. NotFound for a region it does not have.

    At most seven queries whatever the size (and none for the shape once cached)."""
    shape = bracket_shape(tournament=tournament)
    sizes = [r.size for r in shape]
    regions = region_count(sizes[0]) if sizes else 1
    if not 0 <= region < regions:
        raise NotFound("The bracket has no such part.", code="region_not_found")
    fixed = tournament.pairing == Tournament.Pairing.BRACKET
    shown = region_ranges(sizes, tournament.entries_per_match, region, fixed=fixed)
    part = _bracket_part(tournament, shape, shown)
    return {**part, "region": region, "regions": regions, "parts": bracket_parts(tournament)}


def bracket_parts(tournament: Tournament) -> list[dict]:
    """Each region with the numbers of its first and last first-round match (None when it
    has only byes), for a menu of the bracket's parts; one query (none without byes), cached
    per version."""

    def build() -> list[dict]:
        shape = bracket_shape(tournament=tournament)
        if not shape or region_count(shape[0].size) == 1:
            return []
        first = shape[0]
        byes = set()
        if first.byes:
            rows = Match.objects.filter(round_id=first.pk, is_bye=True).values_list("index")
            byes = {index for (index,) in rows}
        fixed = tournament.pairing == Tournament.Pairing.BRACKET
        per_match = tournament.entries_per_match
        parts = []
        for region in range(region_count(first.size)):
            ((lo, hi),) = region_ranges([first.size], per_match, region, fixed=fixed)
            before = lo - sum(1 for i in byes if i < lo)  # the numbered matches above it
            played = hi - lo - sum(1 for i in byes if lo <= i < hi)
            parts.append(
                {
                    "region": region,
                    "first": before + 1 if played else None,
                    "last": before + played if played else None,
                }
            )
        return parts

    return cached_per_version("bracket-parts", tournament, build)


ROUND_PAGE = 256  # matches in one per-round API read unless the client asks for fewer or more


def bracket_round_get(
    *, tournament: Tournament, number: int, offset: int = 0, limit: int = ROUND_PAGE
) -> dict:
    """The matches `offset` .. `offset + limit` of one round, top to bottom (as in
    `bracket_get`), with how many the round has. A constant number of queries; NotFound for
    a round the bracket does not have."""
    shape = bracket_shape(tournament=tournament)
    found = next((r for r in shape if r.number == number), None)
    if found is None:
        raise NotFound("The bracket has no such round.", code="round_not_found")
    lo = min(max(offset, 0), found.size)
    hi = min(found.size, lo + max(limit, 0))
    shown = [(lo, hi) if r is found else (0, 0) for r in shape]
    part = _bracket_part(tournament, shape, shown)
    (round_row,) = [r for r in part["rounds"] if r["number"] == number]
    return {**round_row, "offset": lo, "total": found.size}


def _bracket_part(
    tournament: Tournament, shape: list[SimpleNamespace], shown: list[tuple[int, int]]
) -> dict:
    """The matches of each round in its index range [lo, hi) of `shown`, labelled as in the
    whole bracket (match numbers, "Winner of match 7", scores, team members).

    Queries: the matches shown and their feeders; the byes before them (when the event has
    byes); their slots; their games; their teams' members (team events)."""
    per_match = tournament.entries_per_match
    fixed = tournament.pairing == Tournament.Pairing.BRACKET
    fetch = _with_feeders(tournament, shape, shown)
    wanted = Q(pk__in=[])
    for round_row, (lo, hi) in zip(shape, fetch, strict=True):
        if hi > lo:
            wanted |= Q(round_id=round_row.pk, index__gte=lo, index__lt=hi)
    numbers = {r.pk: r.number for r in shape}
    records = _match_records(tournament, numbers, wanted)
    by_round: dict[int, list[SimpleNamespace]] = defaultdict(list)
    for record in records:
        by_round[record.round_id].append(record)
    byes_before = _byes_before(tournament, shape, fetch)
    shown_records = [
        m
        for round_row, (lo, hi) in zip(shape, shown, strict=True)
        for m in by_round[round_row.pk]
        if lo <= m.index < hi
    ]
    ids = [m.pk for m in shown_records]
    slots = _slot_records(tournament, ids) if ids else {}
    cut_after = _cut_after(tournament)
    public: dict[int, dict] = {
        m.pk: _match_public(m, slots.get(m.pk, []), cut_after) for m in shown_records
    }
    # match numbers: the non-bye matches of the rounds before, then of this round up to it
    before, labelled, previous = 0, {}, {}
    for round_row, (lo, _hi) in zip(shape, fetch, strict=True):
        number = before + lo - byes_before.get(round_row.pk, 0)
        current = {}
        for m in by_round[round_row.pk]:
            m.number = None if m.is_bye else number + 1
            number += 0 if m.is_bye else 1
            current[m.index] = m
            if m.pk in public:
                labelled[m.pk] = _waiting_for(public[m.pk], m, previous, per_match, fixed)
        previous = current
        before += round_row.size - round_row.byes
    for match_id, (number, waiting_for) in labelled.items():
        public[match_id]["number"] = number
        public[match_id]["waiting_for"] = waiting_for
    by_number: dict[int, list[dict]] = defaultdict(list)
    for m in shown_records:
        by_number[m.round_id].append(public[m.pk])
    _scores(tournament, by_number, ids)
    if tournament.team_size > 1:
        entry_ids = {e["id"] for match in public.values() for e in match["entries"]}
        _team_members(tournament, by_number, entry_ids)
    return {
        "rounds": [
            {
                "number": r.number,
                "name": r.name,
                "started_at": r.started_at,
                "matches": by_number[r.pk],
            }
            for r, (lo, hi) in zip(shape, shown, strict=True)
            if hi > lo
        ]
    }


def _with_feeders(
    tournament: Tournament, shape: list[SimpleNamespace], shown: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The index range of each round to read for the matches `shown`: in a fixed bracket also
    the matches feeding them (their numbers and winners name the empty slots)."""
    per_match = tournament.entries_per_match
    fixed = tournament.pairing == Tournament.Pairing.BRACKET
    fetch = []
    for n, (lo, hi) in enumerate(shown):
        nxt = shown[n + 1] if n + 1 < len(shown) else (0, 0)
        if fixed and nxt[1] > nxt[0]:
            flo, fhi = nxt[0] * per_match, min(nxt[1] * per_match, shape[n].size)
            lo, hi = (min(lo, flo), max(hi, fhi)) if hi > lo else (flo, fhi)
        fetch.append((lo, hi))
    return fetch


def bracket_region_key(*, tournament: Tournament, region: int) -> tuple[int, str]:
    """What one region of the bracket shows, as a short key, with the version it was read at:
    the region's render is kept per key, so a change elsewhere in the event (another region)
    neither builds it again nor sends its cards to the region's pages (issue 17).

    The key is a digest of every row the region's render is made from: the event's status,
    each match read for it (those shown and their feeders: status, winner, how decided,
    bye, clock, time called, the counted games, the waiting report) and each slot's entry
    (who, forfeit, name, account name, seed, cut seed, drop). Team events (members) are
    keyed on the version. One query, cached per (region, version) in this process and the
    configured cache; NotFound for a region the bracket does not have."""
    shape = bracket_shape(tournament=tournament)
    sizes = [r.size for r in shape]
    if not 0 <= region < (region_count(sizes[0]) if sizes else 1):
        raise NotFound("The bracket has no such part.", code="region_not_found")
    name = region_key_name(tournament, region, tournament.version)
    key = _LOCAL_KEYS.get(name) or cache.get(name)
    if key is not None:
        _remember(name, key)
        return tournament.version, key
    if tournament.team_size > 1:
        version, key = tournament.version, f"v{tournament.version}"
    else:
        fixed = tournament.pairing == Tournament.Pairing.BRACKET
        shown = region_ranges(sizes, tournament.entries_per_match, region, fixed=fixed)
        fetch = _with_feeders(tournament, shape, shown)
        ranges = [(r.pk, lo, hi) for r, (lo, hi) in zip(shape, fetch, strict=True) if hi > lo]
        version, key = _region_digest(tournament.pk, ranges)
    name = region_key_name(tournament, region, version)
    cache.set(name, key, MATCH_KEY_TTL)
    _remember(name, key)
    return version, key


def region_key_name(tournament: Tournament, region: int, version: int) -> str:
    """The cache key of a region's key at a version (the event's creation time too, as
    `cached_per_version`)."""
    born = int(tournament.created_at.timestamp() * 1_000_000)
    return f"tournaments:region-key:{tournament.pk}:{born}:{region}:v{version}"


def region_key_at(tournament: Tournament, region: int, version: int) -> str | None:
    """A region's key at an earlier version, if it was worked out then (15 minutes)."""
    name = region_key_name(tournament, region, version)
    key = _LOCAL_KEYS.get(name) or cache.get(name)
    if key is not None:
        _remember(name, key)
    return key


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


def _waiting_for(
    match: dict, record: SimpleNamespace, previous: dict, per_match: int, fixed: bool
) -> tuple[int | None, list[str]]:
    """The match's number, and who fills its empty slots ("Winner of match 3")."""
    missing = per_match - len(match["entries"])
    if not fixed or missing <= 0 or record.is_bye or not previous:
        return record.number, []
    feeders = [previous[i] for i in feeder_indexes(record.index, per_match) if i in previous]
    waiting = [f"Winner of match {f.number}" for f in feeders if f.winner_id is None]
    return record.number, waiting[:missing]


def _byes_before(
    tournament: Tournament, shape: list[SimpleNamespace], fetch: list[tuple[int, int]]
) -> dict[int, int]:
    """Each round's byes before the first match read (one query, none without byes)."""
    before = Q(pk__in=[])
    for round_row, (lo, hi) in zip(shape, fetch, strict=True):
        if round_row.byes and hi > lo and lo > 0:
            before |= Q(round_id=round_row.pk, index__lt=lo)
    if before == Q(pk__in=[]):
        return {}
    rows = (
        Match.objects.filter(tournament=tournament, is_bye=True)
        .filter(before)
        .values("round_id")
        .annotate(n=Count("id"))
        .values_list("round_id", "n")
    )
    return dict(rows)


def bracket_region_of_user(*, tournament: Tournament, entry_ids: set[int]) -> int:
    """The region that shows the viewer's own path: in the fixed bracket the region of their
    first match, in random pairing that of their latest (0 for a spectator, or a bracket of
    one region). One query for a player in a big bracket."""
    shape = bracket_shape(tournament=tournament)
    if not entry_ids or not shape or region_count(shape[0].size) == 1:
        return 0
    fixed = tournament.pairing == Tournament.Pairing.BRACKET
    slots = MatchEntry.objects.filter(entry_id__in=entry_ids, match__tournament=tournament)
    slots = slots.order_by("match__round__number" if fixed else "-match__round__number")
    found = slots.values_list("match__index", "match__round__number").first()
    if found is None:
        return 0
    index, number = found
    size = next((r.size for r in shape if r.number == number), shape[0].size)
    return region_of(index, size, shape[0].size, fixed=fixed)


# A big bracket has thousands of matches: they are read as plain rows into light records with
# the attributes `_match_public` reads (a model instance costs ten times as much to make).
MATCH_FIELDS = (
    "pk",
    "round_id",
    "index",
    "status",
    "is_bye",
    "winner_id",
    "decided_by",
    "started_at",
    "deadline",
    "time_called_at",
)


def _match_records(
    tournament: Tournament, numbers: dict[int, int], wanted: Q | None = None
) -> list[SimpleNamespace]:
    rows = Match.objects.filter(tournament=tournament)
    if wanted is not None:
        rows = rows.filter(wanted)
    rows = rows.order_by("round_id", "index").values_list(*MATCH_FIELDS)
    records = []
    for row in rows:
        record = SimpleNamespace(**dict(zip(MATCH_FIELDS, row, strict=True)))
        record.round_number = numbers[record.round_id]
        records.append(record)
    return records


def _slot_records(
    tournament: Tournament, match_ids: list[int] | None = None
) -> dict[int, list[SimpleNamespace]]:
    """Each match's slots in order (of the whole event, or of `match_ids`), each with its
    entry (one record per entry)."""
    rows = MatchEntry.objects.filter(match__tournament=tournament)
    if match_ids is not None:
        rows = rows.filter(match_id__in=match_ids)
    rows = rows.order_by("match_id", "slot").values_list(
        "match_id",
        "forfeited",
        "entry_id",
        "entry__name",
        "entry__seed",
        "entry__cut_seed",
        "entry__dropped",
        "entry__user_id",
        "entry__user__username",
    )
    entries: dict[int, SimpleNamespace] = {}
    by_match: dict[int, list[SimpleNamespace]] = defaultdict(list)
    for match_id, forfeited, entry_id, name, seed, cut_seed, dropped, user_id, username in rows:
        entry = entries.get(entry_id)
        if entry is None:
            entry = SimpleNamespace(
                pk=entry_id,
                name=name,
                seed=seed,
                cut_seed=cut_seed,
                dropped=dropped,
                user_id=user_id,
                user=SimpleNamespace(username=username),
            )
            entry.display_name = Entry.display_name.fget(entry)
            entries[entry_id] = entry
        by_match[match_id].append(SimpleNamespace(entry=entry, forfeited=forfeited))
    return by_match


def _team_members(
    tournament: Tournament, by_round: dict[int, list[dict]], entry_ids: set[int] | None = None
) -> None:
    """Each team entry's members' usernames, in the order they joined (one query)."""
    names: dict[int, list[str]] = defaultdict(list)
    rows = EntryMember.objects.filter(tournament=tournament)
    if entry_ids is not None:
        rows = rows.filter(entry_id__in=entry_ids)
    rows = rows.order_by("entry_id", "pk").values_list("entry_id", "user__username")
    for entry_id, username in rows:
        names[entry_id].append(username)
    for matches in by_round.values():
        for match in matches:
            for entry in match["entries"]:
                entry["members"] = names.get(entry["id"], [])


def _round_title(tournament: Tournament, number: int, rounds: list[Round]) -> str:
    """Names: "Round 2", "Semifinals", ...; a Swiss event's rounds are "Swiss round n", and its top
    cut's are named as the cut's own bracket ("Quarterfinals" for the first of three)."""
    if not tournament.is_swiss:
        return round_name(number, _total_rounds(tournament, rounds))
    if tournament.is_swiss_round(number):
        return f"Swiss round {number}"
    swiss = tournament.swiss_rounds or 0
    return round_name(number - swiss, len(rounds) - swiss)


def _total_rounds(tournament: Tournament, rounds: list[Round]) -> int:
    """The fixed bracket has every round from the start; random pairing adds one at a time,
    so its total comes from the number of entries (rulebook: k entries a match)."""
    if tournament.pairing == Tournament.Pairing.BRACKET or not rounds:
        return len(rounds)
    entries = tournament.entries.filter(seed__isnull=False).count()
    total, left = 0, max(entries, 2)
    while left > 1:
        left = -(-left // tournament.entries_per_match)
        total += 1
    return max(total, len(rounds))


EN_DASH = "\u2013"  # game scores read "2\u20131"


def _scores(
    tournament: Tournament, by_round: dict[int, list[dict]], match_ids: list[int] | None = None
) -> None:
    """A finished match's result as people read it: "2-1" (en dash), "by time", "forfeit", ... (one
    query for the whole bracket, or for `match_ids`)."""
    wins: dict[int, dict[int, int]] = defaultdict(dict)
    rows = MatchGame.objects.filter(match__tournament=tournament, winner__isnull=False)
    if match_ids is not None:
        rows = rows.filter(match_id__in=match_ids)
    rows = rows.values("match_id", "winner_id").annotate(n=Count("id"))
    for row in rows:
        wins[row["match_id"]][row["winner_id"]] = row["n"]
    for matches in by_round.values():
        for match in matches:
            match["result"] = result_label(match, wins.get(match["id"], {}))


def result_label(match: dict, wins: dict[int, int]) -> str:
    """How a finished match was won, for its card in the bracket."""
    if match["status"] != "finished":
        return ""
    by = match["decided_by"]
    if by == "bye" or match["is_bye"]:
        return "bye"
    if by == "forfeit":
        return "forfeit"
    if by == "draw":
        return "draw"
    if by == "organizer":
        return "by decision"
    winner = wins.get(match["winner"], 0)
    others = max((n for entry, n in wins.items() if entry != match["winner"]), default=0)
    score = f"{winner}{EN_DASH}{others}" if winner else ""
    if by == "time":
        return f"{score} by time".strip()
    return score


def _label(tournament: Tournament, rounds: list[Round], by_round: dict[int, list[dict]]) -> None:
    """Match numbers, and for a slot still empty who will fill it ("Winner of match 3")."""
    per_match = tournament.entries_per_match
    numbered = match_numbers([[m["is_bye"] for m in by_round[r.pk]] for r in rounds])
    previous: list[dict] = []
    for round_row, numbers in zip(rounds, numbered, strict=True):
        matches = by_round[round_row.pk]
        for match, number in zip(matches, numbers, strict=True):
            match["number"] = number
            match["waiting_for"] = []
            missing = per_match - len(match["entries"])
            if tournament.pairing != Tournament.Pairing.BRACKET or missing <= 0:
                continue
            if match["is_bye"] or not previous:
                continue
            feeders = [previous[i] for i in feeder_indexes(match["index"], per_match)]
            match["waiting_for"] = [
                f"Winner of match {f['number']}" for f in feeders if f["winner"] is None
            ][:missing]
        previous = matches


@dataclass(frozen=True)
class StandingEntry:
    """An entry as the standings show it, read as a plain row (a 4,096-entry event's
    standings are built and cached per version: model instances cost most of that; no
    slots, as a dataclass with slots pickles in Python, four times slower)."""

    id: int
    display_name: str
    seed: int | None
    dropped: bool
    user_id: int | None
    username: str

    @property
    def pk(self) -> int:
        return self.id

    @property
    def name(self) -> str:
        return self.display_name

    @property
    def user(self) -> SimpleNamespace:
        """What the standings page links: `row.entry.user.username`, as for an Entry."""
        return SimpleNamespace(username=self.username)


@dataclass
class StandingRow:
    """One line of the standings."""

    entry: StandingEntry
    placement: int | None = None
    placement_label: str = ""
    match_wins: int = 0
    match_losses: int = 0
    game_wins: int = 0
    game_losses: int = 0
    byes: int = 0
    lost_in: int | None = None

    def as_dict(self) -> dict:
        """The row as the API renders it."""
        return {
            "entry": {
                "id": self.entry.id,
                "name": self.entry.display_name,
                "seed": self.entry.seed,
            },
            "placement": self.placement,
            "placement_label": self.placement_label,
            "match_wins": self.match_wins,
            "match_losses": self.match_losses,
            "game_wins": self.game_wins,
            "game_losses": self.game_losses,
            "byes": self.byes,
            "dropped": self.entry.dropped,
        }


def standings_get(*, tournament: Tournament) -> list[StandingRow]:
    """Placements and win/loss counts for every entry in the bracket (three queries, plain
    rows: the counts are summed by the database, one row per entry).

    An entry that lost in round r shares place 1 + (matches in round r); a bye is a win.
    A Swiss event's standings carry its tie-breakers (`swiss_selectors.standings_rows`).
    """
    if tournament.is_swiss:
        return swiss_selectors.standings_rows(tournament=tournament)
    entries = tournament.entries.filter(seed__isnull=False).values_list(
        "pk", "name", "seed", "dropped", "user_id", "user__username"
    )
    rows = {
        pk: StandingRow(
            entry=StandingEntry(
                pk, name or username or f"Entry {pk}", seed, dropped, user_id, username or ""
            )
        )
        for pk, name, seed, dropped, user_id, username in entries
    }
    won = Q(match__winner_id=F("entry_id"))
    # a finished match the entry did not win is a loss (single elimination has no draws)
    records = (
        MatchEntry.objects.filter(match__tournament=tournament, match__status=Match.Status.FINISHED)
        .values("entry_id")
        .annotate(
            wins=Count("pk", filter=won),
            byes=Count("pk", filter=won & Q(match__is_bye=True)),
            losses=Count("pk", filter=~won),
            lost_in=Max("match__round__number", filter=~won),
        )
        .values_list("entry_id", "wins", "byes", "losses", "lost_in")
    )
    for entry_id, wins, byes, losses, lost_in in records:
        row = rows[entry_id]
        row.match_wins, row.byes, row.match_losses, row.lost_in = wins, byes, losses, lost_in
    for entry_id, game_wins, game_losses in _game_records(tournament):
        rows[entry_id].game_wins, rows[entry_id].game_losses = game_wins, game_losses
    _place(tournament, rows)
    return sorted(rows.values(), key=lambda r: (r.placement or 0, r.entry.seed))


def _game_records(tournament: Tournament):
    """(entry, games won, games lost) of each entry that played a counted game with a winner:
    every game of a match counts for each entry in it, won or lost."""
    games = MatchGame._meta.db_table
    slots, matches = MatchEntry._meta.db_table, Match._meta.db_table
    sql = (
        "SELECT s.entry_id,"
        " SUM(CASE WHEN g.winner_id = s.entry_id THEN 1 ELSE 0 END),"
        " SUM(CASE WHEN g.winner_id <> s.entry_id THEN 1 ELSE 0 END)"
        f" FROM {games} g JOIN {matches} m ON m.id = g.match_id"
        f" JOIN {slots} s ON s.match_id = g.match_id"
        " WHERE m.tournament_id = %s AND NOT g.superseded AND g.winner_id IS NOT NULL"
        " GROUP BY s.entry_id"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [tournament.pk])
        return cursor.fetchall()


def _place(tournament: Tournament, rows: dict[int, StandingRow]) -> None:
    if len(rows) < 2 or tournament.status == Tournament.Status.REGISTRATION:
        return
    by_round = loser_placements(len(rows), tournament.entries_per_match, tournament.pairing)
    for row in rows.values():
        if row.lost_in is not None:
            place = by_round[row.lost_in - 1]
            row.placement, row.placement_label = place.first, place.label
    unbeaten = [row for row in rows.values() if row.lost_in is None]
    if tournament.status == Tournament.Status.FINISHED and len(unbeaten) == 1:
        unbeaten[0].placement, unbeaten[0].placement_label = CHAMPION.first, CHAMPION.label


def match_get(*, match_id: int) -> Match:
    """A match with its tournament and round; NotFound if there is none."""
    match = Match.objects.select_related("tournament", "round").filter(pk=match_id).first()
    if match is None:
        raise NotFound("No such match.", code="match_not_found")
    return match


def match_detail(*, match: Match) -> dict:
    """The match as in the bracket, plus its games, pending report and audit trail."""
    slots = list(
        match.slots.select_related("entry__user")
        .prefetch_related("entry__memberships__user")
        .order_by("slot")
    )
    tournament = match.tournament
    body = _match_public(match, slots, _cut_after(tournament))
    body["tournament"] = match.tournament_id
    body["best_of"] = tournament.best_of
    body["team_mode"] = tournament.team_mode if tournament.team_size > 1 else None
    for entry, slot in zip(body["entries"], slots, strict=True):
        members = slot.entry.memberships.all()
        entry["members"] = [{"id": m.user_id, "username": m.user.username} for m in members]
    body["games"] = [
        {
            "number": g.number,
            "winner": g.winner_id,
            "life": g.life,
            "first_damage": g.first_damage_id,
            "source": g.source,
        }
        for g in match.games.filter(superseded=False).order_by("number")
    ]
    report = match.reports.filter(status="pending").first()
    body["pending_report"] = (
        {
            "id": report.pk,
            "entry": report.entry_id,
            "games": report.games,
            "draw": report.draw,
            "confirmed_entries": report.confirmed_entries,
            "reported_by": report.reported_by_id,
        }
        if report
        else None
    )
    names = {entry["id"]: entry["name"] for entry in body["entries"]}
    body["audit"] = [
        {
            "action": a.action,
            "action_label": audit_label(a.action, names),
            "actor": a.actor.username if a.actor else None,
            "at": a.created_at,
            "before": a.before,
            "after": a.after,
            # the trail reads names, never entry ids
            "before_winner": names.get((a.before or {}).get("winner")),
            "after_winner": names.get((a.after or {}).get("winner")),
        }
        for a in match.audit.select_related("actor").order_by("created_at", "id")
    ]
    return body


def match_detail_cached(*, match: Match, key: str) -> dict:
    """`match_detail` once per key of what the match shows (`match_live_key`, read before
    the match), for every reader: the match page, its live part and the API read it after
    each change (issue 17). Team events (members, not in the key) are read each time."""
    if match.tournament.team_size > 1:
        return match_detail(match=match)
    born = int(match.tournament.created_at.timestamp() * 1_000_000)
    name = f"tournaments:match-detail:{match.pk}:{born}:{key}"
    detail = cache.get(name)
    if detail is None:
        detail = match_detail(match=match)
        cache.set(name, detail, MATCH_KEY_TTL)
    return detail


AUDIT_LABELS = {
    "report": "Result reported",
    "confirm": "Result confirmed",
    "organizer-confirm": "Result confirmed by the organizer for the players",
    "dispute": "Result disputed",
    "decide": "Decided by the organizer",
    "decide-own-match": "Decided by the organizer (who plays in it)",
    "organizer": "Result entered by the organizer",
    "organizer-own-match": "Result entered by the organizer (who plays in it)",
    "correction": "Result corrected",
    "correction-own-match": "Result corrected by the organizer (who plays in it)",
    "time-called": "Time called",
    "time": "Decided at time",
    "time-undecided": "Time: the organizer must decide",
    "time-draw": "Drawn at time (level after the time rule)",
    "draw": "Ruled a draw by the organizer",
    "forfeit": "Won by forfeit",
    "forfeit-win": "Won by forfeit",
    "double-forfeit": "Everyone forfeited; the first goes on",
    "bye-follows-correction": "Bye passed on after a correction",
    "engine": "Game played on the engine",
}


def audit_label(action: str, names: dict[int, str]) -> str:
    """An audit action in words: "extend:5" is "Time extended by 5 minutes"."""
    kind, _sep, value = action.partition(":")
    if kind == "extend":
        return f"Time extended by {value} minutes"
    if kind == "forfeit" and value.isdigit():
        return f"{names.get(int(value), 'An entry')} forfeited"
    if kind == "engine-game":
        return f"Game {value} played on the engine"
    return AUDIT_LABELS.get(action, action.replace("-", " ").capitalize())


# What the organizer must do about a match, most urgent first.
ATTENTION = {
    "disputed": (0, "Disputed: decide the winner"),
    "needs_decision": (1, "Needs your decision"),
    "over_time": (2, "Over time: call time"),
    "time_called": (3, "Time called: life totals to enter"),
    "awaiting_confirmation": (4, "Waiting for the opponent's confirmation"),
}
NOT_CHECKED_IN = (5, "Not checked in")
ROUND_READY = (6, "Ready to start")


def _attention_key(match: dict, at) -> str:
    if match["time_called"]:
        return "time_called"
    overdue = match["deadline"] is not None and at is not None and match["deadline"] <= at
    if match["status"] == "in_progress" and overdue:
        return "over_time"
    return match["status"]


def needs_attention(bracket: dict, *, at=None) -> list[dict]:
    """The organizer's queue: matches that wait on someone, most urgent first, from the
    bracket already read (no query). With `at` (now), a running clock past its deadline
    counts as over time."""
    queue = []
    for round_row in bracket["rounds"]:
        for match in round_row["matches"]:
            key = _attention_key(match, at)
            if key not in ATTENTION:
                continue
            priority, reason = ATTENTION[key]
            names = " vs ".join(entry["name"] for entry in match["entries"])
            queue.append(
                {
                    "priority": priority,
                    "kind": key,
                    "match": match,
                    "round": round_row["name"],
                    "reason": reason,
                    "names": names,
                }
            )
    return sorted(queue, key=lambda row: row["priority"])


def check_in_get(*, tournament: Tournament) -> dict:
    """Check-in before the start (one query): who has and has not checked in. Check-in is
    "open" once anyone has checked in; until then nobody is chased."""
    rows = list(
        tournament.entries.filter(dropped=False)
        .select_related("user")
        .order_by(F("seed").asc(nulls_last=True), "id")
    )
    missing = [entry_public(e) for e in rows if e.checked_in_at is None]
    return {
        "checked_in": len(rows) - len(missing),
        "total": len(rows),
        "open": len(missing) < len(rows),
        "missing": missing,
    }


def desk_get(*, tournament: Tournament, bracket: dict, at) -> dict:
    """The organizer's desk: the "needs attention" queue (matches, then players not checked
    in) and, for every round being played, each table's clock. One query on top of the
    bracket already read (none once the event runs)."""
    queue = needs_attention(bracket, at=at)
    check_in = None
    if tournament.status == Tournament.Status.REGISTRATION:
        check_in = check_in_get(tournament=tournament)
        if check_in["open"]:
            priority, reason = NOT_CHECKED_IN
            queue += [
                {"priority": priority, "kind": "check_in", "entry": e, "reason": reason}
                for e in check_in["missing"]
            ]
    for round_row in bracket["rounds"]:
        ready = sum(1 for m in round_row["matches"] if m["status"] == "ready")
        if ready:
            queue.append(
                {
                    "priority": ROUND_READY[0],
                    "kind": "round_ready",
                    "round": round_row,
                    "reason": f"{ready} match{'es' if ready != 1 else ''} ready to start",
                }
            )
    rounds = []
    for round_row in bracket["rounds"]:
        tables = [
            {**m, "over_time": _attention_key(m, at) == "over_time"}
            for m in round_row["matches"]
            if not m["is_bye"] and m["status"] != "finished" and m["entries"]
        ]
        if round_row["started_at"] and tables:
            running = any(t["status"] == "in_progress" for t in tables)
            rounds.append({**round_row, "tables": tables, "running": running})
    return {"queue": queue, "rounds": rounds, "check_in": check_in}


def match_title(match: Match) -> str:
    """The match as the bracket names it: "Semifinals · Match 10" (two queries)."""
    tournament = match.tournament
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    name = _round_title(tournament, match.round.number, rounds)
    if match.is_bye:
        return f"{name} · bye"
    if tournament.is_swiss_round(match.round.number):
        return f"{name} · Table {_table_number(match)}"
    before = Match.objects.filter(tournament=tournament, is_bye=False).filter(
        Q(round__number__lt=match.round.number)
        | Q(round__number=match.round.number, index__lt=match.index)
    )
    return f"{name} · Match {before.count() + 1}"


def _table_number(match: Match) -> int:
    """A Swiss match's table: its place among the round's matches that are not byes."""
    earlier = Match.objects.filter(round_id=match.round_id, is_bye=False, index__lt=match.index)
    return earlier.count() + 1


def entry_ids_of_user(*, tournament: Tournament, user) -> set[int]:
    """The entries the user plays for in this event (their path is highlighted)."""
    if not user.is_authenticated:
        return set()
    return set(tournament.entries.filter(memberships__user=user).values_list("pk", flat=True))


def next_matches_for_user(
    *,
    user,
    limit: int = 5,
    tournament: Tournament | None = None,
    entry_ids: set[int] | None = None,
) -> list[dict]:
    """The user's unfinished matches in running events (or in one), soonest round first, as
    people read them: event, "Semifinals · Match 10" (the table), opponents, status and clock.
    Three queries, plus two for each match's title (at most `limit`). In one event whose
    entries of the user are known (`entry_ids`, `entry_ids_of_user`), two: the matches are
    found through those entries' slots, not through every membership."""
    if user is None or not user.is_authenticated:
        return []
    if tournament is not None and entry_ids is not None:
        if not entry_ids or tournament.status != Tournament.Status.RUNNING:
            return []
        rows = Match.objects.filter(tournament=tournament, slots__entry_id__in=entry_ids)
        rows = rows.filter(is_bye=False)
    else:
        rows = Match.objects.filter(
            tournament__status=Tournament.Status.RUNNING,
            slots__entry__memberships__user=user,
            is_bye=False,
        )
        if tournament is not None:
            rows = rows.filter(tournament=tournament)
    matches = list(
        rows.exclude(status=Match.Status.FINISHED)
        .select_related("tournament", "round")
        .distinct()
        .order_by("round__number", "id")[:limit]
    )
    slots = MatchEntry.objects.filter(match__in=matches).select_related("entry__user")
    names: dict[int, list[tuple[int, str]]] = defaultdict(list)
    if entry_ids is None or tournament is None:
        mine = set(
            Entry.objects.filter(memberships__user=user, slots__match__in=matches).values_list(
                "pk", flat=True
            )
        )
    else:
        mine = entry_ids
    for slot in slots.order_by("match_id", "slot"):
        names[slot.match_id].append((slot.entry_id, slot.entry.display_name))
    return [
        {
            "id": m.pk,
            "tournament": m.tournament,
            "title": match_title(m),
            "opponents": [name for pk, name in names[m.pk] if pk not in mine] or ["not known yet"],
            "status": m.status,
            "deadline": m.deadline if m.status == Match.Status.IN_PROGRESS else None,
            "time_called": m.time_called_at is not None and m.status == Match.Status.IN_PROGRESS,
        }
        for m in matches
    ]


def desk_public(desk: dict) -> dict:
    """The desk as the API gives it (plain JSON: names and ids, no nested bracket rows)."""

    def names(match: dict) -> list[dict]:
        return [{"id": e["id"], "name": e["name"]} for e in match["entries"]]

    queue = []
    for row in desk["queue"]:
        match, round_row = row.get("match"), row.get("round")
        queue.append(
            {
                "kind": row["kind"],
                "reason": row["reason"],
                "match": {"id": match["id"], "number": match["number"], "entries": names(match)}
                if match
                else None,
                "round": round_row["number"] if isinstance(round_row, dict) else None,
                "entry": row.get("entry"),
            }
        )
    rounds = [
        {
            "number": r["number"],
            "name": r["name"],
            "running": r["running"],
            "tables": [
                {
                    "match": t["id"],
                    "number": t["number"],
                    "status": t["status"],
                    "entries": names(t),
                    "deadline": t["deadline"],
                    "time_called": t["time_called"],
                    "over_time": t["over_time"],
                }
                for t in r["tables"]
            ],
        }
        for r in desk["rounds"]
    ]
    check_in = desk["check_in"]
    return {
        "queue": queue,
        "rounds": rounds,
        "check_in": {k: check_in[k] for k in ("checked_in", "total", "open")} if check_in else None,
    }

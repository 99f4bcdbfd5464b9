"""A big bracket read in parts: its shape, one region, one round's page, the viewer's region."""

from collections import defaultdict
from types import SimpleNamespace

from django.db.models import Count, Q

from config.errors import NotFound
from tournaments.brackets.labels import feeder_indexes, round_name
from tournaments.brackets.regions import live_poll_seconds, region_count, region_of, region_ranges
from tournaments.fastpath.cache import cached_in_process
from tournaments.fastpath.part_read import part_read
from tournaments.models import Match, MatchEntry, Round, Tournament
from tournaments.reads import double_elimination
from tournaments.reads.bracket import (
    bracket_cached,
    cut_after,
    match_public,
    round_stage,
    round_title,
    scores,
    team_members,
    total_rounds,
)


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
        total = total_rounds(tournament, rows)
        plain = not (tournament.is_swiss or tournament.is_round_robin)
        plain = plain and tournament.double_first_round is None
        return [
            SimpleNamespace(
                pk=pk,
                number=number,
                name=round_name(number, total) if plain else round_title(tournament, number, rows),
                started_at=started_at,
                size=size,
                byes=byes,
            )
            for pk, number, started_at, size, byes in rows
        ]

    # Every read of a big bracket asks for the shape (a few times a request): this process
    # keeps the shapes it has read, by version, in front of the configured cache.
    return cached_in_process("bracket-shape", tournament, build)


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
                "name": round_title(tournament, r.number, shape),
                "stage": round_stage(tournament, r.number),
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
    scored, drawn = drawn_rounds(tournament, shape)
    sizes = [r.size for r in drawn]
    # a double-elimination bracket is drawn whole (its rounds are not halves of each other)
    regions = region_count(sizes[0]) if sizes and not _is_double(tournament) else 1
    if not 0 <= region < regions:
        raise NotFound("The bracket has no such part.", code="region_not_found")
    fixed = tournament.pairing == Tournament.Pairing.BRACKET
    if _is_double(tournament):
        # every match of every round (a losers' round's indexes have gaps: pass-throughs)
        shown = [(0, ALL_INDEXES) for _r in drawn]
    else:
        shown = region_ranges(sizes, tournament.entries_per_match, region, fixed=fixed)
    shown = [(0, 0)] * scored + shown
    part = _bracket_part(tournament, shape, shown)
    if _is_double(tournament):
        part["sides"] = double_elimination.sides(part["rounds"])
    return {**part, "region": region, "regions": regions, "parts": bracket_parts(tournament)}


ALL_INDEXES = 2**31 - 1


def drawn_rounds(
    tournament: Tournament, shape: list[SimpleNamespace]
) -> tuple[int, list[SimpleNamespace]]:
    """The rounds the bracket draws, after how many it leaves out: a Swiss event's rounds and
    a round robin's group rounds are shown as pairings and tables, and only the cut or the
    playoff after them is a bracket, whose regions are counted from its own first round."""
    scored = sum(1 for r in shape if tournament.is_swiss_round(r.number))
    return scored, shape[scored:]


def _is_double(tournament: Tournament) -> bool:
    return tournament.double_first_round is not None and tournament.bracket_entries is not None


def bracket_parts(tournament: Tournament) -> list[dict]:
    """Each region with the numbers of its first and last first-round match (None when it
    has only byes), for a menu of the bracket's parts; one query (none without byes), cached
    per version (in this process too)."""

    def build() -> list[dict]:
        _scored, shape = drawn_rounds(tournament, bracket_shape(tournament=tournament))
        if not shape or _is_double(tournament) or region_count(shape[0].size) == 1:
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

    return cached_in_process("bracket-parts", tournament, build)


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
    first, last = lo, hi  # the matches' indexes, the same but where a round has gaps
    if _is_double(tournament) and number >= (tournament.double_first_round or 1):
        first, last = double_elimination.index_range(tournament, number, lo, hi)
    shown = [(first, last) if r is found else (0, 0) for r in shape]
    part = _bracket_part(tournament, shape, shown, page=True)
    (round_row,) = [r for r in part["rounds"] if r["number"] == number]
    return {**round_row, "offset": lo, "total": found.size}


def _bracket_part(
    tournament: Tournament,
    shape: list[SimpleNamespace],
    shown: list[tuple[int, int]],
    *,
    page: bool = False,
) -> dict:
    """The matches of each round in its index range [lo, hi) of `shown`, labelled as in the
    whole bracket (match numbers, "Winner of match 7", scores, team members).

    Queries: the matches shown and their feeders, with the shown ones' slots and games (one
    statement on PostgreSQL, `fastpath.part_read`; three elsewhere); the byes before them
    (when the event has byes); their teams' members (team events)."""
    fetch = with_feeders(tournament, shape, shown)
    read = part_read(
        tournament,
        {r.pk: r.number for r in shape},
        [(r.pk, lo, hi) for r, (lo, hi) in zip(shape, fetch, strict=True)],
        [(r.pk, lo, hi) for r, (lo, hi) in zip(shape, shown, strict=True)],
    )
    by_round = read.records
    shown_records = [
        m
        for round_row, (lo, hi) in zip(shape, shown, strict=True)
        for m in by_round[round_row.pk]
        if lo <= m.index < hi
    ]
    slots = read.slots
    cut = cut_after(tournament)
    public: dict[int, dict] = {
        m.pk: match_public(m, slots.get(m.pk, []), cut) for m in shown_records
    }
    _number_part(tournament, shape, fetch, by_round, public)
    if _is_double(tournament):
        if page:  # a losers' round's indexes have gaps: number its matches by the layout
            double_elimination.number_page(tournament, list(public.values()))
        double_elimination.label_matches(tournament, list(public.values()), page=page)
    by_number: dict[int, list[dict]] = defaultdict(list)
    for m in shown_records:
        by_number[m.round_id].append(public[m.pk])
    scores(tournament, by_number, wins=read.wins)
    if tournament.team_size > 1:
        entry_ids = {e["id"] for match in public.values() for e in match["entries"]}
        team_members(tournament, by_number, entry_ids)
    # Named and staged as the whole bracket names them: a Swiss event's rounds are "Swiss
    # round n" (the page lists them as pairings, not in the bracket), its cut's by the cut.
    return {
        "rounds": [
            {
                "number": r.number,
                "name": r.name,
                "stage": round_stage(tournament, r.number),
                "started_at": r.started_at,
                "matches": by_number[r.pk],
            }
            for r, (lo, hi) in zip(shape, shown, strict=True)
            if hi > lo
        ]
    }


def _number_part(
    tournament: Tournament,
    shape: list[SimpleNamespace],
    fetch: list[tuple[int, int]],
    by_round: dict[int, list[SimpleNamespace]],
    public: dict[int, dict],
) -> None:
    """Each shown match's number and who fills its empty slots: the non-bye matches of the
    rounds before, then of its round up to it (one query for the byes before them)."""
    per_match = tournament.entries_per_match
    fixed = tournament.pairing == Tournament.Pairing.BRACKET
    byes_before = _byes_before(tournament, shape, fetch)
    before = 0
    previous: dict[int, SimpleNamespace] = {}
    for round_row, (lo, _hi) in zip(shape, fetch, strict=True):
        number = before + lo - byes_before.get(round_row.pk, 0)
        current = {}
        for m in by_round[round_row.pk]:
            m.number = None if m.is_bye else number + 1
            number += 0 if m.is_bye else 1
            current[m.index] = m
            if m.pk in public:
                labelled = _waiting_for(public[m.pk], m, previous, per_match, fixed)
                public[m.pk]["number"], public[m.pk]["waiting_for"] = labelled
        previous = current
        before += round_row.size - round_row.byes


def with_feeders(
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
    scored, shape = drawn_rounds(tournament, bracket_shape(tournament=tournament))
    if not entry_ids or not shape or region_count(shape[0].size) == 1:
        return 0
    fixed = tournament.pairing == Tournament.Pairing.BRACKET
    slots = MatchEntry.objects.filter(
        entry_id__in=entry_ids, match__tournament=tournament, match__round__number__gt=scored
    )
    slots = slots.order_by("match__round__number" if fixed else "-match__round__number")
    found = slots.values_list("match__index", "match__round__number").first()
    if found is None:
        return 0
    index, number = found
    size = next((r.size for r in shape if r.number == number), shape[0].size)
    return region_of(index, size, shape[0].size, fixed=fixed)

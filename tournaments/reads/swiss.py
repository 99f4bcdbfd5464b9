"""Reads of a Swiss event: its finished Swiss matches as the pure core's results, the
standings with every tie-breaker, and each round's tables.

Beside `tournaments.reads.standings` (which calls `standings_rows` for a Swiss event); the figures
come from `tournaments.brackets.swiss`, the rulings are S1-S12 in tournaments/RULINGS.md.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tournaments.brackets import loser_placements
from tournaments.brackets import swiss as pure
from tournaments.models import Entry, Match, MatchEntry, MatchGame, Tournament
from tournaments.reads import double_elimination


@dataclass(frozen=True)
class SwissState:
    """What the pairer and the standings need: entries in seed order, the results that count,
    the entries that dropped."""

    entries: list[int]
    results: list[pure.SwissResult]
    dropped: set[int]


def swiss_state(*, tournament: Tournament, through_round: int | None = None) -> SwissState:
    """The finished matches of the Swiss rounds (up to `through_round`) as pure results
    (three queries)."""
    seeded = tournament.entries.filter(seed__isnull=False).order_by("seed")
    entries, dropped = [], set()
    for pk, is_dropped in seeded.values_list("pk", "dropped"):
        entries.append(pk)
        if is_dropped:
            dropped.add(pk)
    matches = Match.objects.filter(
        tournament=tournament,
        round__number__lte=min(tournament.swiss_rounds or 0, through_round or 10**4),
        status=Match.Status.FINISHED,
    )
    slots: dict[int, list[int]] = defaultdict(list)
    rows = MatchEntry.objects.filter(match__in=matches).order_by("match_id", "slot")
    for match_id, entry_id in rows.values_list("match_id", "entry_id"):
        slots[match_id].append(entry_id)
    won: dict[int, Counter] = defaultdict(Counter)
    draws: Counter = Counter()
    games = MatchGame.objects.filter(match__in=matches, superseded=False)
    for match_id, winner_id in games.values_list("match_id", "winner_id"):
        if winner_id is None:
            draws[match_id] += 1
        else:
            won[match_id][winner_id] += 1
    results = []
    for match_id, winner_id, is_bye in matches.values_list("pk", "winner_id", "is_bye"):
        if is_bye:
            results.append(pure.bye(winner_id))
            continue
        results.append(
            pure.SwissResult(
                entries=tuple(slots[match_id]),
                winner=winner_id,
                game_wins=dict(won[match_id]),
                game_draws=draws[match_id],
            )
        )
    return SwissState(entries=entries, results=results, dropped=dropped)


def group_name(number: int) -> str:
    """A group as people name it: A, B, ... Z, then 27, 28, ..."""
    return chr(ord("A") + number - 1) if number <= 26 else str(number)


def percent(value: Fraction) -> float:
    """A tie-breaker as people read it: 55.56 (percent, two decimals)."""
    return round(float(value) * 100, 2)


@dataclass
class SwissStandingRow:
    """One line of a Swiss event's standings (the same `as_dict` keys as elimination's, plus
    the Swiss figures)."""

    entry: Entry
    rank: int
    match_points: int
    match_wins: int
    match_draws: int
    match_losses: int
    omw: Fraction
    gw: Fraction
    ogw: Fraction
    game_wins: int = 0
    game_losses: int = 0
    byes: int = 0
    placement: int | None = None
    placement_label: str = ""
    in_cut: bool = False

    @property
    def omw_percent(self) -> float:
        return percent(self.omw)

    @property
    def gw_percent(self) -> float:
        return percent(self.gw)

    @property
    def ogw_percent(self) -> float:
        return percent(self.ogw)

    def as_dict(self) -> dict:
        """The row as the API renders it."""
        return {
            "entry": {
                "id": self.entry.pk,
                "name": self.entry.display_name,
                "seed": self.entry.seed,
            },
            "placement": self.placement,
            "placement_label": self.placement_label,
            "rank": self.rank,
            # a round robin's group ("A", "B", ...; R1), None in a Swiss event
            "group": group_name(self.entry.group) if self.entry.group else None,
            "match_points": self.match_points,
            "match_wins": self.match_wins,
            "match_draws": self.match_draws,
            "match_losses": self.match_losses,
            "opponents_match_win_percent": self.omw_percent,
            "game_win_percent": self.gw_percent,
            "opponents_game_win_percent": self.ogw_percent,
            "game_wins": self.game_wins,
            "game_losses": self.game_losses,
            "byes": self.byes,
            "dropped": self.entry.dropped,
            "in_cut": self.in_cut,
        }


def standing_row(line: pure.Standing, entry: Entry, **figures: Any) -> SwissStandingRow:
    """A standings line of the pure Swiss code as a row about `entry`, with `figures` added
    (game counts, byes, placement)."""
    return SwissStandingRow(
        entry=entry,
        rank=line.rank,
        match_points=line.match_points,
        match_wins=line.wins,
        match_draws=line.draws,
        match_losses=line.losses,
        omw=line.opponents_match_win,
        gw=line.game_win,
        ogw=line.opponents_game_win,
        **figures,
    )


def standings_rows(
    *, tournament: Tournament, after_round: int | None = None
) -> list[SwissStandingRow]:
    """The Swiss standings with every figure, in order; once the top cut is played its
    entries are placed by the cut (S11) and the others after them in Swiss order. With
    `after_round`, the standings as they were after that Swiss round (no cut)."""
    if tournament.status == Tournament.Status.REGISTRATION:
        return []
    state = swiss_state(tournament=tournament, through_round=after_round)
    entries = {
        e.pk: e for e in tournament.entries.select_related("user").filter(seed__isnull=False)
    }
    byes = Counter(r.entries[0] for r in state.results if r.is_bye)
    games = _game_counts(state.results)
    rows = []
    for line in pure.standings(state.entries, state.results):
        won, lost = games[line.entry]
        rows.append(
            standing_row(
                line, entries[line.entry], game_wins=won, game_losses=lost, byes=byes[line.entry]
            )
        )
    if after_round is None:
        _place(tournament, rows)
    else:
        for row in rows:
            row.placement, row.placement_label = row.rank, str(row.rank)
    return rows


def _game_counts(results: list[pure.SwissResult]) -> dict[int, tuple[int, int]]:
    counts: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for result in results:
        if result.is_bye:
            continue
        total = sum(result.game_wins.values())
        for entry in result.entries:
            won = result.game_wins.get(entry, 0)
            counts[entry][0] += won
            counts[entry][1] += total - won
    return defaultdict(lambda: (0, 0), {k: (v[0], v[1]) for k, v in counts.items()})


def _place(tournament: Tournament, rows: list[SwissStandingRow]) -> None:
    """Places: the cut's entries by how far they went (the elimination's own placements),
    then everyone else by Swiss rank; before the cut, the Swiss rank (S11)."""
    if tournament.is_round_robin and tournament.playoff == Tournament.Playoff.DOUBLE_ELIMINATION:
        _place_double_playoff(tournament, rows)
        return
    cut = _cut(tournament)
    if cut is None:
        for row in rows:
            row.placement, row.placement_label = row.rank, str(row.rank)
        return
    entries, lost_in, champion = cut
    by_round = loser_placements(len(entries), tournament.entries_per_match, "bracket")
    for row in rows:
        pk = row.entry.pk
        row.in_cut = pk in entries
        if pk == champion:
            row.placement, row.placement_label = 1, "1"
        elif pk in lost_in:
            place = by_round[lost_in[pk] - 1]
            row.placement, row.placement_label = place.first, place.label
    others = [row for row in rows if not row.in_cut]
    for position, row in enumerate(others, start=len(entries) + 1):
        row.placement, row.placement_label = position, str(position)
    rows.sort(key=lambda r: (not r.in_cut, r.placement or len(entries), r.rank))


def _place_double_playoff(tournament: Tournament, rows: list[SwissStandingRow]) -> None:
    """A round robin's double-elimination playoff: its entries by where they were knocked
    out (D4), then everyone else by their standing (R3)."""
    out, champion = double_elimination.knocked_out(tournament=tournament)
    seeded = set(tournament.entries.filter(cut_seed__isnull=False).values_list("pk", flat=True))
    for row in rows:
        pk = row.entry.pk
        row.in_cut = pk in seeded
        if pk == champion:
            row.placement, row.placement_label = 1, "1"
        elif pk in out:
            row.placement, row.placement_label = out[pk].first, out[pk].label
    others = [row for row in rows if not row.in_cut]
    if not seeded:
        for row in rows:
            row.placement, row.placement_label = row.rank, str(row.rank)
        return
    for position, row in enumerate(others, start=len(seeded) + 1):
        row.placement, row.placement_label = position, str(position)
    rows.sort(key=lambda r: (not r.in_cut, r.placement or len(seeded), r.rank))


def _cut(tournament: Tournament) -> tuple[set[int], dict[int, int], int | None] | None:
    """The cut's entries, the round (counted from the cut's first) each one lost in, and the
    champion once the final is played; None before the cut is drawn (one query)."""
    first = (tournament.swiss_rounds or 0) + 1
    slots = MatchEntry.objects.filter(
        match__tournament=tournament, match__round__number__gte=first
    ).values_list("entry_id", "match__status", "match__winner_id", "match__round__number")
    entries, lost_in, final_winner, last = set(), {}, None, 0
    for entry_id, status, winner_id, number in slots:
        if number == first:
            entries.add(entry_id)
        if status != Match.Status.FINISHED:
            continue
        if winner_id != entry_id:
            lost_in[entry_id] = number - first + 1
        elif number >= last:
            final_winner, last = entry_id, number
    if not entries:
        return None
    finished = tournament.status == Tournament.Status.FINISHED
    return entries, lost_in, final_winner if finished else None


def swiss_round_numbers(*, tournament: Tournament) -> list[int]:
    """The Swiss rounds paired so far, in order."""
    return list(
        tournament.rounds.filter(number__lte=tournament.swiss_rounds or 0)
        .order_by("number")
        .values_list("number", flat=True)
    )


def round_tables(*, tournament: Tournament, number: int) -> list[dict]:
    """A Swiss round's tables in order (table 1 is the best-ranked pairing), each with its
    entries (and their match points before the round), status and result; the bye last,
    without a table number (six queries)."""
    matches = list(
        Match.objects.filter(tournament=tournament, round__number=number).order_by("index")
    )
    state = swiss_state(tournament=tournament, through_round=number - 1)
    points = {row.entry: row.match_points for row in pure.standings(state.entries, state.results)}
    slots: dict[int, list] = defaultdict(list)
    rows = (
        MatchEntry.objects.filter(match__in=[m.pk for m in matches])
        .select_related("entry__user")
        .order_by("match_id", "slot")
    )
    for slot in rows:
        slots[slot.match_id].append(slot)
    wins: dict[int, Counter] = defaultdict(Counter)
    games = MatchGame.objects.filter(match__in=[m.pk for m in matches], superseded=False)
    for match_id, winner_id in games.exclude(winner=None).values_list("match_id", "winner_id"):
        wins[match_id][winner_id] += 1
    tables, table_number = [], 0
    for match in matches:
        if not match.is_bye:
            table_number += 1
        tables.append(
            {
                "table": None if match.is_bye else table_number,
                "match": match,
                "result": _result(match, wins[match.pk]),
                "entries": [
                    {
                        "id": s.entry_id,
                        "name": s.entry.display_name,
                        "forfeited": s.forfeited,
                        "points": points.get(s.entry_id, 0),
                        "winner": match.winner_id == s.entry_id,
                    }
                    for s in slots[match.pk]
                ],
            }
        )
    return tables


def _result(match: Match, wins: Counter) -> str:
    """A finished table's result as people read it: "2\u20131", "2\u20131 by time", "forfeit"."""
    if match.status != Match.Status.FINISHED:
        return ""
    if match.decided_by == Match.DecidedBy.FORFEIT:
        return "forfeit"
    if match.decided_by == Match.DecidedBy.DRAW:
        return "draw"
    if match.decided_by == Match.DecidedBy.ORGANIZER and not wins:
        return "by decision"
    won = wins.get(match.winner_id, 0)
    others = max((n for entry, n in wins.items() if entry != match.winner_id), default=0)
    score = f"{won}\u2013{others}" if won else match.get_decided_by_display()
    return f"{score} by time" if match.decided_by == Match.DecidedBy.TIME and won else score


def my_tables(tables: list[dict], mine: set[int]) -> list[dict]:
    """The viewer's line of a round: their table (or bye) and who they play."""
    lines = []
    for table in tables:
        own = [e for e in table["entries"] if e["id"] in mine]
        if own:
            others = [e["name"] for e in table["entries"] if e["id"] not in mine]
            lines.append({**table, "me": own[0], "opponents": others})
    return lines

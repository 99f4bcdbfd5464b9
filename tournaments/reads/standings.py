"""An elimination event's standings (a Swiss event's come from `reads.swiss`)."""

from collections.abc import Sequence
from dataclasses import dataclass
from types import SimpleNamespace

from django.db.models import Count, F, Max, Q

from tournaments.brackets import CHAMPION, loser_placements
from tournaments.fastpath.cache import cached_per_version
from tournaments.fastpath.game_counts import game_records
from tournaments.models import Match, MatchEntry, Tournament
from tournaments.reads import double_elimination, swiss


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


# An elimination event's rows, or a Swiss event's (the same `as_dict` keys, and more).
Standings = Sequence[StandingRow | swiss.SwissStandingRow]


def standings_get(*, tournament: Tournament) -> Standings:
    """Placements and win/loss counts for every entry in the bracket (three queries, plain
    rows: the counts are summed by the database, one row per entry).

    An entry that lost in round r shares place 1 + (matches in round r); a bye is a win.
    A Swiss event's standings carry its tie-breakers (`reads.swiss.standings_rows`).
    """
    if tournament.is_swiss or tournament.is_round_robin:
        return swiss.standings_rows(tournament=tournament)
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
    for entry_id, game_wins, game_losses in game_records(tournament):
        rows[entry_id].game_wins, rows[entry_id].game_losses = game_wins, game_losses
    _place(tournament, rows)
    return sorted(rows.values(), key=lambda r: (r.placement or 0, r.entry.seed))


def standings_cached(*, tournament: Tournament) -> Standings:
    """`standings_get` for the tournament's version, built once per version."""
    return cached_per_version("standings", tournament, lambda: standings_get(tournament=tournament))


def _place(tournament: Tournament, rows: dict[int, StandingRow]) -> None:
    if len(rows) < 2 or tournament.status == Tournament.Status.REGISTRATION:
        return
    if tournament.double_first_round is not None:
        _place_double(tournament, rows)
        return
    by_round = loser_placements(len(rows), tournament.entries_per_match, tournament.pairing)
    for row in rows.values():
        if row.lost_in is not None:
            place = by_round[row.lost_in - 1]
            row.placement, row.placement_label = place.first, place.label
    unbeaten = [row for row in rows.values() if row.lost_in is None]
    if tournament.status == Tournament.Status.FINISHED and len(unbeaten) == 1:
        unbeaten[0].placement, unbeaten[0].placement_label = CHAMPION.first, CHAMPION.label


def _place_double(tournament: Tournament, rows: dict[int, StandingRow]) -> None:
    """Double elimination: places by the match an entry was knocked out in (D4)."""
    out, champion = double_elimination.knocked_out(tournament=tournament)
    for entry_id, place in out.items():
        rows[entry_id].placement, rows[entry_id].placement_label = place.first, place.label
    if champion is not None:
        rows[champion].placement, rows[champion].placement_label = CHAMPION.first, CHAMPION.label

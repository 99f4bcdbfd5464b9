"""Reads of a round robin's groups: each group's standings with the Swiss tie-breakers (the
same pure `swiss.standings`, over the group's entries and matches), and its matches.

Rulings R1-R5 in tournaments/RULINGS.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.brackets import swiss as pure
from tournaments.models import Tournament
from tournaments.reads import swiss


@dataclass
class Group:
    """One group as the pages show it: its number and its standings."""

    number: int
    rows: list[swiss.SwissStandingRow]

    @property
    def name(self) -> str:
        """Group A, Group B, ... (then Group 27 past Z)."""
        return f"Group {swiss.group_name(self.number)}"

    def as_dict(self) -> dict:
        """The group as the API renders it."""
        return {
            "number": self.number,
            "name": self.name,
            "standings": [row.as_dict() for row in self.rows],
        }


def group_members(tournament: Tournament) -> dict[int, list[int]]:
    """Each group's entries in seed order (one query)."""
    members: dict[int, list[int]] = {}
    rows = tournament.entries.filter(group__isnull=False).order_by("seed", "pk")
    for pk, group in rows.values_list("pk", "group"):
        members.setdefault(group or 0, []).append(pk)  # never 0: the filter leaves none out
    return dict(sorted(members.items()))


def ranked_groups(*, tournament: Tournament) -> list[list[int]]:
    """Each group's entries by standing, dropped entries left out (they go on to nothing)."""
    state = swiss.swiss_state(tournament=tournament)
    ranked = []
    for entries in group_members(tournament).values():
        inside = set(entries)
        results = [r for r in state.results if inside.issuperset(r.entries)]
        table = pure.standings(entries, results)
        ranked.append([row.entry for row in table if row.entry not in state.dropped])
    return ranked


def groups_standings(*, tournament: Tournament) -> list[Group]:
    """Every group's standings with the Swiss figures, group A first."""
    if tournament.status == Tournament.Status.REGISTRATION:
        return []
    rows = {row.entry.pk: row for row in swiss.standings_rows(tournament=tournament)}
    state = swiss.swiss_state(tournament=tournament)
    groups = []
    for number, entries in group_members(tournament).items():
        inside = set(entries)
        results = [r for r in state.results if inside.issuperset(r.entries)]
        table = pure.standings(entries, results)
        lines = []
        for line in table:
            row = rows[line.entry]
            lines.append(
                swiss.standing_row(
                    line,
                    row.entry,
                    game_wins=row.game_wins,
                    game_losses=row.game_losses,
                    placement=line.rank,
                    placement_label=str(line.rank),
                    in_cut=row.in_cut,
                )
            )
        groups.append(Group(number=number, rows=lines))
    return groups

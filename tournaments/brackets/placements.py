"""Final placements by the round an entry lost in (1, 2, 3-4, 5-8, ...).

An entry that loses in round r shares the best place not taken by the entries that went on:
place = 1 + (matches in round r), since every match sends exactly one entry on.
"""

from dataclasses import dataclass

from tournaments.brackets.seeding import check_sizes, rounds_needed


@dataclass(frozen=True, slots=True)
class Placement:
    """A shared place: `first` to `last` (equal for places 1 and 2)."""

    first: int
    last: int

    @property
    def label(self) -> str:
        """The place as shown: 1, 2, 3-4, 5-8, ..."""
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"


def matches_per_round(entry_count: int, per_match: int, pairing: str) -> list[int]:
    """How many matches (byes included) each round has, round 1 first.

    `bracket`: k^(R-r) matches in round r. `random`: ceil(n_r / k) matches for n_r entries.
    """
    rounds = rounds_needed(entry_count, per_match)
    if pairing == "bracket":
        return [per_match ** (rounds - r) for r in range(1, rounds + 1)]
    counts, remaining = [], entry_count
    while remaining > 1:
        remaining = -(-remaining // per_match)
        counts.append(remaining)
    return counts


def loser_placements(entry_count: int, per_match: int, pairing: str) -> list[Placement]:
    """The placement of an entry that lost in round r, at index r - 1."""
    check_sizes(entry_count, per_match)
    counts = matches_per_round(entry_count, per_match, pairing)
    entrants = [entry_count, *counts[:-1]]
    return [Placement(first=count + 1, last=n) for count, n in zip(counts, entrants, strict=True)]


CHAMPION = Placement(first=1, last=1)

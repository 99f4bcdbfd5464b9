"""Round robin: groups dealt by seed, every pair of a group meeting once (the circle method),
and the entries that go on from the groups to a playoff. Pure: no Django.

The standings of a group are Swiss standings (`swiss.standings`: match points, then the
opponents' match-win %, game-win %, opponents' game-win %; RULINGS.md R1-R4). A round's rest
(an odd group) is not a match: nobody scores for it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

from tournaments.brackets.errors import BracketError, DuplicateEntry, TooFewEntries

E = TypeVar("E", bound=Hashable)

MIN_GROUP = 2


class TwoEntriesOnly(BracketError):
    """Round robin pairs two entries a match."""

    code = "round_robin_two_entries"


def check_two_entries(per_match: int) -> None:
    """Raise unless matches are of two entries (RULINGS.md R5)."""
    if per_match != 2:
        raise TwoEntriesOnly(
            "Round robin and groups pair two entries a match; for 3 or 4 entries a match "
            "choose single elimination or Swiss rounds."
        )


def group_count(entry_count: int, group_size: int | None) -> int:
    """How many groups: one when `group_size` is None or holds everyone, else
    ceil(entries / group_size), so no group is bigger than asked."""
    if group_size is None or group_size >= entry_count:
        return 1
    if group_size < MIN_GROUP:
        raise BracketError(f"A group needs at least {MIN_GROUP} entries.")
    return -(-entry_count // group_size)


def groups(entries_by_seed: Sequence[E], group_size: int | None) -> list[list[E]]:
    """Deal the entries (best seed first) into groups in snake order: 1 2 3 3 2 1 1 2 3 ...,
    so the groups are as strong as each other and their sizes differ by one at most."""
    if len(set(entries_by_seed)) != len(entries_by_seed):
        raise DuplicateEntry("Each entry may appear only once.")
    if len(entries_by_seed) < MIN_GROUP:
        raise TooFewEntries(f"A round robin needs at least {MIN_GROUP} entries.")
    count = group_count(len(entries_by_seed), group_size)
    dealt: list[list[E]] = [[] for _ in range(count)]
    for position, entry in enumerate(entries_by_seed):
        row, column = divmod(position, count)
        dealt[column if row % 2 == 0 else count - 1 - column].append(entry)
    return dealt


def rounds_for(size: int) -> int:
    """Rounds a group of `size` plays: size - 1 when even, size when odd (one rests each)."""
    return size - 1 if size % 2 == 0 else size


def circle(entries: Sequence[E]) -> list[list[tuple[E, E]]]:
    """Every round of one group by the circle method: the first entry stays, the others turn
    one place a round; each pair meets exactly once. With an odd count one entry rests each
    round (it is left out of that round's pairs). The first entry alternates sides."""
    if len(set(entries)) != len(entries):
        raise DuplicateEntry("Each entry may appear only once.")
    seats: list[E | None] = list(entries)
    if len(seats) % 2:
        seats.append(None)
    half = len(seats) // 2
    rounds: list[list[tuple[E, E]]] = []
    for number in range(len(seats) - 1):
        pairs = []
        for i in range(half):
            a, b = seats[i], seats[len(seats) - 1 - i]
            if a is None or b is None:
                continue
            pairs.append((b, a) if i == 0 and number % 2 else (a, b))
        rounds.append(pairs)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


def schedule(dealt: Sequence[Sequence[E]]) -> list[list[tuple[int, E, E]]]:
    """Every round of the group stage: round r holds round r of every group (as (group
    number from 1, entry, entry)); a smaller group has played all its rounds sooner."""
    per_group = [circle(group) for group in dealt]
    total = max((len(r) for r in per_group), default=0)
    return [
        [
            (number, a, b)
            for number, group_rounds in enumerate(per_group, start=1)
            if r < len(group_rounds)
            for a, b in group_rounds[r]
        ]
        for r in range(total)
    ]


def qualifiers(ranked_groups: Sequence[Sequence[E]], advance: int) -> list[E]:
    """The playoff's entries in seed order: the group winners (group 1 first), then the
    seconds, ... down to place `advance` (a group smaller than that sends all it has). With
    two groups the standard bracket order keeps two entries of one group apart in the first
    round (R3)."""
    if advance < 1:
        raise BracketError("At least one entry of each group goes on.")
    seeded: list[E] = []
    for place in range(advance):
        seeded += [group[place] for group in ranked_groups if place < len(group)]
    return seeded

"""Pairing entries into matches: the fixed seeded bracket and random pairing each round.

Entries are any hashable ids (database ids in the app). A match is a tuple of entries; a
match of one entry is a bye, which counts as a win.
"""

from collections.abc import Collection, Hashable, Mapping, Sequence
from random import Random
from typing import Any, TypeVar

from tournaments.brackets.errors import DuplicateEntry
from tournaments.brackets.seeding import check_sizes, first_round_pods

E = TypeVar("E", bound=Hashable)


def check_entries(entries: Sequence[E], per_match: int) -> None:
    """Raise unless the sizes are valid and no entry appears twice."""
    check_sizes(len(entries), per_match)
    if len(set(entries)) != len(entries):
        raise DuplicateEntry("Each entry may appear only once.")


def bracket_first_round(entries_by_seed: Sequence[E], per_match: int) -> list[tuple[E, ...]]:
    """Round 1 of the fixed bracket; `entries_by_seed[0]` is seed 1. Byes go to top seeds."""
    check_entries(entries_by_seed, per_match)
    pods = first_round_pods(len(entries_by_seed), per_match)
    return [tuple(entries_by_seed[seed - 1] for seed in pod) for pod in pods]


def feeds_into(match_index: int, per_match: int) -> tuple[int, int]:
    """In the fixed bracket, the (match index, slot) of the next round that a winner goes to."""
    return divmod(match_index, per_match)


def ready_after_byes(first_round: Sequence[tuple[Any, ...]], per_match: int) -> list[int]:
    """Indexes of the fixed bracket's round-2 matches fed only by byes: they know all their
    entries as soon as the bracket is built."""
    return [
        target
        for target in range(len(first_round) // per_match)
        if all(len(pod) == 1 for pod in first_round[target * per_match : (target + 1) * per_match])
    ]


def random_round(
    entries: Sequence[E],
    *,
    per_match: int,
    rng: Random,
    byes: Mapping[E, int],
    dropped: Collection[E] = (),
) -> list[tuple[E, ...]]:
    """Shuffle the remaining entries into matches of k (rulebook: random opponents each round).

    With one entry left over, that entry gets a bye, chosen among the entries with the fewest
    byes so far, so nobody gets a second bye while another remaining entry has had none; an
    entry that has dropped (it won its last match, then left) gets it only when every entry
    left has dropped. With two or more left over (3-4-player matches), they form one smaller
    match. The bye is listed last. Deterministic for a given `rng` state.
    """
    check_entries(entries, per_match)
    pool = list(entries)
    rng.shuffle(pool)
    matches: list[tuple[E, ...]] = []
    bye: tuple[E, ...] | None = None
    if len(pool) % per_match == 1:
        playing = [entry for entry in pool if entry not in dropped] or pool
        fewest = min(byes.get(entry, 0) for entry in playing)
        candidates = [
            i
            for i, entry in enumerate(pool)
            if byes.get(entry, 0) == fewest and (entry not in dropped or len(playing) == len(pool))
        ]
        chosen = candidates[rng.randrange(len(candidates))]
        bye = (pool[chosen],)
        pool[chosen] = pool[-1]
        pool.pop()
    for i in range(0, len(pool), per_match):
        matches.append(tuple(pool[i : i + per_match]))
    if bye is not None:
        matches.append(bye)
    return matches

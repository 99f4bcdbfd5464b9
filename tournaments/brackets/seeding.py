"""Seeded bracket layout: the standard inner-outer seed order, byes and pod sizes.

Seeds are 1-based (seed 1 is the strongest). A "pod" is one first-round match: 1 to k seeds,
where k is the number of entries per match; a pod of one seed is a bye.
"""

from tournaments.brackets.errors import InvalidMatchSize, TooFewEntries

MATCH_SIZES = (2, 3, 4)


def check_sizes(entry_count: int, per_match: int) -> None:
    """Raise unless `per_match` is 2, 3 or 4 and there are at least two entries."""
    if per_match not in MATCH_SIZES:
        raise InvalidMatchSize(f"Entries per match must be 2, 3 or 4, not {per_match}.")
    if entry_count < 2:
        raise TooFewEntries(f"A tournament needs at least 2 entries, not {entry_count}.")


def rounds_needed(entry_count: int, per_match: int) -> int:
    """The number of rounds, ceil(log_k N), computed with integers only."""
    check_sizes(entry_count, per_match)
    rounds, slots = 0, 1
    while slots < entry_count:
        slots *= per_match
        rounds += 1
    return rounds


def seed_order(size: int, per_match: int) -> list[int]:
    """The inner-outer order of seeds 1..size (size a power of k), top of the bracket first.

    Start from [1] and repeatedly replace every seed p, at the new size S = s * k, by its pod
    p, 2s+1-p, 2s+p, 4s+1-p, ... (a snake over the pods), so for k = 2 this is the classic order
    1v8, 4v5, 2v7, 3v6 and the top k seeds can only meet in the last round.
    """
    if per_match not in MATCH_SIZES:
        raise InvalidMatchSize(f"Entries per match must be 2, 3 or 4, not {per_match}.")
    order, s = [1], 1
    while s < size:
        order = _expand(order, s, per_match)
        s *= per_match
    if s != size:
        raise InvalidMatchSize(f"{size} is not a power of {per_match}.")
    return order


def _expand(order: list[int], s: int, per_match: int) -> list[int]:
    """Replace every seed p of an s-seed order by its pod (the snake over the pods)."""
    expanded = [0] * (s * per_match)
    for j in range(per_match):
        if j % 2 == 0:
            expanded[j::per_match] = [j * s + p for p in order]
        else:
            expanded[j::per_match] = [(j + 1) * s + 1 - p for p in order]
    return expanded


def pod_sizes(entry_count: int, per_match: int) -> dict[int, int]:
    """How many seeds each first-round pod holds, keyed by the pod's leader (its top seed).

    The missing slots are spread evenly over the pods, and the pods of the top seeds are the
    small ones: with P pods, N // P seeds each and one more in the N % P pods of the weakest
    leaders. For k = 2 this gives byes to seeds 1 .. (2P - N), the standard rule.
    """
    pods = per_match ** (rounds_needed(entry_count, per_match) - 1)
    base, extra = divmod(entry_count, pods)
    return {leader: base + (1 if leader > pods - extra else 0) for leader in range(1, pods + 1)}


def first_round_pods(entry_count: int, per_match: int) -> list[tuple[int, ...]]:
    """The first round as tuples of seeds, in bracket order (top to bottom), leader first.

    Seeds are dealt to the pods in snake order (row 0: pods 1..P, row 1: P..1, ...), each row
    skipping the pods that are already full, so the pods stay balanced and, when the bracket
    is full, this is exactly `seed_order(k * P)` cut into pods.
    """
    pods = per_match ** (rounds_needed(entry_count, per_match) - 1)
    base, extra = divmod(entry_count, pods)
    order = seed_order(pods, per_match)
    rows = [
        [j * pods + p for p in order] if j % 2 == 0 else [(j + 1) * pods + 1 - p for p in order]
        for j in range(base)
    ]
    full = list(zip(*rows, strict=True))
    if not extra:
        return full
    small = pods - extra  # pods led by seeds 1..small get no seed from the last, partial row
    if base % 2 == 0:
        last = [base * pods + p - small for p in order]
    else:
        last = [base * pods + pods + 1 - p for p in order]
    return [
        (*pod, seed) if leader > small else pod
        for pod, leader, seed in zip(full, order, last, strict=True)
    ]

"""A big bracket is shown in parts ("regions") so that no page renders thousands of matches.

A region is a run of `width` first-round matches and, in the fixed bracket, every match their
winners go on to, up to the final: a player's whole path is in the region of their first
match, and the connector lines of every match shown lead to a match shown. A bracket whose
first round fits in one region is a single region (the whole bracket). Random pairing has no
paths: each round is cut into as many slices as there are regions, each at least one match.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

REGION_WIDTH = 64  # first-round matches in one region (128 entries of two)
POLL_SECONDS = 5  # how often the pages of an event of up to POLL_SIZE entries poll
POLL_SIZE = 256


def live_poll_seconds(size: int) -> int:
    """How often an event's pages poll its bracket and their match (RULINGS.md 22): every 5 s
    up to 256 entries, then in proportion to the square root of the size (7 s at 512, 10 s
    at 1,024, 14 s at 2,048, 20 s at 4,096), so the polls of every open page grow as the
    square root of the event, not with it. The live stream still pushes each change at once."""
    if size <= POLL_SIZE:
        return POLL_SECONDS
    return round(POLL_SECONDS * math.sqrt(size / POLL_SIZE))


def region_count(first_round: int, *, width: int = REGION_WIDTH) -> int:
    """How many regions a bracket whose first round has `first_round` matches is shown in."""
    return max(1, -(-first_round // width))


def region_ranges(
    sizes: Sequence[int], per_match: int, region: int, *, fixed: bool, width: int = REGION_WIDTH
) -> list[tuple[int, int]]:
    """The matches of each round in the region, as index ranges [lo, hi).

    `sizes` are the rounds' match counts, first round first; `per_match` is k, the entries a
    match (match i of a fixed bracket's round feeds match i // k of the next)."""
    if not sizes:
        return []
    regions = region_count(sizes[0], width=width)
    if not 0 <= region < regions:
        raise ValueError(f"region {region} is not between 0 and {regions - 1}")
    ranges = []
    if fixed:
        lo, hi = region * width, min((region + 1) * width, sizes[0])
        for n, size in enumerate(sizes):
            if n:
                lo, hi = lo // per_match, -(-hi // per_match)
            ranges.append((min(lo, size), min(hi, size)))
        return ranges
    for size in sizes:
        lo = min(region * size // regions, max(size - 1, 0))
        hi = max((region + 1) * size // regions, lo + 1) if size else 0
        ranges.append((lo, min(hi, size)))
    return ranges


def region_of(
    index: int, round_size: int, first_round: int, *, fixed: bool, width: int = REGION_WIDTH
) -> int:
    """The region that shows match `index` of a round of `round_size` matches. In the fixed
    bracket pass the player's first-round match: its region holds their whole path."""
    regions = region_count(first_round, width=width)
    if fixed:
        return min(index // width, regions - 1)
    # the last region whose slice starts at or before the index (see region_ranges)
    return min(((index + 1) * regions - 1) // max(round_size, 1), regions - 1)

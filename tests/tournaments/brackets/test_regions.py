"""A big bracket is shown in regions (issue 17): every match is in some region, a fixed
bracket's region holds every path that starts in it, and `region_of` finds the region."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.brackets.regions import region_count, region_of, region_ranges


def fixed_sizes(per_match: int, rounds: int) -> list[int]:
    return [per_match ** (rounds - n - 1) for n in range(rounds)]


@given(st.sampled_from([2, 3, 4]), st.integers(1, 7), st.sampled_from([1, 2, 4, 16, 64]))
def test_a_fixed_brackets_regions_cover_it_and_hold_every_path(per_match, rounds, width):
    sizes = fixed_sizes(per_match, rounds)
    regions = region_count(sizes[0], width=width)
    seen: list[set[int]] = [set() for _ in sizes]
    for region in range(regions):
        ranges = region_ranges(sizes, per_match, region, fixed=True, width=width)
        first_lo, first_hi = ranges[0]
        # the first round is cut into disjoint runs of `width` matches
        assert first_hi - first_lo == min(width, sizes[0] - region * width)
        for n, (lo, hi) in enumerate(ranges):
            assert 0 <= lo < hi <= sizes[n]
            seen[n].update(range(lo, hi))
            # every match shown goes on to a match shown (its connector line has an end)
            if n + 1 < len(ranges):
                next_lo, next_hi = ranges[n + 1]
                assert all(next_lo <= i // per_match < next_hi for i in range(lo, hi))
        # a player's first match's region holds their path
        for first in range(first_lo, first_hi):
            assert region_of(first, sizes[0], sizes[0], fixed=True, width=width) == region
    assert [len(s) for s in seen] == sizes


@given(st.lists(st.integers(1, 300), min_size=1, max_size=8), st.sampled_from([1, 4, 64]))
def test_random_pairings_rounds_are_sliced_so_every_match_is_shown(sizes, width):
    regions = region_count(sizes[0], width=width)
    for n, size in enumerate(sizes):
        seen = set()
        for region in range(regions):
            lo, hi = region_ranges(sizes, 2, region, fixed=False, width=width)[n]
            assert 0 <= lo < hi <= size
            seen.update(range(lo, hi))
        assert seen == set(range(size))
        # and the region named for a match shows it
        for index in range(size):
            region = region_of(index, size, sizes[0], fixed=False, width=width)
            lo, hi = region_ranges(sizes, 2, region, fixed=False, width=width)[n]
            assert lo <= index < hi


def test_a_small_bracket_is_one_region_and_a_4096_entry_one_is_32():
    assert region_count(4) == 1
    assert region_ranges([4, 2, 1], 2, 0, fixed=True) == [(0, 4), (0, 2), (0, 1)]
    assert region_count(2048) == 32
    ranges = region_ranges(fixed_sizes(2, 12), 2, 3, fixed=True)
    assert ranges[:3] == [(192, 256), (96, 128), (48, 64)]
    assert ranges[-1] == (0, 1)  # the final is in every region
    with pytest.raises(ValueError, match="region 1"):
        region_ranges([4, 2, 1], 2, 1, fixed=True)

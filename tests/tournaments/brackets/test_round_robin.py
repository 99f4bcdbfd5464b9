"""Round robin, pure: the circle method against brute force, snake groups, qualifiers."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.brackets import round_robin as rr
from tournaments.brackets.errors import BracketError


@settings(max_examples=100, deadline=None)
@given(n=st.integers(2, 40))
def test_every_pair_meets_once_and_nobody_plays_twice_a_round(n):
    # given one group of n entries
    entries = list(range(100, 100 + n))
    rounds = rr.circle(entries)
    pairs = [frozenset(p) for r in rounds for p in r]
    # then every pair (brute force: all of them) meets exactly once, in n - 1 or n rounds
    assert sorted(map(sorted, pairs)) == sorted(map(sorted, combinations(entries, 2)))
    assert len(rounds) == rr.rounds_for(n)
    for r in rounds:
        seated = [e for p in r for e in p]
        assert len(seated) == len(set(seated))
        # and with an odd count exactly one entry rests a round, each entry once
        assert len(seated) == n - n % 2
    if n % 2:
        rests = Counter(e for r in rounds for e in set(entries) - {x for p in r for x in p})
        assert rests == Counter(entries)


@settings(max_examples=100, deadline=None)
@given(n=st.integers(2, 60), size=st.integers(2, 20))
def test_groups_are_even_and_dealt_in_snake_order(n, size):
    # given n entries in groups of at most `size`
    dealt = rr.groups(list(range(1, n + 1)), size)
    lengths = [len(g) for g in dealt]
    # then everyone is in one group, no group is bigger than asked, sizes differ by one
    assert sorted(e for g in dealt for e in g) == list(range(1, n + 1))
    assert max(lengths) <= max(size, 1) or len(dealt) == 1
    assert max(lengths) - min(lengths) <= 1
    # and each group's best seed is in group order (snake: 1 2 3 | 6 5 4 | ...)
    assert [g[0] for g in dealt] == list(range(1, len(dealt) + 1))


def test_schedule_runs_the_groups_side_by_side():
    dealt = rr.groups(list(range(1, 8)), 4)  # 1 4 5 | 2 3 6 7
    rounds = rr.schedule(dealt)
    assert len(rounds) == 3
    per_group = Counter(group for r in rounds for group, _a, _b in r)
    assert per_group == {1: 3, 2: 6}


def test_qualifiers_are_the_winners_then_the_seconds():
    ranked = [["a1", "a2", "a3"], ["b1", "b2"]]
    assert rr.qualifiers(ranked, 2) == ["a1", "b1", "a2", "b2"]
    with pytest.raises(BracketError):
        rr.qualifiers(ranked, 0)


def test_three_entries_a_match_are_refused():
    with pytest.raises(rr.TwoEntriesOnly, match="two entries"):
        rr.check_two_entries(4)

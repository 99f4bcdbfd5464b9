"""Property tests of the pure bracket code the services call.

Whole events played with random winners are property-tested through the services
(tests/tournaments/test_event_properties.py).
"""

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.brackets import (
    LaterMatch,
    LaterMatchesPlayed,
    bracket_first_round,
    feeds_into,
    first_round_pods,
    follow_correction,
    loser_placements,
    random_round,
    ready_after_byes,
    rounds_needed,
)

sizes = st.integers(min_value=2, max_value=300)
per_match = st.sampled_from([2, 3, 4])
pairings = st.sampled_from(["bracket", "random"])
seeds = st.integers(min_value=0, max_value=2**32)


def expected_rounds(n: int, k: int) -> int:
    rounds, slots = 0, 1
    while slots < n:
        rounds, slots = rounds + 1, slots * k
    return rounds


@settings(max_examples=200, deadline=None)
@given(n=sizes, k=per_match, pairing=pairings)
def test_loser_placements_share_every_place_but_the_first(n, k, pairing):
    # given the places by the round an entry lost in
    by_round = loser_placements(n, k, pairing)
    # then there is one per round, losers of a later round place better, the final's losers
    # share second place, and the shared places cover places 2 to n exactly once
    assert len(by_round) == rounds_needed(n, k) == expected_rounds(n, k)
    assert [p.first for p in by_round] == sorted((p.first for p in by_round), reverse=True)
    assert by_round[-1].first == 2
    covered = sorted(place for p in by_round for place in range(p.first, p.last + 1))
    assert covered == list(range(2, n + 1))


@settings(max_examples=200, deadline=None)
@given(n=sizes, k=per_match)
def test_bracket_byes_only_in_round_one_and_to_the_top_seeds(n, k):
    # given the first round of a seeded bracket
    pods = first_round_pods(n, k)
    # then pods differ in size by at most one, a smaller pod never has a weaker leader,
    # and there are k^(R-1) pods, so later rounds are always full
    sizes_by_leader = sorted((pod[0], len(pod)) for pod in pods)
    pod_sizes = [size for _leader, size in sizes_by_leader]
    assert max(pod_sizes) - min(pod_sizes) <= 1
    assert pod_sizes == sorted(pod_sizes)
    assert len(pods) == k ** (expected_rounds(n, k) - 1)
    assert sorted(seed for pod in pods for seed in pod) == list(range(1, n + 1))
    # and with two-player matches the byes are exactly seeds 1 .. (slots - n)
    if k == 2:
        byes = sorted(pod[0] for pod in pods if len(pod) == 1)
        assert byes == list(range(1, 2 * len(pods) - n + 1))


@settings(max_examples=100, deadline=None)
@given(n=st.integers(min_value=2, max_value=60), k=per_match, seed=seeds)
def test_random_pairing_is_reproducible_from_its_seed(n, k, seed):
    # given the same entries, rng seed and bye history
    byes = {e: e % 2 for e in range(n)}
    # when a round is paired twice
    first = random_round(list(range(n)), per_match=k, rng=Random(seed), byes=byes)
    second = random_round(list(range(n)), per_match=k, rng=Random(seed), byes=byes)
    # then the pairings are identical
    assert first == second


@settings(max_examples=200, deadline=None)
@given(n=sizes, k=per_match)
def test_round_two_is_ready_at_once_exactly_where_only_byes_feed_it(n, k):
    # given a seeded bracket's first round
    first = bracket_first_round(list(range(1, n + 1)), k)
    ready = set(ready_after_byes(first, k))
    # then a round-2 match is ready at once exactly when every pod feeding it is a bye
    feeders: dict[int, list[tuple]] = {}
    for index, pod in enumerate(first):
        feeders.setdefault(feeds_into(index, k)[0], []).append(pod)
    if expected_rounds(n, k) > 1:
        assert set(feeders) == set(range(len(first) // k))
        assert ready == {t for t, pods in feeders.items() if all(len(p) == 1 for p in pods)}


@settings(max_examples=200, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=60),
    k=per_match,
    seed=seeds,
    data=st.data(),
)
def test_a_dropped_entry_gets_a_bye_only_when_no_entry_still_playing_can(n, k, seed, data):
    # given entries with some bye history, some of which dropped
    entries = list(range(n))
    byes = {e: data.draw(st.integers(0, 3)) for e in entries}
    dropped = set(data.draw(st.lists(st.sampled_from(entries), unique=True)))
    # when a random round is paired
    matches = random_round(entries, per_match=k, rng=Random(seed), byes=byes, dropped=dropped)
    # then everyone plays once, and a bye goes to an entry still playing when there is one,
    # with the fewest byes among those that could have it
    assert sorted(e for m in matches for e in m) == entries
    lone = [m[0] for m in matches if len(m) == 1]
    assert len(lone) == (1 if n % k == 1 else 0)
    for bye in lone:
        playing = [e for e in entries if e not in dropped] or entries
        assert bye in playing
        assert byes[bye] == min(byes[e] for e in playing)


paths = st.lists(
    st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans(), st.booleans()),
    max_size=6,
)


@settings(max_examples=300, deadline=None)
@given(path=paths)
def test_a_correction_changes_only_what_nobody_played(path):
    # given the later matches the old winner (entry 0) was put into, round after round
    later = [
        LaterMatch(
            id=round_number,
            round=round_number,
            is_bye=bye,
            started=started,
            has_games=games,
            has_reports=reports,
            winner=0 if won else 1,
        )
        for round_number, (bye, started, games, reports, won) in enumerate(path, start=2)
    ]
    real = [m for m in later if not m.is_bye]
    before_real = later[: later.index(real[0])] if real else later
    if real and played(real[0]):
        # then a refusal names the first non-bye match first, and only played matches
        with pytest.raises(LaterMatchesPlayed) as refused:
            follow_correction(later, 0)
        assert refused.value.matches[0] == real[0].id
        assert all(played(m) for m in later if m.id in refused.value.matches)
        return
    # else the byes before the first real match pass on, and that match (unplayed) is changed
    plan = follow_correction(later, 0)
    assert list(plan.byes) == [m.id for m in before_real]
    assert plan.replace_in == (real[0].id if real else None)


def played(match: LaterMatch) -> bool:
    return match.started or match.has_games or match.has_reports

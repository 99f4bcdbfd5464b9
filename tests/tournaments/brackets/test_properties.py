"""Property tests of the pure bracket code: play whole events with random winners."""

from collections import Counter
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.brackets import (
    Event,
    first_round_pods,
    loser_placements,
    random_round,
    rounds_needed,
)

sizes = st.integers(min_value=2, max_value=300)
per_match = st.sampled_from([2, 3, 4])
pairings = st.sampled_from(["bracket", "random"])
seeds = st.integers(min_value=0, max_value=2**32)


def play_out(event: Event, rng: Random, *, favourites: tuple = ()) -> None:
    """Report a winner for every ready match until there is a champion."""
    for number in range(1, event.total_rounds + 1):
        assert len(event.rounds) >= number, "a random round opens when the last one ends"
        current = event.rounds[number - 1]
        for index in range(len(current.matches)):
            if current.winners[index] is not None:
                continue
            entries = event.match(number, index)
            fav = [e for e in entries if e in favourites]
            event.report(number, index, fav[0] if fav else rng.choice(entries))


def expected_rounds(n: int, k: int) -> int:
    rounds, slots = 0, 1
    while slots < n:
        rounds, slots = rounds + 1, slots * k
    return rounds


@settings(max_examples=150, deadline=None)
@given(n=sizes, k=per_match, pairing=pairings, seed=seeds)
def test_every_entry_plays_once_per_round_until_out(n, k, pairing, seed):
    # given an event of n entries
    rng = Random(seed)
    event = Event.create(list(range(1, n + 1)), per_match=k, pairing=pairing, rng=Random(seed))
    # when it is played out with random winners
    play_out(event, rng)
    # then each round holds exactly the entries still in, each once
    still_in = set(range(1, n + 1))
    for current in event.rounds:
        appearances = Counter(e for match in current.matches for e in match)
        assert set(appearances) == still_in
        assert all(count == 1 for count in appearances.values())
        assert all(1 <= len(match) <= k for match in current.matches)
        still_in = set(current.winners)
    # and the number of rounds is ceil(log_k n), with exactly one champion
    assert len(event.rounds) == event.total_rounds == expected_rounds(n, k)
    assert rounds_needed(n, k) == expected_rounds(n, k)
    assert still_in == {event.champion}


@settings(max_examples=150, deadline=None)
@given(n=sizes, k=per_match, pairing=pairings, seed=seeds)
def test_placements_form_the_shared_places(n, k, pairing, seed):
    # given a finished event
    event = Event.create(list(range(n)), per_match=k, pairing=pairing, rng=Random(seed))
    play_out(event, Random(seed + 1))
    # when placements are computed
    placements = event.placements()
    # then every entry has one, the champion alone is first, and each shared place
    # "first-last" holds exactly last - first + 1 entries
    assert len(placements) == n
    assert [e for e, p in placements.items() if p.first == 1] == [event.champion]
    groups = Counter((p.first, p.last) for p in placements.values())
    for (first, last), count in groups.items():
        assert count == last - first + 1
    # and losers of a later round always place better
    by_round = loser_placements(n, k, pairing)
    assert [p.first for p in by_round] == sorted((p.first for p in by_round), reverse=True)
    assert by_round[-1].first == 2


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


@settings(max_examples=150, deadline=None)
@given(n=sizes, k=per_match, seed=seeds)
def test_seeds_one_and_two_meet_only_in_the_final(n, k, seed):
    # given a seeded bracket where seeds 1 and 2 win every match
    event = Event.create(list(range(1, n + 1)), per_match=k, pairing="bracket", rng=None)
    play_out(event, Random(seed), favourites=(1, 2))
    # then they share a match only in the last round, and seed 1 wins it
    shared = [
        current.number
        for current in event.rounds
        for match in current.matches
        if 1 in match and 2 in match
    ]
    assert shared == [event.total_rounds]
    assert event.champion == 1


@settings(max_examples=150, deadline=None)
@given(n=sizes, k=per_match, seed=seeds)
def test_random_byes_go_to_entries_with_the_fewest_byes(n, k, seed):
    # given a random-pairing event
    event = Event.create(list(range(n)), per_match=k, pairing="random", rng=Random(seed))
    play_out(event, Random(seed))
    # then a round has a bye only when one entry is left over, and its receiver had no more
    # byes before it than any other entry of that round
    byes_so_far: Counter = Counter()
    for current in event.rounds:
        entrants = [e for match in current.matches for e in match]
        byes = [match[0] for match in current.matches if len(match) == 1]
        assert len(byes) == (1 if len(entrants) % k == 1 else 0)
        for bye in byes:
            assert byes_so_far[bye] == min(byes_so_far[e] for e in entrants)
            byes_so_far[bye] += 1


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

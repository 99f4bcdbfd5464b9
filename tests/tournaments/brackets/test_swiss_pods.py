"""Swiss rounds in pods of 3 or 4, pure (ruling S8): every entry in one pod or the bye, the
bye as ruling S2 gives it, and no two entries that already met in one pod while a placement
with the same pod sizes avoids it; records kept together otherwise."""

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.brackets.swiss import SwissResult, bye, standings
from tournaments.brackets.swiss_pods import pods_by_record


def play_pod_event(entry_count, per_match, rounds, seed, drop_percent):
    """A Swiss event in pods with random winners, some drawn pods and random drops; each round
    is returned with what it was paired from."""
    rng, entries = random.Random(seed), list(range(1, entry_count + 1))
    results, dropped, history = [], set(), []
    for number in range(rounds):
        table = standings(entries, results)
        ranked = [row.entry for row in table if row.entry not in dropped]
        if not ranked:
            break
        points = {row.entry: row.match_points for row in table}
        played = {
            frozenset(pair) for r in results if not r.is_bye for pair in combinations(r.entries, 2)
        }
        had_bye = {r.entries[0] for r in results if r.is_bye}
        made = pods_by_record(
            ranked, points, per_match, had_bye, random.Random(seed + number), played=played
        )
        history.append((made, ranked, played, had_bye))
        for pod in made.pods:
            winner = None if rng.random() < 0.1 else rng.choice(pod)
            results.append(SwissResult(pod, winner, {winner: 1} if winner else {}))
        if made.bye is not None:
            results.append(bye(made.bye))
        dropped |= {entry for entry in ranked if rng.randrange(100) < drop_percent}
    return history


def rematches_in(pods, played) -> int:
    return sum(frozenset(pair) in played for pod in pods for pair in combinations(pod, 2))


def placements(entries, sizes):
    """Every way to put `entries` into pods of `sizes` (brute force, small inputs only)."""
    if not entries:
        yield []
        return
    first, rest = entries[0], entries[1:]
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for mates in combinations(rest, size - 1):
            others = [entry for entry in rest if entry not in mates]
            for more in placements(others, left):
                yield [(first, *mates), *more]


def rematch_free_placement_exists(entries, sizes, played) -> bool:
    """Backtracking: the first entry left takes mates it has not met, none of whom met."""
    if not entries:
        return True
    first, rest = entries[0], entries[1:]
    fresh = [entry for entry in rest if frozenset((first, entry)) not in played]
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for mates in combinations(fresh, size - 1):
            if rematches_in([mates], played):
                continue
            others = [entry for entry in rest if entry not in mates]
            if rematch_free_placement_exists(others, left, played):
                return True
    return False


def check_round_is_seated(made, ranked, had_bye, per_match):
    """Each entry still in plays exactly once or has the bye; pods are full but one smaller
    pod of two or more; the bye (S2) to the lowest-ranked entry without one while any is left."""
    seated = [entry for pod in made.pods for entry in pod]
    assert sorted(seated + ([made.bye] if made.bye is not None else [])) == sorted(ranked)
    left_over = len(ranked) % per_match
    assert (made.bye is not None) == (left_over == 1)
    expected = [per_match] * (len(ranked) // per_match) + ([left_over] if left_over > 1 else [])
    assert sorted(len(pod) for pod in made.pods) == sorted(expected)
    if made.bye is not None:
        without = [entry for entry in reversed(ranked) if entry not in had_bye]
        assert made.bye == (without[0] if without else ranked[-1])


def no_swap_lowers_the_rematches(pods, played) -> bool:
    """No exchange of two entries between two pods leaves fewer pairs that already met."""
    pods = [list(pod) for pod in pods]
    for p, q in combinations(range(len(pods)), 2):
        before = rematches_in((pods[p], pods[q]), played)
        for i in range(len(pods[p])):
            for j in range(len(pods[q])):
                pods[p][i], pods[q][j] = pods[q][j], pods[p][i]
                after = rematches_in((pods[p], pods[q]), played)
                pods[p][i], pods[q][j] = pods[q][j], pods[p][i]
                if after < before:
                    return False
    return True


events = {
    "per_match": st.sampled_from([3, 4]),
    "rounds": st.integers(1, 12),
    "seed": st.integers(0, 10_000),
    "drop_percent": st.sampled_from([0, 0, 5, 10]),
}


@settings(max_examples=120, deadline=None)
@given(entry_count=st.integers(2, 18), **events)
def test_small_pod_events_make_the_fewest_rematches_possible(
    entry_count, per_match, rounds, seed, drop_percent
):
    # given a small Swiss event in pods, with random results and drops
    history = play_pod_event(entry_count, per_match, rounds, seed, drop_percent)
    for made, ranked, played, had_bye in history:
        # then every round seats everyone once, with the bye as S2 gives it
        check_round_is_seated(made, ranked, had_bye, per_match)
        seated = [entry for pod in made.pods for entry in pod]
        sizes = [len(pod) for pod in made.pods]
        # and the rematches it counts are the pairs in its pods that already met
        assert made.rematches == rematches_in(made.pods, played)
        # and no placement with the same pod sizes has fewer (brute force up to 10 entries)
        if len(seated) <= 10:
            fewest = min(rematches_in(pods, played) for pods in placements(seated, sizes))
            assert made.rematches == fewest
        # and beyond, none is made while a rematch-free placement exists
        elif made.rematches:
            assert not rematch_free_placement_exists(seated, sizes, played)


@settings(max_examples=15, deadline=None)
@given(entry_count=st.integers(19, 512), **events)
def test_large_pod_events_avoid_rematches(entry_count, per_match, rounds, seed, drop_percent):
    # given a Swiss event of up to 512 entries in pods, over up to 12 rounds
    history = play_pod_event(entry_count, per_match, rounds, seed, drop_percent)
    for made, ranked, played, had_bye in history:
        # then every round seats everyone once, with the bye as S2 gives it
        check_round_is_seated(made, ranked, had_bye, per_match)
        assert made.rematches == rematches_in(made.pods, played)
        # and a rematch is left only when no single swap of two entries removes one
        if made.rematches:
            assert no_swap_lowers_the_rematches(made.pods, played)
        # and none at all when the round has so many pods that a swap always exists: an entry
        # that met its pod mate has at most `most` opponents, in at most `most` pods, and at
        # most (per_match - 1) * most entries met one of its other mates (a pod of them is
        # full, but the smaller one), so another pod and mate are always free
        seated = {entry for pod in made.pods for entry in pod}
        most = max(sum(frozenset((entry, other)) in played for other in seated) for entry in seated)
        if len(made.pods) - 1 > most + (per_match - 1) * most // per_match + 1:
            assert made.rematches == 0


def test_two_entries_that_met_at_the_top_float_one_entry_down_only():
    # given four entries on 3 points (1 and 2 met) and four on 0 points, in pods of four
    ranked = [1, 2, 3, 4, 5, 6, 7, 8]
    points = {1: 3, 2: 3, 3: 3, 4: 3, 5: 0, 6: 0, 7: 0, 8: 0}
    made = pods_by_record(ranked, points, 4, set(), random.Random(0), played={frozenset((1, 2))})
    # then 1 and 2 are apart, and one entry of each points group trades places: 3-3-3-0 and
    # 3-0-0-0 (not 3-3-0-0 twice)
    assert made.rematches == 0
    assert not any({1, 2} <= set(pod) for pod in made.pods)
    profiles = sorted(sorted((points[e] for e in pod), reverse=True) for pod in made.pods)
    assert profiles == [[3, 0, 0, 0], [3, 3, 3, 0]]


def test_rematches_are_avoided_inside_a_points_group_before_floating_anyone():
    # given eight entries on 3 points (1 met 2, 3 and 4) and four on 0 points, pods of four
    ranked = list(range(1, 13))
    points = {entry: 3 if entry <= 8 else 0 for entry in ranked}
    played = {frozenset((1, other)) for other in (2, 3, 4)}
    for seed in range(20):
        made = pods_by_record(ranked, points, 4, set(), random.Random(seed), played=played)
        # then nobody meets again and every pod keeps a single record
        assert made.rematches == 0
        assert all(len({points[e] for e in pod}) == 1 for pod in made.pods)


def test_an_unavoidable_rematch_is_made_and_counted():
    # given three entries still in, all of whom met in the last round
    played = {frozenset(pair) for pair in combinations((1, 2, 3), 2)}
    made = pods_by_record([1, 2, 3], {1: 3, 2: 0, 3: 0}, 3, set(), random.Random(0), played=played)
    # then they meet again, and the round counts three pairs that already met
    assert sorted(made.pods[0]) == [1, 2, 3]
    assert made.rematches == 3


def test_the_same_seed_gives_the_same_pods():
    first = play_pod_event(60, 4, 8, seed=11, drop_percent=5)
    second = play_pod_event(60, 4, 8, seed=11, drop_percent=5)
    assert [h[0] for h in first] == [h[0] for h in second]

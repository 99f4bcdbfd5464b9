"""Swiss rounds, pure: pairings (same record, no rematch while avoidable, one bye to the
lowest-ranked entry without one) and standings with the usual tie-breakers."""

import random
from fractions import Fraction
from itertools import combinations, pairwise

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.brackets import swiss, swiss_pods
from tournaments.brackets.errors import BracketError
from tournaments.brackets.swiss import SwissResult, bye, pair_round, standings


def play_event(entry_count: int, rounds: int, seed: int, draw_every: int = 0):
    """A whole Swiss event with random results; every round's pairings are returned."""
    rng, entries = random.Random(seed), list(range(1, entry_count + 1))
    results, history = [], []
    for round_number in range(rounds):
        table = standings(entries, results)
        ranked = [row.entry for row in table]
        points = {row.entry: row.match_points for row in table}
        played = {frozenset(r.entries) for r in results if not r.is_bye}
        had_bye = {r.entries[0] for r in results if r.is_bye}
        pairings = pair_round(ranked, points, played, had_bye, random.Random(seed + round_number))
        history.append((pairings, points, played, had_bye, ranked))
        for index, (a, b) in enumerate(pairings.tables):
            if draw_every and index % draw_every == 0:
                results.append(SwissResult((a, b), None, {a: 1, b: 1}))
            else:
                winner, loser = (a, b) if rng.random() < 0.5 else (b, a)
                results.append(SwissResult((a, b), winner, {winner: 2, loser: rng.choice([0, 1])}))
        if pairings.bye is not None:
            results.append(bye(pairings.bye))
    return entries, results, history


def rematch_free_pairing_exists(entries, played) -> bool:
    graph = nx.Graph()
    graph.add_nodes_from(entries)
    graph.add_edges_from(p for p in combinations(entries, 2) if frozenset(p) not in played)
    return len(nx.max_weight_matching(graph, maxcardinality=True)) * 2 == len(entries)


@settings(max_examples=60, deadline=None)
@given(entry_count=st.integers(2, 40), seed=st.integers(0, 10_000), extra=st.integers(0, 2))
def test_every_round_pairs_everyone_once_and_avoids_rematches_while_it_can(
    entry_count, seed, extra
):
    # given a Swiss event played over the default rounds (and up to two more)
    rounds = swiss.rounds_for(entry_count) + extra
    entries, _results, history = play_event(entry_count, rounds, seed)
    for pairings, _points, played, had_bye, ranked in history:
        # then each entry plays exactly once or has the bye
        seated = [e for table in pairings.tables for e in table]
        seated += [pairings.bye] if pairings.bye is not None else []
        assert sorted(seated) == entries
        # and an odd count gives the bye to the lowest-ranked entry that has not had one
        if entry_count % 2:
            without = [e for e in reversed(ranked) if e not in had_bye]
            assert pairings.bye == (without[0] if without else ranked[-1])
        else:
            assert pairings.bye is None
        # and there is no rematch while a rematch-free round exists
        others = [e for e in entries if e != pairings.bye]
        if rematch_free_pairing_exists(others, played):
            assert pairings.rematches == 0
            assert not any(frozenset(t) in played for t in pairings.tables)


@settings(max_examples=60, deadline=None)
@given(entry_count=st.integers(4, 64).filter(lambda n: n % 4 == 0), seed=st.integers(0, 10_000))
def test_the_second_round_pairs_winners_with_winners_and_losers_with_losers(entry_count, seed):
    # given a first round without draws or byes
    _entries, _results, history = play_event(entry_count, 2, seed)
    pairings, points, _played, _had_bye, _ranked = history[1]
    # then every table of round two joins two entries with the same record
    assert all(points[a] == points[b] for a, b in pairings.tables)


def test_a_points_group_of_odd_size_pairs_down_exactly_one_entry():
    # given three entries on 3 points and three on 0, nobody having met
    ranked, points = [1, 2, 3, 4, 5, 6], {1: 3, 2: 3, 3: 3, 4: 0, 5: 0, 6: 0}
    # when the round is paired
    pairings = pair_round(ranked, points, set(), set(), random.Random(1))
    # then one table joins the groups, the others stay within them
    gaps = sorted(abs(points[a] - points[b]) for a, b in pairings.tables)
    assert gaps == [0, 0, 3]


def test_the_same_seed_gives_the_same_pairings():
    # given the same standings and seed twice
    _, _, first = play_event(33, 4, seed=7)
    _, _, second = play_event(33, 4, seed=7)
    # then the rounds are paired identically
    assert [h[0] for h in first] == [h[0] for h in second]


def test_a_large_event_is_paired_without_rematches_in_chunks():
    # given 4,096 entries after three rounds
    _entries, _results, history = play_event(4096, 4, seed=3)
    # then every round seats everyone with no rematch and winners meet winners in round two
    for pairings, *_ in history:
        assert len(pairings.tables) == 2048
        assert pairings.rematches == 0
    _pairings, points, _played, _had_bye, _ranked = history[1]
    assert all(points[a] == points[b] for a, b in history[1][0].tables)


def test_an_unavoidable_rematch_is_made_and_counted():
    # given two entries that have already met (nobody else is left)
    pairings = pair_round([1, 2], {1: 3, 2: 0}, {frozenset((1, 2))}, set(), random.Random(0))
    # then they meet again, and the pairing says it is a rematch
    assert pairings.tables == [(1, 2)] or pairings.tables == [(2, 1)]
    assert pairings.rematches == 1


def test_a_listed_twice_entry_is_refused():
    with pytest.raises(BracketError):
        pair_round([1, 1], {}, set(), set(), random.Random(0))


def test_standings_follow_points_then_the_tie_breakers_with_the_33_percent_floor():
    # given four entries: 1 beat 2 (2-1) and 3 (2-0); 3 beat 4 (2-1); 2 beat 4 (2-1); 4 a bye
    results = [
        SwissResult((1, 2), 1, {1: 2, 2: 1}),
        SwissResult((3, 4), 3, {3: 2, 4: 1}),
        SwissResult((1, 3), 1, {1: 2, 3: 0}),
        SwissResult((2, 4), 2, {2: 2, 4: 1}),
        bye(4),
    ]
    rows = standings([1, 2, 3, 4], results)
    table = {row.entry: row for row in rows}
    # then points and records follow the results (a bye is a 2-0 win)
    assert (table[1].match_points, table[1].wins, table[1].losses) == (6, 2, 0)
    assert (table[4].match_points, table[4].wins, table[4].losses) == (3, 1, 2)
    # and 2, 3 and 4 (3 points each) are split first by opponents' match-win %: 2 and 3 each
    # met 1 (100%) and one 1-win entry; 4 met 2 and 3 (50% each)
    assert table[2].opponents_match_win == table[3].opponents_match_win == Fraction(2, 3)
    assert table[4].opponents_match_win == Fraction(1, 2)
    # then by game-win %: 2 won 3 of 6 games, 3 won 2 of 5
    assert (table[2].game_win, table[3].game_win) == (Fraction(1, 2), Fraction(2, 5))
    assert [row.entry for row in rows] == [1, 2, 3, 4]
    assert [row.rank for row in rows] == [1, 2, 3, 4]
    # and a winless opponent counts as 33% (the floor), not 0%
    zero = standings([1, 2], [SwissResult((1, 2), 1, {1: 2, 2: 0})])
    assert zero[0].entry == 1
    assert zero[0].opponents_match_win == Fraction(1, 3)


@settings(max_examples=40, deadline=None)
@given(entry_count=st.integers(2, 30), seed=st.integers(0, 10_000), draws=st.integers(0, 3))
def test_standings_are_ordered_and_add_up(entry_count, seed, draws):
    # given any Swiss event, with some draws
    entries, results, _ = play_event(entry_count, swiss.rounds_for(entry_count), seed, draws)
    table = standings(entries, results)
    # then the match points add up to 3 a decided match and 2 a drawn one
    decided = sum(1 for r in results if r.winner is not None)
    drawn = sum(1 for r in results if r.winner is None)
    assert sum(row.match_points for row in table) == 3 * decided + 2 * drawn
    # and the rows are in tie-breaker order, ranks shared only by full ties
    keys = [swiss._tie_key(row) for row in table]
    assert keys == sorted(keys)
    for before, after in pairwise(table):
        assert (before.rank == after.rank) == (swiss._tie_key(before) == swiss._tie_key(after))
    # and every percentage lies between the floor and 100%
    for row in table:
        for value in (row.opponents_match_win, row.game_win, row.opponents_game_win):
            assert Fraction(1, 3) <= value <= 1


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(min_value=1, max_value=200),
    per_match=st.sampled_from([3, 4]),
    seed=st.integers(min_value=0, max_value=2**32),
    byes_had=st.integers(min_value=0, max_value=200),
)
def test_pods_by_record_place_every_entry_once(count, per_match, seed, byes_had):
    # given ranked entries with random points, some of which have had a bye
    rng = random.Random(seed)
    ranked = list(range(1, count + 1))
    points = {entry: rng.choice([0, 3, 6, 9]) for entry in ranked}
    ranked.sort(key=lambda entry: -points[entry])
    had_bye = set(ranked[-byes_had:]) if byes_had else set()
    # when they are cut into pods by record (nobody has met yet)
    made = swiss_pods.pods_by_record(
        ranked, points, per_match, had_bye, random.Random(seed), played=set()
    )
    pods, bye_entry = made.pods, made.bye
    # then every entry is in exactly one pod or has the bye
    placed = [entry for pod in pods for entry in pod] + ([bye_entry] if bye_entry else [])
    assert sorted(placed) == sorted(ranked)
    # a bye only for one entry left over, to the lowest-ranked without one while possible
    assert (bye_entry is not None) == (count % per_match == 1)
    if bye_entry is not None and set(ranked) - had_bye:
        assert bye_entry == next(e for e in reversed(ranked) if e not in had_bye)
    # pods are full but the last, which has at least two entries
    assert all(len(pod) == per_match for pod in pods[:-1])
    assert not pods or 2 <= len(pods[-1]) <= per_match
    # and records run down the pods: no pod holds better records than the one before it
    best = [max(points[e] for e in pod) for pod in pods]
    worst = [min(points[e] for e in pod) for pod in pods]
    assert all(w >= b for w, b in zip(worst, best[1:], strict=False))


def test_pods_by_record_refuse_a_listed_twice_entry():
    with pytest.raises(BracketError):
        swiss_pods.pods_by_record([1, 1, 2], {}, 3, set(), random.Random(0), played=set())

"""Worked examples and refusals of the pure bracket code."""

from random import Random

import pytest

from tournaments.brackets import (
    BracketError,
    DuplicateEntry,
    Event,
    InvalidMatchSize,
    MatchAlreadyDecided,
    MatchNotReady,
    NotInMatch,
    TooFewEntries,
    UnknownMatch,
    bracket_first_round,
    feeds_into,
    first_round_pods,
    loser_placements,
    random_round,
    seed_order,
)


def test_seed_order_is_the_standard_inner_outer_order():
    assert seed_order(8, 2) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(16, 2) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    assert seed_order(16, 4) == [1, 8, 9, 16, 2, 7, 10, 15, 3, 6, 11, 14, 4, 5, 12, 13]


def test_twelve_players_get_the_reference_byes():
    # 1vBYE 8v9 4vBYE 5v12 2vBYE 7v10 3vBYE 6v11
    assert first_round_pods(12, 2) == [(1,), (8, 9), (4,), (5, 12), (2,), (7, 10), (3,), (6, 11)]


def test_thirteen_entries_give_byes_to_seeds_one_to_three():
    pods = bracket_first_round(
        ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "s12", "s13"], 2
    )
    assert [pod for pod in pods if len(pod) == 1] == [("s1",), ("s2",), ("s3",)]
    assert pods[1] == ("s8", "s9")
    assert pods[2] == ("s4", "s13")


def test_four_player_pods_leave_the_top_seeds_pods_small():
    assert first_round_pods(10, 4) == [(1, 8), (2, 7), (3, 6, 9), (4, 5, 10)]
    assert first_round_pods(5, 4) == [(1,), (2,), (3,), (4, 5)]
    assert first_round_pods(7, 3) == [(1, 6), (2, 5), (3, 4, 7)]


def test_a_bye_wins_at_once_and_fills_the_next_match():
    event = Event.create(list(range(1, 14)), per_match=2, pairing="bracket", rng=None)
    assert event.winner(1, 0) == 1
    assert event.match(2, 0) == (1,)
    assert not event.is_ready(2, 0)
    event.report(1, 1, 9)
    assert event.match(2, 0) == (1, 9)
    assert event.is_ready(2, 0)


def test_feeds_into_gives_next_match_and_slot():
    assert feeds_into(5, 2) == (2, 1)
    assert feeds_into(7, 4) == (1, 3)


def test_placements_by_round_lost_in():
    labels = [p.label for p in loser_placements(16, 2, "bracket")]
    assert labels == ["9-16", "5-8", "3-4", "2"]
    assert [p.label for p in loser_placements(13, 2, "bracket")] == ["9-13", "5-8", "3-4", "2"]


@pytest.mark.parametrize(
    ("entries", "per_match", "error"),
    [
        ([1, 2, 3], 5, InvalidMatchSize),
        ([1], 2, TooFewEntries),
        ([1, 2, 2], 2, DuplicateEntry),
    ],
)
def test_bad_events_are_refused(entries, per_match, error):
    with pytest.raises(error):
        Event.create(entries, per_match=per_match, pairing="bracket", rng=None)
    assert issubclass(error, BracketError)


def test_unknown_pairing_and_missing_rng_are_refused():
    with pytest.raises(BracketError, match="Pairing"):
        Event.create([1, 2], per_match=2, pairing="swiss", rng=None)
    with pytest.raises(BracketError, match=r"random\.Random"):
        Event.create([1, 2], per_match=2, pairing="random", rng=None)


def test_impossible_reports_are_refused():
    event = Event.create([1, 2, 3, 4], per_match=2, pairing="bracket", rng=None)
    with pytest.raises(NotInMatch):
        event.report(1, 0, 2)
    with pytest.raises(MatchNotReady):
        event.report(2, 0, 1)
    with pytest.raises(UnknownMatch):
        event.report(1, 7, 1)
    with pytest.raises(UnknownMatch):
        event.report(9, 0, 1)
    event.report(1, 0, 4)
    with pytest.raises(MatchAlreadyDecided):
        event.report(1, 0, 1)


def test_random_round_with_one_left_over_gives_the_bye_to_an_entry_without_one():
    byes = dict.fromkeys(range(8), 1)
    byes[5] = 0
    matches = random_round(list(range(9)), per_match=2, rng=Random(3), byes=byes)
    assert matches[-1] == (8,) or matches[-1] == (5,)
    assert len(matches[-1]) == 1
    assert byes.get(matches[-1][0], 0) == 0


def test_random_round_with_two_left_over_makes_a_smaller_pod():
    matches = random_round(list(range(6)), per_match=4, rng=Random(1), byes={})
    assert sorted(len(m) for m in matches) == [2, 4]


def test_a_million_entries_pair_in_linear_structures():
    pods = first_round_pods(1_000_000, 2)
    assert len(pods) == 2**19
    assert sum(len(p) for p in pods) == 1_000_000

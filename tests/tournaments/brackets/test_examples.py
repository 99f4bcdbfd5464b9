"""Worked examples and refusals of the pure bracket code."""

from random import Random

import pytest

from tournaments.brackets import (
    BracketError,
    DuplicateEntry,
    InvalidMatchSize,
    LaterMatch,
    LaterMatchesPlayed,
    TooFewEntries,
    bracket_first_round,
    feeds_into,
    first_round_pods,
    follow_correction,
    lone_winner,
    loser_placements,
    random_round,
    ready_after_byes,
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


def test_a_bye_fills_the_next_match_which_waits_for_its_other_feeder():
    # 13 entries: seed 1's bye goes to round 2 match 0, slot 0; 8v9's winner to slot 1
    first = bracket_first_round(list(range(1, 14)), 2)
    assert first[0] == (1,)
    assert feeds_into(0, 2) == (0, 0)
    assert (first[1], feeds_into(1, 2)) == ((8, 9), (0, 1))
    # so that match is not ready when the bracket is built
    assert 0 not in ready_after_byes(first, 2)


def test_a_next_match_fed_only_by_byes_is_ready_at_once():
    # 5 entries: 1 and (4 v 5) feed match 0; the byes of 2 and 3 feed match 1
    first = bracket_first_round([1, 2, 3, 4, 5], 2)
    assert first == [(1,), (4, 5), (2,), (3,)]
    assert ready_after_byes(first, 2) == [1]
    assert ready_after_byes(bracket_first_round([1, 2, 3, 4, 5], 4), 4) == []


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
    # both pairings refuse them (the services call these when an event starts)
    with pytest.raises(error):
        bracket_first_round(entries, per_match)
    with pytest.raises(error):
        random_round(entries, per_match=per_match, rng=Random(1), byes={})
    assert issubclass(error, BracketError)


def test_random_round_with_one_left_over_gives_the_bye_to_an_entry_without_one():
    byes = dict.fromkeys(range(8), 1)
    byes[5] = 0
    matches = random_round(list(range(9)), per_match=2, rng=Random(3), byes=byes)
    assert matches[-1] == (8,) or matches[-1] == (5,)
    assert len(matches[-1]) == 1
    assert byes.get(matches[-1][0], 0) == 0


def test_a_dropped_entry_gets_the_bye_only_when_everyone_left_has_dropped():
    # 5 entries, 3 of them dropped: the bye goes to 0 or 1, whatever the shuffle
    for seed in range(40):
        rounds = random_round(
            list(range(5)), per_match=2, rng=Random(seed), byes={}, dropped={2, 3, 4}
        )
        assert rounds[-1] in {(0,), (1,)}
    # even when the entries still playing have had more byes
    rounds = random_round([0, 1, 2], per_match=2, rng=Random(5), byes={0: 2}, dropped={1, 2})
    assert rounds[-1] == (0,)
    # with every entry dropped, one of them gets it
    rounds = random_round([0, 1, 2], per_match=2, rng=Random(5), byes={}, dropped={0, 1, 2})
    assert len(rounds[-1]) == 1


def test_a_lone_entry_left_in_a_match_wins_it():
    assert lone_winner([(7, False), (8, False)]) is None
    assert lone_winner([(7, True), (8, False), (9, True)]) == (8, "forfeit")
    # with everyone gone the first goes on, so the event never waits for nobody
    assert lone_winner([(7, True), (8, True)]) == (7, "double-forfeit")
    with pytest.raises(BracketError):
        lone_winner([])


def _later(id, round, *, is_bye=False, started=False, games=False, reports=False, winner=None):
    return LaterMatch(id, round, is_bye, started, games, reports, winner)


def test_a_correction_passes_byes_on_and_takes_the_old_winners_place():
    # old winner 5 got a bye in round 2, then was paired into round 3's match 30
    path = [_later(20, 2, is_bye=True, winner=5), _later(30, 3)]
    plan = follow_correction(path, 5)
    assert (plan.byes, plan.replace_in) == ((20,), 30)
    # nothing further on (the final was corrected): nothing to change
    assert follow_correction([], 5).replace_in is None


def test_a_correction_is_refused_while_later_matches_the_old_winner_played_stand():
    # old winner 5 won match 20 (round 2) and plays match 30 (round 3), which has a report
    path = [_later(20, 2, started=True, games=True, winner=5), _later(30, 3, reports=True)]
    with pytest.raises(LaterMatchesPlayed) as refused:
        follow_correction(path, 5)
    assert refused.value.matches == [20, 30]
    assert refused.value.code == "later_matches_played"
    assert "correct them first: match 20, match 30." in str(refused.value)
    # a match the old winner lost ends the list; one only reported is named too
    path = [_later(20, 2, started=True, winner=6), _later(30, 3, reports=True)]
    with pytest.raises(LaterMatchesPlayed) as refused:
        follow_correction(path, 5)
    assert refused.value.matches == [20]
    with pytest.raises(LaterMatchesPlayed) as refused:
        follow_correction([_later(20, 2, reports=True)], 5)
    assert refused.value.matches == [20]


def test_random_round_with_two_left_over_makes_a_smaller_pod():
    matches = random_round(list(range(6)), per_match=4, rng=Random(1), byes={})
    assert sorted(len(m) for m in matches) == [2, 4]


def test_a_million_entries_pair_in_linear_structures():
    pods = first_round_pods(1_000_000, 2)
    assert len(pods) == 2**19
    assert sum(len(p) for p in pods) == 1_000_000

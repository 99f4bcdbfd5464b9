"""Ratings, pure: a win raises the winner above the loser, and the ratings are a fold over
outcomes, so a result corrected in place gives the ratings of the right result entered first."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.rules import Outcome, Skill, changes, is_established, rate, replay, replay_with_history

outcomes = st.lists(
    st.lists(st.integers(1, 8), min_size=2, max_size=4, unique=True).flatmap(
        lambda players: st.integers(0, len(players) - 1).map(
            lambda w: Outcome.singles(players, (1 if i == w else 2 for i in range(len(players))))
        )
    ),
    min_size=1,
    max_size=30,
)


def test_a_win_moves_the_winner_up_and_the_loser_down():
    after = rate({}, Outcome.singles((1, 2), (1, 2)))
    assert after[1].mu > Skill().mu > after[2].mu
    assert after[1].sigma < Skill().sigma
    assert after[1].matches == after[2].matches == 1


@settings(max_examples=60, deadline=None)
@given(history=outcomes, index=st.integers(0, 29), winner=st.integers(0, 3))
def test_a_correction_moves_only_the_players_it_reaches(history, index, winner):
    # given a history in which one match is entered with the wrong winner, then corrected
    index %= len(history)
    right = history[index]
    winner %= len(right.players)
    wrong = Outcome.singles(
        right.players, (1 if i == winner else 2 for i in range(len(right.players)))
    )
    entered_wrong = replay([*history[:index], wrong, *history[index + 1 :]])
    corrected = replay(history)
    # then the ratings of players who never met the corrected match's players are unaffected
    touched = set().union(*(set(o.players) for o in history[index:]))
    for player in set(corrected) - touched:
        assert corrected[player] == entered_wrong[player]


@settings(max_examples=30, deadline=None)
@given(history=outcomes)
def test_rating_one_match_at_a_time_equals_the_replay(history):
    skills: dict[int, Skill] = {}
    for outcome in history:
        skills.update(rate(skills, outcome))
    assert skills == replay(history)
    assert all(s.matches == sum(p in o.players for o in history) for p, s in skills.items())


@settings(max_examples=30, deadline=None)
@given(history=outcomes)
def test_the_history_chains_each_players_changes_to_their_rating(history):
    # each player's changes follow on from one another, from the starting rating to the last
    skills, changes = replay_with_history(history)
    assert len(changes) == len(history)
    last: dict[int, Skill] = {}
    for outcome, moved in zip(history, changes, strict=True):
        assert sorted(c.player for c in moved) == sorted(outcome.players)
        for change in moved:
            assert change.before == last.get(change.player, Skill())
            assert change.after.matches == change.before.matches + 1
            last[change.player] = change.after
    assert last == skills


teams = st.lists(st.integers(1, 12), min_size=4, max_size=6, unique=True)


@settings(max_examples=40, deadline=None)
@given(players=teams, size=st.sampled_from([2, 3]))
def test_a_team_win_moves_every_winner_up_and_every_loser_down(players, size):
    # given two teams of new players (R1: a team is one OpenSkill side of its members)
    first, second = tuple(players[:size]), tuple(players[size : 2 * size])
    if len(second) < size:
        return
    after = rate({}, Outcome(teams=(first, second), ranks=(1, 2)))
    # then each winner gains and each loser loses, and each played one more rated match
    assert all(after[p].mu > Skill().mu for p in first)
    assert all(after[p].mu < Skill().mu for p in second)
    assert all(after[p].matches == 1 for p in (*first, *second))
    # and a drawn match (shared 1st, R4) of equally rated teams leaves every skill where it
    # was, only more certain
    drawn = rate({}, Outcome(teams=(first, second), ranks=(1, 1)))
    for player in (*first, *second):
        assert drawn[player].mu == pytest.approx(Skill().mu)
        assert drawn[player].sigma < Skill().sigma


def test_a_few_farmed_wins_do_not_establish_a_rating_but_many_matches_do():
    # given a player who beats one fresh opponent after another (R9)
    skills: dict[int, Skill] = {}
    established_after = None
    for n in range(1, 16):
        for change in changes(skills, Outcome.singles([0, 100 + n], [1, 2])):
            skills[change.player] = change.after
        if n == 3:
            # then three wins leave the rating too uncertain to seed by, however high
            assert skills[0].mu > 28
            assert not is_established(skills[0])
        if established_after is None and is_established(skills[0]):
            established_after = n
    # and about ten matches establish it
    assert established_after is not None
    assert 8 <= established_after <= 15


@settings(max_examples=40, deadline=None)
@given(history=outcomes, cut=st.integers(0, 30))
def test_folding_on_from_the_stored_ratings_equals_replaying_from_the_start(history, cut):
    # given the ratings after the first results (what a sweep finds stored)
    stored, _ = replay_with_history(history[:cut])
    # when the sweep folds its new results on top of them
    skills, moved = replay_with_history(history[cut:], start=stored)
    # then the ratings and the new results' history are those of the whole replayed in order
    whole, whole_history = replay_with_history(history)
    assert skills == whole
    assert moved == whole_history[cut:]

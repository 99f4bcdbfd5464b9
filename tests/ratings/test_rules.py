"""Ratings, pure: a win raises the winner above the loser, and the ratings are a fold over
outcomes, so a result corrected in place gives the ratings of the right result entered first."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.rules import Outcome, Skill, rate, replay

outcomes = st.lists(
    st.lists(st.integers(1, 8), min_size=2, max_size=4, unique=True).flatmap(
        lambda players: st.integers(0, len(players) - 1).map(
            lambda w: Outcome(
                tuple(players), tuple(1 if i == w else 2 for i in range(len(players)))
            )
        )
    ),
    min_size=1,
    max_size=30,
)


def test_a_win_moves_the_winner_up_and_the_loser_down():
    after = rate({}, Outcome(players=(1, 2), ranks=(1, 2)))
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
    wrong = Outcome(
        right.players, tuple(1 if i == winner else 2 for i in range(len(right.players)))
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

"""League points, pure: placement and match-win scoring, best N of M, ranks."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leagues.scoring import MATCH_WINS, Result, Scoring, ScoringError, leaderboard, points_for


def test_placement_points_and_places_past_the_list():
    scoring = Scoring(points=(10, 6, 3))
    assert [points_for(Result(1, 1, p, 0), scoring) for p in (1, 2, 3, 4, None)] == [10, 6, 3, 0, 0]


def test_match_win_points():
    assert points_for(Result(1, 1, 9, 4), Scoring(by=MATCH_WINS, per_win=3)) == 12


def test_best_two_of_three_and_shared_ranks():
    # given ann placed 1st, 3rd, 2nd and ben 2nd, 1st, 3rd over three events (10, 8, 6 points)
    results = [
        Result(e, p, place, 0)
        for e, p, place in [(1, 1, 1), (2, 1, 3), (3, 1, 2), (1, 2, 2), (2, 2, 1), (3, 2, 3)]
    ]
    board = leaderboard(results, Scoring(points=(10, 8, 6), best=2), [1, 2, 3])
    # then each counts 10 + 8 = 18: they share rank 1, and the 6 is not counted
    assert [(line.player, line.rank, line.points) for line in board] == [(1, 1, 18), (2, 1, 18)]
    assert sorted(board[0].counted) == [1, 3]
    assert board[0].by_event == {1: 10, 2: 6, 3: 8}


def test_bad_settings_are_refused():
    with pytest.raises(ScoringError):
        Scoring(by="elo")
    with pytest.raises(ScoringError):
        Scoring(best=0)


season = st.lists(
    st.tuples(st.integers(1, 12), st.integers(1, 20), st.integers(1, 16), st.integers(0, 6)),
    max_size=120,
    unique_by=lambda r: (r[0], r[1]),
)


@settings(max_examples=80, deadline=None)
@given(rows=season, best=st.one_of(st.none(), st.integers(1, 12)), by_wins=st.booleans())
def test_the_leaderboard_counts_each_players_best_n(rows, best, by_wins):
    results = [Result(e, p, place, wins) for e, p, place, wins in rows]
    scoring = Scoring(by=MATCH_WINS if by_wins else "placement", best=best)
    board = leaderboard(results, scoring, list(range(1, 13)))
    # every player once, ranked by points (never a better rank for fewer points)
    assert sorted(line.player for line in board) == sorted({r.player for r in results})
    assert [line.points for line in board] == sorted((line.points for line in board), reverse=True)
    assert all(a.rank <= b.rank for a, b in itertools.pairwise(board))
    for line in board:
        earned = sorted(points_for(r, scoring) for r in results if r.player == line.player)
        # the points are the sum of the player's best N events' points, at most N of them
        kept = earned[::-1][:best] if best else earned
        assert line.points == sum(kept)
        assert len(line.counted) == min(best or len(earned), len(earned))

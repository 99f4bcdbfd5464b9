"""Property tests of the pure draw rules (tournaments/RULINGS.md S13, S14): which reported games
can end a match drawn, and when the time rule leaves a true tie."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.brackets import (
    GameResult,
    InvalidResult,
    check_drawn_match,
    complete_match_winner,
    level_at_time,
    winner_by_game_wins,
    wins_needed,
)

PAIR = [11, 22]


def games_of(winners) -> list[GameResult]:
    return [GameResult(w, {}, None) for w in winners]


@given(
    best_of=st.sampled_from([1, 3, 5]),
    winners=st.lists(st.sampled_from([*PAIR, None]), max_size=6),
)
def test_a_draw_is_accepted_exactly_for_a_level_undecided_score(best_of, winners):
    games = games_of(winners)
    wins = Counter(w for w in winners if w is not None)
    level = wins[11] == wins[22]
    undecided = max(wins.values(), default=0) < wins_needed(best_of)
    fits = len(winners) <= best_of
    try:
        check_drawn_match(games, entries=PAIR, active=PAIR, best_of=best_of)
        accepted = True
    except InvalidResult:
        accepted = False
    assert accepted == (level and undecided and fits)
    if accepted and None not in winners and winners:
        # a drawn report is never also a valid won report
        with pytest.raises(InvalidResult):
            complete_match_winner(games, entries=PAIR, active=PAIR, best_of=best_of)


@given(winners=st.lists(st.sampled_from([*PAIR, None]), max_size=5))
def test_a_true_tie_at_time_is_exactly_no_winner_by_game_wins(winners):
    games = games_of(winners)
    assert level_at_time(games, active=PAIR) == (winner_by_game_wins(games, active=PAIR) is None)


def test_a_pod_is_level_only_when_every_entry_still_in_is():
    pod = [1, 2, 3]
    assert not level_at_time(games_of([1, 2]), active=pod)
    assert level_at_time(games_of([1, 2, 3]), active=pod)
    assert level_at_time(games_of([1, 2]), active=[1, 2])


def test_a_stranger_or_a_forfeited_entry_cannot_win_a_game_of_a_draw():
    with pytest.raises(InvalidResult, match="does not play"):
        check_drawn_match(games_of([11, 99]), entries=PAIR, active=PAIR, best_of=3)
    with pytest.raises(InvalidResult, match="forfeited"):
        check_drawn_match(games_of([11, 22]), entries=PAIR, active=[11], best_of=3)

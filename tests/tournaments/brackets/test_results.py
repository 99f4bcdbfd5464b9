"""Property tests of the pure result rules: best-of-N reports and the time rule."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.brackets import (
    GameResult,
    InvalidResult,
    check_games_before_time,
    complete_match_winner,
    team_life,
    time_game_winner,
    winner_by_game_wins,
    wins_needed,
)

ENTRIES = [11, 22, 33, 44]


@settings(max_examples=200, deadline=None)
@given(
    best_of=st.sampled_from([1, 3, 5]),
    k=st.integers(2, 4),
    winners=st.lists(st.sampled_from(ENTRIES), min_size=0, max_size=6),
)
def test_a_report_is_accepted_exactly_when_it_is_a_possible_match(best_of, k, winners):
    # given any sequence of game winners for a k-entry best-of-N match
    entries = ENTRIES[:k]
    games = [GameResult(w, {}, None) for w in winners]
    needed = wins_needed(best_of)
    # the rule: all winners play, and the games stop exactly when someone reaches `needed`
    counts: dict[int, int] = {}
    possible = bool(winners) and all(w in entries for w in winners)
    for i, w in enumerate(winners):
        counts[w] = counts.get(w, 0) + 1
        if counts[w] == needed and i != len(winners) - 1:
            possible = False
    possible = possible and max(counts.values(), default=0) == needed
    # when it is checked, then it is accepted (naming that entry) exactly when possible
    if possible:
        assert (
            complete_match_winner(games, entries=entries, active=entries, best_of=best_of)
            == winners[-1]
        )
    else:
        with pytest.raises(InvalidResult):
            complete_match_winner(games, entries=entries, active=entries, best_of=best_of)


@settings(max_examples=200, deadline=None)
@given(
    life=st.dictionaries(st.sampled_from(ENTRIES), st.integers(-5, 30), min_size=1),
    first=st.none() | st.sampled_from(ENTRIES),
)
def test_time_winner_has_the_highest_life_or_dealt_first_damage_among_the_tied(life, first):
    winner = time_game_winner(life, first, active=ENTRIES)
    best = max(life.values())
    tied = [e for e, v in life.items() if v == best]
    if len(tied) == 1:
        assert winner == tied[0]
    elif first in tied:
        assert winner == first
    else:
        assert winner is None


def test_forfeited_entries_do_not_count_at_time():
    assert time_game_winner({11: 20, 22: 3}, None, active=[22]) == 22


def test_game_wins_decide_only_with_a_strict_leader():
    games = [GameResult(11, {}, None), GameResult(22, {}, None)]
    assert winner_by_game_wins(games, active=[11, 22]) is None
    assert winner_by_game_wins([*games, GameResult(22, {}, None)], active=[11, 22]) == 22


@settings(max_examples=200, deadline=None)
@given(members=st.lists(st.integers(-10, 30), min_size=1, max_size=3))
def test_an_alliance_counts_the_players_still_in(members):
    # given the life totals of an alliance's players when time is called
    total = team_life(members, mode="alliance")
    # then it is the sum of those above 0, or, with everyone out, the best of the totals
    living = [m for m in members if m > 0]
    assert total == (sum(living) if living else max(members))
    assert total >= max(members)


def test_a_single_player_or_as_one_team_has_one_total():
    assert team_life([30], mode="as-one") == 30
    assert team_life([7], mode="") == 7
    for mode in ("as-one", ""):
        with pytest.raises(InvalidResult, match="one life total"):
            team_life([10, 10], mode=mode)
    with pytest.raises(InvalidResult):
        team_life([], mode="alliance")


def test_games_before_time_must_leave_the_match_undecided():
    check_games_before_time([11, 22], entries=[11, 22], active=[11, 22], best_of=3)
    check_games_before_time([11, 11], entries=[11, 22], active=[11, 22], best_of=5)
    for winners, best_of, active, reason in [
        ([11, 11], 3, [11, 22], "already has 2 game wins"),
        ([33], 3, [11, 22], "does not play"),
        ([11], 3, [22], "has forfeited"),
        ([22], 1, [11, 22], "already has 1 game wins"),
    ]:
        with pytest.raises(InvalidResult, match=reason):
            check_games_before_time(winners, entries=[11, 22], active=active, best_of=best_of)

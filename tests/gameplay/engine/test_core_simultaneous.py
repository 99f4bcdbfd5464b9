"""core.same_secret_choice: when an answer to an older version of a simultaneous choice is
still as well informed as one to the current version."""

import pytest

from gameplay.engine import core


@pytest.mark.parametrize("ruleset", ["army", "conventional-combat"])
@pytest.mark.parametrize("seed", range(5))
def test_only_the_other_sides_secret_choice_keeps_an_answer_current(ruleset, seed):
    state = core.new_game(ruleset, seats=2, seed=seed)
    ruleset_obj = core.ruleset_of(state)
    assert ruleset_obj.decision(state).kind == "simultaneous"
    core.play(state, 0, ruleset_obj.legal_actions(state, 0)[0])
    # seat 1 answered version 0: only seat 0's secret choice came since
    assert core.same_secret_choice(state, 1, 0)
    # seat 0 acted since version 0 itself, so its version-0 answer is stale
    assert not core.same_secret_choice(state, 0, 0)
    core.play(state, 1, ruleset_obj.legal_actions(state, 1)[0])
    # after the reveal nobody's version-0 or version-1 answer is current
    assert not core.same_secret_choice(state, 0, 1)
    assert not core.same_secret_choice(state, 1, 0)

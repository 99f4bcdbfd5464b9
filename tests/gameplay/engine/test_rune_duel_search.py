"""The search bot's own evaluation of Rune Duel: the round played out on the sampled state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import core
from gameplay.engine.rune_duel import RUNE_DUEL as RD
from gameplay.engine.rune_duel import strategy


def duel_state(seed: int, steps: int) -> dict:
    """A seeded game played at random for some steps, then on to the next duel decision."""
    state = core.new_game("rune-duel", seats=2, seed=seed)
    rng = random.Random(seed)
    taken = 0
    while state["outcome"] is None and (taken < steps or state["phase"] != "duel"):
        for seat in RD.decision(state).seats:
            legal = RD.legal_actions(state, seat)
            RD.apply(state, seat, legal[rng.randrange(len(legal))])
        taken += 1
    return state


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12))
def test_the_solver_plays_a_card_that_keeps_the_duel_value(seed, steps):
    state = duel_state(seed, steps)
    if state["outcome"] is not None:
        return
    hands = tuple(tuple(state["zones"][str(s)]["hand"]) for s in (0, 1))
    solver = strategy.DuelSolver(state, hands)
    turn, everything = state["turn"], (1 << solver.count) - 1
    mask0, mask1 = solver.first, everything ^ solver.first
    index = solver.best(turn, solver.count, mask0, mask1)
    ids = list(hands[0]) + list(hands[1])
    assert ids[index] in core.clone(state)["zones"][str(turn)]["hand"]
    bit = 1 << index
    if turn == 0:
        after = solver.worth[index] + solver.solve(1, index, mask0 ^ bit, mask1)
    else:
        after = -solver.worth[index] + solver.solve(0, index, mask0, mask1 ^ bit)
    assert after == solver.value(turn)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12))
def test_search_evaluate_plays_the_round_out_on_a_copy(seed, steps):
    state = duel_state(seed, steps)
    before = core.to_json(state)
    score = RD.search_evaluate(state, 0)
    assert core.to_json(state) == before
    if state["outcome"] is not None:
        assert abs(score) == strategy.WIN_SCORE or score == 0.0
        return
    ahead = core.clone(state)
    strategy.play_out_duel(ahead)
    RD.check_invariants(ahead)
    assert ahead["phase"] != "duel" or ahead["round"] == state["round"] + 1
    assert RD.search_evaluate(state, 0) == score

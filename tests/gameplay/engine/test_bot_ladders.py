"""The bots are ordered in every engine game: search beats greedy, greedy beats random.

A small ladder per game on fixed seeds (the full 1,000-game ladders are bench/bot_ladder.py,
recorded in BENCHMARKS.md; the long ones run in `make bench`: see LONG). Seats alternate with
the seed. The games are deterministic for their seeds (the bots' budget is a rollout count; the
time budget is far out of reach), so each assertion is stable: the better bot's score (draws
count half) must have a one-sided Wilson lower bound above one half at z=0.84 (80 % confidence).

Not reached yet (BENCHMARKS.md, "Bot ladders"): search vs greedy in Army and Rune Duel is about
even; those two cases are strict expected failures, so the day the ordering holds on these
seeds the marker has to go.
"""

from __future__ import annotations

import random

import pytest

from gameplay.engine import bots, core, registry
from gameplay.engine.army import ARMY
from gameplay.engine.army.strategy import expected_swing
from gameplay.engine.core import Ruleset

Z_80 = 0.8416
SEED0 = 7000  # seeds apart from the bench ladders' 0-999

# games per pair: small enough that the whole ladder stays under about a minute of CPU
LADDER = {
    ("army", "greedy", "random"): 60,
    ("army", "search", "greedy"): 60,
    ("combat", "greedy", "random"): 40,
    ("combat", "search", "greedy"): 40,
    ("conventional-combat", "greedy", "random"): 60,
    ("conventional-combat", "search", "greedy"): 60,
    ("rune-duel", "greedy", "random"): 60,
    ("rune-duel", "search", "greedy"): 60,
    # Kingdom Combat's games are long (a search game takes seconds): fewer games
    ("kingdom-combat", "greedy", "random"): 12,
    ("kingdom-combat", "search", "greedy"): 12,
}


def _ladder(slug: str, first: str, second: str, games: int) -> dict:
    counts = {"first": 0, "second": 0, "draw": 0}
    for seed in range(SEED0, SEED0 + games):
        counts[bots.ladder_game(slug, first, second, seed)] += 1
    return counts


# The long ladders run in `make bench` (bench/engine_fuzz.py), beside the 1,000-game ladders of
# bench/bot_ladder.py: search vs greedy in Combat and Kingdom Combat (a search game takes
# seconds), and the two expected failures below (60 games each to show an edge that is not
# there yet). The suite keeps the six others: greedy beats random in every game, and search
# beats greedy in Conventional Combat.
LONG = {
    ("combat", "search", "greedy"),
    ("kingdom-combat", "search", "greedy"),
    ("army", "search", "greedy"),
    ("rune-duel", "search", "greedy"),
}

NOT_YET = {
    ("army", "search", "greedy"): "Army: search barely ahead of greedy (32-28 here)",
    ("rune-duel", "search", "greedy"): "Rune Duel: search about even with greedy (27-33 here)",
}


def _case(key):
    reason = NOT_YET.get(key)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    if key in LONG:
        marks.append(pytest.mark.bench)
    return pytest.param(*key, marks=marks, id="-".join(key))


@pytest.mark.parametrize(("slug", "first", "second"), [_case(key) for key in LADDER])
def test_the_stronger_bot_wins_the_small_ladder(slug, first, second):
    # given the fixed seeds, seats alternating
    games = LADDER[(slug, first, second)]
    # when the two bots play them all
    counts = _ladder(slug, first, second, games)
    # then the stronger bot's score is above one half with 80 % confidence
    score = (counts["first"] + counts["draw"] / 2) / games
    lower = bots.wilson_lower(score, games, z=Z_80)
    assert lower > 0.5, (
        f"{slug}: {first} vs {second} {counts}, score {score:.3f}, bound {lower:.3f}"
    )


def test_ladder_games_alternate_seats_and_repeat_for_a_seed():
    # given two consecutive seeds of the same pair
    # when each is played twice
    outcomes = [bots.ladder_game("army", "greedy", "random", seed) for seed in (1, 2, 1, 2)]
    # then a seed always gives the same outcome (the ladder is reproducible)
    assert outcomes[:2] == outcomes[2:]
    assert set(outcomes) <= {"first", "second", "draw"}


def test_the_wilson_bound_is_below_the_rate_and_tightens_with_games():
    # given the same win rate over more and more games
    bounds = [bots.wilson_lower(0.6, games) for games in (10, 100, 1000)]
    # then the bound rises towards the rate but stays below it
    assert bounds == sorted(bounds)
    assert all(bound < 0.6 for bound in bounds)
    assert bots.wilson_lower(0.6, 1000) > 0.57
    assert bots.wilson_lower(0.5, 0) == 0.0


@pytest.mark.parametrize("slug", sorted({key[0] for key in LADDER}))
def test_a_game_models_secret_choices_exactly_when_it_declares_it(slug):
    ruleset = registry.get(slug)
    overrides = type(ruleset).model_choices is not Ruleset.model_choices
    assert overrides == ruleset.game_type.choice_model
    assert ruleset.describe()["game_type"]["search"] == ruleset.game_type.search.describe()


class _NoNoise(random.Random):
    """An RNG whose random() never falls under a policy's noise share."""

    def random(self) -> float:
        return 0.999


def test_army_models_a_card_chosen_in_secret_by_the_rollout_policy():
    # given an Army round where seat 0 has chosen and seat 1 samples the table from its view
    state = core.new_game("army", seats=2, seed=3)
    for seat in (0, 1):
        core.play(state, seat, ARMY.legal_actions(state, seat)[0])
    core.play(state, 0, ARMY.legal_actions(state, 0)[0])
    sampled = ARMY.determinize(ARMY.view(state, 1), 1, random.Random(5))
    # when the search bot's model re-draws seat 0's secret card
    drawn = core.clone(sampled)
    ARMY.model_choices(drawn, 1, _NoNoise(1))
    # then it is the card of seat 0's sampled hand with the best expected swing, all else equal
    their_hand = sampled["players"]["1"]["hand"]
    best = max(sampled["players"]["0"]["hand"], key=lambda c: expected_swing(c, their_hand))
    assert drawn["pending"]["0"] == {"type": "play", "card": best}
    assert drawn["players"] == sampled["players"]
    # and a seat that has not chosen yet is left alone
    untouched = core.clone(sampled)
    ARMY.model_choices(untouched, 0, _NoNoise(1))
    assert untouched == sampled

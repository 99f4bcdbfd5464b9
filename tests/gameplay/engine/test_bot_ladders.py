"""The bots are ordered in every engine game: greedy beats random, search beats greedy.

A small ladder per game on fixed seeds for greedy vs random, and for search vs greedy where a
search game is cheap (Conventional Combat); the search bot's edge over greedy in every game is
measured by the sequential ladders of bench/bot_ladder.py (`--target 0.6`), recorded in
BENCHMARKS.md ("Bot ladders"). Seats alternate with the seed. The games are deterministic for
their seeds (the bots' budget is a rollout count; the time budget is far out of reach), so each
assertion is stable: the better bot's score (draws count half) must have a one-sided Wilson
lower bound above one half at z=0.84 (80 % confidence). The search bot's parts are checked in
constructed positions below, each a single decision.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bench.bot_ladder import paired_interval, verdict_of, wilson_interval
from gameplay.engine import bots, core, registry
from gameplay.engine.army import ARMY, opponent
from gameplay.engine.army import strategy as army_strategy
from gameplay.engine.core import Ruleset

Z_80 = 0.8416
SEED0 = 7000  # seeds apart from the bench ladders' 0-999

# games per pair: small enough that the whole ladder stays within seconds of CPU
LADDER = {
    ("army", "greedy", "random"): 60,
    ("combat", "greedy", "random"): 40,
    ("conventional-combat", "greedy", "random"): 60,
    ("conventional-combat", "search", "greedy"): 60,
    ("rune-duel", "greedy", "random"): 60,
    ("kingdom-combat", "greedy", "random"): 12,
}


def _ladder(slug: str, first: str, second: str, games: int) -> dict:
    counts = {"first": 0, "second": 0, "draw": 0}
    for seed in range(SEED0, SEED0 + games):
        counts[bots.ladder_game(slug, first, second, seed)] += 1
    return counts


@pytest.mark.parametrize(("slug", "first", "second"), list(LADDER))
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


def test_army_models_a_card_chosen_in_secret_as_the_greedy_bot_chooses_it():
    # given an Army round where seat 0 has chosen and seat 1 samples the table from its view
    state = core.new_game("army", seats=2, seed=3)
    for seat in (0, 1):
        core.play(state, seat, ARMY.legal_actions(state, seat)[0])
    core.play(state, 0, ARMY.legal_actions(state, 0)[0])
    sampled = ARMY.determinize(ARMY.view(state, 1), 1, random.Random(5))
    # when the search bot's model re-draws seat 0's secret card
    drawn = core.clone(sampled)
    ARMY.model_choices(drawn, 1, random.Random(1))
    # then it is a card of seat 0's hand, re-dealt from the cards seat 1 cannot see
    hidden = sorted(sampled["players"]["0"]["hand"] + sampled["fight_pile"])
    assert sorted(drawn["players"]["0"]["hand"] + drawn["fight_pile"]) == hidden
    assert drawn["pending"]["0"]["card"] in drawn["players"]["0"]["hand"]
    # and seat 1's own side is as it sees it
    assert drawn["players"]["1"] == sampled["players"]["1"]
    # and a seat that has not chosen yet is left alone, but for the mark that it answers
    untouched = core.clone(sampled)
    ARMY.model_choices(untouched, 0, random.Random(1))
    assert untouched.pop(army_strategy.OTHER_FIRST) is False
    assert untouched == sampled


def test_a_secret_choice_is_judged_against_the_answer_of_the_seat_still_to_choose():
    # given an Army round where neither seat has chosen its card yet
    state = core.new_game("army", seats=2, seed=3)
    for seat in (0, 1):
        core.play(state, seat, ARMY.legal_actions(state, seat)[0])
    first = core.clone(state)
    ARMY.apply(first, 0, ARMY.legal_actions(first, 0)[0])
    # when the search bot has seat 0's candidate answered in the same step
    bots._answer_in_step(ARMY, first, 0, random.Random(1))
    # then seat 1 has chosen by the game's policy and the round is resolved
    assert first["round"] == 1
    assert first["pending"] == {"0": None, "1": None}
    # and a candidate that closes the step is left as it is (the next round is not started)
    second = core.clone(state)
    ARMY.apply(second, 0, ARMY.legal_actions(second, 0)[0])
    ARMY.apply(second, 1, ARMY.legal_actions(second, 1)[0])
    before = core.clone(second)
    bots._answer_in_step(ARMY, second, 1, random.Random(1))
    assert second == before


@pytest.mark.parametrize("seed", [0, 3, 5])
def test_conventional_combat_search_answers_a_secret_paladin_with_an_even_fighter(seed):
    # given the opening of a Full Match where seat 0 has sent the Lantern Paladin in secret
    # (the greedy bot's first Fighter: the best average matchup)
    ruleset = registry.get("conventional-combat")
    state = core.new_game("conventional-combat", seats=2, seed=seed)
    names = {a["name"]: a for a in ruleset.legal_actions(state, 0)}
    core.play(state, 0, names["Lantern Paladin"])
    # when the search bot chooses seat 1's Fighter from its view
    legal = ruleset.legal_actions(state, 1)
    choice = bots.MonteCarloBot().choose(
        ruleset, ruleset.view(state, 1), 1, legal, random.Random(seed)
    )
    # then it is never the Storm Kraken, which wins 8 % of its duels against the Paladin
    assert choice["name"] != "Storm Kraken"


def test_a_duplicate_deal_seats_the_first_bot_on_either_side_of_the_same_cards():
    # given one deal played by the seeds of a duplicate pair
    seen = []
    for seed in (10, 11):
        timings: list[tuple[float, float]] = []
        bots.ladder_game("army", "greedy", "random", seed, timings=timings, deal=10)
        seen.append(len(timings))
    # then both games are played to the end, and seed 10 is the plain ladder's game
    assert all(count > 0 for count in seen)
    assert bots.ladder_game("army", "greedy", "random", 10, deal=10) == bots.ladder_game(
        "army", "greedy", "random", 10
    )


def test_a_duplicate_ladder_narrows_its_interval_when_each_deal_splits():
    # given 40 deals where the first bot wins one seat and loses the other of every deal
    split = {seed: float(seed % 2) for seed in range(80)}
    # and 40 deals where it wins or loses both games alike, at the same score
    alike = {seed: float(seed // 2 % 2) for seed in range(80)}
    low, high = paired_interval(split)
    # then the split deals show a score of one half with no doubt
    assert low == high == 0.5
    # and the alike deals are as uncertain as 40 single games would be, not 80
    low, high = paired_interval(alike)
    wide_low, wide_high = wilson_interval(0.5, 40)
    assert low < 0.5 < high
    assert high - low == pytest.approx(wide_high - wide_low, rel=0.15)
    assert paired_interval({0: 1.0}) == (0.0, 1.0)


@pytest.mark.parametrize(("seed", "rounds"), [(0, 1), (3, 17), (4, 13), (10, 12)])
def test_army_imitates_the_greedy_bot_without_building_its_sample(seed, rounds):
    # given Army positions early, mid-pile and at an empty pile, choosing first and second
    rng = random.Random(seed)
    state = core.new_game("army", seats=2, seed=seed)
    for _ in range(rounds + 1):
        for seat in (0, 1):
            core.play(state, seat, rng.choice(ARMY.legal_actions(state, seat)))
    answering = core.clone(state)
    core.play(answering, 0, rng.choice(ARMY.legal_actions(answering, 0)))
    for position, seat in ((state, 0), (answering, 1)):
        # when the fast imitation and GreedyBot's own procedure each choose 2,000 times
        fast = Counter(
            opponent.greedy_reply(ARMY, position, seat, random.Random(i))["card"]
            for i in range(2000)
        )
        slow = Counter(
            opponent.greedy_reply_by_the_rules(ARMY, position, seat, random.Random(-i))["card"]
            for i in range(2000)
        )
        # then each card is chosen about as often
        assert all(abs(fast[card] - slow[card]) < 120 for card in fast | slow), (fast, slow)


def test_the_sequential_ladder_gives_no_verdict_before_its_minimum_of_games():
    lucky_start = wilson_interval(32 / 40, 40)  # 32 - 8: it excludes 0.6
    assert lucky_start[0] > 0.6
    assert verdict_of(*lucky_start, 0.6, games=40, min_games=200) == "undecided"
    assert verdict_of(*lucky_start, 0.6, games=40, min_games=40) == "above"
    assert verdict_of(0.45, 0.58, 0.6, games=400, min_games=200) == "below"
    assert verdict_of(0.58, 0.64, 0.6, games=400, min_games=200) == "undecided"

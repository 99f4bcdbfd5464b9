"""The engine core: options, chance, logging, replay, hashing and bots on a toy game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import bots, core, registry
from tests.gameplay.engine.toy_games import HIGH_CARD


def test_validate_options_fills_defaults_and_rejects_bad_values():
    # given the toy ruleset's one option
    # when / then
    assert core.validate_options(HIGH_CARD, {}) == {"rounds": 3}
    with pytest.raises(core.EngineError, match="at most 10"):
        core.validate_options(HIGH_CARD, {"rounds": 11})
    with pytest.raises(core.EngineError, match="Unknown option"):
        core.validate_options(HIGH_CARD, {"colour": 1})
    with pytest.raises(core.EngineError, match="whole number"):
        core.validate_options(HIGH_CARD, {"rounds": "3"})


def test_chance_is_seeded_counted_and_logged():
    # given two states with the same seed
    a = {"seed": 7, "chance_count": 0, "events": []}
    b = {"seed": 7, "chance_count": 0, "events": []}
    # when drawing from chance twice
    first = [chance_value(a), chance_value(a)]
    second = [chance_value(b), chance_value(b)]
    # then the draws repeat across states, differ between calls, and are logged
    assert first == second
    assert first[0] != first[1]
    assert a["chance_count"] == 2
    assert a["events"] == [{"chance": "x", "n": 0}, {"chance": "x", "n": 1}]


def chance_value(state):
    return core.chance(state, "x").random()


def test_unknown_ruleset_is_a_typed_error():
    with pytest.raises(core.UnknownRuleset):
        registry.get("no-such-game")


def test_play_rejects_wrong_seat_and_illegal_action():
    # given a new toy game
    state = core.new_game("toy-high-card", seats=2, seed=1)
    # when seat 0 plays a card it does not hold
    with pytest.raises(core.IllegalAction, match="not allowed"):
        core.play(state, 0, {"type": "pick", "card": 999})
    # then after a legal pick, seat 0 may not act again while seat 1 chooses
    core.play(state, 0, HIGH_CARD.legal_actions(state, 0)[0])
    with pytest.raises(core.IllegalAction, match="not your turn"):
        core.play(state, 0, {"type": "pick", "card": state["hands"]["0"][0]})


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
ACTION_KEYS = st.sampled_from(["type", "card", "target", "attacker", "opponent", "order"])


@settings(max_examples=150, deadline=None)
@given(
    slug=st.sampled_from([r.slug for r in registry.all_rulesets()]),
    action=JSON | st.dictionaries(ACTION_KEYS, JSON, max_size=3),
)
def test_any_json_action_is_played_or_refused_with_a_reason(slug, action):
    # given a new game of any registered ruleset (clients may post any JSON as an action)
    state = core.new_game(slug, seats=registry.get(slug).min_players, seed=2)
    seat = core.acting_seat(state)
    # when it is played, then it is legal or refused as IllegalAction saying why (never a crash)
    legal = registry.get(slug).legal_actions(state, seat)
    if action in legal:
        core.play(state, seat, action)
        return
    with pytest.raises(core.IllegalAction, match=r"\w") as refused:
        core.play(state, seat, action)
    assert refused.value.reason


def test_new_game_rejects_seat_count():
    with pytest.raises(core.EngineError, match="needs 2 to 2"):
        core.new_game("toy-high-card", seats=3, seed=1)


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**31), rounds=st.integers(1, 10))
def test_replay_rebuilds_the_same_state(seed, rounds):
    # given a game played to the end by random bots
    state = core.new_game("toy-high-card", seats=2, options={"rounds": rounds}, seed=seed)
    bots.play_bot_game(state, {0: bots.RandomBot(), 1: bots.RandomBot()}, seed=seed)
    # when replaying its log (after a JSON round trip)
    log = core.from_json(core.to_json(core.game_log(state)))
    again = core.replay(log)
    # then the states are identical
    assert core.state_hash(again) == core.state_hash(state)
    assert core.from_json(core.to_json(state)) == state


def test_replay_detects_a_tampered_log():
    # given a finished game whose log has its last hash altered
    state = core.new_game("toy-high-card", seats=2, seed=3)
    bots.play_bot_game(state, {0: bots.RandomBot(), 1: bots.RandomBot()}, seed=3)
    log = core.game_log(state)
    log["checkpoints"][-1][1] = "0" * 64
    # when / then
    with pytest.raises(core.EngineError, match="diverged"):
        core.replay(log)


def test_replay_rejects_another_version():
    state = core.new_game("toy-high-card", seats=2, seed=3)
    log = core.game_log(state) | {"version": "0"}
    with pytest.raises(core.EngineError, match="version"):
        core.replay(log)


def test_simultaneous_choice_is_hidden_from_the_other_seat():
    # given seat 0 has chosen secretly
    state = core.new_game("toy-high-card", seats=2, seed=5)
    core.play(state, 0, HIGH_CARD.legal_actions(state, 0)[0])
    # when seat 1 looks
    view = HIGH_CARD.view(state, 1)
    # then it sees that a choice was made but not which
    assert view["pending"] == {"0": "hidden"}
    assert HIGH_CARD.decision(state).seats == (1,)


def test_bots_by_name_and_unknown_bot():
    assert isinstance(bots.bot_for("random"), bots.RandomBot)
    assert isinstance(bots.bot_for("greedy"), bots.GreedyBot)
    assert isinstance(bots.bot_for("search"), bots.MonteCarloBot)
    with pytest.raises(core.EngineError, match="known bots"):
        bots.bot_for("oracle")


def test_greedy_bot_beats_random_on_the_toy_game():
    # given 60 games of greedy against random
    wins = 0
    for seed in range(60):
        state = core.new_game("toy-high-card", seats=2, options={"rounds": 5}, seed=seed)
        bots.play_bot_game(state, {0: bots.GreedyBot(), 1: bots.RandomBot()}, seed=seed)
        wins += 0 in HIGH_CARD.result(state).winners
    # then greedy wins clearly more than half (random: about 50%)
    assert wins > 33


def test_search_bot_respects_a_tiny_budget_and_returns_a_legal_action():
    # given a fresh toy game and a search bot with a large rollout cap but no time
    state = core.new_game("toy-high-card", seats=2, seed=9)
    legal = HIGH_CARD.legal_actions(state, 0)
    bot = bots.MonteCarloBot(rollouts=10_000)
    # when it chooses with a zero time budget
    action = bot.choose(HIGH_CARD, HIGH_CARD.view(state, 0), 0, legal, random.Random(1), 0.0)
    # then it still answers with a legal action (one sweep over the actions)
    assert action in legal

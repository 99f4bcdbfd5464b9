"""Rune Duel on the engine contract: options and decks, views, determinization, results."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import bots, core, registry
from gameplay.engine.rune_duel import RUNE_DUEL as RD
from gameplay.engine.rune_duel.cards import CardError, default_deck, normalize_card
from gameplay.engine.rune_duel.scenario import artifact, build, creature, spell

STARTER_FILE = Path(__file__).resolve().parents[3] / "decks" / "data" / "rune_duel_starter.json"


def random_states(seed: int, limit: int = 400):
    """Every state (after each action) of one random game."""
    state = core.new_game("rune-duel", seats=2, seed=seed)
    rng = random.Random(seed)
    yield state
    for _ in range(limit):
        decision = RD.decision(state)
        if decision.kind == "terminal":
            return
        for seat in decision.seats:
            legal = RD.legal_actions(state, seat)
            core.play(state, seat, legal[rng.randrange(len(legal))])
            yield state


def small_deck(tag: str) -> list[dict]:
    return [creature(f"{tag}{i}", i % 4, i % 5 + 1, 1 + i % 3, 2) for i in range(8)] + [
        artifact(f"{tag}-axe", 1, 2, 1),
        spell(f"{tag}-bolt", 2, 3, "damage", "player", 2),
    ]


# ----- registration, options, decks --------------------------------------------------------------
def test_rune_duel_is_registered_for_two_players_with_its_options():
    ruleset = registry.get("rune-duel")
    described = ruleset.describe()
    assert (described["min_players"], described["max_players"]) == (2, 2)
    assert described["options"]["life"]["choices"] == [20, 30, 40]
    assert set(described["options"]) == {"life", "round_limit", "decks"}


def test_each_side_may_bring_its_own_deck():
    state = core.new_game(
        "rune-duel", seats=2, options={"decks": [small_deck("a"), small_deck("b")]}, seed=4
    )
    zone_names = {
        seat: {RD.view(state, int(seat))["players"][seat]["hand"][0]["name"][0]} for seat in "01"
    }
    assert zone_names == {"0": {"a"}, "1": {"b"}}
    assert len(state["cards"]) == 20


@pytest.mark.parametrize(
    ("decks", "message"),
    [
        ("starter", "list of two decks"),
        ([[], []], "needs 5 to 100 cards"),
        ([small_deck("a"), [creature("x", 1, 7, 1, 1)] * 5], "rune"),
        ([small_deck("a"), [creature("x", 1, 1, 1, 1, "Flying")] * 5], "unknown keyword"),
        (
            [small_deck("a"), [spell("x", 1, 1, "attack", "self", 1)] * 5],
            "not in the vocabulary",
        ),
    ],
)
def test_decks_that_cannot_be_played_are_refused_with_the_reason(decks, message):
    with pytest.raises(core.EngineError, match=message):
        core.new_game("rune-duel", seats=2, options={"decks": decks}, seed=1)


def test_card_set_shape_is_read_and_roman_runes_accepted():
    card = normalize_card(
        {
            "name": "Troll",
            "type": "Creature",
            "stats": {"rank": 3, "rune": "IV", "attack": 3, "life": 4, "regeneration": 2},
            "keywords": ["Regeneration", "Twin Strike"],
        }
    )
    assert card["rune"] == 4
    assert card["health"] == 4
    assert card["regeneration"] == 2
    assert card["keywords"] == ["double_attack", "regeneration"]
    with pytest.raises(CardError, match="a spell needs at least one effect"):
        normalize_card({"name": "Dud", "type": "spell", "stats": {"rank": 1, "rune": 1}})


def test_the_default_deck_is_the_decks_apps_first_runes_starter():
    data = json.loads(STARTER_FILE.read_text())
    by_name = {card["name"]: card for card in data["cards"]}
    deck = next(d for d in data["decks"] if d["name"] == "First Runes Starter")
    theirs = [normalize_card(by_name[name]) for count, name in deck["cards"] for _ in range(count)]
    ours = [normalize_card(card) for card in default_deck()]
    as_text = lambda cards: Counter(json.dumps(c, sort_keys=True) for c in cards)  # noqa: E731
    assert as_text(ours) == as_text(theirs)


def test_every_card_of_the_starter_set_is_playable():
    for card in json.loads(STARTER_FILE.read_text())["cards"]:
        normalize_card(card)


# ----- views -----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_a_view_never_shows_the_other_hand_or_any_deck(seed):
    for state in random_states(seed):
        for seat in (0, 1):
            text = json.dumps(RD.view(state, seat))
            hidden = list(state["zones"][str(1 - seat)]["hand"])
            hidden += state["zones"]["0"]["deck"] + state["zones"]["1"]["deck"]
            leaked = [card_id for card_id in hidden if f'"{card_id}"' in text]
            assert leaked == [], f"seat {seat} sees {leaked}"
        spectator = json.dumps(RD.view(state, None))
        hands = state["zones"]["0"]["hand"] + state["zones"]["1"]["hand"]
        assert not [c for c in hands if f'"{c}"' in spectator]


def test_a_view_shows_counts_own_hand_and_the_public_table():
    state = core.new_game("rune-duel", seats=2, seed=2)
    view = RD.view(state, 0)
    assert len(view["players"]["0"]["hand"]) == 5
    assert "hand" not in view["players"]["1"]
    assert view["players"]["1"]["hand_count"] == 5
    assert view["players"]["1"]["deck_count"] == 51
    assert sum(item["count"] for item in view["players"]["1"]["deck_list"]) == 56
    assert "seed" not in view


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60), st.sampled_from([0, 1]))
def test_determinize_samples_a_full_state_that_looks_the_same_to_the_seat(seed, steps, seat):
    # given a state some random actions into a game
    states = random_states(seed)
    state = next(states)
    for _ in range(steps):
        state = next(states, state)
    view = RD.view(state, seat)
    # when hidden cards are sampled
    sampled = RD.determinize(view, seat, random.Random(seed))
    # then the sample is a legal state the seat cannot tell apart from the real one
    RD.check_invariants(sampled)
    again = RD.view(sampled, seat)
    assert {k: v for k, v in again.items() if k != "story"} == {
        k: v for k, v in view.items() if k != "story"
    }
    assert RD.legal_actions(sampled, seat) == RD.legal_actions(state, seat)


# ----- results, labels and bots ----------------------------------------------------------------
def test_a_finished_game_reports_winner_life_totals_and_first_damage():
    *_, state = random_states(8)
    result = RD.result(state)
    assert result is not None
    assert result.life == {0: state["life"]["0"], 1: state["life"]["1"]}
    assert result.first_damage in (0, 1)
    assert result.facts["reason"] in ("life", "round_limit")
    assert RD.decision(state).kind == "terminal"
    assert RD.result(core.new_game("rune-duel", seats=2, seed=8)) is None


def test_actions_have_readable_labels():
    assert RD.describe_action({"type": "play", "card": "0-3", "name": "Spark"}) == "Play Spark"
    assert RD.describe_action({"type": "keep"}) == "Keep my hand"
    assert RD.describe_action({"type": "slot", "slot": 3}) == "Charge into slot 3"
    label = RD.describe_action({"type": "target", "seat": 1, "slot": 2})
    assert label == "Target the creature in slot 2 of seat 2's line"


def test_an_illegal_action_is_refused_with_a_reason_and_changes_nothing():
    state = core.new_game("rune-duel", seats=2, seed=3)
    waiting = 1 - RD.decision(state).seats[0]
    before = core.state_hash(state)
    with pytest.raises(core.IllegalAction, match="opponent's turn"):
        RD.apply(state, waiting, {"type": "keep"})
    assert core.state_hash(state) == before


def test_state_round_trips_through_json_exactly():
    for index, state in enumerate(random_states(12)):
        if index % 5 == 0:
            assert core.from_json(core.to_json(state)) == state


def test_bots_play_rune_duel_to_the_end_from_their_views():
    state = core.new_game("rune-duel", seats=2, seed=21)
    players = {0: bots.bot_for("greedy"), 1: bots.bot_for("search")}
    bots.play_bot_game(state, players, seed=21, budget_s=0.05)
    assert RD.result(state) is not None
    assert core.state_hash(core.replay(core.game_log(state))) == core.state_hash(state)


def test_greedy_beats_random_over_seeded_games():
    # (the full 1,000-game figure is in BENCHMARKS.md, from bench/rune_duel.py)
    wins = 0
    for seed in range(60):
        greedy = seed % 2
        state = core.new_game("rune-duel", seats=2, seed=seed)
        players = {greedy: bots.bot_for("greedy"), 1 - greedy: bots.bot_for("random")}
        bots.play_bot_game(state, players, seed=seed)
        wins += state["outcome"]["winners"] == [greedy]
    assert wins >= 33


def test_greedy_leads_the_card_the_other_hand_cannot_trump():
    # given seat 0 holds one 9-V among low cards, and nothing seat 1 may hold answers a 9-V
    low = [creature(f"Low{i}", 1, 1, 1, 1) for i in range(4)]
    theirs = [creature(f"Their{i}", 5, 2 + i % 3, 1, 1) for i in range(10)]
    state = build(hands=[[creature("Ace", 9, 5, 1, 1), *low], theirs[:5]], decks=[[], theirs[5:]])
    # when the greedy bot chooses its lead from its own view
    view = RD.view(state, 0)
    legal = RD.legal_actions(state, 0)
    choice = bots.bot_for("greedy").choose(RD, view, 0, legal, random.Random(1))
    # then it leads the card that wins the duel at once (5 damage to the other player)
    assert choice["name"] == "Ace"


def test_every_ruling_names_a_test_that_exists():
    root = Path(__file__).resolve().parents[3]
    rulings = (root / "gameplay" / "engine" / "rune_duel" / "RULINGS.md").read_text()
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", rulings))
    here = Path(__file__).parent
    source = "".join(path.read_text() for path in here.glob("test_rune_duel_*.py"))
    assert len(named) > 25
    assert sorted(n for n in named if f"def {n}(" not in source) == []

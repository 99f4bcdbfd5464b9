"""Cards of imported sets on the engine: a deck brings their card data ("card_data", the set's
card dicts), checked against the effect vocabulary; the game keeps it, so it plays, shows only
what a seat may see, and replays in a process that never saw those cards."""

from __future__ import annotations

import random

import pytest

from gameplay.engine import core
from gameplay.engine.errors import EngineError
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from gameplay.engine.kingdom_combat import cards, fight, fuzzing
from tests.gameplay.engine.kingdom_combat.helpers import (
    ASH,
    IRON,
    SLUG,
    SQUIRE,
    STORM_LANCER,
    deck,
    skip_setup,
    to_hand,
)

LANCER = {
    **STORM_LANCER,
    "text": "When it enters play, gain 1 gold.",
    "effects": [{"when": "enters", "op": "gain_gold", "amount": 1}],
}
CAMP = {
    "name": "Squire Camp",
    "type": "structure",
    "subtype": "Camp",
    "border": "black",
    "factions": ["ironhold"],
    "cost": 2,
    "stats": {"hp": 3, "gold": 1},
    "keywords": [],
    "text": "When it enters play, put a Squire token into play at your Fortress, exhausted.",
    "effects": [{"when": "enters", "op": "create_token", "token": "squire", "count": 1}],
}


def imported_deck() -> dict:
    base = deck(["Ironhold Keep"], {"Ironhold Footman": 6, "Storm Lancer": 8, "Squire Camp": 6})
    return {**base, "card_data": [LANCER, CAMP, SQUIRE]}


def new(seed: int = 2) -> dict:
    return core.new_game(SLUG, seats=2, options={"decks": [imported_deck(), ASH]}, seed=seed)


def my_turn() -> dict:
    """A game at seat 0's first pre-combat stage (the first seed whose coin flip gives it)."""
    for seed in range(50):
        state = skip_setup(new(seed))
        if state["turn"]["seat"] == 0:
            return state
    raise AssertionError("no seed gives seat 0 the first turn")


def play_first(state: dict, key: str) -> str:
    """Seat 0 plays its copy of that card (one copy of each card is offered); its id."""
    action = next(
        a
        for a in KC.legal_actions(state, 0)
        if a["type"] == "play" and state["cards"][a["card"]] == key
    )
    core.play(state, 0, action)
    return action["card"]


def test_a_deck_plays_the_imported_cards_it_brings():
    state = new()
    assert set(state["card_data"]) == {"storm-lancer", "squire-camp", "squire"}
    assert cards.card("storm-lancer")["skills"] == ["Mounted"]
    keys = [state["cards"][c] for c in state["players"]["0"]["deck"]]
    assert keys.count("storm-lancer") == 8
    # a Storm Lancer can be hired for the Starting Garrison and played from hand
    assert {"type": "hire", "card": "storm-lancer"} in KC.legal_actions(state, 0)
    state = my_turn()
    to_hand(state, 0, "storm-lancer")
    state["players"]["0"]["gold"] = 2
    lancer = play_first(state, "storm-lancer")
    assert state["units"][lancer]["exhausted"]
    assert state["players"]["0"]["gold"] == 1  # paid 2, gained 1 as it entered


def test_an_imported_structure_makes_its_imported_token():
    state = my_turn()
    to_hand(state, 0, "squire-camp")
    state["players"]["0"]["gold"] = 2
    play_first(state, "squire-camp")
    squires = [u for u in state["units"] if state["cards"][u] == "squire"]
    assert len(squires) == 1
    assert state["units"][squires[0]]["zone"] == "F0"
    assert state["units"][squires[0]]["exhausted"]


BANNER = {
    "name": "Storm Banner Knight",
    "type": "unit",
    "subtype": "Knight",
    "border": "black",
    "factions": ["ironhold"],
    "cost": 2,
    "stats": {"attack": 2, "defense": 1, "armor": 1, "hp": 2},
    "keywords": [],
    "text": "Other units you control in the same zone get +1 defense.",
    "effects": [
        {"when": "static", "op": "modify", "defense": 1, "target": "own_other_units_same_zone"}
    ],
}


def test_an_imported_cards_static_effect_applies_in_play():
    # given a deck bringing an imported unit whose lasting effect is an aura (it was never
    # applied: the engine listed only the built-in cards with lasting effects)
    base = deck(["Ironhold Keep"], {"Ironhold Footman": 10, "Storm Banner Knight": 10})
    state = core.new_game(
        SLUG, seats=2, options={"decks": [{**base, "card_data": [BANNER]}, ASH]}, seed=3
    )
    state = skip_setup(state)
    seat = state["turn"]["seat"]
    to_hand(state, seat, "storm-banner-knight")
    to_hand(state, seat, "ironhold-footman")
    state["players"][str(seat)]["gold"] = 10
    plays = [a for a in KC.legal_actions(state, seat) if a["type"] == "play"]
    footman = next(a for a in plays if state["cards"][a["card"]] == "ironhold-footman")
    core.play(state, seat, footman)
    before = fight.stat(state, footman["card"], "defense")
    # when the imported unit enters the same zone (the Fortress)
    plays = [a for a in KC.legal_actions(state, seat) if a["type"] == "play"]
    banner = next(a for a in plays if state["cards"][a["card"]] == "storm-banner-knight")
    core.play(state, seat, banner)
    # then the other unit there gets +1 defense, and the knight itself does not
    assert fight.stat(state, footman["card"], "defense") == before + 1
    assert fight.stat(state, banner["card"], "defense") == 1


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_imported_cards_keep_every_check_and_replay_without_the_cards(seed):
    state = core.new_game(
        SLUG, seats=2, options={"decks": [imported_deck(), IRON], "max_turns": 30}, seed=seed
    )
    rng = random.Random(seed)
    watch = fuzzing.HpWatch(state)
    while KC.decision(state).kind != "terminal":
        seat = KC.decision(state).seats[0]
        legal = KC.legal_actions(state, seat)
        events = len(state["events"])
        core.play(state, seat, legal[rng.randrange(len(legal))])
        KC.check_invariants(state)
        watch.check(state)
        assert fuzzing.leaked(state, len(state["events"]) - events) is None
    log = core.from_json(core.to_json(core.game_log(state)))
    # a process that never saw the imported cards: they come back from the log's options
    cards.forget_imported()
    assert core.state_hash(core.replay(log)) == core.state_hash(state)


def test_a_seat_sees_the_card_data_of_what_it_may_see_only():
    state = skip_setup(new())
    mine = KC.view(state, 0)
    assert set(mine["card_data"]) >= {"storm-lancer", "squire-camp"}  # its own deck list
    theirs = KC.view(state, 1)
    shown = set(theirs["cards"].values())
    assert set(theirs["card_data"]) == shown & set(state["card_data"])


def test_cards_the_engine_cannot_play_are_refused_naming_the_card():
    bad = {**LANCER, "effects": [{"when": "enters", "op": "steal_kingdom", "amount": 1}]}
    with pytest.raises(EngineError, match=r"Storm Lancer cannot be played: .*op"):
        core.new_game(
            SLUG, seats=2, options={"decks": [{**imported_deck(), "card_data": [bad]}, ASH]}, seed=1
        )
    orphan = {**imported_deck(), "card_data": [LANCER, CAMP]}
    with pytest.raises(EngineError, match="Squire Camp makes 'squire' tokens"):
        core.new_game(SLUG, seats=2, options={"decks": [orphan, ASH]}, seed=1)
    # well formed, but no reading in the engine: the banner would give nobody Alert
    silent = {
        **LANCER,
        "text": "Your units have Alert.",
        "effects": [
            {"when": "static", "op": "grant_skill", "skill": "Alert", "target": "own_units"}
        ],
    }
    with pytest.raises(EngineError, match=r"Storm Lancer cannot be played: .*grant_skill"):
        core.new_game(
            SLUG,
            seats=2,
            options={"decks": [{**imported_deck(), "card_data": [silent, CAMP, SQUIRE]}, ASH]},
            seed=1,
        )
    unknown = {**imported_deck(), "card_data": []}
    with pytest.raises(EngineError, match="no Kingdom Combat card called 'Storm Lancer'"):
        core.new_game(SLUG, seats=2, options={"decks": [unknown, ASH]}, seed=1)

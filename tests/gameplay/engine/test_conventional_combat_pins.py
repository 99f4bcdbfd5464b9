"""Conventional Combat's speed-ups change nothing: 40 seeded random games end in exactly the
states the code before them reached (the hash was taken from that code)."""

import hashlib
import json
import random

from gameplay.engine import core, registry
from gameplay.engine.conventional_combat.cards import action, character

BEFORE_THE_SPEEDUPS = "e42eed9b9f80eccdef3dd4f73e58494f410c1e0744fcfca0a308c4d1a9cd1cb0"


def test_forty_seeded_games_end_as_before():
    rules = registry.get("conventional-combat")
    finals = []
    for seed in range(40):
        state = core.new_game("conventional-combat", seats=2, seed=seed)
        rng = random.Random(seed)
        while (decision := rules.decision(state)).kind != "terminal":
            for seat in decision.seats:
                legal = rules.legal_actions(state, seat)
                core.play(state, seat, legal[rng.randrange(len(legal))])
        finals.append(core.state_hash(state))
    assert hashlib.sha256(json.dumps(finals).encode()).hexdigest() == BEFORE_THE_SPEEDUPS


def test_one_choice_per_distinct_card_even_when_names_repeat():
    # given a hand with two equal cards and a third of the same name but another attack
    flat = (3, 3, 3, 3)
    twin = character("Twin", "H", "fire", 6, flat, [])
    stronger = character("Twin", "H", "fire", 7, flat, [])
    other = character("Other", "C", "water", 5, flat, [])
    force = [twin, dict(twin), stronger, other, action("A0", []), action("A1", [])]
    options = {"mode": "quick-duel", "force_0": force, "force_1": force}
    state = core.new_game("conventional-combat", seats=2, seed=1, options=options)
    # when seat 0 is asked for a Fighter
    offered = registry.get("conventional-combat").legal_actions(state, 0)
    # then the two equal cards are one choice, the stronger namesake another
    assert [(o["card"], o["name"]) for o in offered] == [
        ("0.0", "Twin"),
        ("0.2", "Twin"),
        ("0.3", "Other"),
    ]

"""Conventional Combat's speed-ups change nothing: 40 seeded random games end in exactly the
states the code before them reached (the hash was taken from that code)."""

import hashlib
import json
import random

from gameplay.engine import core, registry

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

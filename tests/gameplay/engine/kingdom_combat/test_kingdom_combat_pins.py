"""Speed work must not change the rules: 15 seeded random games (2, 3 and 4 players, the
default 120-turn limit, uniform picks through core.play) end in byte-identical states.

The pins are sha256 prefixes of each final state's canonical JSON (log, events and all),
recorded on the code before the fuzz speed-up (commit 077e72c) and re-recorded only when a rule
changed (K45: Archers' Canopy's Ranged 1 is a floor; K10: the Battlefield is neutral ground;
K24: a joiner may stand in front; K20: travel between structures; then rules version 2, which
every state records); a change here means the engine now plays some game differently, which a
speed change must never do.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from gameplay.engine import core
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC

PINS = {
    (2, 0): ("080126d62ebfd8d7", 723),
    (2, 1): ("a0e4f408ca63a09d", 933),
    (2, 2): ("738a602ce8bd0f60", 788),
    (2, 3): ("58e388bf85677fd2", 693),
    (2, 4): ("8f9a6c6b8e4114cb", 746),
    (3, 0): ("38ebd0d5ba966ca8", 785),
    (3, 1): ("1e5e970bdc73cf57", 771),
    (3, 2): ("af43066ea06b4b7c", 802),
    (3, 3): ("68bc0572e31acb82", 840),
    (3, 4): ("b811a578a5c6f3e2", 816),
    (4, 0): ("f1e60d40d94206ee", 894),
    (4, 1): ("0bf4df83c8c188c5", 820),
    (4, 2): ("9107458a991ef472", 830),
    (4, 3): ("5ce4d0a15b3a5c8d", 857),
    (4, 4): ("24e16423028d77eb", 861),
}


def random_game(seats: int, seed: int) -> dict:
    """A seeded game played to its end by uniform picks among the legal actions."""
    state = core.new_game("kingdom-combat", seats=seats, options={}, seed=seed)
    rng = random.Random(seed)
    while (decision := KC.decision(state)).kind != "terminal":
        seat = decision.seats[0]
        legal = KC.legal_actions(state, seat)
        core.play(state, seat, legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize(("seats", "seed"), sorted(PINS))
def test_seeded_games_end_in_the_pinned_state(seats, seed):
    state = random_game(seats, seed)
    digest = hashlib.sha256(core.to_json(state).encode()).hexdigest()[:16]
    assert (digest, len(state["log"]["actions"])) == PINS[seats, seed]

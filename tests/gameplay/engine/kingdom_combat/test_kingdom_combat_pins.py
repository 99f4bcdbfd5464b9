"""Speed work must not change the rules: 15 seeded random games (2, 3 and 4 players, the
default 120-turn limit, uniform picks through core.play) end in byte-identical states.

The pins are sha256 prefixes of each final state's canonical JSON (log, events and all),
recorded on the code before the fuzz speed-up (commit 077e72c) and re-recorded only when a rule
changed (K10: the Battlefield is neutral ground; K24: a joiner may stand in front); a change here
means the engine now plays some game differently, which a speed change must never do.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from gameplay.engine import core
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC

PINS = {
    (2, 0): ("645570bd85e274b1", 736),
    (2, 1): ("09804253a552c608", 630),
    (2, 2): ("179239989188f418", 706),
    (2, 3): ("efbc70d0daba4293", 604),
    (2, 4): ("25d72bf5ff6ce4df", 639),
    (3, 0): ("f6f33697b3aeb59a", 708),
    (3, 1): ("45aa66306102edcb", 766),
    (3, 2): ("edceed123de7e2dd", 699),
    (3, 3): ("afa3219662e414e9", 684),
    (3, 4): ("e7ae909b396c0192", 665),
    (4, 0): ("57a0c02053f9787c", 766),
    (4, 1): ("0c305c50fdc1885a", 797),
    (4, 2): ("74467e869dbd1944", 741),
    (4, 3): ("faa3e91d71111161", 841),
    (4, 4): ("6fe681737de12fb3", 772),
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

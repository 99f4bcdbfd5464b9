"""Speed work must not change the rules: 15 seeded random games (2, 3 and 4 players, the
default 120-turn limit, uniform picks through core.play) end in byte-identical states.

The pins are sha256 prefixes of each final state's canonical JSON (log, events and all),
recorded on the code before the fuzz speed-up (commit 077e72c); a change here means the engine
now plays some game differently, which a speed change must never do.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from gameplay.engine import core
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC

PINS = {
    (2, 0): ("1aef231ce5e984c7", 710),
    (2, 1): ("a4b7abc11ec1f7a1", 729),
    (2, 2): ("efff895a33efc981", 778),
    (2, 3): ("ddd22abb47706022", 714),
    (2, 4): ("4d9445de10492d64", 687),
    (3, 0): ("26618423912d0003", 765),
    (3, 1): ("1b50d920e30ba811", 762),
    (3, 2): ("629e99179759310f", 729),
    (3, 3): ("5a3559ed97a66070", 752),
    (3, 4): ("fb426cf407bb590e", 781),
    (4, 0): ("48a5b984edd35064", 831),
    (4, 1): ("48486283a65cab3f", 804),
    (4, 2): ("36bedb159cf7d088", 873),
    (4, 3): ("157fd07627ff47a0", 915),
    (4, 4): ("d5a039502f466fdf", 951),
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

"""Speed work must not change what the engine lists or plays: seeded random games, played as
the speed bench plays them (`legal_actions`, a uniform pick, the validated `apply`), give one
sha256 over every decision's seat, every legal-action list in its order, every illegal probe's
refusal and each game's final state (log, events and all).

The digest was recorded on main before the speed-up of issue 37 (commit 9bc1dee); a change
here means some listing, its order or some game differs, which a speed change must never do.
test_kingdom_combat_pins.py pins the same kind of games through `core.play`.
"""

from __future__ import annotations

import hashlib
import json
import random

from gameplay.engine import core
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC

# (seats, seed, rules version): both versions, 2 to 4 players
GAMES = [(2, 10, "3"), (2, 11, "3"), (3, 12, "3"), (4, 13, "3"), (2, 14, "2"), (3, 15, "2")]
DIGEST = "dabd5938650eb420"


def _feed(digest, value) -> None:
    digest.update(json.dumps(value, sort_keys=True, separators=(",", ":")).encode())


def _play_and_feed(digest, seats: int, seed: int, version: str) -> None:
    state = core.new_game("kingdom-combat", seats=seats, options={}, seed=seed, version=version)
    rng = random.Random(seed)
    while (decision := KC.decision(state)).kind != "terminal":
        seat = decision.seats[0]
        legal = KC.legal_actions(state, seat)
        _feed(digest, [seat, legal, KC.legal_actions(state, (seat + 1) % seats)])
        action = legal[rng.randrange(len(legal))]
        if rng.random() < 0.1:  # a probe the engine must refuse: a stale or bent action
            probe = {**action, "type": "move"} if action["type"] != "move" else {"type": "x"}
            _feed(digest, KC.is_legal(state, seat, probe))
        KC.apply(state, seat, action)
    _feed(digest, core.to_json(state))


def test_seeded_games_list_and_play_as_before_the_speed_up():
    digest = hashlib.sha256()
    for seats, seed, version in GAMES:
        _play_and_feed(digest, seats, seed, version)
    assert digest.hexdigest()[:16] == DIGEST

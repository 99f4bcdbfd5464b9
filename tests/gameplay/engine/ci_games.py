"""How many seeded random games the engine's fuzz tests play, cut into chunks so that
pytest-xdist spreads one game's run over both cores instead of one long test.

The suite plays SUITE_GAMES per game (per player count for Kingdom Combat): enough that every
configuration, every sampled check (views, replays) and Kingdom Combat's full-length games run
every time, in about a minute of CPU for all five games. The issue's 10,000 per game run the
same tests from `make bench` (bench/engine_fuzz.py sets ENGINE_FUZZ_GAMES), as do the
million-game benches (bench/combat_fuzz.py, bench/kingdom_combat_fuzz.py).
"""

from __future__ import annotations

import os

CHUNKS = 4
SUITE_GAMES = 1000


def fuzz_games(suite: int = SUITE_GAMES) -> int:
    """The number of games to play: ENGINE_FUZZ_GAMES when set, else the suite's share."""
    return int(os.environ.get("ENGINE_FUZZ_GAMES", suite))


def chunk_seeds(total: int, chunk: int) -> range:
    """The seeds of one chunk; the chunks together cover 0 .. total - 1 exactly once."""
    return range(chunk * total // CHUNKS, (chunk + 1) * total // CHUNKS)

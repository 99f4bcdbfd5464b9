"""Options and the opening state: both piles shuffled, three army cards and five to fight."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameplay.engine.army.cards import ARMY_CARDS, FIGHTING_CARDS
from gameplay.engine.core import Option, base_state, chance

if TYPE_CHECKING:
    from gameplay.engine.core import Ruleset

HAND_SIZE = 5
ARMY_DRAW = 3

OPTIONS = {
    "round_limit": Option(
        default=200,
        minimum=10,
        maximum=2000,
        help="Rounds after which the game ends and remaining SP decides (guarantees an end).",
    ),
}


def new_state(
    ruleset: Ruleset, *, seats: int, options: dict[str, Any], seed: int
) -> dict[str, Any]:
    """Shuffle both piles and deal three army cards and five fighting cards to each player."""
    state = base_state(ruleset, seats=seats, options=options, seed=seed)
    army_pile = list(ARMY_CARDS)
    chance(state, "shuffle army pile").shuffle(army_pile)
    fight_pile = list(FIGHTING_CARDS)
    chance(state, "shuffle fighting pile").shuffle(fight_pile)
    players = {}
    for seat in ("0", "1"):
        line = [army_pile.pop() for _ in range(ARMY_DRAW)]
        hand = [fight_pile.pop() for _ in range(HAND_SIZE)]
        players[seat] = {"hand": hand, "line": line, "army": None, "lost": 0}
    state.update(
        {
            "phase": "line",
            "round": 0,
            "army_pile": army_pile,
            "army_graveyard": [],
            "fight_pile": fight_pile,
            "fight_graveyard": [],
            "players": players,
            "pending": {"0": None, "1": None},
            "last_round": None,
            "played": [],
            "first_damage": None,
            "winner": None,
            "end": None,
        }
    )
    return state

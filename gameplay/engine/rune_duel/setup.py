"""Options and the opening state: the decks, the coin flip and the first hands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameplay.engine.core import Option, base_state, chance
from gameplay.engine.rune_duel import flow
from gameplay.engine.rune_duel.cards import (
    CardError,
    build_catalogue,
    deal_ids,
    normalize_deck,
    starter_catalogue,
)

if TYPE_CHECKING:
    from gameplay.engine.core import Ruleset

OPTIONS = {
    "life": Option(
        default=20,
        choices=(20, 30, 40),
        help="Starting life of each player: 20 short, 30 average, 40 longer.",
    ),
    "round_limit": Option(
        default=100,
        minimum=10,
        maximum=1000,
        help="Rounds after which higher life wins (then first damage): guarantees an end.",
    ),
    "decks": Option(
        default=None,
        help="Each seat's deck as a list of card dicts ([seat 0, seat 1]); "
        "default: the starter deck for both.",
    ),
}


def new_state(
    ruleset: Ruleset, *, seats: int, options: dict[str, Any], seed: int
) -> dict[str, Any]:
    """Shuffle each deck, flip for the first duel and deal five cards to each player."""
    decks = options.get("decks")
    if decks is None:
        catalogue = starter_catalogue()
    elif not isinstance(decks, list) or len(decks) != 2:
        raise CardError("Option decks must be a list of two decks, one per seat.")
    else:
        clean = [normalize_deck(deck, f"deck of seat {s}") for s, deck in enumerate(decks)]
        catalogue = build_catalogue(deal_ids(clean))
    state = base_state(ruleset, seats=seats, options=options, seed=seed)
    deal(state, catalogue, options["life"])
    return state


def table(life: int, summons: int, leader: int) -> dict[str, Any]:
    """The table before a duel: empty lines, full life, `leader` to play first (no zones yet;
    the deal and scenario.build fill them)."""
    return {
        "zones": {},
        "line": {"0": [], "1": []},
        "duel": [],
        "work": [],
        "choice": None,
        "life": {"0": life, "1": life},
        "damage_taken": {"0": 0, "1": 0},
        "life_gained": {"0": 0, "1": 0},
        "first_damage": None,
        "round": summons - flow.FIRST_SUMMONS + 1,
        "summons": summons,
        "leader": leader,
        "duel_first": leader,
        "turn": None,
        "phase": "next",
        "pending": {},
        "last_duel": None,
        "story": [],
        "outcome": None,
    }


def deal(state: dict[str, Any], catalogue: dict[str, Any], life: int) -> None:
    """Shuffle both decks, flip for the first duel, deal five cards each and open the duel."""
    zones = {}
    for seat in (0, 1):
        ids = [card_id for card_id in catalogue["cards"] if card_id.startswith(f"{seat}-")]
        flow.shuffle(state, f"shuffle seat {seat}'s deck", ids)
        zones[str(seat)] = {"deck": ids, "hand": [], "discard": [], "holding": []}
    first = chance(state, "coin flip: who plays first in the first duel").randrange(2)
    state.update(
        {
            **catalogue,
            **table(life, flow.FIRST_SUMMONS, first),
            "zones": zones,
            "story": [f"Seat {first + 1} wins the coin flip and plays first."],
        }
    )
    for seat in (0, 1):
        flow.draw_to_five(state, seat)
    flow.settle(state)

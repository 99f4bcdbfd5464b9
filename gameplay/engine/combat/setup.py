"""Options and game setup: decks, teams, life totals, the first player and opening hands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameplay.engine.combat import cards
from gameplay.engine.combat.zones import draw
from gameplay.engine.core import EngineError, Option, base_state, chance

if TYPE_CHECKING:
    from gameplay.engine.core import Ruleset

START_LIFE = 20
AS_ONE_LIFE = 30
HAND_SIZE = 7
MIN_OWN_DECK = HAND_SIZE + 1

OPTIONS = {
    "format": Option(
        default="off-the-top",
        choices=("off-the-top", "constructed", "sealed", "draft"),
        help="off-the-top: one shared draw and discard pile; other formats: each seat's own deck",
    ),
    "decks": Option(
        default=None,
        help='own-deck formats: one list of card codes per seat, e.g. [["QH", "10S", ...], ...]',
    ),
    "jokers": Option(default=2, minimum=0, maximum=2, help="Jokers per deck off the top"),
    "teams": Option(
        default="none",
        choices=("none", "alliance", "as-one"),
        help="alliance: teammates never attack each other; as-one: 30 shared life, shared turn",
    ),
    "team_size": Option(default=2, choices=(2, 3), help="players per team when playing teams"),
    "max_turns": Option(
        default=200,
        minimum=1,
        maximum=10_000,
        help="turn limit: then the highest life wins, then the first to deal damage",
    ),
}


def new_state(
    ruleset: Ruleset, *, seats: int, options: dict[str, Any], seed: int
) -> dict[str, Any]:
    """A Combat game ready for the first player's first decision."""
    state = base_state(ruleset, seats=seats, options=options, seed=seed)
    _setup_teams(state, seats, options)
    _setup_cards(state, seats, options)
    units = state["units"]
    first = chance(state, "first player").randrange(len(units))
    state["turn"] = {"number": 0, "unit": first, "step": "setup", "done": [], "farmed": []}
    for offset in range(len(units)):
        for seat in units[(first + offset) % len(units)]:
            for _ in range(HAND_SIZE):
                _draw_opening(state, seat)
    return state


def _draw_opening(state: dict[str, Any], seat: int) -> None:
    draw(state, seat)


def _setup_teams(state: dict[str, Any], seats: int, options: dict[str, Any]) -> None:
    teams = options["teams"]
    state["teams"] = teams
    if teams == "none":
        state["team_of"] = None
        state["units"] = [[s] for s in range(seats)]
        state["holder"] = list(range(seats))
        life = START_LIFE
    else:
        size = options["team_size"]
        if seats not in (4, 6) or seats % size:
            raise EngineError("Teams are played with 4 or 6 players, 2 or 3 to a team.")
        count = seats // size
        # Teammates sit apart (A B A B ...), so clockwise turns alternate between teams.
        state["team_of"] = [s % count for s in range(seats)]
        members = [[s for s in range(seats) if s % count == t] for t in range(count)]
        if teams == "as-one":
            state["units"] = members
            state["holder"] = [members[s % count][0] for s in range(seats)]
            life = AS_ONE_LIFE
        else:
            state["units"] = [[s] for s in range(seats)]
            state["holder"] = list(range(seats))
            life = START_LIFE
    holders = sorted(set(state["holder"]))
    state["start_life"] = life
    state["life"] = {str(h): life for h in holders}
    state["damage_taken"] = {str(h): 0 for h in holders}
    state["out"] = [False] * seats
    state.update(combat=None, pending=None, first_damage=None, winners=None, end=None)


def _setup_cards(state: dict[str, Any], seats: int, options: dict[str, Any]) -> None:
    state["hands"] = {str(s): [] for s in range(seats)}
    state["soldiers"] = {str(s): [] for s in range(seats)}
    state["farms"] = {str(s): [] for s in range(seats)}
    taken: dict[str, int] = {}
    if options["format"] == "off-the-top":
        if options["decks"] is not None:
            raise EngineError("Off the top, players share one pile: do not pass decks.")
        state["mode"] = "shared"
        codes = cards.standard_deck(options["jokers"]) * ((seats + 1) // 2)
        pile = cards.assign_ids(codes, taken)
        chance(state, "shuffle").shuffle(pile)
        state["owner"] = {}
        state["draw"] = {"shared": pile}
        state["discard"] = {"shared": []}
        state["cards"] = sorted(pile)
        return
    decks = _check_decks(options["decks"], seats, options["format"])
    state["mode"] = "own"
    state["owner"] = {}
    state["draw"] = {}
    state["discard"] = {}
    for seat, deck in enumerate(decks):
        pile = cards.assign_ids(deck, taken)
        state["owner"].update(dict.fromkeys(pile, seat))
        chance(state, f"shuffle {seat}").shuffle(pile)
        state["draw"][str(seat)] = pile
        state["discard"][str(seat)] = []
    state["cards"] = sorted(state["owner"])


def _check_decks(decks: object, seats: int, fmt: str) -> list[list[str]]:
    if not isinstance(decks, list) or len(decks) != seats:
        raise EngineError(f"The {fmt} format needs one deck (a list of card codes) per seat.")
    clean = []
    for seat, deck in enumerate(decks):
        if not isinstance(deck, list) or len(deck) < MIN_OWN_DECK:
            raise EngineError(f"Seat {seat + 1}'s deck needs at least {MIN_OWN_DECK} cards.")
        clean.append([cards.normalize_code(code) for code in deck])
    return clean

"""Starting the game: fortresses in play, the Starting Garrison, the opening hand, the mulligan
ladder and the coin flip for the first player (manual, "Starting the Game" 1-4).

Phases: "garrison" (each seat in turn hires units from its deck, face down), then the deal
(shuffle, 7 cards each, garrisons flipped face up), "mulligan" (each seat in turn keeps or
mulligans), then the coin flip and the first turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameplay.engine.core import EngineError, Option, base_state, chance
from gameplay.engine.kingdom_combat import cards, zones
from gameplay.engine.kingdom_combat.zones import event, player

if TYPE_CHECKING:
    from gameplay.engine.core import Ruleset

HAND_SIZE = 7

OPTIONS = {
    "decks": Option(
        default=None,
        help="one deck per seat: {'fortresses': [names], 'cards': [[name, count], ...]}; "
        "none: the starter decks",
    ),
    "max_turns": Option(
        default=120,
        minimum=2,
        maximum=10_000,
        help="turn limit: then the highest fortress HP wins, then the first fortress damage",
    ),
}


def new_state(
    ruleset: Ruleset, *, seats: int, options: dict[str, Any], seed: int
) -> dict[str, Any]:
    """A game waiting for the first seat to hire its Starting Garrison."""
    state = base_state(ruleset, seats=seats, options=options, seed=seed)
    decks = options["decks"] or _default_decks(seats)
    if not isinstance(decks, list) or len(decks) != seats:
        raise EngineError("Pass one deck per seat (or none for the starter decks).")
    state.update(
        cards={},
        owner={},
        players={},
        units={},
        structures={},
        attached={},
        stack=[],
        window=None,
        out=[False] * seats,
        phase="garrison",
        setup={"seat": 0},
        turn=None,
        combat=None,
        effects=[],
        first_damage=None,
        winners=None,
        end=None,
        next_token=0,
        card_data={},
    )
    for seat, deck in enumerate(decks):
        _seat_player(state, seat, deck)
    state["setup"]["gold"] = player(state, 0)["fortress"]["starting_gold"]
    return state


def _default_decks(seats: int) -> list[dict[str, Any]]:
    starters = cards.starter_decks()
    return [starters[seat % len(starters)] for seat in range(seats)]


def _seat_player(state: dict[str, Any], seat: int, deck: object) -> None:
    forts, main = cards.check_deck(deck, seat)
    assert isinstance(deck, dict), "check_deck refuses a deck that is not a dict"
    state["card_data"].update(cards.imported_cards(deck, seat))
    fortress = cards.fortress(forts)
    fortress["start_hp"] = fortress["hp"]
    ids = [f"{seat}-{n:02d}" for n in range(len(main))]
    for cid, key in zip(ids, main, strict=True):
        state["cards"][cid] = key
        state["owner"][cid] = seat
    state["players"][str(seat)] = {
        "fortress": fortress,
        "deck": ids,
        "hand": [],
        "discard": [],
        "structures": [],
        "gold": 0,
        "mulligans": 0,
        "penalty": 0,
        "turns": 0,
    }


# --- the Starting Garrison ------------------------------------------------------------------


def hireable(state: dict[str, Any], seat: int) -> list[str]:
    """Unit keys in the seat's deck it may still hire: cost 1 or more, within the gold left
    (or within a fortress's one-time allowance for its subtype, ruling K39)."""
    gold = state["setup"]["gold"]
    stretch = {} if state["setup"].get("stretched") else _allowances(state, seat)
    keys = []
    for cid in player(state, seat)["deck"]:
        key = state["cards"][cid]
        printed = cards.card(key)
        if printed["type"] != "unit" or printed["cost"] < 1 or key in keys:
            continue
        if printed["cost"] <= gold + stretch.get(printed["subtype"], 0):
            keys.append(key)
    return sorted(keys)  # by name, not by deck order (which is secret once shuffled)


def _allowances(state: dict[str, Any], seat: int) -> dict[str, int]:
    """{subtype: extra gold} for one Starting Garrison unit (Dawnwatch Citadel)."""
    out: dict[str, int] = {}
    for fort in player(state, seat)["fortress"]["cards"]:
        for effect in cards.card(fort)["effects"]:
            if effect["op"] == "garrison_allowance":
                out[effect["subtype"]] = max(out.get(effect["subtype"], 0), effect["amount"])
    return out


def hire(state: dict[str, Any], seat: int, key: str) -> None:
    """Take a copy of the unit from the deck and place it face down, Active, at the Fortress."""
    deck = player(state, seat)["deck"]
    cid = next(c for c in deck if state["cards"][c] == key)
    deck.remove(cid)
    cost = cards.card(key)["cost"]
    if cost > state["setup"]["gold"]:
        state["setup"]["stretched"] = True  # the allowance is used: nothing is left over
    state["setup"]["gold"] = max(0, state["setup"]["gold"] - cost)
    state["units"][cid] = new_unit(state, cid, seat, zones.fortress_zone(seat))
    state["units"][cid]["face_down"] = True
    event(state, "hire", seat=seat)


def new_unit(
    state: dict[str, Any], cid: str, seat: int, zone: str, exhausted: bool = False
) -> dict[str, Any]:
    """A unit record as it enters play."""
    return {
        "seat": seat,
        "zone": zone,
        "in": None,
        "exhausted": exhausted,
        "hp": cards.card(state["cards"][cid])["stats"].get("hp", 1),
        "damage": 0,
        "face_down": False,
    }


def garrison_done(state: dict[str, Any], seat: int) -> None:
    """Unspent starting gold is lost; the next seat hires, or the cards are dealt."""
    state["setup"]["gold"] = 0
    if seat + 1 < state["seats"]:
        state["setup"] = {
            "seat": seat + 1,
            "gold": player(state, seat + 1)["fortress"]["starting_gold"],
        }
        return
    for other in range(state["seats"]):
        zones.shuffle_deck(state, other, "shuffle")
        for _ in range(HAND_SIZE):
            zones.draw(state, other)
    for uid, unit in state["units"].items():
        unit["face_down"] = False
        event(state, "garrison", seat=unit["seat"], card=uid, key=state["cards"][uid])
    state["phase"] = "mulligan"
    state["setup"] = {"seat": 0}


# --- the mulligan ladder --------------------------------------------------------------------


def can_mulligan(state: dict[str, Any], seat: int) -> bool:
    """At most as many mulligans as the fortress produces gold (the first one is free, each
    further one costs 1 gold of the first turn's production, which never reaches 0: K3)."""
    me = player(state, seat)
    return me["mulligans"] < me["fortress"]["gold_per_turn"]


def mulligan(state: dict[str, Any], seat: int) -> None:
    """Shuffle the hand back, draw 7 new cards; from the second one on, -1 first-turn gold."""
    me = player(state, seat)
    me["deck"].extend(me["hand"])
    me["hand"].clear()
    zones.shuffle_deck(state, seat, "mulligan")
    for _ in range(HAND_SIZE):
        zones.draw(state, seat)
    me["mulligans"] += 1
    me["penalty"] = max(0, me["mulligans"] - 1)
    event(state, "mulligan", seat=seat, count=me["mulligans"])


def keep(state: dict[str, Any], seat: int) -> bool:
    """The seat keeps its hand; True when every seat has kept (then the coin is flipped)."""
    event(state, "keep", seat=seat)
    if seat + 1 < state["seats"]:
        state["setup"] = {"seat": seat + 1}
        return False
    first = chance(state, "first player").randrange(state["seats"])
    state["setup"] = None
    state["first"] = first
    event(state, "first player", seat=first)
    return True

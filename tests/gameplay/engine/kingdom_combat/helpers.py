"""Building Kingdom Combat positions for rules tests."""

from __future__ import annotations

from gameplay.engine import core
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from gameplay.engine.kingdom_combat import attacking, setup, zones

SLUG = "kingdom-combat"


# An imported unit the import tests give an effect of their own, and the token one makes.
STORM_LANCER = {
    "name": "Storm Lancer",
    "type": "unit",
    "subtype": "Knight",
    "border": "black",
    "factions": ["ironhold"],
    "cost": 2,
    "stats": {"attack": 3, "defense": 1, "armor": 1, "hp": 2},
    "keywords": ["Mounted"],
}
# (a card set brings its tokens)
SQUIRE = {
    "name": "Squire",
    "type": "token",
    "subtype": "Soldier",
    "border": "green",
    "factions": ["ironhold"],
    "cost": 0,
    "stats": {"attack": 1, "defense": 1, "armor": 1, "hp": 1},
    "keywords": [],
    "text": "Token.",
}


def deck(fortresses, cards) -> dict:
    """A deck dict from fortress names and {name: count}."""
    return {"fortresses": list(fortresses), "cards": [[n, c] for n, c in cards.items()]}


IRON = deck(
    ["Ironhold Keep"],
    {
        "Ironhold Footman": 4,
        "Shieldwall Sergeant": 4,
        "Iron Knight": 2,
        "Veteran Knight": 2,
        "Ironhold Farmstead": 4,
        "Royal Mint": 2,
        "Raise Shields": 2,
    },
)
ASH = deck(
    ["Ashen Warcamp"],
    {
        "Horde Raider": 4,
        "Ember Berserker": 4,
        "Warg Rider": 3,
        "Cinder Ogre": 2,
        "War Pit": 4,
        "Ember Forge": 2,
        "Ambush!": 2,
    },
)


def new(seats: int = 2, seed: int = 1, decks=None, **options) -> dict:
    """A new game in the garrison phase (decks default to IRON, ASH, IRON, ...)."""
    decks = decks or [(IRON, ASH)[s % 2] for s in range(seats)]
    return core.new_game(SLUG, seats=seats, options={"decks": decks, **options}, seed=seed)


def act(state: dict, action: dict, seat: int | None = None) -> None:
    """Play a legal action for the seat to act (checked like a client's); then every seat a
    response window asks passes (tests of the stack answer with core.play instead)."""
    seat = KC.decision(state).seats[0] if seat is None else seat
    core.play(state, seat, action)
    pass_windows(state)


def pass_windows(state: dict) -> None:
    """Every seat asked to answer passes until the window closes."""
    while state.get("window") is not None and state["phase"] != "over":
        core.play(state, KC.decision(state).seats[0], {"type": "pass"})


def skip_setup(state: dict, hires: dict | None = None) -> dict:
    """Hire the given keys per seat (default none), keep every hand: the first turn starts."""
    hires = hires or {}
    for seat in range(state["seats"]):
        for key in hires.get(seat, []):
            act(state, {"type": "hire", "card": key}, seat)
        act(state, {"type": "done"}, seat)
    for seat in range(state["seats"]):
        act(state, {"type": "keep"}, seat)
    return state


def started(seats: int = 2, seed: int = 1, hires=None, **options) -> dict:
    """A game at the first player's pre-combat stage."""
    return skip_setup(new(seats, seed, **options), hires)


def put_unit(state: dict, seat: int, key: str, zone: str, exhausted: bool = False) -> str:
    """Conjure a unit of that key into play for the seat (taken from its deck if there)."""
    me = zones.player(state, seat)
    cid = next((c for c in me["deck"] if state["cards"][c] == key), None)
    if cid is None:
        cid = f"{seat}-x{len(state['cards'])}"
        state["cards"][cid] = key
        state["owner"][cid] = seat
    else:
        me["deck"].remove(cid)
    state["units"][cid] = setup.new_unit(state, cid, seat, zone, exhausted)
    zones.place_unit(state, cid, zone)
    return cid


def put_structure(state: dict, seat: int, key: str) -> str:
    """Conjure a structure into the seat's Structures Zone."""
    from gameplay.engine.kingdom_combat import cards

    cid = f"{seat}-s{len(state['cards'])}"
    state["cards"][cid] = key
    state["owner"][cid] = seat
    state["structures"][cid] = {"seat": seat, "hp": cards.card(key)["stats"]["hp"]}
    zones.player(state, seat)["structures"].append(cid)
    return cid


def legal(state: dict, seat: int | None = None) -> list:
    """The legal actions of the seat to act."""
    seat = KC.decision(state).seats[0] if seat is None else seat
    return KC.legal_actions(state, seat)


def types(actions: list) -> set[str]:
    """The action types offered."""
    return {a["type"] for a in actions}


def to_hand(state: dict, seat: int, key: str) -> str:
    """Conjure a card of that key into the seat's hand."""
    cid = f"{seat}-h{len(state['cards'])}"
    state["cards"][cid] = key
    state["owner"][cid] = seat
    zones.player(state, seat)["hand"].append(cid)
    return cid


# --- the combat tests' table: a pre-combat stage, attacks and defences ------------------------


def board(seats: int = 2, seed: int = 4) -> tuple[dict, int, int]:
    """A game at the pre-combat stage with no units: (state, me, them)."""
    state = started(seats=seats, seed=seed)
    me = state["turn"]["seat"]
    return state, me, (me + 1) % seats


def attack(state: dict, *pairs: tuple[str, str]) -> None:
    act(state, {"type": "combat"})
    for unit, target in pairs:
        act(state, {"type": "attack", "unit": unit, "target": target})
    act(state, {"type": "commit"})


def finish_defence(state: dict) -> None:
    """Defenders with choices left say done (a defender with none is not asked)."""
    while state["turn"]["stage"] == "defend":
        act(state, {"type": "done"})
    assert state["turn"]["stage"] == "post"


def targets(state: dict, uid: str) -> set[str]:
    return set(attacking.targets(state, uid))

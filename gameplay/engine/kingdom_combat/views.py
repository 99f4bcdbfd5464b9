"""What each seat may see, sampling a full state back from a view (for bots), and players'
words for actions and refusals (the invariants are in invariants.py).

Hidden (ruling K8): other seats' hands (counts), every deck (counts; a seat also sees the list of
card names left in its own deck, which it knows from its deck list), face-down garrison units of
other seats (count and zone only), another seat's remaining hiring gold, other seats' deck lists
in the options, and the seed (it would reveal every shuffle).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gameplay.engine.core import clone
from gameplay.engine.kingdom_combat import cards, economy, zones

if TYPE_CHECKING:
    from gameplay.engine.core import Ruleset

RECENT_EVENTS = 40
PUBLIC_KEYS = (
    "ruleset",
    "version",
    "seats",
    "phase",
    "turn",
    "combat",
    "effects",
    "out",
    "first_damage",
    "winners",
    "end",
    "structures",
    "attached",
    "stack",
    "window",
    "next_token",
)


def view(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The state as that seat sees it (None: a spectator, who sees no hand)."""
    me = None if seat is None else str(seat)
    out = clone({key: state.get(key) for key in PUBLIC_KEYS})
    out["viewer"] = seat
    out["first"] = state.get("first")
    out["events"] = clone(state["events"][-RECENT_EVENTS:])
    out["event_count"] = len(state["events"])
    out["units"] = {}
    out["face_down"] = {}
    for uid, unit in state["units"].items():
        if unit["face_down"] and str(unit["seat"]) != me:
            key = str(unit["seat"])
            out["face_down"][key] = out["face_down"].get(key, 0) + 1
        else:
            out["units"][uid] = dict(unit)
    out["players"] = {k: _player_view(state, k, p, k == me) for k, p in state["players"].items()}
    out["setup"] = _setup_view(state, me)
    visible = _visible_cards(state, out, me)
    out["cards"] = {cid: state["cards"][cid] for cid in sorted(visible)}
    out["owner"] = {cid: state["owner"][cid] for cid in sorted(visible)}
    out["card_data"] = _card_data_seen(state, out, me)
    decks = state["options"].get("decks")
    out["options"] = dict(state["options"])
    if decks is not None:
        out["options"]["decks"] = [d if str(i) == me else None for i, d in enumerate(decks)]
    return out


def _visible_cards(state: dict[str, Any], out: dict[str, Any], me: str | None) -> set[str]:
    """The card ids the view shows: in play (face up to it), on the stack, in every discard
    pile and in its own hand."""
    visible = set(out["units"]) | set(state["structures"]) | set(state["attached"])
    visible.update(item["card"] for item in state["stack"] if "card" in item)
    for key, p in out["players"].items():
        visible.update(p["discard"])
        if key == me:
            visible.update(p["hand"])
    return visible


def _card_data_seen(state: dict[str, Any], out: dict[str, Any], me: str | None) -> dict[str, Any]:
    """Imported cards' printed data: of the cards the view sees, and of its own deck list."""
    data = state.get("card_data") or {}
    known = set(out["cards"].values())
    if me is not None and me in out["players"]:
        known.update(out["players"][me]["deck_list"])
    return {key: data[key] for key in sorted(known) if key in data}


def _player_view(state: dict[str, Any], key: str, p: dict[str, Any], mine: bool) -> dict[str, Any]:
    out = {
        "fortress": dict(p["fortress"]),
        "hand": list(p["hand"]) if mine else len(p["hand"]),
        "deck": len(p["deck"]),
        "discard": list(p["discard"]),
        "structures": list(p["structures"]),
        "gold": p["gold"],
        "mulligans": p["mulligans"],
        "penalty": p["penalty"],
        "turns": p["turns"],
    }
    if mine:
        out["deck_list"] = sorted(state["cards"][c] for c in p["deck"])
    return out


def _setup_view(state: dict[str, Any], me: str | None) -> dict[str, Any] | None:
    setup = state["setup"]
    if setup is None:
        return None
    if "gold" in setup and str(setup["seat"]) != me:
        return {"seat": setup["seat"]}
    return dict(setup)


def hidden_cards(state: dict[str, Any], seat: int | None) -> set[str]:
    """Card ids the seat must not see: others' hands and face-down units, and every deck."""
    me = None if seat is None else str(seat)
    hidden = set()
    for key, p in state["players"].items():
        hidden.update(p["deck"])
        if key != me:
            hidden.update(p["hand"])
    hidden.update(
        uid for uid, u in state["units"].items() if u["face_down"] and str(u["seat"]) != me
    )
    return hidden


# --- determinizing --------------------------------------------------------------------------


def determinize(view_: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """A full state consistent with the seat's view: its own deck shuffled from its known
    list, other seats' hidden cards guessed from their fortresses' factions."""
    state = clone(view_)
    state["seed"] = rng.getrandbits(62)
    state["chance_count"] = 0
    state["events"] = []
    state["log"] = {"actions": [], "checkpoints": []}
    if state["setup"] is not None and "gold" not in state["setup"]:
        state["setup"]["gold"] = 0
    made = 0
    for key, p in state["players"].items():
        owner = int(key)
        if key == str(seat):
            keys = list(p.pop("deck_list"))
            rng.shuffle(keys)
        else:
            pool = _guess_pool(p["fortress"]["factions"])
            count = p["deck"] + p["hand"]
            keys = [pool[rng.randrange(len(pool))] for _ in range(count)]
        ids = [f"g{owner}-{n}" for n in range(made, made + len(keys))]
        made += len(keys)
        for cid, card_key in zip(ids, keys, strict=True):
            state["cards"][cid] = card_key
            state["owner"][cid] = owner
        if isinstance(p["hand"], int):
            p["hand"], ids = ids[: p["hand"]], ids[p["hand"] :]
        p["deck"] = ids
    for key, count in state.pop("face_down").items():
        for n in range(count):
            uid = f"h{key}-{n}"
            pool = _guess_pool(state["players"][key]["fortress"]["factions"])
            units = [k for k in pool if cards.card(k)["type"] == "unit"] or pool
            state["cards"][uid] = units[rng.randrange(len(units))]
            state["owner"][uid] = int(key)
            state["units"][uid] = {
                "seat": int(key),
                "zone": zones.fortress_zone(int(key)),
                "in": None,
                "exhausted": False,
                "hp": 1,
                "damage": 0,
                "face_down": True,
            }
    for name in ("viewer", "event_count"):
        state.pop(name, None)
    return state


def _guess_pool(factions: list[str]) -> list[str]:
    allowed = {*factions, "mercenary"}
    return sorted(
        key
        for key, printed in cards.catalogue().items()
        if printed["type"] not in ("fortress", "token") and set(printed["factions"]) <= allowed
    )


# --- words ----------------------------------------------------------------------------------

LABELS = {
    "hire": "Hire {card} for your Starting Garrison",
    "done": "Done",
    "keep": "Keep this hand",
    "mulligan": "Mulligan",
    "play": "Play {card}",
    "move": "Move {unit} to {to}",
    "combat": "Go to combat",
    "attack": "{unit} attacks {target}",
    "commit": "Commit the attack",
    "retreat": "{unit} retreats",
    "join": "{unit} joins the defence",
    "end": "End the turn",
    "shoot": "{unit} shoots {target}",
    "activate": "Use {source}",
    "pass": "Pass",
}


def describe_action(action: dict[str, Any]) -> str:
    """A short label for an action (a button's text)."""
    if not isinstance(action, dict) or action.get("type") not in LABELS:
        return str(action)
    if action["type"] == "pass" and action.get("turn"):
        return "No responses this turn"
    if action["type"] == "pass" and action.get("window"):
        return "Pass until the stack resolves"
    if action["type"] == "move" and action.get("into") is not None:
        return f"Move {action.get('unit', '?')} into {action['into']}"
    if action["type"] == "join" and action.get("front"):
        return f"{action.get('unit', '?')} joins the defence in front"
    fields = {k: v for k, v in action.items() if k != "type"}
    return LABELS[action["type"]].format_map(_Default(fields))


class _Default(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"


REFUSALS = {
    "move": "That unit cannot move there: it must be Active, the zone within its reach "
    "(Mounted: 2), holding no opposing unit (the Battlefield excepted), the way not through "
    "one, and not past a Battlefield an opposing unit stands on.",
    "attack": "That unit cannot attack that target now: attackers are Active units, targets "
    "within reach, and from the Battlefield no structure while an opposing unit stands there.",
    "hire": "You can hire only units from your deck that cost 1 or more and fit in your "
    "remaining Starting Gold.",
}


def why_illegal(ruleset: Ruleset, state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
    """Why an action is refused, in players' words."""
    if state["phase"] == "over":
        return "The game is over."
    if seat not in ruleset.decision(state).seats:
        return "It is not your turn to act."
    if not isinstance(action, dict) or action.get("type") not in LABELS:
        return "That is not a Kingdom Combat action; send one of legal_actions."
    kind = action["type"]
    if kind == "play":
        return _why_not_play(state, seat, str(action.get("card")))
    if kind in REFUSALS:
        return REFUSALS[kind]
    if kind == "mulligan":
        return "You cannot mulligan more times than your fortress produces gold."
    return f"{describe_action(action)} is not allowed now."


def _why_not_play(state: dict[str, Any], seat: int, cid: str) -> str:
    me = zones.player(state, seat)
    if cid not in me["hand"]:
        return "That card is not in your hand."
    printed = cards.card(state["cards"][cid])
    cost = economy.cost(state, seat, cid)  # after the cost reductions in play
    if cost > me["gold"]:
        return f"{printed['name']} costs {cost} gold; you have {me['gold']}."
    turn = state["turn"]  # None while the garrisons are hired and hands kept
    if turn is None or turn["stage"] not in ("pre", "post") or turn["seat"] != seat:
        return "Units and structures are played on your own turn, before or after combat."
    return f"{printed['name']} cannot be played now or on that target."

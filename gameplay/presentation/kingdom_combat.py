"""Kingdom Combat on the play page: the board (fortresses, zones, the Battlefield, the stack),
the clicks, the buttons' words with cards, zones and players by name, the hires offered beside
the board, how a game ended."""

from __future__ import annotations

from functools import lru_cache

from decks.faces import card_face
from decks.legality.cardsets import load_builtin
from gameplay.engine.kingdom_combat import cards as kc_cards
from gameplay.engine.kingdom_combat import effects as kc_effects
from gameplay.engine.kingdom_combat import fight as kc_fight
from gameplay.engine.kingdom_combat import views as kingdom_combat_views
from gameplay.presentation.base import Names, Presentation, player_name
from gameplay.presentation.kingdom_combat_clicks import KC_WINDOW_TITLE, kingdom_combat_paths

SLUG = "kingdom-combat"
KC_STAGES = {
    "pre": "before combat",
    "combat": "combat: declaring attacks",
    "defend": "combat: defenders choose",
    "post": "after combat",
    "end": "end of turn",
}
# The engine's own words for its actions, with the players' names and card names put in.
KC_LABELS = kingdom_combat_views.LABELS


@lru_cache(maxsize=1)
def _kc_faction_names() -> dict[str, str]:
    """{faction slug: its name} of the built-in set ("sylvan": "Sylvan Court")."""
    return {f["slug"]: f["name"] for f in load_builtin(SLUG).get("factions", [])}


def kc_faction_name(slug: str) -> str:
    """A faction's name; an imported set's unknown slug in words ("iron-pact": "Iron Pact")."""
    return _kc_faction_names().get(slug) or slug.replace("-", " ").title()


def kc_face(key: str, **extra) -> dict:
    """The card face of a Kingdom Combat card given by its identity key (factions by name)."""
    printed = kc_cards.card(key)
    face = card_face(
        {
            **printed,
            "keywords": printed["skills"],
            "faction_names": [kc_faction_name(f) for f in printed["factions"]],
        },
        SLUG,
    )
    face.update(extra)
    return face


def _kc_namer(view: dict, names: Names):
    """A function naming a card id, a zone or a seat in players' words."""

    kc_cards.learn_state(view)  # the printed data of imported cards the view shows

    def seat_name(seat) -> str:
        return player_name(names, int(seat))

    def name(thing) -> str:
        text = str(thing)
        if text in view["cards"]:
            return kc_cards.card(view["cards"][text])["name"]
        if text == "B":
            return "the Battlefield"
        if len(text) > 1 and text[0] in "FS" and text[1:].isdigit():
            zone = "Fortress Zone" if text[0] == "F" else "Structures Zone"
            return f"{seat_name(text[1:])}'s {zone}"
        if text.isdigit() or (text.startswith("fortress-") and text[9:].isdigit()):
            return f"{seat_name(text.removeprefix('fortress-'))}'s fortress"
        if text in kc_cards.catalogue():
            return kc_cards.card(text)["name"]
        return "a token" if text.startswith("t") else "a hidden card"

    return name, seat_name


def kingdom_combat_label(view: dict, action: dict, names: Names) -> str:
    """A legal action as a button's words: cards, zones and players by name."""
    name, _seat = _kc_namer(view, names)
    kind = action.get("type", "") if isinstance(action, dict) else ""
    if kind == "pass":  # pass, pass until the stack resolves, no responses this turn
        return kingdom_combat_views.describe_action(action)
    facts = {k: name(v) for k, v in action.items() if k in ("card", "unit", "to", "target")}
    facts["source"] = name(action.get("source", ""))
    label = KC_LABELS.get(kind, kind.capitalize()).format_map(facts)
    if kind == "done":  # the same action ends hiring the garrison and answering an attack
        label = "Done hiring" if view.get("phase") == "garrison" else "Done defending"
    if kind == "move" and action.get("into") is not None:
        label = f"Move {name(action['unit'])} into {name(action['into'])}"
    if kind == "join":
        label += " in front" if action.get("front") else ""
        label += f" (battle {int(action.get('battle', 0)) + 1})"
    if kind in ("play", "activate") and action.get("target") is not None:
        label += f" on {name(action['target'])}"
    return label


KC_CHANGING_STATS = (("attack", "ATK"), ("defense", "DEF"), ("armor", "ARM"), ("range", "RNG"))


def _kc_changes(view: dict, uid: str) -> dict:
    """What effects make of a unit now, where it differs from the printed card: {"changed":
    [{"short", "value", "printed"}] (attack, defense, armor, range), "granted": [skills]}."""
    printed = kc_cards.card(view["cards"][uid])
    with kc_effects.reading(view):
        now = {name: kc_fight.stat(view, uid, name) for name, _short in KC_CHANGING_STATS[:3]}
        now["range"] = kc_effects.range_of(view, uid)
        skills = kc_effects.skills(view, uid)
    changed = [
        {"short": short, "value": now[name], "printed": printed["stats"].get(name, 0)}
        for name, short in KC_CHANGING_STATS
        if now[name] != printed["stats"].get(name, 0)
    ]
    granted = [skill for skill in skills if skill not in printed["skills"]]
    return {"changed": changed, "granted": granted}


def kingdom_combat_board(view: dict, names: Names) -> dict:
    """Each player's fortress, gold, hand and zones; the Battlefield; the stack; the turn and
    stage; the latest events in words. Face-down units of other seats are counted, not drawn."""
    name, seat_name = _kc_namer(view, names)
    inside, in_zone = _kc_units(view, seat_name)
    seats = [
        _kc_seat(view, int(key), p, name, seat_name, inside, in_zone)
        for key, p in view["players"].items()
    ]
    return {
        "seats": seats,
        "battlefield": in_zone.get("B", []),
        "stack": [_kc_stack_item(view, item, name, seat_name) for item in view["stack"]],
        "respond": _kc_respond(view, seat_name),
        "battles": _kc_battles(view, name, seat_name),
        "stage": _kc_stage(view, seat_name),
        "recent": kingdom_combat_events(view.get("events", []), name, seat_name),
    }


def _kc_units(view: dict, seat_name) -> tuple[dict[str, list], dict[str, list]]:
    """Every unit drawn, with what is attached to it: ({structure: units inside}, {zone:
    units in it})."""
    inside: dict[str, list] = {}
    in_zone: dict[str, list] = {}
    attached: dict[str, list] = {}
    for cid, uid in view["attached"].items():
        attached.setdefault(uid, []).append(kc_face(view["cards"][cid]))
    for uid, unit in view["units"].items():
        status = "Exhausted" if unit["exhausted"] else "Active"
        if unit["face_down"]:
            status = "face down"
        entry = {
            "face": kc_face(view["cards"][uid], data_card=uid),
            "status": status,
            "hp": unit["hp"],
            "damage": unit["damage"],
            "owner": seat_name(unit["seat"]),
            "attachments": attached.get(uid, []),
            **_kc_changes(view, uid),
        }
        if unit["in"]:
            inside.setdefault(unit["in"], []).append(entry)
        else:
            in_zone.setdefault(unit["zone"], []).append(entry)
    return inside, in_zone


def _kc_seat(view: dict, seat: int, p: dict, name, seat_name, inside, in_zone) -> dict:
    """One player's side: fortress, gold, hand (or its size), piles and zones."""
    hand = p["hand"]
    fortress = p["fortress"]
    turn = view.get("turn") or {}
    return {
        "seat": seat,
        "name": seat_name(seat),
        "me": view.get("viewer") == seat,
        "out": view["out"][seat],
        "to_move": turn.get("seat") == seat,
        "fortress_name": " & ".join(name(k) for k in fortress["cards"]),
        "fortress": fortress,
        "fortress_faces": [kc_face(k) for k in fortress["cards"]],
        "gold": p["gold"],
        "hand": [kc_face(view["cards"][c], data_card=c) for c in hand]
        if isinstance(hand, list)
        else None,
        "hand_count": len(hand) if isinstance(hand, list) else hand,
        "deck": p["deck"],
        "discard": len(p["discard"]),
        "fortress_zone": in_zone.get(f"F{seat}", []),
        "structures_zone": in_zone.get(f"S{seat}", []),
        "structures": [
            {
                "face": kc_face(view["cards"][sid], data_card=sid),
                "hp": view["structures"][sid]["hp"],
                "units": inside.get(sid, []),
            }
            for sid in p["structures"]
            if sid in view["structures"]
        ],
        "face_down": view["face_down"].get(str(seat), 0),
    }


def _kc_stack_item(view: dict, item: dict, name, seat_name) -> dict:
    """One thing on the stack in words, with its card's face where the view shows it."""
    # a card (an Event, a Dirty Trick), or a Ranged shot drawn as its shooter's card
    card = item.get("card", item.get("shooter"))
    if "card" in item:
        what = name(card)
        target = f" at {name(item['target'])}" if item.get("target") is not None else ""
    else:
        what = f"{name(card)} shoots"
        target = f" {name(item['target'])} for {item.get('amount', '?')}"
    return {
        "text": f"{seat_name(item['seat'])}: {what}{target}",
        "face": kc_face(view["cards"][card]) if card in view["cards"] else None,
    }


# What happens once a response window closes (the stack resolved), by the window's pending step.
KC_WINDOW_THEN = {
    None: "Then the stack resolves, the last card first, and the turn goes on.",
    "combat": "Then the stack resolves and combat begins.",
    "end": "Then the stack resolves and the turn ends.",
    "damage": "Then the stack resolves and combat damage is dealt, all at once.",
}


def _kc_respond(view: dict, seat_name) -> dict | None:
    """The response window open now (ruling K46, K49) or the attacked player's defence: its
    title, who is asked now (and whether it is the viewer), who may be asked after them, and
    what happens next. None while no one but the turn's player decides."""
    window, turn = view.get("window"), view.get("turn") or {}
    combat = view.get("combat") or {}
    if window and window["index"] < len(window["order"]):
        asked, later = window["order"][window["index"]], window["order"][window["index"] + 1 :]
        title, then = KC_WINDOW_TITLE.get(window["then"]), KC_WINDOW_THEN.get(window["then"])
        can = "play a Dirty Trick, shoot with a Ranged unit or use an ability, or pass"
    elif turn.get("stage") == "defend" and combat.get("defend_index", 0) < len(
        combat.get("defend_order", [])
    ):
        order = combat["defend_order"]
        asked, later = order[combat["defend_index"]], order[combat["defend_index"] + 1 :]
        title = "Answering the attack"
        then = "Then everyone, the attacker first, may answer before combat damage."
        can = "retreat an attacked unit, join units to the defence, answer with a card, or say done"
    else:
        return None
    return {
        "title": title,
        "asked": seat_name(asked),
        "me": view.get("viewer") == asked,
        "can": can,
        "later": [seat_name(s) for s in later],
        "then": then,
    }


def _kc_battles(view: dict, name, seat_name) -> list[dict]:
    """The attacks declared in the open combat: attackers, target, defenders, in words."""
    combat = view.get("combat") or {}
    battles = []
    for battle in combat.get("battles", []):
        battles.append(
            {
                "attackers": ", ".join(name(a) for a in battle["attackers"]),
                "target": name(battle["target"]),
                "defenders": ", ".join(name(d) for d in battle["defenders"]),
                "retreated": battle["retreated"],
                "fortress": battle["kind"] == "fortress",
                "seat": seat_name(battle["seat"]),
            }
        )
    return battles


def _kc_stage(view: dict, seat_name) -> str:
    """Where the game is: setup, whose turn and which stage, or over."""
    phase = view["phase"]
    if phase == "garrison":
        stage = f"Setup: {seat_name(view['setup']['seat'])} hires a Starting Garrison"
        if "gold" in view["setup"]:  # only the hiring seat sees its starting gold left
            stage += f" ({view['setup']['gold']} starting gold left; what is not spent is lost)"
        return stage
    if phase == "mulligan":
        return f"Setup: {seat_name(view['setup']['seat'])} keeps or mulligans"
    if phase == "over":
        return "The game is over"
    turn = view.get("turn") or {}
    stage = (
        f"Turn {turn['number']}: {seat_name(turn['seat'])}'s turn, "
        f"{KC_STAGES.get(turn['stage'], turn['stage'])}"
    )
    if view.get("window"):
        stage += " · a response window is open"
    return stage


def kingdom_combat_events(events: list[dict], name, seat_name, limit: int = 12) -> list[str]:
    """The latest public events in players' words, newest first."""

    def who(e) -> str:
        return seat_name(e["seat"]) if "seat" in e else "?"

    def card(e) -> str:
        return name(e.get("key") or e.get("card"))

    words = {
        "hire": lambda e: f"{who(e)} hires a unit face down",
        "garrison": lambda e: f"{who(e)}'s garrison: {card(e)} is turned face up",
        "mulligan": lambda e: f"{who(e)} mulligans ({e['count']})",
        "keep": lambda e: f"{who(e)} keeps their hand",
        "first player": lambda e: f"{who(e)} wins the coin flip and goes first",
        "turn": lambda e: f"Turn {e['number']}: {who(e)} has {e['gold']} gold",
        "play": lambda e: f"{who(e)} plays {card(e)}",
        "cast": lambda e: (
            f"{who(e)} casts {card(e)}"
            + (f" on {name(e['target'])}" if e.get("target") is not None else "")
        ),
        "attach": lambda e: f"{who(e)} attaches {card(e)} to {name(e['unit'])}",
        "token": lambda e: f"{who(e)} creates a {card(e)} token",
        "move": lambda e: f"{card(e)} moves to {name(e.get('into') or e['to'])}",
        "combat": lambda e: f"{who(e)} goes to combat",
        "attack": lambda e: f"{card(e)} attacks {name(e['target'])}",
        "commit": lambda e: f"{who(e)} commits the attack",
        "join": lambda e: f"{card(e)} joins the defence" + (" in front" if e.get("front") else ""),
        "retreat": lambda e: f"{card(e)} retreats to {name(e['to'])}",
        "shoot": lambda e: f"{card(e)} shoots {name(e['target'])} for {e['amount']}",
        "activate": lambda e: f"{who(e)} uses {name(e['source'])}",
        "resolve": lambda e: f"{card(e)} resolves",
        "prevented": lambda e: f"{e['amount']} damage to {card(e)} is prevented",
        "damage": lambda e: (
            f"{seat_name(e['fortress'])}'s fortress takes {e['amount']} damage"
            if "fortress" in e
            else f"{card(e)} takes {e['amount']} damage"
        ),
        "destroyed": lambda e: f"{card(e)} is destroyed",
        "eliminated": lambda e: f"{who(e)}'s fortress falls: out of the game",
        "end turn": lambda e: f"{who(e)} ends the turn",
        "time": lambda e: "The turn limit is reached",
    }
    lines = [words[e["e"]](e) for e in events if e.get("e") in words]
    return lines[::-1][:limit]


# --- the clicks ------------------------------------------------------------------------------


def offer_face(key: str) -> dict:
    """A card offered beside the board (a hire for the Starting Garrison)."""
    return {"key": key, "face": kc_face(key)}


PRESENTATION = Presentation(
    board=kingdom_combat_board,
    clicks=kingdom_combat_paths,
    label=kingdom_combat_label,
    end_words={
        "fortress": "the last fortress standing",
        "time": "the turn limit was reached; the most fortress HP won",
    },
    offer_title="Hire for your Starting Garrison (from your deck)",
    offer_face=offer_face,
)

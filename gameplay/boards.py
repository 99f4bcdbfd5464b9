"""Turning a seat's view into what a board template draws (one presenter per game, optional).

A game plugs into the play page with `templates/gameplay/boards/<slug>.html` and, if its
template wants ready-made data, a presenter registered here; without one the template gets the
raw view. Players act on the board through the game's click mapping (gameplay/table.py, MAPPERS):
every thing a click path names must be drawn by the template as a card face with data-card, or an
element with data-pick (and, for a zone or a side, data-pick-area on what a click may land on);
tests/gameplay/test_play_table.py renders the template to check it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from decks.faces import card_face
from decks.legality.cardsets import load_builtin
from gameplay import table
from gameplay.engine.combat import cards
from gameplay.engine.kingdom_combat import cards as kc_cards
from gameplay.engine.kingdom_combat import effects as kc_effects
from gameplay.engine.kingdom_combat import fight as kc_fight
from gameplay.engine.kingdom_combat import views as kingdom_combat_views

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def face(card_id: str, **extra) -> dict:
    """A playing-card face for templates: rank, suit symbol, colour, label."""
    if card_id == "?":
        return {"kind": "back", "label": "face-down card", **extra}
    rank, suit = cards.rank_of(card_id), cards.suit_of(card_id)
    if suit is None:
        return {
            "kind": "playing",
            "rank": "★",
            "suit": "JK",
            "color": "black",
            "label": "joker",
            "id": card_id,
            **extra,
        }
    return {
        "kind": "playing",
        "rank": rank,
        "suit": SUIT_SYMBOLS[suit],
        "color": "red" if suit in "HD" else "black",
        "label": cards.card_name(card_id),
        "id": card_id,
        **extra,
    }


def combat_board(view: dict, names: dict[int, str]) -> dict:
    """Seats with life, hand, soldiers, farms and piles; the step; the combat in progress."""
    seats = []
    for seat in range(view["seats"]):
        key = str(seat)
        hand = view["hands"][key]
        holder = view["holder"][seat]
        seats.append(
            {
                "seat": seat,
                "name": names.get(seat, f"Player {seat + 1}"),
                "life": view["life"][str(holder)],
                "out": view["out"][seat],
                "me": view.get("viewer") == seat,
                "hand": [face(c) for c in hand] if isinstance(hand, list) else None,
                "hand_count": len(hand) if isinstance(hand, list) else hand,
                "soldiers": [face(c, sideways=bool(s)) for c, s in view["soldiers"][key]],
                "farms": [face(c, sideways=bool(s)) for c, s in view["farms"][key]],
            }
        )
    turn = view["turn"]
    combat = view.get("combat") or {}
    return {
        "seats": seats,
        "step": turn["step"],
        "turn_number": turn["number"],
        "active": [names.get(s, f"Player {s + 1}") for s in view["units"][turn["unit"]]],
        "draw": view["draw"],
        "discard": {k: [face(c) for c in v[-3:]] + [] for k, v in view["discard"].items()},
        "discard_counts": {k: len(v) for k, v in view["discard"].items()},
        "attackers": [
            {"card": face(a["card"]), "target": names.get(a["target"], a["target"])}
            for a in combat.get("attackers", [])
        ],
        "blocks": [{"card": face(b), "attacker": face(a)} for b, _, a in combat.get("blocks", [])],
        "recent": combat_events(view.get("events", []), names),
    }


def combat_events(events: list[dict], names: dict[int, str], limit: int = 10) -> list[str]:
    """The latest public events in players' words, newest first."""

    def who(seat) -> str:
        return names.get(seat, f"Player {seat + 1}") if isinstance(seat, int) else "?"

    def card(event) -> str:
        return cards.card_name(event["card"]) if event.get("card") else "a card"

    words = {
        "turn": lambda e: f"Turn {e['number']}: {', '.join(who(s) for s in e['seats'])}",
        "attack": lambda e: f"{who(e['seat'])} attacks {who(e['target'])} with the {card(e)}",
        "block": lambda e: (
            f"{who(e['seat'])} blocks the {cards.card_name(e['attacker'])} with the {card(e)}"
        ),
        "damage": lambda e: f"The {card(e)} deals {e['amount']} damage to {who(e['player'])}",
        "destroyed": lambda e: f"The {card(e)} is destroyed",
        "soldier": lambda e: f"{who(e['seat'])} plays the {card(e)}",
        "court": lambda e: f"{who(e['seat'])} plays the {card(e)}",
        "farm": lambda e: f"{who(e['seat'])} plays a farm",
        "special": lambda e: f"{who(e['seat'])} uses the {card(e)}'s special ability",
        "out": lambda e: f"{who(e['seat'])} is out of the game",
        "over": lambda e: "The game is over",
    }
    lines = [words[e["e"]](e) for e in events if e.get("e") in words]
    return lines[::-1][:limit]


_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


def name_seats(text: str, names: dict[int, str]) -> str:
    """The engine's words with players named: it writes "seat N" (counted from 1) and this
    names the player sitting there."""

    def named(match: re.Match) -> str:
        seat = int(match.group(2)) - 1
        return names.get(seat, match.group(0))

    return _SEAT.sub(named, text)


def rune_duel_board(view: dict, names: dict[int, str]) -> dict:
    """The round's story with players named as on every board (see name_seats)."""
    width = table.rune_duel_slots(view)
    lines = [
        {
            "key": key,
            "slots": [
                {"n": n + 1, "entry": p["line"][n] if n < len(p["line"]) else None}
                for n in range(width)
            ],
        }
        for key, p in view["players"].items()
    ]
    return {"story": [name_seats(line, names) for line in view.get("story") or []], "lines": lines}


def board_context(slug: str, view: dict, names: dict[int, str]) -> dict:
    """The presenter's data for a game's board template ({} when the game has none)."""
    presenter = PRESENTERS.get(slug)
    return presenter(view, names) if presenter else {}


# How a game ended, per game, in players' words (the engines' result facts are codes).
END_WORDS = {
    "combat": {
        "last side standing": "the last side standing",
        "turn limit": "the turn limit was reached; the most life won",
    },
    "army": {
        "armies": "every army of the other side fell",
        "round_limit": "the round limit was reached; the most SP won",
    },
    "conventional-combat": {
        "no_fighter": "the other side had no Fighter left",
        "duel": "the deciding duel was won",
        "surrender": "the other side surrendered",
    },
    "rune-duel": {
        "life": "the other side's life ran out",
        "round_limit": "the round limit was reached",
    },
    "kingdom-combat": {
        "fortress": "the last fortress standing",
        "time": "the turn limit was reached; the most fortress HP won",
    },
}


def result_words(slug: str, result: dict | None, names: dict[int, str]) -> dict:
    """The result banner's text: {"headline": "ann won", "how": "the last side standing"}."""
    if not result:
        return {"headline": "", "how": ""}
    winners = [names.get(s, f"Player {s + 1}") for s in result.get("winners", [])]
    if not winners:
        headline = "A draw"
    elif len(winners) == len(names):
        headline = "A draw: " + " & ".join(winners) + " share the game"
    else:
        headline = " & ".join(winners) + (" win" if len(winners) > 1 else " wins")
    facts = result.get("facts") or {}
    code = facts.get("reason") or facts.get("end") or ""
    how = END_WORDS.get(slug, {}).get(code) or str(code).replace("_", " ")
    return {"headline": headline, "how": how}


def action_label(slug: str, view: dict, action, label: str, names: dict[int, str]) -> str:
    """A legal action's button words: the game's own labeler where it has one (cards and
    players by name), else the engine's label with the players named."""
    labeler = LABELERS.get(slug)
    return labeler(view, action, names) if labeler else action_words(slug, label, names)


def action_words(slug: str, words: str, names: dict[int, str]) -> str:
    """The engine's words for an action (a button, the replay's last action) with players
    named where the engine writes "seat N" (Rune Duel's spell targets)."""
    return name_seats(words, names) if slug in SEAT_NAMED_WORDS else words


# --- Kingdom Combat -------------------------------------------------------------------------

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
    return {f["slug"]: f["name"] for f in load_builtin("kingdom-combat").get("factions", [])}


def kc_faction_name(slug: str) -> str:
    """A faction's name; an imported set's unknown slug in words ("iron-pact": "Iron Pact")."""
    return _kc_faction_names().get(slug) or slug.replace("-", " ").title()


def _kc_face(key: str, **extra) -> dict:
    """The card face of a Kingdom Combat card given by its identity key (factions by name)."""
    printed = kc_cards.card(key)
    face = card_face(
        {
            **printed,
            "keywords": printed["skills"],
            "faction_names": [kc_faction_name(f) for f in printed["factions"]],
        },
        "kingdom-combat",
    )
    face.update(extra)
    return face


def _kc_namer(view: dict, names: dict[int, str]):
    """A function naming a card id, a zone or a seat in players' words."""

    kc_cards.learn_state(view)  # the printed data of imported cards the view shows

    def seat_name(seat) -> str:
        return names.get(int(seat), f"Player {int(seat) + 1}")

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


def kingdom_combat_label(view: dict, action: dict, names: dict[int, str]) -> str:
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


def kingdom_combat_board(view: dict, names: dict[int, str]) -> dict:
    """Each player's fortress, gold, hand and zones; the Battlefield; the stack; the turn and
    stage; the latest events in words. Face-down units of other seats are counted, not drawn."""
    name, seat_name = _kc_namer(view, names)
    inside: dict[str, list] = {}
    in_zone: dict[str, list] = {}
    attached: dict[str, list] = {}
    for cid, uid in view["attached"].items():
        attached.setdefault(uid, []).append(_kc_face(view["cards"][cid]))
    for uid, unit in view["units"].items():
        status = "Exhausted" if unit["exhausted"] else "Active"
        if unit["face_down"]:
            status = "face down"
        entry = {
            "face": _kc_face(view["cards"][uid], data_card=uid),
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
    seats = []
    turn = view.get("turn") or {}
    for key, p in view["players"].items():
        seat = int(key)
        hand = p["hand"]
        fortress = p["fortress"]
        seats.append(
            {
                "seat": seat,
                "name": seat_name(seat),
                "me": view.get("viewer") == seat,
                "out": view["out"][seat],
                "to_move": turn.get("seat") == seat,
                "fortress_name": " & ".join(name(k) for k in fortress["cards"]),
                "fortress": fortress,
                "fortress_faces": [_kc_face(k) for k in fortress["cards"]],
                "gold": p["gold"],
                "hand": [_kc_face(view["cards"][c], data_card=c) for c in hand]
                if isinstance(hand, list)
                else None,
                "hand_count": len(hand) if isinstance(hand, list) else hand,
                "deck": p["deck"],
                "discard": len(p["discard"]),
                "fortress_zone": in_zone.get(f"F{seat}", []),
                "structures_zone": in_zone.get(f"S{seat}", []),
                "structures": [
                    {
                        "face": _kc_face(view["cards"][sid], data_card=sid),
                        "hp": view["structures"][sid]["hp"],
                        "units": inside.get(sid, []),
                    }
                    for sid in p["structures"]
                    if sid in view["structures"]
                ],
                "face_down": view["face_down"].get(key, 0),
            }
        )
    stack = []
    for item in view["stack"]:
        # a card (an Event, a Dirty Trick), or a Ranged shot drawn as its shooter's card
        card = item.get("card", item.get("shooter"))
        if "card" in item:
            what = name(card)
            target = f" at {name(item['target'])}" if item.get("target") is not None else ""
        else:
            what = f"{name(card)} shoots"
            target = f" {name(item['target'])} for {item.get('amount', '?')}"
        stack.append(
            {
                "text": f"{seat_name(item['seat'])}: {what}{target}",
                "face": _kc_face(view["cards"][card]) if card in view["cards"] else None,
            }
        )
    phase = view["phase"]
    if phase == "garrison":
        stage = f"Setup: {seat_name(view['setup']['seat'])} hires a Starting Garrison"
        if "gold" in view["setup"]:  # only the hiring seat sees its starting gold left
            stage += f" ({view['setup']['gold']} starting gold left; what is not spent is lost)"
    elif phase == "mulligan":
        stage = f"Setup: {seat_name(view['setup']['seat'])} keeps or mulligans"
    elif phase == "over":
        stage = "The game is over"
    else:
        stage = (
            f"Turn {turn['number']}: {seat_name(turn['seat'])}'s turn, "
            f"{KC_STAGES.get(turn['stage'], turn['stage'])}"
        )
        if view.get("window"):
            stage += " · waiting for answers to the stack"
    return {
        "seats": seats,
        "battlefield": in_zone.get("B", []),
        "stack": stack,
        "stage": stage,
        "recent": kingdom_combat_events(view.get("events", []), name, seat_name),
    }


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


OFFER_TITLES = {"kingdom-combat": "Hire for your Starting Garrison (from your deck)"}


def offer_faces(slug: str, keys: list[str]) -> list[dict]:
    """The faces of cards a move offers beside the board (Kingdom Combat's hires)."""
    if slug != "kingdom-combat":
        return []
    return [{"key": key, "face": _kc_face(key)} for key in keys]


PRESENTERS = {
    "combat": combat_board,
    "rune-duel": rune_duel_board,
    "kingdom-combat": kingdom_combat_board,
}
LABELERS = {"kingdom-combat": kingdom_combat_label}
# Games whose engine words name players "seat N" (counted from 1), renamed by name_seats.
SEAT_NAMED_WORDS = {"rune-duel"}

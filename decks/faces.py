"""How a card of any game is drawn: the display facts `templates/decks/_card_face.html` takes.

One entry point, `card_face`, for a catalogue card (a `Card` row or the API's card dict), and
`engine_face` for a card as an engine game's view shows it. Labels are words, never codes:
skills carry their reminder text (from the rulebooks and decks/RULINGS.md), Rune Duel's engine
keywords (`double_attack`) read as the cards print them ("Twin Strike").
"""

from __future__ import annotations

import re

import games
from decks.drafting.rules import parse_playing_card

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
RANK_ORDER = {"A": 1, "J": 11, "Q": 12, "K": 13, "JK": 14}

# Kingdom Combat skills: an icon and the rulebook's reminder (001, "Skills"), shortened.
KINGDOM_SKILLS = {
    "Mounted": ("♞", "Moves up to 2 zones, or attacks up to 2 zones away."),
    "Ranged": ("➶", "Exhaust: deal its range damage to a unit up to 1 zone away, at any time."),
    "Charge": ("⚡", "When attacking, deals its damage first."),
    "Deflect": ("◈", "Prevents all damage from range attacks."),
    "Etherial": ("✧", "Prevents 1 damage from each source that deals damage to it."),
    "Dual Wield": ("⚔", "May use up to 2 weapon equipment cards."),
    "Alert": ("◉", "Cannot be targeted by your opponent's dirty tricks."),
}
KINGDOM_STATS = [
    ("attack", "ATK", "Attack"),
    ("defense", "DEF", "Defense"),
    ("armor", "ARM", "Armor"),
    ("range", "RNG", "Range damage"),
    ("hp", "HP", "Hit points"),
    ("gold", "Gold", "Gold each turn"),
    ("starting_gold", "Start", "Starting gold"),
    ("gold_per_turn", "Gold", "Gold per turn"),
]
BORDER_LABELS = {
    "gold": "Gold border",
    "silver": "Silver border",
    "black": "Black border",
    "green": "Green border (token)",
}

ELEMENTS = [("light", "Light"), ("dark", "Dark"), ("fire", "Fire"), ("water", "Water")]
ELEMENT_NAMES = dict(ELEMENTS)
CHARACTER_KINDS = {"H": "Humanoid", "M": "Monster", "C": "Construct"}

RUNES = ("I", "II", "III", "IV", "V")
# Rune Duel keywords: the words the cards print, and what they do
# (gameplay/engine/RUNE_DUEL_RULINGS.md, R7 and R14-R18).
RUNE_KEYWORDS = {
    "breakthrough": ("Breakthrough", "Damage beyond what the defender had left hits the player."),
    "carrot_seeker": ("Carrot Seeker", "Takes every artifact its controller plays first."),
    "charge": ("Charge", "May enter the battle line in any empty slot."),
    "double_attack": ("Twin Strike", "Attacks a second time after the first combat round."),
    "twin_strike": ("Twin Strike", "Attacks a second time after the first combat round."),
    "fade": ("Fade", "Discarded after combat."),
    "regeneration": ("Regeneration", "Heals its damage after combat."),
}
RUNE_TYPES = {
    "creature": "Creature",
    "warlord": "Warlord",
    "artifact": "Artifact",
    "spell": "Spell",
}


def _get(card, key: str, default=None):
    if isinstance(card, dict):
        return card.get(key, default)
    return getattr(card, key, default)


def _factions(card) -> list[str]:
    """Faction names: the dict's `faction_names`, or the row's (prefetched) factions."""
    if isinstance(card, dict):
        return list(card.get("faction_names") or card.get("factions") or [])
    return [faction.name for faction in card.factions.all()]


def _rune_skill(keyword: str) -> dict:
    name, reminder = RUNE_KEYWORDS.get(_slug(keyword), (str(keyword), ""))
    return {"name": name, "reminder": reminder, "icon": ""}


def _slug(word: str) -> str:
    return str(word).strip().lower().replace(" ", "_").replace("-", "_")


def _without_reminders(text: str, skills: list[dict]) -> str:
    """The rules text without the "Skill (reminder)." the skill list already shows."""
    for skill in skills:
        pattern = rf"\b{re.escape(skill['name'])}(\s+\d+)?\s*\(([^)]*)\)\.?\s*"
        printed = re.search(pattern, text, flags=re.IGNORECASE)
        if printed:  # the card's own words win over the generic reminder
            reminder = printed.group(2).strip()
            skill["reminder"] = reminder[:1].upper() + reminder[1:].rstrip(".") + "."
            text = text[: printed.start()] + text[printed.end() :]
    return text.strip()


def _base(card, kind: str, **facts) -> dict:
    name = _get(card, "name", "")
    type_ = _get(card, "type", "") or ""
    face = {
        "kind": kind,
        "id": _get(card, "id"),
        "name": name,
        "label": name,
        "key": _get(card, "code", "") or name,
        "type": type_,
        "type_label": type_.replace("_", " ").capitalize(),
        "subtype": _get(card, "subtype", "") or "",
        "text": _get(card, "text", "") or "",
        "cost": _get(card, "cost"),
        "border": "",
        "factions": [],
        "stats": [],
        "skills": [],
    }
    face.update(facts)
    face["text"] = _without_reminders(face["text"], face["skills"])
    words = [face["name"], face["type_label"], face["subtype"], face["text"], *face["factions"]]
    words += [skill["name"] for skill in face["skills"]]
    face["search"] = " ".join(str(w) for w in words if w).lower()
    face["sort_faction"] = face["factions"][0] if face["factions"] else ""
    return face


def playing_face(code: str, name: str = "", **extra) -> dict:
    """A standard playing card (Combat, Army): rank, suit symbol, colour."""
    parsed = parse_playing_card(code)
    if parsed is None:
        return {"kind": "back", "label": "face-down card", **extra}
    if parsed.suit is None:
        rank, suit, color, suit_name = "JK", "★", "red", "Joker"
    else:
        rank, suit = parsed.rank, SUIT_SYMBOLS[parsed.suit]
        color = "red" if parsed.suit in "HD" else "black"
        suit_name = SUIT_NAMES[parsed.suit]
    value = RANK_ORDER.get(parsed.rank) or int(parsed.rank)
    return {
        "kind": "playing",
        "rank": rank,
        "suit": suit,
        "color": color,
        "name": name or code,
        "label": name or code,
        "key": code,
        "code": code,
        "cost": value,
        "type_label": suit_name,
        "sort_faction": suit_name,
        "border": "",
        "search": f"{name} {code} {suit_name}".lower(),
        **extra,
    }


def _kingdom(card) -> dict:
    stats = _get(card, "stats", {}) or {}
    shown = [
        {"key": key, "short": short, "title": title, "value": stats[key]}
        for key, short, title in KINGDOM_STATS
        if isinstance(stats.get(key), int) and not isinstance(stats.get(key), bool)
    ]
    if stats.get("equipment"):
        weapon = " (weapon)" if stats.get("weapon") else ""
        shown.insert(0, {"key": "equip", "short": "Equip", "title": "Equipment", "value": ""})
        shown[0]["value"] = f"{stats['equipment']}{weapon}"
    skills = []
    for word in _get(card, "keywords", []) or []:
        icon, reminder = KINGDOM_SKILLS.get(word, ("✦", ""))
        skills.append({"name": word, "icon": icon, "reminder": reminder})
    border = _get(card, "border", "") or ""
    return _base(
        card,
        "kingdom",
        border=border,
        border_label=BORDER_LABELS.get(border, ""),
        factions=_factions(card),
        stats=shown,
        skills=skills,
    )


def _conventional(card) -> dict:
    stats = _get(card, "stats", {}) or {}
    element = stats.get("attack_element", "")
    defenses = [
        {"key": key, "name": name, "value": stats[f"defense_{key}"]}
        for key, name in ELEMENTS
        if f"defense_{key}" in stats
    ]
    flags = [word for word in ("reserved", "reusable") if stats.get(word)]
    return _base(
        card,
        "conventional",
        attack=(
            {"key": element, "name": ELEMENT_NAMES.get(element, element), "value": stats["attack"]}
            if element and "attack" in stats
            else None
        ),
        defenses=defenses,
        character_kind=CHARACTER_KINDS.get(stats.get("kind", ""), ""),
        flags=[word.capitalize() for word in flags],
    )


def _rune(card) -> dict:
    stats = _get(card, "stats", {}) or {}
    rune = stats.get("rune")
    keywords = _get(card, "keywords", []) or []
    skills = [_rune_skill(k) for k in keywords]
    type_ = _get(card, "type", "")
    attack, life = stats.get("attack"), stats.get("life")
    return _base(
        card,
        "rune",
        cost=stats.get("rank", _get(card, "cost")),
        rank=stats.get("rank"),
        rune=RUNES[rune - 1] if isinstance(rune, int) and 1 <= rune <= 5 else (rune or ""),
        type_label=RUNE_TYPES.get(type_, str(type_).capitalize()),
        skills=skills,
        body=_body(type_, attack, life, stats.get("regeneration")),
    )


def _body(type_: str, attack, life, regeneration=None) -> list[dict]:
    if attack is None and life is None:
        return []
    sign = "+" if type_ == "artifact" else ""
    body = [
        {"key": "attack", "short": "ATK", "title": "Attack", "value": f"{sign}{attack or 0}"},
        {"key": "life", "short": "Life", "title": "Life", "value": f"{sign}{life or 0}"},
    ]
    if regeneration:
        body.append(
            {"key": "regen", "short": "Regen", "title": "Regeneration", "value": regeneration}
        )
    return body


def _face_of(card) -> str:
    """How a catalogue card is drawn, from its shape (when the caller names no game)."""
    stats = _get(card, "stats", {}) or {}
    if _get(card, "code") and parse_playing_card(_get(card, "code")):
        return "playing"
    if "attack_element" in stats or (_get(card, "type") == "action" and not _get(card, "border")):
        return "conventional"
    if "rune" in stats:
        return "rune"
    return "kingdom"


def _declared_face(game: str) -> str:
    """How that game's cards are drawn, as its declaration says ("" for an undeclared game)."""
    cards = games.cards_of(game)
    return cards.face if cards else ""


def card_face(card, game: str | None = None) -> dict:
    """Display facts for a catalogue card (a Card row or the API's card dict) of any game."""
    face = _declared_face(game) if game else _face_of(card)
    code = _get(card, "code", "") or ""
    if face == "playing" or (code and parse_playing_card(code)):
        drawn = playing_face(code, _get(card, "name", ""))
        drawn["text"] = _get(card, "text", "") or ""
        drawn["id"] = _get(card, "id")
        return drawn
    if face == "conventional":
        return _conventional(card)
    if face == "rune":
        return _rune(card)
    return _kingdom(card)


def engine_face(card: dict, game: str) -> dict:
    """Display facts for a card as an engine game's view shows it (Rune Duel, Conventional)."""
    face = _declared_face(game)
    if face == "rune":
        type_ = card.get("type", "")
        return _base(
            card,
            "rune",
            cost=card.get("rank"),
            rank=card.get("rank"),
            rune=card.get("rune_label", ""),
            type_label=RUNE_TYPES.get(type_, str(type_).capitalize()),
            skills=[_rune_skill(k) for k in card.get("keywords", [])],
            body=_body(type_, card.get("attack"), card.get("health")),
            text=card.get("text", "") or _effects_text(card.get("effects", [])),
        )
    if face == "conventional":
        attack = card.get("attack") or None
        defense = card.get("defense") or {}
        return _base(
            card,
            "conventional",
            type="character" if attack else "action",
            type_label="Character" if attack else "Action",
            subtype=CHARACTER_KINDS.get(card.get("type", ""), card.get("type", ""))
            if attack
            else "",
            attack=(
                {
                    "key": attack["element"],
                    "name": ELEMENT_NAMES.get(attack["element"], attack["element"]),
                    "value": attack["value"],
                }
                if attack
                else None
            ),
            defenses=[
                {"key": key, "name": name, "value": defense[key]}
                for key, name in ELEMENTS
                if key in defense
            ],
            character_kind="",
            flags=[],
        )
    return card_face(card, game)


EFFECT_WORDS = {
    ("damage", "creature"): "Deal {amount} damage to an opposing creature.",
    ("damage", "all_creatures"): "Deal {amount} damage to every creature.",
    ("damage", "player"): "Deal {amount} damage to a player.",
    ("damage", "opponent"): "Deal {amount} damage to your opponent.",
    ("heal", "creature"): "Heal {amount} damage from one of your creatures.",
    ("heal", "all_own"): "Heal {amount} damage from each of your creatures.",
    ("heal", "player"): "Gain {amount} life.",
    ("heal", "self"): "Gain {amount} life.",
    ("buff", "creature"): "One of your creatures gets +{attack}/+{life}.",
    ("buff", "all_own"): "Your creatures get +{attack}/+{life}.",
}


def _effects_text(effects) -> str:
    lines = []
    for effect in effects or []:
        words = EFFECT_WORDS.get((effect.get("op"), effect.get("target")))
        if words:
            values = {"amount": 0, "attack": 0, "life": 0, **effect}
            lines.append(words.format(**values))
    return " ".join(lines)

"""Rune Duel cards: the card vocabulary, deck validation, the trump rule and the starter deck.

A card is plain data. Creatures and warlords have attack and health; an artifact adds its attack
and health (and keywords) to the creature carrying it; a spell has one effect from a small
vocabulary. Runes are stored as numbers 1-5 (I-V).
"""

from __future__ import annotations

from gameplay.engine.core import EngineError

RUNES = ("I", "II", "III", "IV", "V")
BODY_TYPES = ("creature", "warlord")
CARD_TYPES = (*BODY_TYPES, "artifact", "spell")
KEYWORDS = ("breakthrough", "carrot_seeker", "charge", "double_attack", "fade", "regeneration")
# damage: the first opposing creature; heal: the first damaged own creature;
# life: its owner gains life; strike: damage to the opponent's life.
EFFECT_KINDS = ("damage", "heal", "life", "strike")
MAX_RANK = 20
MIN_DECK, MAX_DECK = 5, 100


class CardError(EngineError):
    """A card or deck that the Rune Duel rules cannot play."""


def rune_label(rune: int) -> str:
    """The Roman numeral of a rune number (1 -> "I")."""
    return RUNES[rune - 1]


def trumps(card: dict, last: dict) -> bool:
    """True if card beats last: a higher rank, or the next rune (I < II < III < IV < V < I)."""
    return card["rank"] > last["rank"] or card["rune"] == last["rune"] % 5 + 1


def normalize_deck(raw, where: str) -> list[dict]:
    """The deck as a list of clean card dicts; CardError naming every problem otherwise."""
    if not isinstance(raw, list):
        raise CardError(f"{where}: a deck must be a list of cards.")
    if not MIN_DECK <= len(raw) <= MAX_DECK:
        raise CardError(f"{where}: a deck needs {MIN_DECK} to {MAX_DECK} cards, not {len(raw)}.")
    cards, problems = [], []
    for index, item in enumerate(raw, start=1):
        try:
            cards.append(normalize_card(item))
        except CardError as exc:
            problems.append(f"card {index}: {exc}")
    if problems:
        raise CardError(f"{where}: " + "; ".join(problems))
    return cards


def normalize_card(raw) -> dict:
    """One clean card dict (name, type, rank, rune, attack, health, keywords, effect)."""
    if not isinstance(raw, dict):
        raise CardError("a card must be an object with a name, type, rank and rune")
    data = {**raw.get("stats", {}), **{k: v for k, v in raw.items() if k != "stats"}}
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardError("a card needs a name")
    kind = str(data.get("type", "")).lower()
    if kind not in CARD_TYPES:
        raise CardError(f"{name}: type must be one of {', '.join(CARD_TYPES)}")
    card = {
        "name": name.strip(),
        "type": kind,
        "rank": _whole(data.get("rank"), f"{name}: rank", 0, MAX_RANK),
        "rune": _rune(data.get("rune"), name),
        "attack": 0,
        "health": 0,
        "keywords": _keywords(data.get("keywords", data.get("abilities", [])), name),
        "effect": None,
    }
    if kind in BODY_TYPES:
        card["attack"] = _whole(data.get("attack"), f"{name}: attack", 0, 99)
        card["health"] = _whole(data.get("health", data.get("life")), f"{name}: health", 1, 99)
    elif kind == "artifact":
        card["attack"] = _whole(data.get("attack", 0), f"{name}: attack bonus", 0, 99)
        card["health"] = _whole(data.get("health", 0), f"{name}: health bonus", 0, 99)
    if kind == "spell" or data.get("effect") is not None:
        card["effect"] = _effect(data.get("effect"), name, kind)
    return card


def _whole(value, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CardError(f"{what} must be a whole number from {low} to {high}")
    return value


def _rune(value, name: str) -> int:
    if isinstance(value, str) and value.strip().upper() in RUNES:
        return RUNES.index(value.strip().upper()) + 1
    return _whole(value, f"{name}: rune (I-V or 1-5)", 1, 5)


def _keywords(value, name: str) -> list[str]:
    if isinstance(value, str):
        value = [part for part in value.split(",") if part.strip()]
    if not isinstance(value, list):
        raise CardError(f"{name}: keywords must be a list")
    clean = []
    for word in value:
        key = str(word).strip().lower().replace("-", "_").replace(" ", "_")
        if key not in KEYWORDS:
            raise CardError(f"{name}: unknown keyword {word!r} (known: {', '.join(KEYWORDS)})")
        clean.append(key)
    return sorted(set(clean))


def _effect(value, name: str, kind: str) -> dict:
    if kind not in ("spell", *BODY_TYPES):
        raise CardError(f"{name}: only spells and creatures have effects")
    if not isinstance(value, dict) or value.get("kind") not in EFFECT_KINDS:
        raise CardError(f"{name}: effect must be one of {', '.join(EFFECT_KINDS)} with an amount")
    return {"kind": value["kind"], "amount": _whole(value.get("amount"), f"{name}: amount", 1, 99)}


def _body(name, rank, rune, attack, health, *keywords, effect=None) -> dict:
    card = {"name": name, "type": "creature", "rank": rank, "rune": rune}
    card.update({"attack": attack, "health": health, "keywords": list(keywords)})
    if effect:
        card["effect"] = {"kind": effect[0], "amount": effect[1]}
    return card


def _warlord(name, rank, rune, attack, health, *keywords) -> dict:
    return {**_body(name, rank, rune, attack, health, *keywords), "type": "warlord"}


def _artifact(name, rank, rune, attack, health, *keywords) -> dict:
    card = {"name": name, "type": "artifact", "rank": rank, "rune": rune}
    return {**card, "attack": attack, "health": health, "keywords": list(keywords)}


def _spell(name, rank, rune, kind, amount) -> dict:
    card = {"name": name, "type": "spell", "rank": rank, "rune": rune}
    return {**card, "effect": {"kind": kind, "amount": amount}}


# The starter set: (card, copies). 24 cards; every type, keyword and effect kind appears.
STARTER_SET = (
    (_body("Hearth Sprite", 1, "I", 1, 2), 2),
    (_body("Moss Warden", 1, "III", 1, 3, "Regeneration"), 2),
    (_body("Slinger Goblin", 2, "I", 1, 1, effect=("damage", 1)), 1),
    (_body("Ember Hound", 2, "II", 2, 2, "Charge"), 2),
    (_body("Warren Forager", 2, "IV", 1, 3, "Carrot Seeker"), 1),
    (_body("Iron Boar", 3, "V", 3, 3, "Breakthrough"), 2),
    (_body("Mist Wraith", 3, "I", 4, 3, "Fade"), 1),
    (_body("Twin Blade Duelist", 4, "II", 2, 3, "Double Attack"), 1),
    (_body("Stone Colossus", 5, "III", 4, 6), 1),
    (_warlord("Ysra, Warlord of Thorns", 6, "IV", 4, 5, "Regeneration"), 1),
    (_warlord("Kaelen, Rune Warlord", 7, "V", 5, 6, "Breakthrough"), 1),
    (_artifact("Rune Blade", 1, "II", 2, 0), 2),
    (_artifact("Oak Shield", 2, "V", 0, 3), 1),
    (_artifact("Berserker Torc", 3, "III", 1, 0, "Breakthrough"), 1),
    (_spell("Spark", 1, "IV", "damage", 2), 2),
    (_spell("Mending Light", 2, "I", "heal", 3), 1),
    (_spell("Vital Rune", 2, "III", "life", 3), 1),
    (_spell("Rune Surge", 3, "II", "strike", 3), 1),
)


def default_deck() -> list[dict]:
    """The starter deck (24 cards), as raw card dicts in a fixed order."""
    return [dict(card) for card, copies in STARTER_SET for _ in range(copies)]

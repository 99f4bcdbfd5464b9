"""Rune Duel cards: the card vocabulary, deck validation, the trump rule and the starter deck.

A card is plain data. Creatures and warlords have attack and health; an artifact adds its attack
and health (and keywords) to the creature carrying it; spells (and creatures, as they enter
play) have effects from a small vocabulary shared with the decks app's card sets:
`{"op": "damage"|"heal"|"buff", "target": ..., "amount"|"attack"|"life": n}`.
Input cards use the card-set shape (`stats: {rank, rune, attack, life, regeneration}`); runes
are stored as numbers 1-5 (I-V).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

from gameplay.engine.errors import EngineError

RUNES = ("I", "II", "III", "IV", "V")
BODY_TYPES = ("creature", "warlord")
CARD_TYPES = (*BODY_TYPES, "artifact", "spell")
KEYWORDS = ("breakthrough", "carrot_seeker", "charge", "double_attack", "fade", "regeneration")
KEYWORD_ALIASES = {"twin_strike": "double_attack", "attacks_twice": "double_attack"}
# (op, target) pairs the engine can carry out; "creature" means an opposing creature for
# damage and an own creature for heal and buff (ruling R15).
EFFECTS = {
    ("damage", "creature"),
    ("damage", "all_creatures"),
    ("damage", "player"),
    ("damage", "opponent"),
    ("heal", "creature"),
    ("heal", "all_own"),
    ("heal", "player"),
    ("heal", "self"),
    ("buff", "creature"),
    ("buff", "all_own"),
}
MAX_RANK = 20
MIN_DECK, MAX_DECK = 5, 100


class CardError(EngineError):
    """A card or deck that the Rune Duel rules cannot play."""


def rune_label(rune: int) -> str:
    """The Roman numeral of a rune number (1 -> "I")."""
    return RUNES[rune - 1]


def trumps(card: dict[str, Any], last: dict[str, Any]) -> bool:
    """True if card beats last: a higher rank, or the next rune (I < II < III < IV < V < I)."""
    return card["rank"] > last["rank"] or card["rune"] == last["rune"] % 5 + 1


def normalize_deck(raw: object, where: str) -> list[dict[str, Any]]:
    """The deck as a list of clean card dicts; CardError naming every problem otherwise."""
    if not isinstance(raw, list):
        raise CardError(f"{where}: a deck must be a list of cards.")
    if not MIN_DECK <= len(raw) <= MAX_DECK:
        raise CardError(f"{where}: a deck needs {MIN_DECK} to {MAX_DECK} cards, not {len(raw)}.")
    cards, problems = [], []
    for index, item in enumerate(raw, start=1):
        try:
            cards.append(_fresh(_normalized(json.dumps(item, sort_keys=True))))
        except (TypeError, ValueError):
            problems.append(f"card {index}: a card must be plain JSON data")
        except CardError as exc:
            problems.append(f"card {index}: {exc}")
    if problems:
        raise CardError(f"{where}: " + "; ".join(problems))
    return cards


@functools.lru_cache(maxsize=4096)
def _normalized(text: str) -> dict[str, Any]:
    """normalize_card of a card given as canonical JSON (cached: decks repeat cards)."""
    return normalize_card(json.loads(text))


def _fresh(card: dict[str, Any]) -> dict[str, Any]:
    """A copy of a clean card that shares no list or dict with the cache."""
    return {
        **card,
        "keywords": list(card["keywords"]),
        "effects": [dict(e) for e in card["effects"]],
    }


def normalize_card(raw: object) -> dict[str, Any]:
    """One clean card: name, type, rank, rune, attack, health, keywords, regeneration, effects."""
    if not isinstance(raw, dict):
        raise CardError("a card must be an object with a name, type, rank and rune")
    stats = raw["stats"] if isinstance(raw.get("stats"), dict) else {}
    data = {**stats, **{k: v for k, v in raw.items() if k != "stats"}}
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardError("a card needs a name")
    kind = str(data.get("type", "")).lower()
    if kind not in CARD_TYPES:
        raise CardError(f"{name}: type must be one of {', '.join(CARD_TYPES)}")
    keywords = _keywords(data.get("keywords", []), name)
    card = {
        "name": name.strip(),
        "type": kind,
        "rank": _whole(data.get("rank"), f"{name}: rank", 0, MAX_RANK),
        "rune": _rune(data.get("rune"), name),
        "attack": 0,
        "health": 0,
        "keywords": keywords,
        "regeneration": 0,
        "effects": [_effect(e, name) for e in _list(data.get("effects", []), name)],
    }
    if "regeneration" in keywords:
        card["regeneration"] = _whole(data.get("regeneration", 1), f"{name}: regeneration", 1, 99)
    if kind in BODY_TYPES:
        card["attack"] = _whole(data.get("attack"), f"{name}: attack", 0, 99)
        card["health"] = _whole(data.get("health", data.get("life")), f"{name}: life", 1, 99)
    elif kind == "artifact":
        _artifact_bonus(card, data)
    elif not card["effects"]:
        raise CardError(f"{name}: a spell needs at least one effect")
    return card


def build_catalogue(seats: list[list[tuple[str, dict[str, Any]]]]) -> dict[str, Any]:
    """The cards of a game: distinct cards once ("catalogue"), ids -> index ("cards"), and
    each seat's deck list as [[index, count]] sorted by name ("deck_lists")."""
    catalogue: list[dict[str, Any]] = []
    index_of: dict[str, int] = {}
    texts: dict[int, str] = {}  # decks share card dicts between copies: encode each once
    cards: dict[str, int] = {}
    lists: dict[str, list[Any]] = {}
    for seat, items in enumerate(seats):
        counts: dict[int, int] = {}
        for card_id, card in items:
            text = texts.get(id(card))
            if text is None:
                text = texts[id(card)] = json.dumps(card, sort_keys=True)
            if text not in index_of:
                index_of[text] = len(catalogue)
                catalogue.append(_fresh(card))
            cards[card_id] = index_of[text]
            counts[cards[card_id]] = counts.get(cards[card_id], 0) + 1
        pairs = sorted(counts.items(), key=lambda pair: (catalogue[pair[0]]["name"], pair[0]))
        lists[str(seat)] = [[index, count] for index, count in pairs]
    return {"catalogue": catalogue, "cards": cards, "deck_lists": lists}


def deal_ids(decks: list[list[dict[str, Any]]]) -> list[list[tuple[str, dict[str, Any]]]]:
    """Give each seat's cards their ids: "<seat>-<position in the deck list>"."""
    return [
        [(f"{seat}-{i}", card) for i, card in enumerate(deck)] for seat, deck in enumerate(decks)
    ]


def _artifact_bonus(card: dict[str, Any], data: dict[str, Any]) -> None:
    """An artifact's bonus: its buff effects on a creature if it has any, else its stats."""
    buffs = [e for e in card["effects"] if (e["op"], e["target"]) == ("buff", "creature")]
    if len(buffs) != len(card["effects"]):
        raise CardError(f"{card['name']}: an artifact's only effect is a buff to its creature")
    if buffs:
        card["attack"] = sum(e["attack"] for e in buffs)
        card["health"] = sum(e["life"] for e in buffs)
    else:
        card["attack"] = _whole(data.get("attack", 0), f"{card['name']}: attack bonus", 0, 99)
        health = data.get("health", data.get("life", 0))
        card["health"] = _whole(health, f"{card['name']}: life bonus", 0, 99)
    card["effects"] = []


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CardError(f"{what} must be a whole number from {low} to {high}")
    return value


def _list(value: object, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise CardError(f"{name}: keywords and effects must be lists")
    return value


def _rune(value: object, name: str) -> int:
    if isinstance(value, str) and value.strip().upper() in RUNES:
        return RUNES.index(value.strip().upper()) + 1
    return _whole(value, f"{name}: rune (I-V or 1-5)", 1, 5)


def _keywords(value: object, name: str) -> list[str]:
    clean = []
    for word in _list(value, name):
        key = str(word).strip().lower().replace("-", "_").replace(" ", "_")
        key = KEYWORD_ALIASES.get(key, key)
        if key not in KEYWORDS:
            raise CardError(f"{name}: unknown keyword {word!r} (known: {', '.join(KEYWORDS)})")
        clean.append(key)
    return sorted(set(clean))


def _effect(value: object, name: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise CardError(f"{name}: each effect must be an object with an op and a target")
    op, target = value.get("op"), value.get("target", "creature")
    if (op, target) not in EFFECTS:
        known = ", ".join(f"{o} {t}" for o, t in sorted(EFFECTS))
        raise CardError(f"{name}: effect {op} on {target} is not in the vocabulary ({known})")
    effect = {"op": op, "target": target}
    if op == "buff":
        effect["attack"] = _whole(value.get("attack", 0), f"{name}: buff attack", 0, 99)
        effect["life"] = _whole(value.get("life", 0), f"{name}: buff life", 0, 99)
    else:
        effect["amount"] = _whole(value.get("amount"), f"{name}: effect amount", 1, 99)
    return effect


def _card(
    name: str,
    kind: str,
    rank: int,
    rune: int,
    attack: int | None,
    life: int | None,
    keywords: Sequence[str] = (),
    regeneration: int | None = None,
    effects: Sequence[dict[str, Any]] = (),
) -> dict[str, Any]:
    stats: dict[str, int | None] = {"rank": rank, "rune": rune}
    if attack is not None:
        stats.update({"attack": attack, "life": life})
    if regeneration is not None:
        stats["regeneration"] = regeneration
    card = {"name": name, "type": kind, "stats": stats, "keywords": list(keywords)}
    return {**card, "effects": [dict(e) for e in effects]}


def _buff(attack: int, life: int) -> tuple[dict[str, Any]]:
    return ({"op": "buff", "attack": attack, "life": life, "target": "creature"},)


def _hit(op: str, amount: int) -> tuple[dict[str, Any]]:
    return ({"op": op, "amount": amount, "target": "creature"},)


# The "First Runes Starter" deck of the decks app's starter set (decks/data/
# rune_duel_starter.json; a test keeps the two in step): (card, copies), 56 cards.
STARTER_DECK = (
    (_card("Mossback Toad", "creature", 1, 1, 1, 2), 3),
    (_card("Ember Sprite", "creature", 1, 2, 2, 1, ["Fade"]), 3),
    (_card("Rune Sentry", "creature", 1, 3, 1, 3), 3),
    (_card("Crag Hound", "creature", 2, 4, 2, 2, ["Charge"]), 3),
    (_card("Thornback Boar", "creature", 2, 5, 3, 2, ["Breakthrough"]), 3),
    (_card("Willow Shade", "creature", 2, 1, 2, 2, ["Regeneration"], 1), 3),
    (_card("Stone Warden", "creature", 3, 2, 2, 5), 3),
    (_card("Duskwing Raptor", "creature", 3, 3, 3, 2, ["Charge", "Fade"]), 3),
    (_card("Ironhide Troll", "creature", 3, 4, 3, 4, ["Regeneration"], 2), 3),
    (_card("Twinfang Panther", "creature", 4, 5, 2, 3, ["Twin Strike"]), 3),
    (_card("Siege Behemoth", "creature", 4, 1, 4, 5, ["Breakthrough"]), 3),
    (_card("Glass Phantom", "creature", 4, 2, 5, 1, ["Fade"]), 3),
    (_card("Elder Treant", "creature", 5, 3, 3, 7, ["Regeneration"], 2), 3),
    (_card("Sky Serpent", "creature", 5, 4, 5, 4, ["Charge", "Breakthrough"]), 3),
    (_card("Rune Blade", "artifact", 1, 2, 2, 0, effects=_buff(2, 0)), 2),
    (_card("Warding Amulet", "artifact", 1, 4, 0, 2, effects=_buff(0, 2)), 2),
    (_card("Troll Blood Flask", "artifact", 2, 1, 0, 1, ["Regeneration"], None, _buff(0, 1)), 2),
    (_card("Spiked Harness", "artifact", 2, 3, 1, 1, ["Breakthrough"], None, _buff(1, 1)), 2),
    (_card("Crown of Embers", "artifact", 3, 5, 3, 0, effects=_buff(3, 0)), 2),
    (_card("Spark", "spell", 1, 1, None, None, effects=_hit("damage", 2)), 1),
    (_card("Mend", "spell", 1, 3, None, None, effects=_hit("heal", 3)), 1),
    (_card("Warlord Brannoc", "warlord", 4, 3, 4, 6, ["Breakthrough"]), 1),
    (_card("Warlord Kethra", "warlord", 3, 1, 3, 4, ["Charge"]), 1),
)


def default_deck() -> list[dict[str, Any]]:
    """The starter deck (56 cards), as raw card dicts in a fixed order."""
    return [_copy(card) for card, copies in STARTER_DECK for _ in range(copies)]


def _copy(card: dict[str, Any]) -> dict[str, Any]:
    return {
        **card,
        "stats": dict(card["stats"]),
        "keywords": list(card["keywords"]),
        "effects": [dict(e) for e in card["effects"]],
    }


@functools.cache
def _starter_cards() -> tuple[dict[str, Any], ...]:
    return tuple(normalize_deck(default_deck(), "the starter deck"))


@functools.cache
def _starter_catalogue() -> str:
    starter = list(_starter_cards())
    return json.dumps(build_catalogue(deal_ids([starter, starter])))


def starter_catalogue() -> dict[str, Any]:
    """build_catalogue of two starter decks (a fresh copy)."""
    built = _starter_built()
    return {
        "catalogue": [_fresh(card) for card in built["catalogue"]],
        "cards": dict(built["cards"]),
        "deck_lists": {
            seat: [list(pair) for pair in pairs] for seat, pairs in built["deck_lists"].items()
        },
    }


@functools.cache
def _starter_built() -> dict[str, Any]:
    return json.loads(_starter_catalogue())

"""Kingdom Combat cards as the engine reads them: the decks app's own card data, not a copy.

The built-in starter set is `decks/data/kingdom_combat_starter.json`, loaded through the pure
`decks.legality` package (the same loader the deck builder uses), and fortress stats, single or
stacked (dual faction), come from `decks.legality.fortress`, so a deck plays with exactly the
numbers the deck rules showed its player. Cards of imported sets come with the deck that uses
them (its "card_data": the set's card dicts, checked against the effect vocabulary here as at
the import) and are kept in the game state (`state["card_data"]`), so a game replays and loads
anywhere; `learn` makes them known to this process (a card's identity names one card in the
game, reprints included, so one table serves every game). A card is referred to by its
identity key (a slug of its name, e.g. "iron-knight"); a card *id* ("0-07", "t3") names one
physical card in a game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from decks.legality.cardsets import card_info, card_key, card_problems, load_builtin
from decks.legality.fortress import fortress_stats
from gameplay.engine.errors import EngineError

GAME = "kingdom-combat"
UNIT_TYPES = ("unit", "token")
ACTION_KINDS = ("Dirty Trick", "Event", "Ability", "Equipment")
SKILLS = ("Mounted", "Ranged", "Charge", "Deflect", "Etherial", "Dual Wield", "Alert")


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    return load_builtin(GAME)


def engine_card(raw: dict[str, Any]) -> dict[str, Any]:
    """A card dict of a set (the import shape) as plain engine data."""
    return {
        "key": card_key(raw),
        "name": raw["name"],
        "type": raw["type"],
        "subtype": raw.get("subtype") or "",
        "border": raw.get("border") or "",
        "factions": list(raw.get("factions") or ()),
        "cost": raw.get("cost") or 0,
        "stats": dict(raw.get("stats") or {}),
        "skills": [k for k in raw.get("keywords") or () if k in SKILLS],
        "text": raw.get("text") or "",
        "effects": list(raw.get("effects") or ()),
    }


@lru_cache(maxsize=1)
def catalogue() -> dict[str, dict[str, Any]]:
    """Every card of the built-in set by identity key, as plain engine data."""
    return {card_key(raw): engine_card(raw) for raw in _data()["cards"]}


_IMPORTED: dict[str, dict[str, Any]] = {}  # identity key -> engine card, cards of imported sets
_IMPORTED_RAW: dict[str, dict[str, Any]] = {}


_KNOWN: dict[
    str, dict[str, Any]
] = {}  # identity key -> engine card, of every card looked up so far


def card(key: str) -> dict[str, Any]:
    """The printed card with that identity key; EngineError if no set has such a card."""
    found = _KNOWN.get(key)
    if found is None:
        found = catalogue().get(key) or _IMPORTED.get(key)
        if found is None:
            raise EngineError(f"There is no Kingdom Combat card {key!r}.")
        _KNOWN[key] = found
    return found


def learn(card_data: dict[str, dict[str, Any]]) -> None:
    """Make imported cards ({identity key: set card dict}) known to this process."""
    if card_data.keys() <= _IMPORTED.keys():
        return
    for key, raw in card_data.items():
        _IMPORTED[key] = engine_card(raw)
        _IMPORTED_RAW[key] = raw
    _forget_lookups()


def forget_imported() -> None:
    """Forget every imported card, as a fresh process (tests of replaying elsewhere)."""
    _IMPORTED.clear()
    _IMPORTED_RAW.clear()
    _forget_lookups()


def _forget_lookups() -> None:
    _KNOWN.clear()
    effects_of.cache_clear()
    effects_with_op.cache_clear()
    kind.cache_clear()
    printed_skills.cache_clear()
    printed_range.cache_clear()
    keys_with.cache_clear()
    keys_with_any.cache_clear()


def learn_state(state: dict[str, Any]) -> None:
    """Make the imported cards a game (or a view of it) plays with known to this process."""
    data = state.get("card_data")
    if data:
        learn(data)


def imported_cards(deck: dict[str, Any], seat: int) -> dict[str, dict[str, Any]]:
    """{identity key: card dict} of a deck's "card_data" that the built-in set lacks; each is
    checked as an import is (type, stats, the effect vocabulary): EngineError naming the card
    and what is wrong otherwise."""
    who = f"Seat {seat + 1}'s deck"
    data = deck.get("card_data") or []
    if not isinstance(data, list):
        raise EngineError(f"{who}: card_data must be a list of card dicts.")
    out = {}
    for number, raw in enumerate(data, start=1):
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            raise EngineError(f"{who}: card_data entry {number} is not a card with a name.")
        problems = card_problems(GAME, raw, None)
        if problems:
            raise EngineError(f"{who}: {raw['name']} cannot be played: {'; '.join(problems)}")
        key = card_key(raw)
        if key not in catalogue():
            out[key] = dict(raw)
    for raw in out.values():
        for effect in raw.get("effects") or ():
            token = effect.get("token")
            if token is not None and token not in catalogue() and token not in out:
                raise EngineError(
                    f"{who}: {raw['name']} makes {token!r} tokens; add that token card to "
                    "card_data."
                )
    return out


@lru_cache(maxsize=4096)
def effects_of(key: str, when: str) -> tuple[dict[str, Any], ...]:
    """The card's effects that apply at that moment (cached: looked up on every stat)."""
    return tuple(e for e in card(key)["effects"] if e["when"] == when)


@lru_cache(maxsize=4096)
def effects_with_op(key: str, op: str) -> tuple[dict[str, Any], ...]:
    """The card's effects with that op, whatever their moment (cached)."""
    return tuple(e for e in card(key)["effects"] if e["op"] == op)


@lru_cache(maxsize=4096)
def kind(key: str) -> str:
    """ "unit", "structure", "fortress", "token", or an action card's kind ("Event",
    "Dirty Trick", ...) (cached)."""
    printed = card(key)
    return printed["subtype"] if printed["type"] == "action" else printed["type"]


@lru_cache(maxsize=4096)
def printed_skills(key: str) -> frozenset[str]:
    """The card's printed skills (cached)."""
    return frozenset(card(key)["skills"])


@lru_cache(maxsize=4096)
def printed_range(key: str) -> int:
    """The card's printed range, never below 0 (cached)."""
    return max(0, card(key)["stats"].get("range", 0))


@lru_cache(maxsize=64)
def keys_with(when: str) -> frozenset[str]:
    """Identity keys of the cards, built-in or imported (`learn` clears this cache), that
    have effects applying at that moment."""
    return frozenset(key for key in (*catalogue(), *_IMPORTED) if effects_of(key, when))


@lru_cache(maxsize=64)
def keys_with_any(whens: tuple[str, ...]) -> frozenset[str]:
    """Identity keys of the cards that have effects applying at any of those moments."""
    return frozenset().union(*(keys_with(when) for when in whens))


def key_of(name_or_key: str, extra: dict[str, dict[str, Any]] | None = None) -> str:
    """The identity key of a card given by its printed name or its key (among the built-in
    set and `extra`, {key: card dict} of imported cards)."""
    cards = catalogue()
    extra = extra or {}
    if name_or_key in cards or name_or_key in extra:
        return name_or_key
    named = [(k, p["name"]) for k, p in cards.items()] + [(k, r["name"]) for k, r in extra.items()]
    for key, name in named:
        if name.casefold() == str(name_or_key).casefold():
            return key
    raise EngineError(f"There is no Kingdom Combat card called {name_or_key!r}.")


def is_unit(key: str) -> bool:
    """A unit or a token (tokens are treated as units in play)."""
    return card(key)["type"] in UNIT_TYPES


def action_kind(key: str) -> str | None:
    """ "Dirty Trick", "Event", "Ability" or "Equipment" for an action card, else None."""
    printed = card(key)
    return printed["subtype"] if printed["type"] == "action" else None


def starter_decks() -> list[dict[str, Any]]:
    """The set's ready-made decks as engine deck dicts: {"name", "fortresses", "cards"}
    (fresh lists each call: a caller may change them)."""
    return [
        {"name": name, "fortresses": list(forts), "cards": [list(line) for line in lines]}
        for name, forts, lines in _starter_decks()
    ]


@lru_cache(maxsize=1)
def _starter_decks() -> tuple[Any, ...]:
    """starter_decks worked out once (names to identity keys is a search of the set)."""
    return tuple(
        (
            deck["name"],
            tuple(key_of(n) for n in deck["fortresses"]),
            tuple((key_of(name), count) for count, name in deck["cards"]),
        )
        for deck in _data().get("decks", [])
    )


@lru_cache(maxsize=1)
def _builtin_raw() -> dict[str, dict[str, Any]]:
    """The built-in set's card dicts by identity key."""
    return {card_key(raw): raw for raw in _data()["cards"]}


def fortress(keys: list[str]) -> dict[str, Any]:
    """The fortress a player plays with (one card, or two stacked: first on top)."""
    raws = _builtin_raw()
    infos = [card_info(raws.get(key) or _IMPORTED_RAW[key]) for key in keys]
    stats = fortress_stats(infos)
    assert stats is not None, "check_deck let through one or two fortresses"
    return {
        "cards": list(keys),
        "hp": stats.hp,
        "starting_gold": stats.starting_gold,
        "gold_per_turn": stats.gold_per_turn,
        "factions": list(stats.factions),
    }


def check_deck(deck: object, seat: int) -> tuple[list[str], list[str]]:
    """(fortress keys, main-deck keys with repeats) of a deck dict; EngineError saying what is
    wrong. Deck legality (30 cards, factions, borders) is the decks app's; the engine needs
    playable cards: one or two fortresses and no fortress or token in the main deck."""
    who = f"Seat {seat + 1}'s deck"
    if not isinstance(deck, dict) or not isinstance(deck.get("cards"), list):
        raise EngineError(f"{who} must be {{'fortresses': [...], 'cards': [[card, count], ...]}}.")
    extra = imported_cards(deck, seat)
    learn(extra)
    forts = [key_of(name, extra) for name in deck.get("fortresses") or []]
    if not 1 <= len(forts) <= 2 or any(card(k)["type"] != "fortress" for k in forts):
        raise EngineError(f"{who} needs one fortress, or two stacked for a dual-faction deck.")
    main: list[str] = []
    for line in deck["cards"]:
        if not isinstance(line, list | tuple) or len(line) != 2:
            raise EngineError(f"{who}: each line is [card, count].")
        key, count = key_of(line[0], extra), line[1]
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 60:
            raise EngineError(f"{who}: the count of {card(key)['name']} must be 1 to 60.")
        if card(key)["type"] in ("fortress", "token"):
            raise EngineError(f"{who}: {card(key)['name']} cannot be in a main deck.")
        main += [key] * count
    if len(main) < MIN_DECK:
        raise EngineError(f"{who} needs at least {MIN_DECK} cards to play.")
    return forts, main


MIN_DECK = 8

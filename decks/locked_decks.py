"""Selectors: the decks locked at an event's start, in the shape each engine takes them.

The engine plays a registered deck as it was when the event started (the lock), whatever
its owner changed since; `gameplay.services.matches` picks the shape the game's declaration
names (`engine_decks`: codes, a fortress-and-cards list, card dicts).
"""

from typing import Any

from decks.legality.cardsets import card_key, load_builtin
from decks.models import Card, DeckRegistration


def locked_deck_codes(*, entry_ids: list[int]) -> dict[int, list[str]]:
    """{entry id: the card keys of its locked deck, one per copy} for entries whose deck was
    locked at the tournament's start (playing cards' keys are their codes, e.g. "QH")."""
    rows = DeckRegistration.objects.filter(entry_id__in=entry_ids, locked_at__isnull=False)
    return {
        entry_id: [key for key, count in locked["main"].items() for _ in range(count)]
        for entry_id, locked in rows.values_list("entry_id", "locked_list")
    }


def locked_deck_lists(*, entry_ids: list[int], game: str) -> dict[int, dict]:
    """{entry id: {"fortresses": [card keys], "cards": [[card key, count], ...]}} of the entries
    whose deck was locked at the tournament's start: a registered Kingdom Combat deck as the
    engine takes it. A deck with cards of imported sets brings their card dicts ("card_data",
    with the tokens their effects make), which the engine checks and plays."""
    rows = DeckRegistration.objects.filter(entry_id__in=entry_ids, locked_at__isnull=False)
    decks = {
        entry_id: {
            "fortresses": list(locked.get("fortresses") or []),
            "cards": [[key, count] for key, count in sorted(locked["main"].items())],
        }
        for entry_id, locked in rows.values_list("entry_id", "locked_list")
    }
    data = _imported_cards(game, decks)
    for deck in decks.values():
        own = {k: data[k] for k in sorted(_deck_keys(deck)) if k in data}
        made = {e["token"] for c in own.values() for e in c.get("effects") or () if e.get("token")}
        own.update({k: data[k] for k in sorted(made) if k in data})
        if own:
            deck["card_data"] = list(own.values())
    return decks


def _imported_cards(game: str, decks: dict[int, dict]) -> dict[str, dict]:
    """{key: card dict} of the decks' cards not in the built-in set, and the tokens they make."""
    builtin = {card_key(raw) for raw in load_builtin(game)["cards"]}
    wanted = {key for deck in decks.values() for key in _deck_keys(deck) if key not in builtin}
    if not wanted:
        return {}
    data = _card_dicts(game, wanted)
    tokens = {effect.get("token") for card in data.values() for effect in card.get("effects") or ()}
    data.update(_card_dicts(game, tokens - builtin - set(data) - {None, ""}))
    return data


def _deck_keys(deck: dict) -> set[str]:
    """The card keys a locked deck names: its fortresses and its main deck."""
    return {*deck["fortresses"], *(key for key, _count in deck["cards"])}


def _card_dicts(game: str, keys: set[str]) -> dict[str, dict]:
    """{key: card dict in the import shape} of the game's cards with those keys (the first
    set listing a key: a reprint keeps its rules)."""
    out: dict[str, dict] = {}
    if not keys:
        return out
    rows = (
        Card.objects.filter(card_set__games__slug=game, key__in=keys)
        .prefetch_related("factions")
        .order_by("id")
    )
    for card in rows:
        out.setdefault(
            card.key,
            {
                "name": card.name,
                "type": card.type,
                "subtype": card.subtype,
                "border": card.border,
                "factions": sorted(f.slug for f in card.factions.all()),
                "cost": card.cost,
                "stats": card.stats,
                "keywords": card.keywords,
                "effects": card.effects,
                "text": card.text,
            },
        )
    return out


def locked_deck_cards(*, entry_ids: list[int], game: str) -> dict[int, list[dict]]:
    """{entry id: its locked deck as card-set dicts (name, type, stats, keywords, effects), one
    per copy}: what the engine needs to play a registered Conventional Combat or Rune Duel deck."""
    keys_of = locked_deck_codes(entry_ids=entry_ids)
    keys = {key for listed in keys_of.values() for key in listed}
    cards: dict[str, dict[str, Any]] = {}
    rows = Card.objects.filter(card_set__games__slug=game, key__in=keys).order_by("id")
    for key, *values in rows.values_list("key", "name", "type", "stats", "keywords", "effects"):
        fields = ("name", "type", "stats", "keywords", "effects")
        cards.setdefault(key, dict(zip(fields, values, strict=True)))
    return {entry: [cards[k] for k in listed if k in cards] for entry, listed in keys_of.items()}


def locked_decklists(*, entry_ids: list[int]) -> dict[int, dict]:
    """{entry id: {"deck": name, "cards": [(count, card name)], "fortresses": [card name]}}
    of the entries whose deck was locked at the start: the lists a results page publishes
    (two queries)."""
    rows = list(
        DeckRegistration.objects.filter(entry_id__in=entry_ids, locked_at__isnull=False)
        .select_related("deck")
        .only("entry_id", "locked_list", "deck__name")
    )
    keys = {
        k
        for r in rows
        for k in [*r.locked_list.get("main", {}), *r.locked_list.get("fortresses", [])]
    }
    names = dict(Card.objects.filter(key__in=keys).values_list("key", "name"))
    lists = {}
    for row in rows:
        main = row.locked_list.get("main", {})
        lists[row.entry_id] = {
            "deck": row.deck.name,
            "cards": sorted(
                ((count, names.get(key, key)) for key, count in main.items()),
                key=lambda pair: (-pair[0], pair[1]),
            ),
            "fortresses": [names.get(k, k) for k in row.locked_list.get("fortresses", [])],
        }
    return lists

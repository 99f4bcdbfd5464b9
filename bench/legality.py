"""Pure deck validation throughput: 40-card decks validated per second on one core."""

from __future__ import annotations

import random
import time

from bench.report import emit
from decks.legality import DeckList, builtin_catalog, check, get_format, validate

SECONDS = 2.0


def _combat_decks(count: int, rng: random.Random) -> list[DeckList]:
    catalog = builtin_catalog("combat")
    codes = [card.code for card in catalog.cards.values() if card.type != "joker"]
    return [DeckList.from_counts(dict.fromkeys(rng.sample(codes, 40), 1)) for _ in range(count)]


def _kingdom_decks(count: int, rng: random.Random) -> list[DeckList]:
    catalog = builtin_catalog("kingdom-combat")
    pool = [
        c
        for c in catalog.cards.values()
        if set(c.factions) & {"ironhold", "mercenary"} and c.type in ("unit", "structure", "action")
    ]
    limits = {"gold": 1, "silver": 2, "black": 4}
    decks = []
    for _ in range(count):
        counts: dict[str, int] = {}
        while sum(counts.values()) < 40:
            card = rng.choice(pool)
            if counts.get(card.name, 0) < limits[card.border]:
                counts[card.name] = counts.get(card.name, 0) + 1
        decks.append(DeckList.from_counts(counts, ["Ironhold Keep"]))
    return decks


def _rate(fn, decks, fmt, catalog) -> float:
    done, start = 0, time.process_time()
    while time.process_time() - start < SECONDS:
        for deck in decks:
            fn(deck, fmt, catalog)
        done += len(decks)
    return done / (time.process_time() - start)


def main() -> None:
    """Print one JSON line per figure."""
    rng = random.Random(7)
    cases = [
        ("combat-constructed", "combat", _combat_decks(200, rng)),
        ("kingdom-combat-constructed", "kingdom-combat", _kingdom_decks(200, rng)),
    ]
    for label, game, decks in cases:
        catalog, fmt = builtin_catalog(game), get_format(game, "constructed")
        assert all(check(deck, fmt, catalog) == [] for deck in decks), label
        for name, fn in (("check", check), ("validate", validate)):
            value = round(_rate(fn, decks, fmt, catalog))
            emit(f"legality_{name}_{label}_40_cards", value, "decks/s")


if __name__ == "__main__":
    main()

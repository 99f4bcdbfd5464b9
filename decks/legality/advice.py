"""The deck builder's numbers (type breakdown, gold curve) and Kingdom Combat's advice.

Advice never makes a deck illegal: it repeats the rulebook's deck-building tips
("the army 1/2 to 1/3 of your deck", "the economy 1/4", "mind the gold curve").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from decks.legality.fortress import FortressStats, fortress_stats
from decks.legality.types import Advice, ResolvedDeck

CURVE_TOP = 6  # costs of 6 or more share the last bar
EXPENSIVE_SHARE = 0.25
STRUCTURE_BAND = (0.2, 1 / 3)  # "about a quarter"


@dataclass(frozen=True, slots=True)
class Tally:
    """One pass over a deck: what the summary and the advice both need."""

    size: int
    types: dict[str, int]
    costs: dict[int, int]
    structure_gold: list[int]
    fortress: FortressStats | None


def tally(deck: ResolvedDeck) -> Tally:
    """Counts per type and per cost, structures' gold, the (combined) fortress."""
    types: dict[str, int] = {}
    costs: dict[int, int] = {}
    structure_gold: list[int] = []
    size = 0
    cards = deck.cards
    for key, count in deck.main.items():
        card = cards[key]
        kind, cost = card.type, card.cost
        size += count
        types[kind] = types.get(kind, 0) + count
        if cost is not None:
            costs[cost] = costs.get(cost, 0) + count
        if kind == "structure":
            structure_gold.append(card.stats.get("gold", 0))
    fortress = None
    if deck.fortresses:
        fortress = fortress_stats([c for c in deck.fortresses if c.type == "fortress"])
    return Tally(size, types, costs, structure_gold, fortress)


def summarize(deck: ResolvedDeck, counted: Tally | None = None) -> dict[str, Any]:
    """Deck size, counts per type, the cost curve (0..6+) and, if any, the fortress stats."""
    counted = counted or tally(deck)
    curve = [0] * (CURVE_TOP + 1)
    for cost, count in counted.costs.items():
        curve[min(max(cost, 0), CURVE_TOP)] += count
    summary: dict[str, Any] = {
        "size": counted.size,
        "types": counted.types,
        "curve": curve,
        "cards": card_counts(deck),
    }
    if deck.fortresses:
        summary["fortress"] = counted.fortress.to_dict() if counted.fortress else None
    return summary


def card_counts(deck: ResolvedDeck) -> list[dict[str, Any]]:
    """Each card of the main deck with its count, by type, cost and name (the builder's list)."""
    cards = deck.cards
    rows = [
        {
            "name": cards[key].name,
            "code": cards[key].code,
            "type": cards[key].type,
            "border": cards[key].border,
            "cost": cards[key].cost,
            "count": count,
        }
        for key, count in deck.main.items()
    ]
    rows.sort(key=lambda row: (row["type"], row["cost"] or 0, row["name"]))
    return rows


def _share(part: int, whole: int) -> str:
    noun = "card" if whole == 1 else "cards"
    return f"{part} of {whole} {noun} ({round(100 * part / whole)}%)"


def fortress_deck_advice(deck: ResolvedDeck, counted: Tally | None = None) -> tuple[Advice, ...]:
    """The rulebook's tips that this deck does not follow yet."""
    counted = counted or tally(deck)
    size = counted.size
    if size == 0:
        return ()
    units = counted.types.get("unit", 0)
    structures = counted.types.get("structure", 0)
    army = "the rulebook suggests an army of 1/3 to 1/2 of the deck."
    advice: list[Advice] = []
    if units * 3 < size:
        advice.append(Advice("few_units", f"Only {_share(units, size)} are units; {army}"))
    elif units * 2 > size:
        advice.append(Advice("many_units", f"{_share(units, size)} are units; {army}"))
    low, high = STRUCTURE_BAND
    if structures < low * size or structures > high * size:
        advice.append(
            Advice(
                "structure_share",
                f"{_share(structures, size)} are structures; the rulebook suggests about 1/4 "
                "of the deck for your economy.",
            )
        )
    advice.extend(_gold_curve_advice(counted))
    if size > 30:
        advice.append(
            Advice(
                "deck_size",
                f"The deck has {size} cards; 30 is the minimum and usually the best size, "
                "so you draw your best cards more often.",
            )
        )
    return tuple(advice)


def _gold_curve_advice(counted: Tally) -> list[Advice]:
    income = counted.fortress.gold_per_turn if counted.fortress else 0
    gold = counted.structure_gold
    if gold:
        # A mid-game turn: the fortress plus about two structures' income.
        income += round(2 * sum(gold) / len(gold))
    expensive = sum(count for cost, count in counted.costs.items() if cost > income)
    if income and expensive > EXPENSIVE_SHARE * counted.size:
        return [
            Advice(
                "gold_curve",
                f"{_share(expensive, counted.size)} cost more than {income} gold, about what "
                "your fortress and two structures make each turn; add cheaper cards or "
                "more structures.",
            )
        ]
    return []

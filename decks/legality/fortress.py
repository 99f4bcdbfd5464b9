"""Kingdom Combat fortress stats, including two stacked fortresses (dual faction).

Ruling (see decks/RULINGS.md): a fortress card has a top line (its hit points) and bottom lines
(starting gold and gold per turn). Stacking two fortresses keeps the top line of the fortress
on top and takes the bottom lines from the fortress underneath. The deck lists the top
fortress first.
"""

from __future__ import annotations

from dataclasses import dataclass

from decks.legality.types import CardInfo

TOP_LINE = ("hp",)
BOTTOM_LINES = ("starting_gold", "gold_per_turn")


@dataclass(frozen=True, slots=True)
class FortressStats:
    """The fortress a player actually plays with."""

    hp: int
    starting_gold: int
    gold_per_turn: int
    factions: tuple[str, ...]
    names: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        """JSON shape for the API and the deck builder."""
        return {
            "hp": self.hp,
            "starting_gold": self.starting_gold,
            "gold_per_turn": self.gold_per_turn,
            "factions": list(self.factions),
            "names": list(self.names),
        }


def _stat(card: CardInfo, name: str) -> int:
    value = card.stats.get(name, 0)
    return value if isinstance(value, int) else 0


def fortress_stats(fortresses: tuple[CardInfo, ...] | list[CardInfo]) -> FortressStats | None:
    """Stats of one fortress, or of two stacked ones (first on top); None if none given."""
    if not fortresses:
        return None
    top, bottom = fortresses[0], fortresses[-1]
    factions: list[str] = []
    for card in fortresses[:2]:
        factions.extend(f for f in card.factions if f not in factions)
    return FortressStats(
        hp=_stat(top, "hp"),
        starting_gold=_stat(bottom, "starting_gold"),
        gold_per_turn=_stat(bottom, "gold_per_turn"),
        factions=tuple(factions),
        names=tuple(card.name for card in fortresses[:2]),
    )

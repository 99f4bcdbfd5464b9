"""Boosters for catalogue games: a slot layout by border, filled from a card set, seeded.

A layout such as ``1 gold/silver, 3 silver/black, 11 black`` means: one card whose border is
gold or silver, three silver-or-black cards, eleven black cards. Within a slot the card is
chosen uniformly among every card of the allowed borders, so a rarer border (fewer cards)
comes up less often. A booster never holds the same card twice while the set allows it.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import DraftCard
from .dealing import DRAFT_ROUNDS
from .errors import LayoutError, NotEnoughCards

BORDERS = ("gold", "silver", "black", "green")


@dataclass(frozen=True)
class BoosterSlot:
    """``count`` cards, each of one of ``borders``."""

    count: int
    borders: tuple[str, ...]


@dataclass(frozen=True)
class BoosterLayout:
    """The slots of one booster, in order."""

    slots: tuple[BoosterSlot, ...]

    @property
    def size(self) -> int:
        """Cards per booster."""
        return sum(slot.count for slot in self.slots)

    def as_text(self) -> str:
        """The layout in the form ``parse_layout`` reads."""
        return ", ".join(f"{s.count} {'/'.join(s.borders)}" for s in self.slots)


DEFAULT_LAYOUT_TEXT = "1 gold/silver, 3 silver/black, 11 black"
# A booster is a handful of cards; a bigger one is surely a typo (and would make huge pools).
MAX_BOOSTER_CARDS = 30


def parse_layout(text: str) -> BoosterLayout:
    """Read ``"1 gold/silver, 3 silver/black, 11 black"`` into a layout; LayoutError if bad."""
    slots = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        count_text, _, borders_text = part.partition(" ")
        # isdigit() alone admits "²" and other digits int() cannot read
        if not (count_text.isascii() and count_text.isdigit()) or int(count_text) < 1:
            raise LayoutError(f"'{part}': each slot starts with a positive card count.")
        borders = tuple(b.strip().lower() for b in borders_text.split("/") if b.strip())
        unknown = [b for b in borders if b not in BORDERS]
        if not borders or unknown:
            raise LayoutError(f"'{part}': borders must be among {', '.join(BORDERS)}.")
        slots.append(BoosterSlot(count=int(count_text), borders=borders))
    if not slots:
        raise LayoutError("A booster layout needs at least one slot.")
    layout = BoosterLayout(slots=tuple(slots))
    if layout.size > MAX_BOOSTER_CARDS:
        raise LayoutError(
            f"A booster holds at most {MAX_BOOSTER_CARDS} cards; this layout makes {layout.size}."
        )
    return layout


def generate_booster(
    catalogue: Sequence[DraftCard], layout: BoosterLayout, rng: random.Random
) -> list[DraftCard]:
    """One booster: for each slot, ``count`` cards of the slot's borders, no repeats if possible."""
    ordered = sorted(catalogue, key=lambda card: card.key)
    booster: list[DraftCard] = []
    for slot in layout.slots:
        choices = [card for card in ordered if card.border in slot.borders]
        if not choices:
            raise NotEnoughCards(f"The set has no {'/'.join(slot.borders)} card for a booster.")
        fresh = [card for card in choices if card not in booster]
        if len(fresh) >= slot.count:
            booster += rng.sample(fresh, slot.count)
        else:
            # A tiny set: take every fresh card, then repeat at random.
            booster += fresh + [rng.choice(choices) for _ in range(slot.count - len(fresh))]
    return booster


def deal_catalogue_sealed(
    catalogue: Sequence[DraftCard],
    layout: BoosterLayout,
    players: int,
    boosters_per_pool: int,
    rng: random.Random,
) -> list[list[DraftCard]]:
    """A pool per player: ``boosters_per_pool`` boosters opened together."""
    pools = []
    for _seat in range(players):
        pool: list[DraftCard] = []
        for _booster in range(boosters_per_pool):
            pool += generate_booster(catalogue, layout, rng)
        pools.append(pool)
    return pools


def deal_catalogue_draft(
    catalogue: Sequence[DraftCard],
    layout: BoosterLayout,
    players: int,
    rng: random.Random,
    *,
    rounds: int = DRAFT_ROUNDS,
) -> list[list[list[DraftCard]]]:
    """Draft packs indexed ``[round - 1][seat]``: one fresh booster per seat per round."""
    return [
        [generate_booster(catalogue, layout, rng) for _seat in range(players)]
        for _round in range(rounds)
    ]

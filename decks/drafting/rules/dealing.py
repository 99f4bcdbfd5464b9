"""Dealing sealed pools and draft packs for Combat (shuffled playing-card decks).

Every function takes its randomness as an explicit ``random.Random``; the same seed always
deals the same cards.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .errors import NotEnoughCards

T = TypeVar("T")

DRAFT_ROUNDS = 3
DRAFT_PACK_SIZE = 15


@dataclass(frozen=True)
class DraftDeal(Generic[T]):
    """Packs indexed ``packs[round - 1][seat]``; ``undealt`` are the cards left in the stack."""

    packs: list[list[list[T]]]
    undealt: list[T]


def _shuffled_stack(deck: Sequence[T], players: int, rng: random.Random) -> list[T]:
    """One copy of ``deck`` per player, shuffled together."""
    if players < 1:
        raise NotEnoughCards("At least one player is needed.")
    stack = list(deck) * players
    rng.shuffle(stack)
    return stack


def deal_combat_sealed(deck: Sequence[T], players: int, rng: random.Random) -> list[list[T]]:
    """Shuffle one deck per player together and deal a deck's worth to each (rulebook 7)."""
    stack = _shuffled_stack(deck, players, rng)
    size = len(deck)
    return [stack[seat * size : (seat + 1) * size] for seat in range(players)]


def deal_combat_draft(
    deck: Sequence[T],
    players: int,
    rng: random.Random,
    *,
    rounds: int = DRAFT_ROUNDS,
    pack_size: int = DRAFT_PACK_SIZE,
) -> DraftDeal[T]:
    """Shuffle one deck per player together and give each player ``rounds`` piles of
    ``pack_size`` cards (rulebook 7: three piles of 15); the rest stays undealt."""
    stack = _shuffled_stack(deck, players, rng)
    needed = rounds * pack_size * players
    if needed > len(stack):
        raise NotEnoughCards(
            f"{players} decks of {len(deck)} cards cannot fill {rounds} piles of "
            f"{pack_size} cards per player."
        )
    packs: list[list[list[T]]] = []
    cursor = 0
    for _round in range(rounds):
        row = []
        for _seat in range(players):
            row.append(stack[cursor : cursor + pack_size])
            cursor += pack_size
        packs.append(row)
    return DraftDeal(packs=packs, undealt=stack[cursor:])

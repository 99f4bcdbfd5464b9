"""Cube drafting: an organizer's card list used as a cube. The cube is singleton (each card
once, whatever copies the list names), shuffled and cut into packs; no card is dealt twice.
Rulings: decks/drafting/RULINGS.md (32-33)."""

import random
from collections.abc import Hashable, Sequence
from typing import TypeVar

from .errors import NotEnoughCards

T = TypeVar("T", bound=Hashable)


def cube_list(cards: Sequence[T]) -> list[T]:
    """The cube: the list's cards once each, in list order."""
    return list(dict.fromkeys(cards))


def deal_cube(
    cards: Sequence[T], players: int, rng: random.Random, *, rounds: int, pack_size: int
) -> list[list[list[T]]]:
    """Packs ``[round - 1][seat]`` of `pack_size` cards from the singleton cube."""
    cube = cube_list(cards)
    needed = players * rounds * pack_size
    if needed > len(cube):
        raise NotEnoughCards(
            f"The cube has {len(cube)} different cards; {players} players x {rounds} packs of "
            f"{pack_size} need {needed}. Add cards to the set or use fewer seats."
        )
    rng.shuffle(cube)
    packs: list[list[list[T]]] = []
    cursor = 0
    for _round in range(rounds):
        row = []
        for _seat in range(players):
            row.append(cube[cursor : cursor + pack_size])
            cursor += pack_size
        packs.append(row)
    return packs

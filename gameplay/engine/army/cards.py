"""Army's cards: one 52-card pack; army cards (A/K/Q/J) have stamina, number cards fight."""

from __future__ import annotations

from typing import Any

SUITS = ("S", "H", "D", "C")
RED_SUITS = ("H", "D")
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
STAMINA = {"A": 4, "K": 3, "Q": 2, "J": 1}
ARMY_CARDS = tuple(rank + suit for rank in STAMINA for suit in SUITS)
FIGHTING_CARDS = tuple(f"{n}{suit}" for n in range(2, 11) for suit in SUITS)
# How an army card lies after losing 0, 1, 2 or 3 SP (the text's way of tracking SP).
ORIENTATIONS = ("upright", "sideways", "diagonal", "face-down")


def rank_of(card: str) -> str:
    """The rank part of a card id ("10H" -> "10")."""
    return card[:-1]


def value_of(card: str) -> int:
    """The number of a fighting card."""
    return int(card[:-1])


def is_attack(card: str) -> bool:
    """Red fighting cards are attacks; black ones are defences."""
    return card[-1] in RED_SUITS


def stamina_of(card: str) -> int:
    """The SP an army card starts with (A 4, K 3, Q 2, J 1)."""
    return STAMINA[rank_of(card)]


def card_label(card: str) -> str:
    """A card id with its suit symbol, e.g. 10H -> 10♥."""
    return rank_of(card) + SUIT_SYMBOLS[card[-1]]


def card_key(card: str) -> tuple[Any, ...]:
    """Sort order in a hand: number cards by value, then army cards; suits S, H, D, C."""
    rank = rank_of(card)
    return (int(rank) if rank.isdigit() else 20 + STAMINA[rank], SUITS.index(card[-1]))

"""Cards as the draft rules see them: a small, plain dataclass, plus the standard deck.

Playing cards are identified by codes such as ``AS``, ``10H``, ``QC`` and ``JK`` (Joker).
"""

from dataclasses import dataclass
from typing import Any

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
COURT_RANKS = frozenset({"J", "Q", "K"})
ABILITY_RANKS = frozenset({"A", "2", "3", "JK"})
JOKER = "JK"


@dataclass(frozen=True)
class DraftCard:
    """One card in a pack or a pool; ``key`` identifies this copy (e.g. a pack card id)."""

    key: int
    code: str = ""
    border: str = ""
    factions: tuple[str, ...] = ()
    card_type: str = ""
    cost: int | None = None


@dataclass(frozen=True)
class PlayingCard:
    """A parsed playing-card code: rank (``A``..``K`` or ``JK``) and suit (``None`` for Jokers)."""

    rank: str
    suit: str | None

    @property
    def is_court(self) -> bool:
        """Jack, queen or king."""
        return self.rank in COURT_RANKS

    @property
    def has_ability(self) -> bool:
        """Ace, two, three and Joker have special abilities (rulebook section 5)."""
        return self.rank in ABILITY_RANKS


def parse_playing_card(code: str) -> PlayingCard | None:
    """The rank and suit of a playing-card code, or None when the code is not one."""
    code = code.strip().upper()
    if code.startswith(JOKER):
        return PlayingCard(rank=JOKER, suit=None)
    rank, suit = code[:-1], code[-1:]
    if rank in RANKS and suit in SUITS:
        return PlayingCard(rank=rank, suit=suit)
    return None


def standard_deck(*, jokers: bool) -> list[str]:
    """One deck of playing cards as codes: 52 cards, plus two Jokers when allowed."""
    deck = [rank + suit for suit in SUITS for rank in RANKS]
    if jokers:
        deck += [JOKER, JOKER]
    return deck


_BORDER_ORDER = {"gold": 0, "silver": 1, "black": 2, "green": 3}


def pick_sort_key(card: DraftCard) -> tuple[Any, ...]:
    """Order picks for display: playing cards by suit then rank (Jokers last); others by
    type, border and code."""
    parsed = parse_playing_card(card.code)
    if parsed is not None:
        if parsed.suit is None:
            return (0, len(SUITS), 0, card.key)
        return (0, SUITS.index(parsed.suit), RANKS.index(parsed.rank), card.key)
    return (1, card.card_type, _BORDER_ORDER.get(card.border, 9), card.code, card.key)

"""Playing cards: codes, ids, and the numbers the Combat rules attach to them.

A card *code* names a face ("QH", "10S", "AC", "JK"); a card *id* is unique within a game: the
code, plus "/n" for the n-th copy when several decks are used ("QH", "QH/2"). Jokers are "JK1",
"JK2" (and "JK1/2" ...) so one standard deck's ids read as the contract's examples.
"""

from __future__ import annotations

from functools import lru_cache

from gameplay.engine.core import EngineError

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king", "JK": "joker"}
COURT = {"J": (2, 1), "Q": (3, 2), "K": (4, 3)}  # rank -> (strength, cost)
SPECIAL_RANKS = ("A", "2", "3", "JK")
SPECIAL_COST = 2
COURT_SPEED = 10


@lru_cache(maxsize=4096)
def code_of(card_id: str) -> str:
    """The face of a card id ("QH/2" -> "QH", "JK2" -> "JK")."""
    code = card_id.split("/", 1)[0]
    return "JK" if code.startswith("JK") else code


@lru_cache(maxsize=4096)
def rank_of(card_id: str) -> str:
    """ "A", "2".."10", "J", "Q", "K" or "JK"."""
    code = code_of(card_id)
    return code if code == "JK" else code[:-1]


@lru_cache(maxsize=4096)
def suit_of(card_id: str) -> str | None:
    """ "S", "H", "D", "C"; None for a Joker (which has no suit)."""
    code = code_of(card_id)
    return None if code == "JK" else code[-1]


@lru_cache(maxsize=4096)
def speed_of(card_id: str) -> int:
    """Combat speed: a spot card's number (ace 1), courts 10, Joker 0."""
    rank = rank_of(card_id)
    if rank == "JK":
        return 0
    if rank in COURT:
        return COURT_SPEED
    return 1 if rank == "A" else int(rank)


@lru_cache(maxsize=4096)
def strength_of(card_id: str) -> int:
    """Strength: jack 2, queen 3, king 4; spot cards and Jokers 1 (ruling R1)."""
    rank = rank_of(card_id)
    return COURT[rank][0] if rank in COURT else 1


@lru_cache(maxsize=4096)
def is_court(card_id: str) -> bool:
    """Jack, queen or king."""
    return rank_of(card_id) in COURT


def court_cost(card_id: str) -> int:
    """Farms needed to play a court card as a soldier."""
    return COURT[rank_of(card_id)][1]


@lru_cache(maxsize=4096)
def has_special(card_id: str) -> bool:
    """Ace, 2, 3 and Joker can be played for their special ability."""
    return rank_of(card_id) in SPECIAL_RANKS


def card_name(card_id: str) -> str:
    """Players' name of a card: "queen of hearts", "10 of spades", "joker"."""
    rank = rank_of(card_id)
    if rank == "JK":
        return "joker"
    suit = suit_of(card_id)
    assert suit is not None, "every card but the Joker has a suit"
    return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}"


def standard_deck(jokers: int) -> list[str]:
    """The codes of one 52-card deck plus that many Jokers ("JK1", "JK2")."""
    codes = [rank + suit for suit in SUITS for rank in RANKS]
    return codes + [f"JK{n}" for n in range(1, jokers + 1)]


def normalize_code(code: object) -> str:
    """A valid card code from a deck list ("qh" -> "QH", "JK2" -> "JK"); EngineError otherwise."""
    if not isinstance(code, str):
        raise EngineError(f"A card code must be text, not {code!r}.")
    text = code.strip().upper()
    if text.startswith("JK") and text[2:] in ("", "1", "2"):
        return "JK"
    if len(text) >= 2 and text[:-1] in RANKS and text[-1] in SUITS:
        return text
    raise EngineError(f"{code!r} is not a playing card (use codes like QH, 10S, AC, JK).")


def assign_ids(codes: list[str], taken: dict[str, int]) -> list[str]:
    """Unique ids for codes, numbering copies across the whole game via `taken`."""
    ids = []
    for code in codes:
        base = code
        if code == "JK":
            base = "JK1" if taken.get("JK1", 0) <= taken.get("JK2", 0) else "JK2"
        count = taken.get(base, 0) + 1
        taken[base] = count
        ids.append(base if count == 1 else f"{base}/{count}")
    return ids

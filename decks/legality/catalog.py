"""A game's card catalogue indexed for look-ups by name, code or identity key."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping

from decks.legality.errors import CatalogError
from decks.legality.types import CardInfo

_SPACES = re.compile(r"\s+")


def normalize_name(text: str) -> str:
    """The look-up form of a card name: case-folded, single spaces, no curly quotes."""
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    return _SPACES.sub(" ", text).strip().casefold()


def identity_key(name: str) -> str:
    """The identity of a card named `name`: copies with this key count as the same card."""
    slug = re.sub(r"[^a-z0-9]+", "-", normalize_name(name)).strip("-")
    return slug or "card"


class Catalog:
    """The cards of one game; resolves what a player typed into a card identity."""

    def __init__(
        self,
        game: str,
        cards: Iterable[CardInfo],
        faction_names: Mapping[str, str] | None = None,
    ) -> None:
        self.game = game
        self.faction_names: dict[str, str] = dict(faction_names or {})
        self.cards: dict[str, CardInfo] = {}
        self._lookup: dict[str, CardInfo] = {}
        for card in cards:
            if card.key in self.cards:
                raise CatalogError(f"Two cards share the identity {card.key!r}.")
            self.cards[card.key] = card
        # Identity keys and codes win over names when they collide.
        for card in self.cards.values():
            self._lookup.setdefault(normalize_name(card.name), card)
        for card in self.cards.values():
            self._lookup[card.key.casefold()] = card
            if card.code:
                self._lookup[card.code.casefold()] = card
        # Exact spellings first: most lines are typed (or exported) exactly as printed.
        for card in self.cards.values():
            self._lookup.setdefault(card.name, card)
            if card.code:
                self._lookup[card.code] = card
        # Precomputed so the per-deck rules stay cheap (see bench/legality.py).
        self.special = frozenset(
            card.key
            for card in self.cards.values()
            if card.stats.get("reserved")
            or card.type in ("token", "fortress")
            or card.border == "green"
        )
        self.jokers = frozenset(k for k, c in self.cards.items() if c.type == "joker")
        self.pack_limits = {k: c.stats.get("copies_in_pack", 1) for k, c in self.cards.items()}
        self.exact_lookup = self._lookup.get

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, key: object) -> bool:
        return key in self.cards

    def get(self, key: str) -> CardInfo:
        """The card with identity `key` (KeyError if absent)."""
        return self.cards[key]

    def resolve(self, text: str) -> CardInfo | None:
        """The card a player meant by `text` (name, code or key), or None."""
        card = self._lookup.get(text)  # fast path: the exact spelling
        if card is None:
            card = self._lookup.get(normalize_name(text))
        return card

    def by_name(self, name: str) -> CardInfo:
        """The card named `name`; KeyError with a helpful message if unknown."""
        card = self.resolve(name)
        if card is None:
            raise KeyError(f"No card named {name!r} in {self.game}.")
        return card

    def suggest(self, text: str, limit: int = 3) -> tuple[str, ...]:
        """Names of the cards closest to `text`, best first (may be empty)."""
        return suggest_names(text, [card.name for card in self.cards.values()], limit=limit)


def suggest_names(text: str, names: Iterable[str], limit: int = 3) -> tuple[str, ...]:
    """The names in `names` closest to `text` (difflib ratio of at least 0.6), best first."""
    by_normal: dict[str, str] = {}
    for name in names:
        by_normal.setdefault(normalize_name(name), name)
    matches = difflib.get_close_matches(normalize_name(text), by_normal, n=limit, cutoff=0.6)
    return tuple(by_normal[match] for match in matches)

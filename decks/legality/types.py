"""Plain data the legality rules work on: cards, deck lists, problems and results."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One card identity of a game's catalogue, as the rules see it."""

    key: str
    name: str
    type: str
    subtype: str = ""
    border: str = ""
    factions: tuple[str, ...] = ()
    cost: int | None = None
    stats: Mapping[str, Any] = field(default_factory=dict)
    keywords: tuple[str, ...] = ()
    code: str = ""
    text: str = ""


@dataclass(frozen=True, slots=True)
class DeckList:
    """A deck as written by a player: (card text, count) lines, fortresses apart."""

    main: tuple[tuple[str, int], ...] = ()
    fortresses: tuple[str, ...] = ()
    sideboard: tuple[tuple[str, int], ...] = ()
    unreadable: tuple[tuple[int, str], ...] = ()

    @classmethod
    def from_counts(
        cls, main: Mapping[str, int], fortresses: tuple[str, ...] | list[str] = ()
    ) -> DeckList:
        """Build a deck list from a {card: count} mapping."""
        return cls(main=tuple(main.items()), fortresses=tuple(fortresses))

    @property
    def size(self) -> int:
        """Number of cards in the main deck as written."""
        return sum(count for _, count in self.main)


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a deck is not legal, with a stable code and a player-readable message."""

    code: str
    message: str
    card: str | None = None
    count: int | None = None
    limit: int | None = None
    suggestions: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape used by the API and the pages."""
        data: dict[str, Any] = {
            "code": self.code,
            "message": self.message,
            "card": self.card,
            "count": self.count,
            "limit": self.limit,
        }
        if self.suggestions:
            data["suggestions"] = list(self.suggestions)
        return data


@dataclass(frozen=True, slots=True)
class Advice:
    """A deck-building tip from the rulebook; never makes a deck illegal."""

    code: str
    message: str

    def to_dict(self) -> dict[str, str]:
        """The JSON shape used by the API and the pages."""
        return {"code": self.code, "message": self.message}


@dataclass(frozen=True, slots=True)
class ResolvedDeck:
    """A deck list after name resolution: counts by card identity."""

    main: dict[str, int]
    fortresses: tuple[CardInfo, ...]
    cards: dict[str, CardInfo]

    @property
    def size(self) -> int:
        """Number of cards in the main deck."""
        return sum(self.main.values())


@dataclass(frozen=True, slots=True)
class Validation:
    """Everything the validator found: problems (errors) and advice."""

    problems: tuple[Problem, ...]
    advice: tuple[Advice, ...] = ()
    summary: Mapping[str, Any] = field(default_factory=dict)

    @property
    def valid(self) -> bool:
        """True when there are no problems (advice does not count)."""
        return not self.problems

    @property
    def codes(self) -> set[str]:
        """The set of problem codes, handy in tests."""
        return {problem.code for problem in self.problems}

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape used by the API and the pages."""
        return {
            "valid": self.valid,
            "problems": [problem.to_dict() for problem in self.problems],
            "advice": [advice.to_dict() for advice in self.advice],
            "summary": dict(self.summary),
        }

"""What a ruleset declares and answers, as data: decisions, options and a finished game's result.

The game type (after OpenSpiel's GameType), its time-limit facts and the search bot's budget
are part of each game's one declaration (games.play, read as `Game.play`) and re-exported
here. Pure standard library; core.py (the contract and the session helpers) re-exports every
name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.play import GameType as GameType
from games.play import SearchBudget as SearchBudget
from games.play import TimeLimit as TimeLimit


@dataclass(frozen=True)
class Decision:
    """Who acts now: kind is "seat", "simultaneous" or "terminal"."""

    kind: str
    seats: tuple[int, ...]


# The one decision of a finished game (decisions are immutable: one object serves every game).
TERMINAL = Decision("terminal", ())


@dataclass(frozen=True)
class Option:
    """One game option: its default and the values it may take."""

    default: object
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""

    def describe(self) -> dict[str, Any]:
        """A JSON description of the option for APIs."""
        return {
            "default": self.default,
            "choices": list(self.choices) if self.choices is not None else None,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "help": self.help,
        }


@dataclass
class Result:
    """The outcome of a finished game."""

    winners: list[int]
    life: dict[int, int]
    first_damage: int | None
    facts: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able form (seat keys become strings)."""
        return {
            "winners": list(self.winners),
            "life": {str(k): v for k, v in self.life.items()},
            "first_damage": self.first_damage,
            "facts": self.facts,
        }

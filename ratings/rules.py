"""Ratings, pure: one OpenSkill (Plackett-Luce) model, a match's outcome as ranks, and the
ratings as a fold over outcomes in the order they were played. No Django here.

The rulings (who is rated, what byes, forfeits and time results count) are in
ratings/RULINGS.md; a recomputation replays the same fold, so a corrected result gives what
entering it right the first time would have (R5).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # mu 25, sigma 25/3: the package's defaults
DEFAULT_MU, DEFAULT_SIGMA = MODEL.mu, MODEL.sigma


@dataclass(frozen=True)
class Skill:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    matches: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative rating shown and seeded by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Outcome:
    """One rated match: its players and each one's place (1 the winner, 2 the others)."""

    players: tuple[int, ...]
    ranks: tuple[int, ...]


def rate(skills: dict[int, Skill], outcome: Outcome) -> dict[int, Skill]:
    """The new skills of the outcome's players (the others are unchanged, not returned)."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in _of(skills, outcome.players)]
    rated = MODEL.rate(teams, ranks=list(outcome.ranks))
    return {
        player: Skill(mu=team[0].mu, sigma=team[0].sigma, matches=old.matches + 1)
        for player, team, old in zip(
            outcome.players, rated, _of(skills, outcome.players), strict=True
        )
    }


def replay(outcomes: Iterable[Outcome]) -> dict[int, Skill]:
    """Every player's skill after these outcomes, in this order, from the defaults."""
    skills: dict[int, Skill] = {}
    for outcome in outcomes:
        skills.update(rate(skills, outcome))
    return skills


def _of(skills: dict[int, Skill], players: tuple[int, ...]) -> list[Skill]:
    return [skills.get(player, Skill()) for player in players]

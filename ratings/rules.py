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
# R9: a rating seeds an event only once its deviation is this low: about ten rated matches
# against new opponents (sigma 8.33 -> 6.46), far more than a fresh account farms in one
# small event (two or three matches leave it above 7.5).
ESTABLISHED_SIGMA = 6.5


@dataclass(frozen=True)
class Skill:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    matches: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative rating shown and seeded by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


def is_established(skill: Skill) -> bool:
    """The rating has enough games behind it to seed by (R9)."""
    return skill.sigma <= ESTABLISHED_SIGMA


@dataclass(frozen=True)
class Outcome:
    """One rated match: its sides (each a team of one or more players, R1) and each side's
    place (1 the winner, 2 the others; every side 1 in a draw)."""

    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]

    @classmethod
    def singles(cls, players: Iterable[int], ranks: Iterable[int]) -> Outcome:
        """A match of one-player sides."""
        return cls(teams=tuple((player,) for player in players), ranks=tuple(ranks))

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(player for team in self.teams for player in team)


@dataclass(frozen=True)
class Change:
    """One player's skill before and after one rated match."""

    player: int
    before: Skill
    after: Skill


def rate(skills: dict[int, Skill], outcome: Outcome) -> dict[int, Skill]:
    """The new skills of the outcome's players (the others are unchanged, not returned): each
    side is one OpenSkill team of its players' own ratings."""
    teams = [
        [MODEL.rating(mu=s.mu, sigma=s.sigma) for s in _of(skills, team)] for team in outcome.teams
    ]
    rated = MODEL.rate(teams, ranks=list(outcome.ranks))
    return {
        player: Skill(mu=new.mu, sigma=new.sigma, matches=old.matches + 1)
        for team, new_team in zip(outcome.teams, rated, strict=True)
        for player, new, old in zip(team, new_team, _of(skills, team), strict=True)
    }


def changes(skills: dict[int, Skill], outcome: Outcome) -> list[Change]:
    """Each player's change in one outcome, from these skills (the history's rows)."""
    after = rate(skills, outcome)
    return [Change(player, skills.get(player, Skill()), after[player]) for player in after]


def replay_with_history(
    outcomes: Iterable[Outcome], start: dict[int, Skill] | None = None
) -> tuple[dict[int, Skill], list[list[Change]]]:
    """Every player's skill after these outcomes, in this order, from `start` (the defaults
    when None; a player absent from it starts at the defaults), and each outcome's changes
    (one list per outcome, in the same order). Folding on from a prefix's skills gives what
    replaying the whole from the defaults does (a sweep rates on top of the stored ratings)."""
    skills: dict[int, Skill] = dict(start or {})
    history = []
    for outcome in outcomes:
        moved = changes(skills, outcome)
        skills.update({change.player: change.after for change in moved})
        history.append(moved)
    return skills, history


def replay(outcomes: Iterable[Outcome]) -> dict[int, Skill]:
    """Every player's skill after these outcomes, in this order, from the defaults."""
    return replay_with_history(outcomes)[0]


def _of(skills: dict[int, Skill], players: tuple[int, ...]) -> list[Skill]:
    return [skills.get(player, Skill()) for player in players]

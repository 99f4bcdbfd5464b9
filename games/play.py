"""PURE: how the engine plays a game, declared as data beside the game's other facts.

`GameType` (after OpenSpiel's GameType) is part of each game's one declaration
(`games.declarations`: `Game.play`); the engine reads it from there (gameplay.engine.core
re-exports these names for the rulesets and the toy games of the engine tests).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TimeLimit:
    """What a time limit compares when it ends a game early, in the game's own words.

    `time_facts()` gives the numbers: `life` counts the `measure` per seat (more wins unless
    `more_wins` is False) and `first_damage` is the seat that did the `tiebreak` first."""

    measure: str  # "life" (Combat, Rune Duel), "stamina" (Army), "characters left" (CC)
    tiebreak: str = "first damage"
    more_wins: bool = True

    def describe(self) -> dict[str, Any]:
        """A JSON description for APIs and forms."""
        return {"measure": self.measure, "tiebreak": self.tiebreak, "more_wins": self.more_wins}


@dataclass(frozen=True)
class SearchBudget:
    """How hard the search bot (engine.bots.MonteCarloBot) looks ahead in one game.

    rollouts: simulations per decision, shared by the candidate actions; depth: decisions
    simulated after a candidate (then the game's evaluate scores the state); top: the candidate
    actions kept from the one-step evaluation; race: 0, or stop sampling a candidate once it
    trails the leader by more than this many standard errors (and stop once the candidates
    play alike), so decided choices take a fraction of the rollouts."""

    rollouts: int = 24
    depth: int = 40
    top: int = 3
    race: float = 0.0

    def describe(self) -> dict[str, Any]:
        """A JSON description for APIs."""
        return {"rollouts": self.rollouts, "depth": self.depth, "top": self.top, "race": self.race}


@dataclass(frozen=True)
class GameType:
    """What a game supports, declared as data (after OpenSpiel's GameType).

    Callers read the declaration instead of probing the ruleset with getattr/hasattr:
      min_players, max_players: the seat counts new_game accepts.
      team_modes: the values of the game's "teams" option that play in teams (() if none);
        team_sizes: the players per team those modes allow.
      simultaneous: some decisions are "simultaneous" (seats choose secretly, then reveal).
      hidden_information / chance: seats do not see everything / the rules shuffle or roll.
      time_limit: what a time limit compares (TimeLimit), None if time_facts says nothing.
      determinization: determinize(view, seat, rng) samples a full state (search bots need it).
      rollout_policy: rollout_action is the game's own policy (else uniformly random moves).
      search: the search bot's budget in this game (SearchBudget: rollouts, depth, top).
      choice_model: model_choices re-draws, in a determinized state, the secret choices other
        seats have already made as the game's policy would make them, or their hidden cards as
        the public record makes likely (the search bot's model of its opponents); otherwise
        they stay as determinize drew them (uniformly).
      lists_hidden_cards: hidden_cards(state, seat) names the ids a view must not show (the
        fuzz tests check every view against it).
      bots: the bots (engine.bots names) that play the game.
    """

    min_players: int = 2
    max_players: int = 2
    team_modes: tuple[str, ...] = ()
    team_sizes: tuple[int, ...] = ()
    simultaneous: bool = False
    hidden_information: bool = True
    chance: bool = True
    time_limit: TimeLimit | None = None
    determinization: bool = False
    rollout_policy: bool = False
    search: SearchBudget = SearchBudget()
    choice_model: bool = False
    lists_hidden_cards: bool = False
    bots: tuple[str, ...] = ("random", "greedy")

    @property
    def teams(self) -> bool:
        """True when the game can be played in teams."""
        return bool(self.team_modes)

    def describe(self) -> dict[str, Any]:
        """A JSON description for APIs."""
        return {
            "min_players": self.min_players,
            "max_players": self.max_players,
            "team_modes": list(self.team_modes),
            "team_sizes": list(self.team_sizes),
            "simultaneous": self.simultaneous,
            "hidden_information": self.hidden_information,
            "chance": self.chance,
            "time_limit": self.time_limit.describe() if self.time_limit else None,
            "determinization": self.determinization,
            "rollout_policy": self.rollout_policy,
            "search": self.search.describe(),
            "choice_model": self.choice_model,
            "lists_hidden_cards": self.lists_hidden_cards,
            "bots": list(self.bots),
        }

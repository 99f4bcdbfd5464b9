"""The bots' evaluation: characters left, plus the chance of winning the duel being set up."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gameplay.engine.conventional_combat import duel
from gameplay.engine.conventional_combat.setup import SEATS, other
from gameplay.engine.conventional_combat.views import characters_left

if TYPE_CHECKING:
    from gameplay.engine.core import Ruleset

ROLLOUT_NOISE = 0.1  # the share of rollout moves played at random


def evaluate(ruleset: Ruleset, state: dict[str, Any], seat: int) -> float:
    """Characters-left difference plus the chance of winning the duel being set up."""
    me, them = str(seat), str(1 - seat)
    if state["phase"] == "over":
        return 1000.0 if state["winner"] == seat else -1000.0
    score = 100.0 * (characters_left(state, me) - characters_left(state, them))
    return score + 60.0 * (_duel_chance(ruleset, state, me) - 0.5)


def _duel_chance(ruleset: Ruleset, state: dict[str, Any], me: str) -> float:
    """My chance to win the duel being set up, averaging over the opponent's open choices."""
    probe = {"cards": state["cards"], "players": {}}
    for seat in SEATS:
        player = dict(state["players"][seat])
        pending = state["pending"][seat]
        if pending:
            player[pending["type"]] = pending["card"]
        probe["players"][seat] = player
    if probe["players"][me]["fighter"] is None:
        return 0.5
    them = other(me)
    options = ruleset.legal_actions(state, int(them))
    if not options:
        if probe["players"][them]["fighter"] is None:
            return 0.5
        return duel.win_chance(duel.matchup(probe), me)
    total = 0.0
    for option in options:
        probe["players"][them] = dict(state["players"][them], **{option["type"]: option["card"]})
        total += duel.win_chance(duel.matchup(probe), me)
    return total / len(options)


def rollout_action(
    ruleset: Ruleset,
    state: dict[str, Any],
    seat: int,
    legal: list[dict[str, Any]],
    rng: random.Random,
) -> dict[str, Any]:
    """The search bot's rollout policy and its model of the other seat: a one-step look-ahead.

    The first seat to choose in a step takes the choice with the best chance in the duel being
    set up, averaged over the other seat's open choices. The second knows only that the first
    has chosen (choices are secret), and answers one guess of it, as a one-step look-ahead on a
    sampled table does (`_answer_a_guess`). One time in ten (the declared ROLLOUT_NOISE) any
    choice is played, so rollouts do not all follow one line."""
    if len(legal) == 1 or rng.random() < ROLLOUT_NOISE:
        return legal[rng.randrange(len(legal))]
    me = str(seat)
    if state["pending"].get(other(me)) is not None:
        return _answer_a_guess(ruleset, state, me, legal, rng)
    probe = dict(state)
    best, best_chance = legal[0], -1.0
    for action in legal:
        probe["pending"] = {me: action, other(me): None}
        chance = _duel_chance(ruleset, probe, me)
        if chance > best_chance:
            best, best_chance = action, chance
    return best


def model_choices(ruleset: Ruleset, state: dict[str, Any], seat: int, rng: random.Random) -> None:
    """The search bot's model of a choice the other seat has already made in secret: the one
    the rollout policy would make (mostly the greedy choice), instead of any of its options."""
    them = other(str(seat))
    if state["pending"].get(them) is None:
        return
    state["pending"][them] = None
    legal = ruleset.legal_actions(state, int(them))
    state["pending"][them] = rollout_action(ruleset, state, int(them), legal, rng)


def _answer_a_guess(
    ruleset: Ruleset,
    state: dict[str, Any],
    me: str,
    legal: list[dict[str, Any]],
    rng: random.Random,
) -> dict[str, Any]:
    """The second seat to choose in a step: the best answer to one guess of the first seat's
    secret choice (any of its options), as a one-step look-ahead on a sampled table would."""
    them = other(me)
    hidden = state["pending"][them]
    state["pending"][them] = None
    options = ruleset.legal_actions(state, int(them))
    state["pending"][them] = hidden
    guess = options[rng.randrange(len(options))] if options else hidden
    probe = dict(state)
    best, best_chance = legal[0], -1.0
    for action in legal:
        probe["pending"] = {me: action, them: guess}
        chance = _duel_chance(ruleset, probe, me)
        if chance > best_chance:
            best, best_chance = action, chance
    return best

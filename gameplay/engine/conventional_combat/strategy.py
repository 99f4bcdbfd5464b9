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
    """The search bot's rollout policy: the greedy bot's choice, mostly.

    The choice with the best chance in the duel being set up, averaged over the other seat's
    open choices; an opponent's choice already made in the rollout stays unseen (choices are
    secret), so the second seat to choose judges exactly as the first. One time in ten (the
    declared ROLLOUT_NOISE) any choice is played, so rollouts do not all follow one line."""
    if len(legal) == 1 or rng.random() < ROLLOUT_NOISE:
        return legal[rng.randrange(len(legal))]
    me = str(seat)
    probe = dict(state)
    best, best_chance = legal[0], -1.0
    for action in legal:
        probe["pending"] = {me: action, other(me): None}
        chance = _duel_chance(ruleset, probe, me)
        if chance > best_chance:
            best, best_chance = action, chance
    return best

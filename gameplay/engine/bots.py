"""Generic bots that play any ruleset from a seat's view only.

A bot never sees the full state: it gets its view, the legal actions, a seeded RNG and a time
budget. Bots that look ahead sample a full state consistent with the view
(`ruleset.determinize`) and simulate on that sample.
"""

from __future__ import annotations

import random
import time

from gameplay.engine.core import EngineError, Ruleset, clone


class Bot:
    """A player that picks one of the legal actions."""

    name: str = "bot"

    def choose(
        self,
        ruleset: Ruleset,
        view: dict,
        seat: int,
        legal_actions: list,
        rng: random.Random,
        budget_s: float = 1.0,
    ):
        """One of legal_actions."""
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly at random among the legal actions."""

    name = "random"

    def choose(self, ruleset, view, seat, legal_actions, rng, budget_s=1.0):
        """A uniformly random legal action."""
        if not legal_actions:
            raise EngineError("No legal action to choose from.")
        return legal_actions[rng.randrange(len(legal_actions))]


class GreedyBot(Bot):
    """One-step look-ahead: the action whose resulting state evaluates best for the seat."""

    name = "greedy"

    def __init__(self, samples: int = 1):
        self.samples = samples

    def choose(self, ruleset, view, seat, legal_actions, rng, budget_s=1.0):
        """The legal action with the best average evaluation after applying it."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        if not legal_actions:
            raise EngineError("No legal action to choose from.")
        totals = [0.0] * len(legal_actions)
        for _ in range(self.samples):
            base = ruleset.determinize(view, seat, rng)
            for index, action in enumerate(legal_actions):
                state = clone(base)
                ruleset.apply(state, seat, action)
                totals[index] += ruleset.evaluate(state, seat)
        return _best(legal_actions, totals, rng)


class MonteCarloBot(Bot):
    """Flat Monte Carlo: for each action, rollouts on sampled hidden cards, best mean wins."""

    name = "search"

    def __init__(self, rollouts: int = 64, depth: int = 80):
        self.rollouts = rollouts  # total rollouts per decision (the budget caps it too)
        self.depth = depth  # decisions simulated after the candidate action

    def choose(self, ruleset, view, seat, legal_actions, rng, budget_s=1.0):
        """The action with the best mean rollout evaluation within the rollout/time budget."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        if not legal_actions:
            raise EngineError("No legal action to choose from.")
        deadline = time.perf_counter() + budget_s
        totals = [0.0] * len(legal_actions)
        counts = [0] * len(legal_actions)
        per_action = max(1, self.rollouts // len(legal_actions))
        for _ in range(per_action):
            for index, action in enumerate(legal_actions):
                state = ruleset.determinize(view, seat, rng)
                ruleset.apply(state, seat, action)
                totals[index] += self._rollout(ruleset, state, seat, rng)
                counts[index] += 1
            if time.perf_counter() > deadline:
                break
        means = [t / c for t, c in zip(totals, counts, strict=True)]
        return _best(legal_actions, means, rng)

    def _rollout(self, ruleset, state, seat, rng) -> float:
        policy = getattr(ruleset, "rollout_action", None)
        for _ in range(self.depth):
            decision = ruleset.decision(state)
            if decision.kind == "terminal":
                break
            for actor in decision.seats:
                legal = ruleset.legal_actions(state, actor)
                if policy is not None:
                    action = policy(state, actor, legal, rng)
                else:
                    action = legal[rng.randrange(len(legal))]
                ruleset.apply(state, actor, action)
        return ruleset.evaluate(state, seat)


def _best(actions: list, scores: list[float], rng: random.Random):
    top = max(scores)
    best = [a for a, s in zip(actions, scores, strict=True) if s >= top - 1e-9]
    return best[rng.randrange(len(best))]


BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": MonteCarloBot,
}


def bot_for(name: str) -> Bot:
    """A bot instance by name; EngineError naming the known bots otherwise."""
    try:
        return BOTS[name]()
    except KeyError:
        known = ", ".join(sorted(BOTS))
        raise EngineError(f"Unknown bot {name!r}; known bots: {known}.") from None


def play_bot_game(
    state: dict,
    bots: dict[int, Bot],
    *,
    seed: int,
    budget_s: float = 1.0,
    max_actions: int = 100_000,
) -> dict:
    """Play the game to the end with one bot per seat (each sees only its view); returns state."""
    from gameplay.engine.core import play, ruleset_of

    ruleset = ruleset_of(state)
    rng = random.Random(seed)
    for _ in range(max_actions):
        decision = ruleset.decision(state)
        if decision.kind == "terminal":
            return state
        for seat in decision.seats:
            legal = ruleset.legal_actions(state, seat)
            view = ruleset.view(state, seat)
            action = bots[seat].choose(ruleset, view, seat, legal, rng, budget_s)
            play(state, seat, action)
    raise EngineError(f"The game did not end within {max_actions} actions.")

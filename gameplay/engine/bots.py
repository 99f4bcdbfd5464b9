"""Generic bots that play any ruleset from a seat's view only.

A bot never sees the full state: it gets its view, the legal actions, a seeded RNG and a time
budget. Bots that look ahead sample a full state consistent with the view
(`ruleset.determinize`) and simulate on that sample.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from gameplay.engine.core import EngineError, Ruleset, clone, new_game, play, ruleset_of


@dataclass(frozen=True)
class Decision:
    """What a bot decides from: the seat's view and legal actions, a seeded RNG, a budget."""

    ruleset: Ruleset
    view: dict[str, Any]
    seat: int
    legal_actions: list[dict[str, Any]]
    rng: random.Random
    budget_s: float

    def fields(
        self,
    ) -> tuple[Ruleset, dict[str, Any], int, list[dict[str, Any]], random.Random]:
        return self.ruleset, self.view, self.seat, self.legal_actions, self.rng


class Bot:
    """A player that picks one of the legal actions."""

    name: str = "bot"

    def choose(
        self,
        ruleset: Ruleset,
        view: dict[str, Any],
        seat: int,
        legal_actions: list[dict[str, Any]],
        rng: random.Random,
        budget_s: float = 1.0,
    ) -> dict[str, Any]:
        """One of legal_actions."""
        if not legal_actions:
            raise EngineError("No legal action to choose from.")
        return self.pick(Decision(ruleset, view, seat, legal_actions, rng, budget_s))

    def pick(self, decision: Decision) -> dict[str, Any]:
        """One of the decision's legal actions (there is at least one)."""
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly at random among the legal actions."""

    name = "random"

    def pick(self, decision: Decision) -> dict[str, Any]:
        """A uniformly random legal action."""
        return decision.legal_actions[decision.rng.randrange(len(decision.legal_actions))]


class GreedyBot(Bot):
    """One-step look-ahead: the action whose resulting state evaluates best for the seat."""

    name = "greedy"

    def __init__(self, samples: int = 1):
        self.samples = samples

    def pick(self, decision: Decision) -> dict[str, Any]:
        """The legal action with the best average evaluation after applying it."""
        ruleset, view, seat, legal_actions, rng = decision.fields()
        if len(legal_actions) == 1:
            return legal_actions[0]
        totals = [0.0] * len(legal_actions)
        for _ in range(self.samples):
            base = ruleset.determinize(view, seat, rng)
            for index, action in enumerate(legal_actions):
                state = clone(base)
                ruleset.apply(state, seat, action)
                totals[index] += ruleset.evaluate(state, seat)
        return _best(legal_actions, totals, rng)


class MonteCarloBot(Bot):
    """Flat Monte Carlo over sampled hidden cards, on the greedy bot's best few actions.

    The one-step evaluation (as the greedy bot) keeps the `top` most promising actions. Each
    round of rollouts samples the hidden cards once and plays every candidate on a copy of that
    same sample (the candidates are compared on equal cards and equal dice, so the difference
    between them is not drowned in the noise of the draw). Where the game declares
    `choice_model`, a secret choice another seat has already made is re-drawn in each sample as
    the game's policy would make it (`model_choices`); where the candidate is a secret choice
    that others still have to answer in the same step, they answer by that policy. Then the
    ruleset's `rollout_action` policy (random if it has none) plays `depth` decisions and
    `search_evaluate` scores the state. Where the game can sum what those rollouts would
    average (`search_values`), the sum decides instead. The budget (rollouts, depth, top) is
    the game's declaration (`game_type.search`) unless given here.
    """

    name = "search"

    def __init__(
        self, rollouts: int | None = None, depth: int | None = None, top: int | None = None
    ):
        self.rollouts = rollouts  # rollouts per decision, shared by the candidate actions
        self.depth = depth  # decisions simulated after the candidate action
        self.top = top

    def pick(self, decision: Decision) -> dict[str, Any]:
        """The candidate with the best mean rollout value within the rollout and time budget."""
        ruleset, view, seat, legal_actions, rng = decision.fields()
        if len(legal_actions) == 1:
            return legal_actions[0]
        declared = ruleset.game_type.search
        top = self.top if self.top is not None else declared.top
        candidates = self._candidates(decision, top)
        if len(candidates) == 1:
            return candidates[0]
        values = ruleset.search_values(view, seat, candidates, rng)
        if values is None:  # the game cannot sum what the rollouts average: sample them
            values = self.sampled_values(decision, candidates)
        return _best(candidates, values, rng)

    def sampled_values(self, decision: Decision, candidates: list[dict[str, Any]]) -> list[float]:
        """Each candidate's mean rollout value, over the same samples for every candidate,
        within the rollout and time budget."""
        ruleset, view, seat, _, rng = decision.fields()
        declared = ruleset.game_type.search
        rollouts = self.rollouts if self.rollouts is not None else declared.rollouts
        depth = self.depth if self.depth is not None else declared.depth
        deadline = time.perf_counter() + decision.budget_s
        values: list[list[float]] = [[] for _ in candidates]
        racing = list(range(len(candidates)))  # all of them unless the game races them
        played = 0
        while played < max(1, rollouts // len(candidates)):
            sample = _sample(ruleset, view, seat, rng)
            for index in racing:
                state = clone(sample)
                ruleset.apply(state, seat, candidates[index])
                _answer_in_step(ruleset, state, seat, rng)
                values[index].append(self._rollout(ruleset, state, seat, rng, depth))
            played += 1
            if time.perf_counter() > deadline:
                break
            if declared.race and played >= RACE_FROM and played % RACE_EVERY == 0:
                racing, settled = still_racing(values, racing, declared.race)
                if settled:
                    break
        # a candidate left behind in the race can no longer be chosen
        return [sum(values[i]) / played if i in racing else -math.inf for i in range(len(values))]

    def _candidates(self, decision: Decision, top: int) -> list[Any]:
        """The `top` actions the game's evaluation scores best one step on (ties at random)."""
        ruleset, view, seat, legal_actions, rng = decision.fields()
        if len(legal_actions) <= top:
            return list(legal_actions)
        base = _sample(ruleset, view, seat, rng)
        scored = []
        for action in legal_actions:
            state = clone(base)
            ruleset.apply(state, seat, action)
            scored.append((ruleset.evaluate(state, seat), rng.random(), action))
        scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
        return [action for _, _, action in scored[:top]]

    def _rollout(
        self, ruleset: Ruleset, state: dict[str, Any], seat: int, rng: random.Random, depth: int
    ) -> float:
        for _ in range(depth):
            decision = ruleset.decision(state)
            if decision.kind == "terminal":
                break
            for actor in decision.seats:
                legal = ruleset.legal_actions(state, actor)
                # uniformly random unless the game declares its own policy (game_type)
                action = ruleset.rollout_action(state, actor, legal, rng)
                ruleset.apply_trusted(state, actor, action)
        return ruleset.search_evaluate(state, seat)


RACE_FROM = 16  # samples before a race drops anyone: a few samples can look decided by luck
RACE_EVERY = 8  # samples between two looks at a race


def still_racing(values: list[list[float]], racing: list[int], z: float) -> tuple[list[int], bool]:
    """The candidates still worth sampling (all sampled on the same samples so far): the
    leader, and each other whose paired difference with it is within z standard errors; and
    whether the race is settled (one left, or all of them played alike on every sample)."""
    count = len(values[racing[0]])
    leader = max(racing, key=lambda index: sum(values[index]))
    kept, alike = [leader], True
    for index in racing:
        if index == leader:
            continue
        gaps = [a - b for a, b in zip(values[leader], values[index], strict=True)]
        mean = sum(gaps) / count
        error = statistics.stdev(gaps) / math.sqrt(count)
        alike = alike and mean == 0 and error == 0
        if mean <= z * error:  # not clearly behind (a constant lag, error 0, is behind)
            kept.append(index)
    return sorted(kept), len(kept) == 1 or alike


def _sample(
    ruleset: Ruleset, view: dict[str, Any], seat: int, rng: random.Random
) -> dict[str, Any]:
    """A full state behind the view; the others' secret choices as they would make them."""
    state = ruleset.determinize(view, seat, rng)
    if ruleset.game_type.choice_model:
        ruleset.model_choices(state, seat, rng)
    return state


def _answer_in_step(ruleset: Ruleset, state: dict[str, Any], seat: int, rng: random.Random) -> None:
    """After the seat's secret choice, the seats still to choose in that same step choose by
    the game's policy, so the choice is judged against their answer (not against the step
    half done, where the game's evaluation would have to guess it)."""
    decision = ruleset.decision(state)
    if decision.kind != "simultaneous" or seat in decision.seats:
        return  # not a secret step, or the step is over and the seat chooses again
    for actor in decision.seats:
        legal = ruleset.legal_actions(state, actor)
        if legal:
            ruleset.apply_trusted(state, actor, ruleset.rollout_action(state, actor, legal, rng))


def _best(actions: list[dict[str, Any]], scores: list[float], rng: random.Random) -> dict[str, Any]:
    top = max(scores)
    best = [a for a, s in zip(actions, scores, strict=True) if s >= top - 1e-9]
    return best[rng.randrange(len(best))]


class TimedBot(Bot):
    """Another bot, with the (wall, CPU) seconds of each of its decisions appended to `seconds`
    (the wall time is what a player waits; the CPU time is the bot's own cost on a busy box)."""

    def __init__(self, bot: Bot, seconds: list[tuple[float, float]]):
        self.bot, self.seconds, self.name = bot, seconds, bot.name

    def pick(self, decision: Decision) -> dict[str, Any]:
        """The wrapped bot's choice, timed."""
        start, cpu = time.perf_counter(), time.process_time()
        action = self.bot.pick(decision)
        self.seconds.append((time.perf_counter() - start, time.process_time() - cpu))
        return action


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
    state: dict[str, Any],
    bots: dict[int, Bot],
    *,
    seed: int,
    budget_s: float = 1.0,
    max_actions: int = 100_000,
) -> dict[str, Any]:
    """Play the game to the end with one bot per seat (each sees only its view); returns state."""
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


def ladder_game(
    slug: str,
    first: str,
    second: str,
    seed: int,
    budget_s: float = 60.0,
    timings: list[tuple[float, float]] | None = None,
    deal: int | None = None,
) -> str:
    """One seeded two-player game between two named bots: "first", "second" or "draw".

    The first bot sits in seat 0 on even seeds and seat 1 on odd ones, so a run over
    consecutive seeds alternates the seats. Who starts is drawn from the seed (Combat's first
    player, Rune Duel's flip) or nobody does (Army's and Conventional Combat's secret choices).
    With `timings`, the (wall, CPU) seconds of each of the first bot's decisions are appended.
    `deal` seeds the game itself (the cards, who starts) instead of `seed`, which still seats
    the bots and seeds their RNG: a duplicate ladder plays each deal once from either seat."""
    first_seat = seed % 2
    seats = {0: first, 1: second} if first_seat == 0 else {0: second, 1: first}
    state = new_game(slug, seats=2, seed=seed if deal is None else deal)
    players = {seat: bot_for(name) for seat, name in seats.items()}
    if timings is not None:
        players[first_seat] = TimedBot(players[first_seat], timings)
    play_bot_game(state, players, seed=seed, budget_s=budget_s)
    result = ruleset_of(state).result(state)
    assert result is not None, "play_bot_game returns only a finished game"
    winners = result.winners
    if len(winners) != 1:
        return "draw"
    return "first" if winners[0] == seed % 2 else "second"


def wilson_lower(score: float, games: int, z: float = 1.6449) -> float:
    """One-sided Wilson lower bound of a win rate (0..1) over `games` games; z=1.6449 is 95 %."""
    if games == 0:
        return 0.0
    centre = score + z * z / (2 * games)
    margin = z * math.sqrt(score * (1 - score) / games + z * z / (4 * games * games))
    return (centre - margin) / (1 + z * z / games)

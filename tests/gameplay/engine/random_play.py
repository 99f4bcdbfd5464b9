"""Steps the engine-game tests share: random actions into a game, the bots' sampled state
checked against the view it came from, and the greedy bot's wins over seeded games."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from gameplay.engine import registry
from gameplay.engine.bots import GreedyBot, RandomBot, play_bot_game
from gameplay.engine.core import new_game, play
from tests.gameplay.engine.ci_games import chunk_seeds


def random_steps(state: dict, rng: random.Random, steps: int) -> dict:
    """Up to `steps` uniformly random legal actions (of a random deciding seat when several
    choose at once), stopping at the game's end; the same state, played on."""
    rules = registry.get(state["ruleset"])
    for _ in range(steps):
        decision = rules.decision(state)
        if decision.kind == "terminal":
            break
        seat = decision.seats[rng.randrange(len(decision.seats))]
        actions = rules.legal_actions(state, seat)
        play(state, seat, actions[rng.randrange(len(actions))])
    return state


def random_playout(
    state: dict, rng: random.Random, after_each: Callable[[dict], None] | None = None
) -> dict:
    """Every deciding seat plays a uniformly random legal action until the game ends;
    `after_each` (checks) runs on the state after every action."""
    rules = registry.get(state["ruleset"])
    while (decision := rules.decision(state)).kind != "terminal":
        for seat in decision.seats:
            actions = rules.legal_actions(state, seat)
            play(state, seat, actions[rng.randrange(len(actions))])
            if after_each is not None:
                after_each(state)
    return state


def checks_of(rules, check_views: Callable[[dict], None]) -> Callable[[dict], None]:
    """The checks after every action of a checked game: the rules' invariants, then the
    test's own view checks."""

    def checked(state: dict) -> None:
        rules.check_invariants(state)
        check_views(state)

    return checked


def chunk_games(
    rules, total: int, chunk: int, new_state: Callable[[int], dict], checks: Callable[[dict], None]
) -> Iterator[tuple[int, dict, object]]:
    """The chunk's seeded games (`new_state(seed)`) played at random to the end, every 10th
    with `checks` after every action, each one's invariants checked at the end: yields
    (seed, final state, result)."""
    for seed in chunk_seeds(total, chunk):
        after_each = checks if seed % 10 == 0 else None
        state = random_playout(new_state(seed), random.Random(seed), after_each)
        rules.check_invariants(state)
        yield seed, state, rules.result(state)


def assert_samples_look_like_their_views(state: dict, seed: int) -> None:
    """For each of two seats, a full state a bot samples from the seat's view is legal, looks
    the same from that seat and waits for the same decision."""
    rules = registry.get(state["ruleset"])
    for seat in (0, 1):
        view = rules.view(state, seat)
        sample = rules.determinize(view, seat, random.Random(seed))
        rules.check_invariants(sample)
        assert rules.view(sample, seat) == view
        assert rules.decision(sample) == rules.decision(state)


def greedy_wins(slug: str, games: int) -> int:
    """How many of `games` seeded 2-player games (seeds 0 on, seats alternating) the greedy
    bot wins against the random bot."""
    wins = 0
    for seed in range(games):
        greedy_seat = seed % 2
        state = new_game(slug, seats=2, seed=seed)
        bots = {greedy_seat: GreedyBot(), 1 - greedy_seat: RandomBot()}
        play_bot_game(state, bots, seed=seed)
        wins += registry.get(slug).result(state).winners == [greedy_seat]
    return wins

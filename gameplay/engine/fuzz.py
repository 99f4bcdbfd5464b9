"""Seeded random games with every check after every action (used by tests and the fuzz bench)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gameplay.engine import core

if TYPE_CHECKING:
    from gameplay.engine.core import Ruleset


def _strings(value: object, found: set[str]) -> set[str]:
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            found.add(key)
            _strings(item, found)
    elif isinstance(value, list):
        for item in value:
            _strings(item, found)
    return found


SKIP = ("events", "options")


def check_views(ruleset: Ruleset, state: dict[str, Any], new_events: int = 0) -> None:
    """No card a seat may not see appears in its view, nor in the events just added.

    Older events are history: a card named in one was public then (and may be hidden again now,
    e.g. reshuffled into a draw pile), so only the events of the last action are checked.
    """
    if not ruleset.game_type.lists_hidden_cards:
        return
    hidden_cards = ruleset.hidden_cards
    batch = state["events"][len(state["events"]) - new_events :]
    # a reshuffle may legitimately hide a card that an earlier event of the batch named
    shuffles = [i for i, e in enumerate(batch) if "chance" in e]
    recent = _strings(batch[shuffles[-1] + 1 :] if shuffles else batch, set())
    for seat in [*range(state["seats"]), None]:
        # options hold deck lists as card *codes*, which may spell another seat's card ids
        view = {k: v for k, v in ruleset.view(state, seat).items() if k not in SKIP}
        leaked = (_strings(view, set()) | recent) & hidden_cards(state, seat)
        if leaked:
            raise AssertionError(f"seat {seat} can see hidden cards {sorted(leaked)[:3]}")


def play_checked(
    slug: str,
    *,
    seats: int,
    options: dict[str, Any] | None,
    seed: int,
    views_every: int = 1,
    checks_every: int = 1,
    max_actions: int = 20_000,
) -> dict[str, Any]:
    """Play a random game, checking invariants every n actions (and at the end) and views every
    n actions; returns the state. Life may never rise, checked at each invariant check."""
    state = core.new_game(slug, seats=seats, options=options, seed=seed)
    ruleset = core.ruleset_of(state)
    rng = random.Random(seed)
    ruleset.check_invariants(state)
    before = _life(ruleset, state)
    for count in range(max_actions):
        decision = ruleset.decision(state)
        if decision.kind == "terminal":
            ruleset.check_invariants(state)
            _check_life(ruleset, state, before)
            return state
        seat = decision.seats[0]
        legal = ruleset.legal_actions(state, seat)
        events = len(state.get("events", ()))
        core.play(state, seat, legal[rng.randrange(len(legal))])
        if count % checks_every == 0:
            ruleset.check_invariants(state)
            before = _check_life(ruleset, state, before)
        if views_every and count % views_every == 0:
            check_views(ruleset, state, len(state.get("events", ())) - events)
    raise AssertionError(f"seed {seed}: no end within {max_actions} actions")


def _life(ruleset: Ruleset, state: dict[str, Any]) -> dict[str, Any]:
    return dict(ruleset.time_facts(state)["life"])


def _check_life(ruleset: Ruleset, state: dict[str, Any], before: dict[str, Any]) -> dict[str, Any]:
    """Life after the action (no seat may have gained any); the next action's `before`."""
    after = _life(ruleset, state)
    for seat, life in after.items():
        if life > before.get(seat, life):
            raise AssertionError(f"seat {seat} gained life ({before[seat]} -> {life})")
    return after


def replay_matches(state: dict[str, Any]) -> bool:
    """Replaying the game's JSON log gives the same final state hash."""
    log = core.from_json(core.to_json(core.game_log(state)))
    return core.state_hash(core.replay(log)) == core.state_hash(state)


# A small own deck (28 playing cards) for fuzzing the constructed, sealed and draft modes.
SAMPLE_OWN_DECK = [
    "AS",
    "2S",
    "3S",
    "4S",
    "5S",
    "6S",
    "7S",
    "8S",
    "9S",
    "10S",
    "JS",
    "QS",
    "KS",
    "JK",
    "AH",
    "2H",
    "3H",
    "4H",
    "5H",
    "6H",
    "7H",
    "8H",
    "9H",
    "10H",
    "JH",
    "QH",
    "KH",
    "3C",
]

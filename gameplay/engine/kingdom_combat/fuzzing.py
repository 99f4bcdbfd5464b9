"""Seeded random Kingdom Combat games with every check after every action: the CI fuzz suite
(tests/gameplay/engine/kingdom_combat/test_kingdom_combat_fuzz.py) and the million-game bench
(bench/kingdom_combat_fuzz.py) both play them.

After every action: the rule invariants (invariants.py: every card in exactly one place across
decks, hands, zones, attachments, the stack and discard piles; gold never negative; nothing in
play at 0 HP), no HP rising (fortresses, structures, and units while they stay in play: lost HP
is permanent), and no hidden card in any seat's or a spectator's view, nor in the events the
action added. At the end: the JSON log replays to the same state hash.

The view check reads each view as JSON text once (every quoted string: keys and values alike),
which finds the same strings as walking the view and is several times quicker.
"""

from __future__ import annotations

import json
import random
import re

from gameplay.engine import core
from gameplay.engine.kingdom_combat.invariants import check_invariants
from gameplay.engine.kingdom_combat.rules import KINGDOM_COMBAT as KC

SLUG = "kingdom-combat"
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')
_SKIP = ("events", "options")  # checked apart: the new events; options hold deck lists


class Violation(AssertionError):
    """A broken invariant, with the game's seed, seats and action number."""


def strings_in(value) -> set[str]:
    """Every string in JSON data (dict keys included)."""
    text = json.dumps(value)
    if "\\" in text:  # an escaped character, maybe a quote: the careful way
        return {json.loads(f'"{raw}"') for raw in _QUOTED.findall(text)}
    return set(text.split('"')[1::2])


def leaked(state: dict, new_events: int) -> str | None:
    """The first hidden card a seat's or the spectator's view (or a new event) names, if any."""
    events = state["events"]
    batch = events[len(events) - new_events :] if new_events else []
    shuffles = [i for i, e in enumerate(batch) if "chance" in e]
    recent = strings_in(batch[shuffles[-1] + 1 :] if shuffles else batch)
    for viewer in [*range(state["seats"]), None]:
        view = KC.view(state, viewer)
        for key in _SKIP:
            view.pop(key, None)
        found = (strings_in(view) | recent) & KC.hidden_cards(state, viewer)
        if found:
            who = "the spectator" if viewer is None else f"seat {viewer}"
            return f"{who} can see hidden cards {sorted(found)[:3]}"
    return None


class HpWatch:
    """Fortress and structure HP never rise; a unit's HP never rises while it stays in play."""

    def __init__(self, state: dict):
        self.before = self._snapshot(state)

    @staticmethod
    def _snapshot(state: dict) -> dict:
        hp = {f"fortress-{k}": p["fortress"]["hp"] for k, p in state["players"].items()}
        hp.update((sid, s["hp"]) for sid, s in state["structures"].items())
        hp.update((uid, u["hp"]) for uid, u in state["units"].items())
        return hp

    def check(self, state: dict) -> None:
        """AssertionError naming what regained HP; then remembers the new values."""
        after = self._snapshot(state)
        for thing, hp in after.items():
            if hp > self.before.get(thing, hp):
                raise AssertionError(f"{thing} went from {self.before[thing]} to {hp} HP")
        self.before = after


def play_checked(
    seed: int,
    *,
    seats: int,
    max_turns: int = 60,
    replay: bool = True,
    max_actions: int = 50_000,
) -> dict:
    """One random game (uniform over the legal actions, seeded) with every check after every
    action; raises Violation saying which check failed where. Returns the final state."""
    state = core.new_game(SLUG, seats=seats, options={"max_turns": max_turns}, seed=seed)
    rng = random.Random(seed)
    watch = HpWatch(state)
    where = f"seed {seed}, {seats} seats"
    try:
        check_invariants(state)
        for _count in range(1, max_actions + 1):
            decision = KC.decision(state)
            if decision.kind == "terminal":
                break
            seat = decision.seats[0]
            legal = KC.legal_actions(state, seat)
            events = len(state["events"])
            core.play(state, seat, legal[rng.randrange(len(legal))])
            check_invariants(state)
            watch.check(state)
            leak = leaked(state, len(state["events"]) - events)
            if leak:
                raise AssertionError(leak)
        else:
            raise AssertionError(f"no end within {max_actions} actions")
        if KC.result(state) is None:
            raise AssertionError("the game is over without a result")
        if replay:
            log = core.from_json(core.to_json(core.game_log(state)))
            if core.state_hash(core.replay(log)) != core.state_hash(state):
                raise AssertionError("the replayed log gives another state")
    except AssertionError as exc:
        if isinstance(exc, Violation):
            raise
        actions = len(state["log"]["actions"])
        raise Violation(f"{where}, after action {actions}: {exc}") from exc
    return state

"""Seeded random Kingdom Combat games with the checks of issue 16: the CI fuzz suite
(tests/gameplay/engine/kingdom_combat/test_kingdom_combat_fuzz.py) and the million-game bench
(bench/kingdom_combat_fuzz.py) both play them through `play_checked`.

After every action (`checks_every=1`, the default; the bench may space them, and a broken
state stays broken, so the check at the end still finds it): the rule invariants
(invariants.py: every card in exactly one place across decks, hands, zones, attachments, the
stack and discard piles; gold never negative; nothing in play at 0 HP) and no HP rising
(fortresses, structures, and units while they stay in play: lost HP is permanent). After every
action, always: the action's new events name no hidden card (events are shown to every seat
and the spectator, so the spectator's hidden cards, the union of every viewer's, are the ones
looked for). After every `views_every`-th action: every seat's and the spectator's whole view
(the views are the costly check: ~80 % of a game's time when read after every action, so CI
and the bench read them in a sample of games, as Combat's fuzz does). At the end: the JSON
log replays to the same state hash, when asked.

The view check reads each view as JSON text once (every quoted string: keys and values alike),
which finds the same strings as walking the view and is several times quicker.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from gameplay.engine import core
from gameplay.engine.fuzz import _strings as collect_strings  # every string of JSON data
from gameplay.engine.kingdom_combat.invariants import check_invariants
from gameplay.engine.kingdom_combat.rules import KINGDOM_COMBAT as KC

SLUG = "kingdom-combat"
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')
_SKIP = ("events", "options")  # checked apart: the new events; options hold deck lists


class Violation(AssertionError):
    """A broken invariant, with the game's seed, seats and action number."""


def strings_in(value: object) -> set[str]:
    """Every string in JSON data (dict keys included)."""
    text = json.dumps(value)
    if "\\" in text:  # an escaped character, maybe a quote: the careful way
        return {json.loads(f'"{raw}"') for raw in _QUOTED.findall(text)}
    return set(text.split('"')[1::2])


def new_event_strings(state: dict[str, Any], new_events: int) -> set[str]:
    """The strings of the events an action added, since its last shuffle (a shuffle's
    labels before it name no card anyone may see)."""
    if not new_events:
        return set()
    events = state["events"]
    batch = events[len(events) - new_events :]
    shuffles = [i for i, e in enumerate(batch) if "chance" in e]
    found: set[str] = set()
    for event in batch[shuffles[-1] + 1 :] if shuffles else batch:
        for key, value in event.items():  # flat dicts mostly: one level inline
            found.add(key)
            if isinstance(value, str):
                found.add(value)
            elif isinstance(value, dict | list):
                collect_strings(value, found)
    return found


def event_leak(state: dict[str, Any], new_events: int) -> str | None:
    """The first hidden card the action's new events name, if any. Events are shown to every
    seat and the spectator alike, so the spectator's hidden cards (every deck, every hand, every
    face-down unit: the union of what any viewer must not see) are the ones to look for."""
    named = new_event_strings(state, new_events) & state["cards"].keys()
    if not named:
        return None
    found = named & KC.hidden_cards(state, None)
    if found:
        return f"a new event names hidden cards {sorted(found)[:3]}"
    return None


def leaked(state: dict[str, Any], new_events: int) -> str | None:
    """The first hidden card a seat's or the spectator's view (or a new event) names, if any."""
    recent = new_event_strings(state, new_events)
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

    def __init__(self, state: dict[str, Any]):
        self.before = self._snapshot(state)

    @staticmethod
    def _snapshot(state: dict[str, Any]) -> dict[str, Any]:
        hp = {uid: u["hp"] for uid, u in state["units"].items()}
        for sid, structure in state["structures"].items():
            hp[sid] = structure["hp"]
        for key, p in state["players"].items():
            hp[f"fortress-{key}"] = p["fortress"]["hp"]
        return hp

    def check(self, state: dict[str, Any]) -> None:
        """AssertionError naming what regained HP; then remembers the new values."""
        after = self._snapshot(state)
        before = self.before
        for thing, hp in after.items():
            if hp > before.get(thing, hp):
                raise AssertionError(f"{thing} went from {before[thing]} to {hp} HP")
        self.before = after


def ci_settings(seed: int) -> dict[str, Any]:
    """play_checked's turn limit and sampled checks for the CI game with that seed: 49 games
    in 50 stop at 6 to 12 turns, every 50th (seed % 50 == 25) plays the full 120; every view
    after every 10th action in every 10th game; every 20th game replayed."""
    long = seed % 50 == 25
    return {
        "max_turns": 120 if long else 6 + seed % 7,
        "views_every": 10 if seed % 10 == 0 else 0,
        "replay": seed % 20 == 0,
    }


def play_checked(
    seed: int,
    *,
    seats: int,
    max_turns: int = 60,
    views_every: int = 1,
    checks_every: int = 1,
    replay: bool = True,
    max_actions: int = 50_000,
) -> dict[str, Any]:
    """One random game (uniform over the legal actions, seeded, each played through core.play)
    with the checks; raises Violation saying which check failed where. Returns the final state.

    After every action: the new events name no hidden card. After every `checks_every`-th
    action (1: every one) and at the end: the invariants and no HP risen. After every
    `views_every`-th action (0: never): every seat's and the spectator's whole view. At the
    end, when `replay`: the JSON log replays to the same state hash."""
    state = core.new_game(SLUG, seats=seats, options={"max_turns": max_turns}, seed=seed)
    rng = random.Random(seed)
    watch = HpWatch(state)
    where = f"seed {seed}, {seats} seats"
    try:
        check_invariants(state)
        for count in range(1, max_actions + 1):
            decision = KC.decision(state)
            if decision.kind == "terminal":
                break
            seat = decision.seats[0]
            legal = KC.legal_actions(state, seat)
            events = len(state["events"])
            core.play(state, seat, legal[rng.randrange(len(legal))])
            leak = event_leak(state, len(state["events"]) - events)
            if checks_every and count % checks_every == 0:
                check_invariants(state)
                watch.check(state)
            if not leak and views_every and count % views_every == 0:
                leak = leaked(state, 0)
            if leak:
                raise AssertionError(leak)
        else:
            raise AssertionError(f"no end within {max_actions} actions")
        check_invariants(state)
        watch.check(state)
        if KC.result(state) is None:
            raise AssertionError("the game is over without a result")
        if replay:
            replay_matches(state)
    except AssertionError as exc:
        if isinstance(exc, Violation):
            raise
        actions = len(state["log"]["actions"])
        raise Violation(f"{where}, after action {actions}: {exc}") from exc
    return state


def replay_matches(state: dict[str, Any]) -> None:
    """AssertionError unless the game's log, through JSON, replays (every checkpoint hash
    verified on the way) to the same final state hash."""
    log = core.from_json(core.to_json(core.game_log(state)))
    try:
        again = core.replay(log)
    except core.EngineError as exc:
        raise AssertionError(f"the replay fails: {exc}") from exc
    if core.state_hash(again) != core.state_hash(state):
        raise AssertionError("the replayed log gives another state")

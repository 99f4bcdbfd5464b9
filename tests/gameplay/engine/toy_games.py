"""Tiny rulesets used to test the engine core (not registered in production)."""

from __future__ import annotations

from gameplay.engine import registry
from gameplay.engine.core import (
    Decision,
    IllegalAction,
    Option,
    Result,
    Ruleset,
    base_state,
    chance,
    clone,
)


class HighCard(Ruleset):
    """Each round both seats secretly pick a card from a dealt hand; higher card scores."""

    slug = "toy-high-card"
    name = "High card"
    version = "1"
    min_players = 2
    max_players = 2
    options = {"rounds": Option(default=3, minimum=1, maximum=10, help="cards per hand")}

    def new_state(self, *, seats, options, seed):
        state = base_state(self, seats=seats, options=options, seed=seed)
        deck = list(range(1, 21))
        chance(state, "shuffle").shuffle(deck)
        n = options["rounds"]
        state["hands"] = {"0": sorted(deck[:n]), "1": sorted(deck[n : 2 * n])}
        state["score"] = {"0": 0, "1": 0}
        state["pending"] = {}
        return state

    def decision(self, state):
        if not state["hands"]["0"] and not state["pending"]:
            return Decision("terminal", ())
        waiting = tuple(s for s in (0, 1) if str(s) not in state["pending"])
        return Decision("simultaneous", waiting)

    def legal_actions(self, state, seat):
        if seat not in self.decision(state).seats:
            return []
        return [{"type": "pick", "card": c} for c in state["hands"][str(seat)]]

    def apply(self, state, seat, action):
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("You cannot pick that card.")
        state["pending"][str(seat)] = action["card"]
        state["hands"][str(seat)].remove(action["card"])
        if len(state["pending"]) == 2:
            a, b = state["pending"]["0"], state["pending"]["1"]
            state["score"]["0" if a > b else "1"] += 1
            state["pending"] = {}

    def view(self, state, seat):
        view = clone(state)
        for s in ("0", "1"):
            if seat is None or s != str(seat):
                view["hands"][s] = len(state["hands"][s])
                if s in view["pending"]:
                    view["pending"][s] = "hidden"
        return view

    def result(self, state):
        if self.decision(state).kind != "terminal":
            return None
        s0, s1 = state["score"]["0"], state["score"]["1"]
        winners = [0] if s0 > s1 else [1] if s1 > s0 else []
        return Result(winners=winners, life={0: s0, 1: s1}, first_damage=None)

    def evaluate(self, state, seat):
        return state["score"][str(seat)] - state["score"][str(1 - seat)]

    def determinize(self, view, seat, rng):
        state = clone(view)
        mine = set(view["hands"][str(seat)])
        other = str(1 - seat)
        pool = [c for c in range(1, 21) if c not in mine]
        rng.shuffle(pool)
        state["hands"][other] = sorted(pool[: view["hands"][other]])
        if state["pending"].get(other) == "hidden":
            state["pending"][other] = pool[view["hands"][other]]
        return state


HIGH_CARD = registry.register(HighCard())

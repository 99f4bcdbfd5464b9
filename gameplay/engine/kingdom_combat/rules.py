"""Kingdom Combat (`kingdom-combat`): the manual of rulebooks/001 on the engine.

The ruleset entry point. Rulings where the manual is silent or contradicts itself:
RULINGS.md beside this package.
"""

from __future__ import annotations

import random
from typing import Any

import games
from gameplay.engine.core import Decision, IllegalAction, Result, Ruleset
from gameplay.engine.kingdom_combat import (
    attacking,
    cards,
    economy,
    effects,
    fight,
    flow,
    resolution,
    setup,
    stack,
    strategy,
    views,
    zones,
)
from gameplay.engine.kingdom_combat.invariants import check_invariants
from gameplay.engine.kingdom_combat.zones import player

# Decisions are immutable: one object per seat, made once (a decision is asked for often)
_TERMINAL = Decision("terminal", ())
_SEATS = tuple(Decision("seat", (seat,)) for seat in range(8))


def _seat_decision(seat: int) -> Decision:
    return _SEATS[seat] if seat < len(_SEATS) else Decision("seat", (seat,))


# The field naming the card or unit of an action of that type (is_legal)
_NAMED_BY = {"play": "card", "move": "unit", "shoot": "unit", "attack": "unit"}

# The game's one declaration (games): its name and how the engine plays it (game_type).
DECLARED = games.get(games.KINGDOM_COMBAT)


class KingdomCombat(Ruleset):
    """Two or more players, each with a fortress (or two stacked) and a deck of 30+ cards."""

    slug = DECLARED.slug
    name = DECLARED.name
    # Version 2 (2026-11-25): the rules audit's fixes (K10 the Battlefield is neutral ground,
    # K20 travel between structures, K24 a joiner may stand in front, K45 Archers' Canopy).
    # Version 3 (2026-11-29): the manual's text where rulings departed from it (K27 a combat's
    # damage is dealt all at once, K23 attackers move into the fight, K40 the attacked seats
    # activate abilities while answering). Version 2 games still replay and play on under
    # their own rules (flow.version); a log written by version 1 is refused by name.
    version = "3"
    replays = ("2",)
    game_type = DECLARED.game_type()
    options = setup.OPTIONS

    def new_state(self, *, seats: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
        """A game waiting for seat 1 to hire its Starting Garrison."""
        return setup.new_state(self, seats=seats, options=options, seed=seed)

    def decision(self, state: dict[str, Any]) -> Decision:
        """Who acts: the hiring / mulligan seat, the defending seat, or the turn's seat."""
        phase = state["phase"]
        if phase == "turn":  # the usual case first, _seat_decision inlined
            window = state["window"]
            if window is not None:
                seat = window["order"][window["index"]]
            elif state["turn"]["stage"] == "defend":
                combat = state["combat"]
                seat = combat["defend_order"][combat["defend_index"]]
            else:
                seat = state["turn"]["seat"]
            return _SEATS[seat] if seat < 8 else Decision("seat", (seat,))
        if phase == "over":
            return _TERMINAL
        if phase in ("garrison", "mulligan"):
            return _seat_decision(state["setup"]["seat"])
        window = state["window"]
        if window is not None:
            return _seat_decision(window["order"][window["index"]])
        if state["turn"]["stage"] == "defend":
            combat = state["combat"]
            return _seat_decision(combat["defend_order"][combat["defend_index"]])
        return _seat_decision(state["turn"]["seat"])

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        """Every action the seat may take now ([] when it is not its decision)."""
        cards.learn_state(state)
        opened = effects.open_read(state)
        try:
            return self._legal_actions(state, seat)
        finally:
            effects.close_read(opened)

    def _legal_actions(self, state: dict[str, Any], seat: int) -> list[Any]:
        decision = self.decision(state)
        if seat not in decision.seats:
            return []
        phase = state["phase"]
        if phase == "garrison":
            keys = setup.hireable(state, seat)
            return [{"type": "hire", "card": k} for k in keys] + [{"type": "done"}]
        if phase == "mulligan":
            extra = [{"type": "mulligan"}] if setup.can_mulligan(state, seat) else []
            return [{"type": "keep"}, *extra]
        if state["window"] is not None:
            return stack.window_actions(state, seat)
        stage = state["turn"]["stage"]
        if stage == "defend":
            return fight.defend_actions(state, seat)
        if stage == "combat":
            return attacking.attack_actions(state, seat)
        known = economy.sides(state, seat)  # one pass over the units for moves and shots
        actions = economy.play_actions(state, seat) + economy.move_actions(state, seat, None, known)
        actions += economy.shoot_actions(state, seat, None, known)
        actions += resolution.activate_actions(state, seat)
        actions.append({"type": "combat"} if stage == "pre" else {"type": "end"})
        return actions

    def is_legal(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
        """Whether `action in legal_actions(state, seat)`, working out only the legal actions
        of the same kind and card (a play of one card, the moves of one unit...)."""
        if not isinstance(action, dict) or seat not in self.decision(state).seats:
            return False
        cards.learn_state(state)
        opened = effects.open_read(state)
        try:
            return action in self._candidates(state, seat, action)
        finally:
            effects.close_read(opened)

    def _candidates(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> list[Any]:
        """The legal actions that could equal `action`: a subset of legal_actions holding
        every legal action of the same type on the same card or unit."""
        kind = action.get("type")
        if state["phase"] != "turn" or state["turn"]["stage"] == "defend":
            return self._legal_actions(state, seat)
        field = _NAMED_BY.get(kind) if isinstance(kind, str) else None
        if field is not None and not isinstance(action.get(field), str):
            return []  # every such legal action names its card or unit
        if state["window"] is not None:
            return _window_candidates(state, seat, action)
        if state["turn"]["stage"] == "combat":
            return _combat_candidates(state, seat, action)
        return _main_candidates(state, seat, action)

    def apply(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
        """Apply a legal action; IllegalAction saying why otherwise."""
        if not self.is_legal(state, seat, action):
            raise IllegalAction(self.why_illegal(state, seat, action))
        self.apply_trusted(state, seat, action)

    def apply_trusted(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
        """Apply an action taken from legal_actions, then run the automatic moments."""
        cards.learn_state(state)
        kind = action["type"]
        if state["phase"] == "garrison":
            if kind == "hire":
                setup.hire(state, seat, action["card"])
            else:
                setup.garrison_done(state, seat)
            return
        if state["phase"] == "mulligan":
            if kind == "mulligan":
                setup.mulligan(state, seat)
            elif setup.keep(state, seat):
                state["phase"] = "turn"
                flow.start_turn(state, state["first"])
            return
        HANDLERS[kind](state, seat, action)
        _settle(state)

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """What the seat (None: a spectator) may see."""
        cards.learn_state(state)
        return views.view(state, seat)

    def hidden_cards(self, state: dict[str, Any], seat: int | None) -> set[str]:
        """Card ids the seat must not see."""
        return views.hidden_cards(state, seat)

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
        """A full state consistent with the seat's view."""
        cards.learn_state(view)
        return views.determinize(view, seat, rng)

    def result(self, state: dict[str, Any]) -> Result | None:
        """Winners and fortress HP once the game is over."""
        if state["phase"] != "over":
            return None
        facts = self.time_facts(state)
        return Result(
            winners=list(state["winners"]),
            life=facts["life"],
            first_damage=state["first_damage"],
            facts={"end": state["end"], "turns": state["turn"]["number"] if state["turn"] else 0},
        )

    def time_facts(self, state: dict[str, Any]) -> dict[str, Any]:
        """Fortress HP as each seat's life, and the first seat to damage an enemy fortress."""
        life = {s: player(state, s)["fortress"]["hp"] for s in range(state["seats"])}
        return {"life": life, "first_damage": state["first_damage"]}

    def check_invariants(self, state: dict[str, Any]) -> None:
        """Card conservation, gold never negative, zones and HP consistent."""
        check_invariants(state)

    def evaluate(self, state: dict[str, Any], seat: int) -> float:
        """The greedy bot's score (strategy.py)."""
        cards.learn_state(state)
        return strategy.evaluate(state, seat)

    def rollout_action(
        self, state: dict[str, Any], seat: int, legal: list[dict[str, Any]], rng: random.Random
    ) -> dict[str, Any]:
        """The search bot's rollout policy (strategy.py)."""
        return strategy.rollout_action(state, seat, legal, rng)

    def describe_action(self, action: dict[str, Any]) -> str:
        """A short label for the action."""
        return views.describe_action(action)

    def why_illegal(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
        """Why the action is refused, in players' words."""
        cards.learn_state(state)
        return views.why_illegal(self, state, seat, action)


def _play(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    cid, target = action["card"], action.get("target")
    if stack.can_cast(state, seat, cid):
        economy.pay(state, seat, cid)
        stack.push_card(state, seat, cid, target)
    else:
        economy.play(state, seat, cid, target)


def _move(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    economy.move(state, action["unit"], action["to"], action.get("into"))


def _shoot(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    state["units"][action["unit"]]["exhausted"] = True
    stack.push_shot(state, seat, action["unit"], action["target"])


def _activate(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    resolution.activate(state, seat, action["source"], action.get("target"))


def _to_combat(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    stack.open_window(state, seat, then="combat")


def _pass(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    stack.pass_(state, seat, bool(action.get("turn")), bool(action.get("window")))


def _enter_combat(state: dict[str, Any], seat: int) -> None:
    state["turn"]["stage"] = "combat"
    state["combat"] = {"battles": [], "defend_order": [], "defend_index": 0}
    zones.event(state, "combat", seat=seat)


def _attack(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    fight.declare(state, seat, action["unit"], action["target"])


def _commit(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    fight.commit(state)


def _retreat(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    fight.retreat(state, action["unit"])


def _join(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    fight.join(state, action["unit"], action["battle"], bool(action.get("front")))


def _done(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    state["combat"]["defend_index"] += 1


def _end(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    stack.open_window(state, seat, then="end")


HANDLERS = {
    "play": _play,
    "move": _move,
    "shoot": _shoot,
    "activate": _activate,
    "combat": _to_combat,
    "attack": _attack,
    "commit": _commit,
    "retreat": _retreat,
    "join": _join,
    "done": _done,
    "end": _end,
    "pass": _pass,
}


def _settle(state: dict[str, Any]) -> None:
    """Move on through moments with no real choice: a combat stage with nothing to attack,
    a defence nobody can answer, the damage once every defender has answered."""
    while state["window"] is not None and state["phase"] != "over":
        if stack.asked_seat(state) is not None:
            return
        then = stack.close(state)
        if then == "combat":
            _enter_combat(state, state["turn"]["seat"])
        elif then == "end":
            flow.end_turn(state)
        elif then == "damage" and state["phase"] != "over":
            fight.resolve(state)
    turn = state["turn"]
    if state["phase"] == "over":
        return
    if (
        turn["stage"] == "combat"
        and not state["combat"]["battles"]
        and not attacking.can_attack(state, turn["seat"])
    ):
        state["combat"] = None
        turn["stage"] = "post"
        return
    if turn["stage"] == "defend" and fight.defending_seat(state) is None:
        # the Respond step's last word: everyone, the attacker first, may answer before
        # the damage (ruling K49); nobody with an answer: the damage at once
        stack.open_window(state, turn["seat"], then="damage", itself=True)
        _settle(state)


KINGDOM_COMBAT = KingdomCombat()
__all__ = ["KINGDOM_COMBAT", "KingdomCombat", "zones"]


def _window_candidates(state: dict[str, Any], seat: int, action: dict[str, Any]) -> list[Any]:
    """`_candidates` in a response window: a pass, an answer played, a shot or an activation."""
    kind = action.get("type")
    if kind == "pass":
        return [a for a in stack.window_actions(state, seat) if a["type"] == "pass"]
    if kind == "play":
        return economy.play_actions(state, seat, stack.ANSWERS, only=action.get("card"))
    if kind == "shoot":
        return economy.shoot_actions(state, seat, only=action.get("unit"))
    if kind == "activate":
        return fight.answer_activations(state, seat)
    return []


def _combat_candidates(state: dict[str, Any], seat: int, action: dict[str, Any]) -> list[Any]:
    """`_candidates` while attacks are declared: the commit, or this attack if it is legal."""
    kind = action.get("type")
    if kind == "commit":
        return [{"type": "commit"}]
    if kind == "attack" and attacking.is_legal_attack(state, seat, action):
        return [action]
    return []


def _main_candidates(state: dict[str, Any], seat: int, action: dict[str, Any]) -> list[Any]:
    """`_candidates` before or after combat: plays, moves, shots, activations, or the step on."""
    kind = action.get("type")
    if kind == "play":
        return economy.play_actions(state, seat, only=action.get("card"))
    if kind == "move":
        return [action] if economy.is_legal_move(state, seat, action) else []
    if kind == "shoot":
        return economy.shoot_actions(state, seat, only=action.get("unit"))
    if kind == "activate":
        return resolution.activate_actions(state, seat)
    stage = state["turn"]["stage"]
    return [{"type": "combat"} if stage == "pre" else {"type": "end"}]

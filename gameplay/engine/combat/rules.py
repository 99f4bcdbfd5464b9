"""The Combat ruleset: decisions, legal actions and applying them (rulings: RULINGS.md)."""

from __future__ import annotations

import random
from typing import Any

import games
from gameplay.engine.combat import (
    fight,
    flow,
    invariants,
    main_step,
    setup,
    strategy,
    views,
    zones,
)
from gameplay.engine.combat.cards import card_name
from gameplay.engine.core import TERMINAL, Decision, IllegalAction, Result, Ruleset

# The actions of a combat step; every other step is the main step's.
STEP_ACTIONS = {
    "attack": fight.attack_actions,
    "block": fight.block_actions,
    "damage": fight.damage_actions,
}
SEAT_DECISIONS = [Decision("seat", (seat,)) for seat in range(64)]  # reused: decisions are hot


class Combat(Ruleset):
    """Combat (1493): playing-card soldiers, farms and special abilities; 20 life."""

    declared = games.get(games.COMBAT)  # its slug, name and game_type
    version = "1"
    options = setup.OPTIONS
    strategy_module = strategy  # life, board and hand; a cheap, sensible rollout policy
    invariants_module = invariants

    def new_state(self, *, seats: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
        """Deal the game and move on to the first real decision."""
        state = setup.new_state(self, seats=seats, options=options, seed=seed)
        flow.settle(state)
        return state

    def decision(self, state: dict[str, Any]) -> Decision:
        """The one seat that must choose now (Combat has no secret simultaneous choices)."""
        seat = self._actor(state)
        return TERMINAL if seat is None else SEAT_DECISIONS[seat]

    def _actor(self, state: dict[str, Any]) -> int | None:
        if state["winners"] is not None:
            return None
        if state["pending"] is not None:
            return state["pending"]["seat"]
        step = state["turn"]["step"]
        if step == "block":
            combat = state["combat"]
            return combat["block_order"][combat["block_index"]]
        if step == "damage":
            return state["combat"]["choice"]["seat"]
        return flow.acting_seat(state)

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        """Small JSON actions: one attacker, one block, one damage point or one card at a time."""
        if self._actor(state) != seat:
            return []
        if state["pending"] is not None:
            return main_step.edict_actions(state, seat)
        return STEP_ACTIONS.get(state["turn"]["step"], main_step.main_actions)(state, seat)

    def apply(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
        """Apply a legal action and settle the automatic moments that follow it."""
        if not self._is_legal(state, seat, action):
            raise IllegalAction(self._why_illegal(state, seat, action))
        self._apply(state, seat, action)
        flow.settle(state)

    def apply_trusted(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
        """apply() for an action just taken from legal_actions (bots' simulations): no re-check."""
        self._apply(state, seat, action)
        flow.settle(state)

    def _is_legal(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
        """Whether the action is legal now, checking only what it names (fast)."""
        if not isinstance(action, dict) or self._actor(state) != seat:
            return False
        kind = action.get("type")
        if state["pending"] is not None:
            return kind == "destroy" and action in main_step.edict_actions(state, seat)
        step = state["turn"]["step"]
        if step == "main":
            return main_step.is_legal_main(state, seat, action)
        if action == {"type": "done"}:
            return step in ("attack", "block")
        if step == "attack" and kind == "attack":
            return fight.is_legal_attack(state, seat, action)
        if step == "block" and kind == "block":
            return fight.is_legal_block(state, seat, action)
        if step == "damage":
            return action in fight.damage_actions(state, seat)
        return False

    def _apply(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
        kind = action["type"]
        if kind == "destroy":
            main_step.apply_edict(state, action["card"])
        elif kind == "attack":
            fight.declare_attacker(state, seat, action["card"], action["target"])
        elif kind == "block":
            fight.declare_blocker(state, seat, action["card"], action["attacker"])
        elif kind == "damage":
            fight.assign_point(state, action["target"])
        elif kind == "done" and state["turn"]["step"] == "block":
            state["combat"]["block_index"] += 1
        elif kind == "done":
            state["turn"]["done"].append(seat)
        else:
            main_step.apply_main(state, seat, action)

    def why_illegal(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
        """Why the action is not legal now: the rule it breaks, in players' words."""
        return self._why_illegal(state, seat, action)

    def _why_illegal(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
        if state["winners"] is not None:
            return "The game is over."
        if self._actor(state) != seat:
            return "It is not your turn to act."
        kind = action.get("type") if isinstance(action, dict) else None
        step = state["turn"]["step"]
        if state["pending"] is not None:
            return "First choose which of your soldiers the 2 destroys."
        card = action.get("card") if isinstance(action, dict) else None
        if step == "main" and kind in MAIN_KINDS and card not in state["hands"][str(seat)]:
            return "That card is not in your hand."
        if kind == "attack" and step != "attack":
            return "Attackers are chosen in the attack step, before the main step."
        reasons = {
            "soldier": "Spot cards and Jokers are played as soldiers for free; a court card "
            "is played as a court.",
            "court": "A court card needs enough ready farms and a soldier of its suit.",
            "special": "A special ability costs 2 ready farms, needs a soldier of the card's "
            "suit (not for a Joker) and a legal target.",
            "farm": "You can play only one farm per turn, from your hand.",
            "attack": "Only right-side-up soldiers attack, once each, and only opponents.",
            "block": "Only right-side-up soldiers block, at most one attacker of each player.",
        }
        if kind in reasons:
            return reasons[kind]
        return f"That is not something you can do in the {step} step."

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """What that seat sees: its own hand, counts for other hands and every draw pile."""
        return views.view(state, seat)

    def hidden_cards(self, state: dict[str, Any], seat: int | None) -> set[str]:
        """Card ids that seat must not see (for the hidden-information checks)."""
        return views.hidden_cards(state, seat)

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
        """A full state consistent with the view, hidden cards sampled."""
        return views.determinize(view, seat, rng)

    def result(self, state: dict[str, Any]) -> Result | None:
        """Winners (a team's seats all listed), final life per seat, first damage."""
        if state["winners"] is None:
            return None
        return self.finished(
            state, state["winners"], reason=state["end"], turns=state["turn"]["number"]
        )

    def time_facts(self, state: dict[str, Any]) -> dict[str, Any]:
        """Life per seat (as-one teammates show their shared total) and the first damage."""
        life = {s: state["life"][str(zones.holder(state, s))] for s in range(state["seats"])}
        return {"life": life, "first_damage": state["first_damage"]}

    def describe_action(self, action: dict[str, Any]) -> str:
        """A button label in players' words."""
        return describe(action)


MAIN_KINDS = ("soldier", "court", "farm", "special")


def describe(action: dict[str, Any]) -> str:
    """Players' words for an action."""
    if not isinstance(action, dict):
        return str(action)
    kind = action.get("type")
    name = card_name(action["card"]) if "card" in action else ""
    if kind in ("done", "end"):
        return "Done" if kind == "done" else "End turn"
    if kind == "attack":
        return f"Attack player {action['target'] + 1} with {name}"
    if kind == "block":
        return f"Block {card_name(action['attacker'])} with {name}"
    if kind == "damage":
        return f"{name}: 1 damage to {card_name(action['target'])}"
    if kind == "special":
        if "target" in action:
            return f"{name}: special on {card_name(action['target'])}"
        if "opponent" in action:
            return f"{name}: special against player {action['opponent'] + 1}"
        return f"{name}: special (draw two)"
    verbs = {
        "soldier": "Play {} as a soldier",
        "court": "Play {}",
        "farm": "Play {} as a farm",
        "destroy": "Destroy your {}",
    }
    return verbs[kind].format(name) if kind in verbs else str(action)


COMBAT = Combat()

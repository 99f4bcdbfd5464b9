"""The Rune Duel ruleset: the engine contract on top of the play sequence in flow.py."""

from __future__ import annotations

import random
from typing import Any

import games
from gameplay.engine.core import TERMINAL, Decision, IllegalAction, Result, Ruleset
from gameplay.engine.rune_duel import flow, invariants, opponent, setup, strategy, views
from gameplay.engine.rune_duel.battle import name


class RuneDuel(Ruleset):
    """Rune Duel for two players: duels of rank and rune, then the battle line."""

    declared = games.get(games.RUNE_DUEL)  # its slug, name and game_type
    version = "1"
    setup_module = setup  # new_state: decks shuffled, a flip for the first duel, five cards
    views_module = views  # determinize: the unseen cards dealt at random
    strategy_module = strategy  # life difference, the boards, the duel's cards on their way
    invariants_module = invariants
    options = setup.OPTIONS

    def decision(self, state: dict[str, Any]) -> Decision:
        """One seat in the duel or a placement choice; the asked seats at the end of combat."""
        phase = state["phase"]
        if phase == "duel":
            return Decision("seat", (state["turn"],))
        if phase == "choose":
            return Decision("seat", (state["choice"]["seat"],))
        if phase == "discard":
            waiting = tuple(int(s) for s, choice in state["pending"].items() if choice is None)
            return Decision("simultaneous", waiting)
        return TERMINAL

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        """Duel: cards to play; a Charge slot or a target; end of combat: keep or discard one."""
        phase = state["phase"]
        if phase == "duel" and state["turn"] == seat:
            return [
                {"type": "play", "card": c, "name": name(state, c)}
                for c in flow.playable_cards(state, seat)
            ]
        if phase == "choose" and state["choice"]["seat"] == seat:
            return [dict(option) for option in state["choice"]["options"]]
        if phase == "discard" and state["pending"].get(str(seat), False) is None:
            hand = state["zones"][str(seat)]["hand"]
            return [{"type": "keep"}] + [
                {"type": "discard", "card": c, "name": name(state, c)} for c in hand
            ]
        return []

    def why_illegal(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
        """The rule the action breaks, in players' words (the one path for refusals)."""
        return why_illegal(state, seat, action)

    def apply(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
        """Carry out a legal action (IllegalAction saying why otherwise) and run the rules on."""
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(why_illegal(state, seat, action))
        kind = action["type"]
        if kind == "play":
            flow.play_card(state, seat, action["card"])
        elif kind in ("slot", "target"):
            flow.make_choice(state, action)
        else:
            flow.choose_discard(state, seat, action)
        flow.settle(state)

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """Own hand and the public table; the other hand, decks and secret choice as counts."""
        return views.table_view(state, seat)

    def result(self, state: dict[str, Any]) -> Result | None:
        """Winner (none on a draw), final life totals, first damage, why the game ended."""
        outcome = state["outcome"]
        if outcome is None:
            return None
        creatures = {s: len(state["line"][str(s)]) for s in (0, 1)}
        return self.finished(
            state,
            outcome["winners"],
            reason=outcome["reason"],
            rounds=state["round"],
            creatures=creatures,
        )

    def time_facts(self, state: dict[str, Any]) -> dict[str, Any]:
        """Life = each life total now; first damage = first seat to damage the other's life."""
        return {"life": life_of(state), "first_damage": state["first_damage"]}

    def search_evaluate(self, state: dict[str, Any], seat: int) -> float:
        """In a duel, the round played out on the sampled state (the battle line and combat
        really fought), then evaluate with the next duel solved on the sample's own hands (the
        greedy bot's evaluate and its fixed six guesses are unchanged)."""
        return strategy.search_evaluate(state, seat)

    def model_choices(self, state: dict[str, Any], seat: int, rng: random.Random) -> None:
        """In the search bot's samples, the other hand re-dealt to fit its last lost duel
        (opponent.py); the story trimmed to what is read from it (the search clones a sample
        many times)."""
        opponent.plausible_hand(state, seat, rng)
        opponent.trim_story(state)

    def describe_action(self, action: dict[str, Any]) -> str:
        """Button text such as "Play Iron Boar", "Charge into slot 3", "Keep my hand"."""
        kind = action.get("type")
        if kind == "keep":
            return "Keep my hand"
        if kind == "slot":
            return f"Charge into slot {action['slot']}"
        if kind == "target":
            side = "seat " + str(action["seat"] + 1)
            return f"Target the creature in slot {action['slot']} of {side}'s line"
        verb = "Play" if kind == "play" else "Discard"
        return f"{verb} {action.get('name', action.get('card'))}"


def life_of(state: dict[str, Any]) -> dict[int, int]:
    """Each seat's life total, keyed by int seat."""
    return {int(seat): life for seat, life in state["life"].items()}


def why_illegal(state: dict[str, Any], seat: int, action: dict[str, Any] | None = None) -> str:
    """A player-facing reason an action was refused."""
    phase = state["phase"]
    if phase == "over":
        return "The game is over."
    card_id = action.get("card") if isinstance(action, dict) else None
    if phase == "duel":
        if state["turn"] != seat:
            return "It is your opponent's turn to play in the duel."
        if card_id is not None and card_id not in state["zones"][str(seat)]["hand"]:
            return "That card is not in your hand."
        if state["duel"]:
            return "You must play a card from your hand that trumps the last card played."
        return "Lead the duel with a card from your hand."
    if phase == "choose":
        if state["choice"]["seat"] != seat:
            return "Your opponent is choosing where a card goes; wait for them."
        return "Choose one of the offered slots or targets."
    if state["pending"].get(str(seat), False) is not None:
        return "You have nothing to choose now; wait for your opponent."
    return "Keep your hand or discard one card from it."


RUNE_DUEL = RuneDuel()

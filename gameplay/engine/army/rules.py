"""Army: two players, one 52-card pack, army cards (A/K/Q/J) fighting with number cards (2-10).

The rules follow `rulebooks/003_1140e0dfd694ea4f.txt`; where the text is silent the ruling is
written in `RULINGS.md` beside this module (each with a test in
`tests/gameplay/engine/test_army_rules.py`).

State (plain JSON): the army pile, the fighting pile and their graveyards, and per seat ("0",
"1") the hand of fighting cards, the line of army cards still face down, the army card in play
with the SP it has lost, and the secret choice of the current round ("pending").
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import games
from gameplay.engine.army import invariants, opponent, round_values, setup, strategy, views
from gameplay.engine.army.cards import card_key, card_label, is_attack, stamina_of, value_of
from gameplay.engine.army.setup import HAND_SIZE
from gameplay.engine.core import TERMINAL, Decision, IllegalAction, Result, Ruleset, chance


class Army(Ruleset):
    """The Army card game for two players."""

    declared = games.get(games.ARMY)  # its slug, name and game_type
    version = "1"
    setup_module = setup  # new_state: both piles shuffled, three army and five fighting cards
    views_module = views  # determinize: the unseen cards dealt at random
    strategy_module = strategy  # SP difference, the hands' promise
    invariants_module = invariants
    options = setup.OPTIONS

    # ----- whose decision --------------------------------------------------------------------
    def decision(self, state: dict[str, Any]) -> Decision:
        """Both seats choose secretly: the army line, then one fighting card a round."""
        if state["phase"] == "over":
            return TERMINAL
        waiting = tuple(int(s) for s in ("0", "1") if state["pending"][s] is None)
        return Decision("simultaneous", waiting)

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        """Army-line orders in the line phase, one card of the hand per round after that."""
        if state["phase"] == "over" or state["pending"][str(seat)] is not None:
            return []
        player = state["players"][str(seat)]
        if state["phase"] == "line":
            return [
                {"type": "line", "order": list(order)}
                for order in itertools.permutations(player["line"])
            ]
        return [{"type": "play", "card": card} for card in sorted(player["hand"], key=card_key)]

    def why_illegal(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
        """The rule the action breaks, in players' words (the one path for refusals)."""
        return _why_illegal(state, seat, action)

    def apply(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
        """Record the seat's secret choice; resolve once both seats have chosen."""
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(_why_illegal(state, seat, action))
        state["pending"][str(seat)] = action
        if all(choice is not None for choice in state["pending"].values()):
            if state["phase"] == "line":
                _reveal_armies(state)
            else:
                _resolve_round(state)

    # ----- what each seat sees -----------------------------------------------------------------
    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """The table as that seat sees it: own hand and line, the other side's only as counts."""
        return views.view(self, state, seat)

    # ----- outcome -------------------------------------------------------------------------
    def result(self, state: dict[str, Any]) -> Result | None:
        """Winner (or draw at the round limit on equal SP), remaining SP as life, first damage."""
        if state["phase"] != "over":
            return None
        winners = [] if state["winner"] is None else [state["winner"]]
        return self.finished(state, winners, end=state["end"], rounds=state["round"])

    def time_facts(self, state: dict[str, Any]) -> dict[str, Any]:
        """Life = remaining army SP per seat; first damage = first seat whose attack cost an SP."""
        return {"life": views.life_of(state), "first_damage": state["first_damage"]}

    def search_evaluate(self, state: dict[str, Any], seat: int) -> float:
        """The SP difference and what the kept hand is worth in the rounds to come."""
        return strategy.search_evaluate(state, seat)

    def search_values(
        self,
        view: dict[str, Any],
        seat: int,
        candidates: list[dict[str, Any]],
        rng: random.Random,
    ) -> list[float] | None:
        """Each card's value this round, summed over the other seat's likely answers and this
        seat's draw (`round_values.py`); None where the round cannot be summed."""
        return round_values.card_values(self, view, seat, candidates, rng)

    def model_choices(self, state: dict[str, Any], seat: int, rng: random.Random) -> None:
        """The other seat's hand as its plays make likely, and a card it chose in secret
        re-drawn as the greedy bot would choose it."""
        opponent.model_choice(self, state, seat, rng)

    def rollout_action(
        self, state: dict[str, Any], seat: int, legal: list[dict[str, Any]], rng: random.Random
    ) -> dict[str, Any]:
        """A fighting card as the greedy bot would choose it from the seat's view (the search
        bot's model of the other seat's answer); the army line at random."""
        if len(legal) == 1 or legal[0]["type"] == "line":
            return legal[rng.randrange(len(legal))]
        return opponent.greedy_reply(self, state, seat, rng)

    def describe_action(self, action: dict[str, Any]) -> str:
        """Button text: "Play 7♥ (attack)" or "Lead with A♠, then K♥, then J♦"."""
        if action.get("type") == "line":
            first, *rest = (card_label(c) for c in action["order"])
            return "Lead with " + ", then ".join([first, *rest])
        card = action["card"]
        kind = "attack" if is_attack(card) else "defence"
        return f"Play {card_label(card)} ({kind})"


# ----- resolution ---------------------------------------------------------------------------
def _why_illegal(state: dict[str, Any], seat: int, action: dict[str, Any] | None = None) -> str:
    if state["phase"] == "over":
        return "The game is over."
    if str(seat) not in state["pending"]:
        return "There is no such seat in this game."
    if state["pending"][str(seat)] is not None:
        return "You have already chosen this round; wait for your opponent."
    player = state["players"][str(seat)]
    kind = action.get("type") if isinstance(action, dict) else None
    if state["phase"] == "line":
        if kind == "play":
            return "First put your army cards in order; fighting cards come after."
        cards = ", ".join(sorted(player["line"], key=card_key))
        return f"Put your own army cards in an order: each of {cards} once."
    if kind == "line":
        return "The army line is set; now play one fighting card from your hand."
    card = action.get("card") if isinstance(action, dict) else None
    if kind == "play" and card not in player["hand"]:
        return f"{card} is not in your hand. Play one fighting card from your hand."
    return "Play one fighting card from your hand."


def _reveal_armies(state: dict[str, Any]) -> None:
    for seat in ("0", "1"):
        player = state["players"][seat]
        order = state["pending"][seat]["order"]
        player["army"], player["line"] = order[0], order[1:]
        state["pending"][seat] = None
    state["phase"] = "fight"


def _resolve_round(state: dict[str, Any]) -> None:
    cards = {seat: state["pending"][seat]["card"] for seat in ("0", "1")}
    winner = _round_winner(cards)
    damaged = None
    if winner is not None and is_attack(cards[str(winner)]):
        damaged = 1 - winner
    for seat in ("0", "1"):
        state["players"][seat]["hand"].remove(cards[seat])
        state["fight_graveyard"].append(cards[seat])
        state["pending"][seat] = None
    for seat in ("0", "1"):
        _draw_to_five(state, seat)
    state["round"] += 1
    fallen = _lose_sp(state, damaged) if damaged is not None else None
    state["last_round"] = {
        "cards": cards,
        "winner": winner,
        "damaged": damaged,
        "fallen": fallen,
    }
    # The move log (ruling A7): every resolved round, in the open once both cards are shown.
    state.setdefault("played", []).append({"round": state["round"], **state["last_round"]})
    if state["phase"] != "over" and state["round"] >= state["options"]["round_limit"]:
        _end_at_round_limit(state)


def _round_winner(cards: dict[str, Any]) -> int | None:
    first, second = value_of(cards["0"]), value_of(cards["1"])
    if first == second:
        return None
    return 0 if first > second else 1


def _draw_to_five(state: dict[str, Any], seat: str) -> None:
    hand = state["players"][seat]["hand"]
    while len(hand) < HAND_SIZE:
        if not state["fight_pile"]:
            pile = state["fight_graveyard"]
            state["fight_graveyard"] = []
            chance(state, "reshuffle fighting graveyard").shuffle(pile)
            state["fight_pile"] = pile
        hand.append(state["fight_pile"].pop())


def _lose_sp(state: dict[str, Any], seat: int) -> str | None:
    """Take one SP from the seat's army card; returns the card if it fell."""
    if state["first_damage"] is None:
        state["first_damage"] = 1 - seat
    player = state["players"][str(seat)]
    player["lost"] += 1
    army = player["army"]
    if player["lost"] < stamina_of(army):
        return None
    state["army_graveyard"].append(army)
    player["lost"] = 0
    if player["line"]:
        player["army"] = player["line"].pop(0)
    else:
        player["army"] = None
        state["phase"] = "over"
        state["winner"] = 1 - seat
        state["end"] = "armies"
    return army


def _end_at_round_limit(state: dict[str, Any]) -> None:
    """Ruling A4: at the round limit, more remaining SP wins, then first damage, else a draw."""
    life = views.life_of(state)
    state["phase"] = "over"
    state["end"] = "round_limit"
    if life[0] != life[1]:
        state["winner"] = 0 if life[0] > life[1] else 1
    else:
        state["winner"] = state["first_damage"]


ARMY = Army()

"""The bots' evaluation (stamina, the hands, a card already chosen); the search bot's model
of the other seat is `opponent.py`, and its worth of the hand it keeps `hand_values.py`."""

from __future__ import annotations

from typing import Any

from gameplay.engine.army import hand_values
from gameplay.engine.army.cards import FIGHTING_CARDS, is_attack, value_of
from gameplay.engine.army.views import life_of

HAND_WEIGHT = 4.0  # per unit of hand_value (one SP is worth 10)
SP_WORTH = 10.0  # one stamina point
WIN = 1000.0  # a game won (lost: -WIN)
OTHER_FIRST = "search_other_first"  # set in the search's samples: the other seat chose first


def evaluate(state: dict[str, Any], seat: int) -> float:
    """SP difference, the hands' promise and the swing of a card already chosen; +-1000 at end."""
    if state["phase"] == "over":
        if state["winner"] is None:
            return 0.0
        return WIN if state["winner"] == seat else -WIN
    life = life_of(state)
    score = SP_WORTH * (life[seat] - life[1 - seat])
    my_hand = state["players"][str(seat)]["hand"]
    their_hand = state["players"][str(1 - seat)]["hand"]
    score += HAND_WEIGHT * (hand_value(my_hand, their_hand) - hand_value(their_hand, my_hand))
    mine, theirs = state["pending"][str(seat)], state["pending"][str(1 - seat)]
    if mine and mine["type"] == "play" and theirs is None:
        # A chosen card still waiting for the other side: its expected SP swing this round.
        score += SP_WORTH * expected_swing(mine["card"], their_hand)
    return score


def search_evaluate(state: dict[str, Any], seat: int) -> float:
    """The search bot's score once its candidate round is resolved: the SP difference and
    what its kept hand is worth in the rounds to come (`hand_values`); +-WIN at the end.

    The other hand is left out: the other seat chose its card without seeing the search's, so
    it keeps the same hand whichever card the search judges. Which table applies depends on
    whether the other seat chose first this round (`opponent.model_choice` marks the sample).
    """
    if state["phase"] == "over":
        return evaluate(state, seat)
    life = life_of(state)
    hand = state["players"][str(seat)]["hand"]
    worth = hand_values.hand_worth(hand, other_first=state.get(OTHER_FIRST, False))
    return SP_WORTH * (life[seat] - life[1 - seat] + worth)


def hand_value(hand: list[str], their_hand: list[str]) -> float:
    """What a hand promises for the rounds to come: the summed positive swings of its cards
    (a card that only loses is not held against it: it can be thrown away when a round is lost
    anyway). A card already chosen is still in hand, so choosing alone does not change it."""
    return sum(max(0.0, expected_swing(card, their_hand)) for card in hand)


def expected_swing(card: str, their_hand: list[str]) -> float:
    """Mean SP swing (+1 we cost them one, -1 they cost us one) of card against their hand."""
    if not their_hand:
        return 0.0
    return sum(map(SWING[card].__getitem__, their_hand)) / len(their_hand)


def _swing(card: str, theirs: str) -> int:
    if value_of(card) > value_of(theirs) and is_attack(card):
        return 1
    if value_of(theirs) > value_of(card) and is_attack(theirs):
        return -1
    return 0


# The swing of every card against every card, looked up: the bots score hands millions of times.
SWING = {
    card: {theirs: _swing(card, theirs) for theirs in FIGHTING_CARDS} for card in FIGHTING_CARDS
}

"""The bots' evaluation (stamina, the hands, a card already chosen) and the rollout policy."""

from __future__ import annotations

import random
from typing import Any

from gameplay.engine.army.cards import is_attack, value_of
from gameplay.engine.army.views import life_of

HAND_WEIGHT = 4.0  # per unit of hand_value (one SP is worth 10)
ROLLOUT_NOISE = 0.2  # the share of rollout moves played at random


def evaluate(state: dict[str, Any], seat: int) -> float:
    """SP difference, the hands' promise and the swing of a card already chosen; +-1000 at end."""
    if state["phase"] == "over":
        if state["winner"] is None:
            return 0.0
        return 1000.0 if state["winner"] == seat else -1000.0
    life = life_of(state)
    score = 10.0 * (life[seat] - life[1 - seat])
    my_hand = state["players"][str(seat)]["hand"]
    their_hand = state["players"][str(1 - seat)]["hand"]
    score += HAND_WEIGHT * (hand_value(my_hand, their_hand) - hand_value(their_hand, my_hand))
    mine, theirs = state["pending"][str(seat)], state["pending"][str(1 - seat)]
    if mine and mine["type"] == "play" and theirs is None:
        # A chosen card still waiting for the other side: its expected SP swing this round.
        score += 10.0 * expected_swing(mine["card"], their_hand)
    return score


def hand_value(hand: list[str], their_hand: list[str]) -> float:
    """What a hand promises for the rounds to come: the summed positive swings of its cards
    (a card that only loses is not held against it: it can be thrown away when a round is lost
    anyway). A card already chosen is still in hand, so choosing alone does not change it."""
    return sum(max(0.0, expected_swing(card, their_hand)) for card in hand)


def expected_swing(card: str, their_hand: list[str]) -> float:
    """Mean SP swing (+1 we cost them one, -1 they cost us one) of card against their hand."""
    total = 0
    for theirs in their_hand:
        if value_of(card) > value_of(theirs) and is_attack(card):
            total += 1
        elif value_of(theirs) > value_of(card) and is_attack(theirs):
            total -= 1
    return total / len(their_hand) if their_hand else 0.0


def rollout_action(
    state: dict[str, Any], seat: int, legal: list[dict[str, Any]], rng: random.Random
) -> dict[str, Any]:
    """The search bot's rollout policy and its model of the other seat: mostly the card with the
    best expected swing against a guess of the other hand.

    The guess is drawn from the cards the seat cannot see (the other hand and the pile), as a
    player at the table would guess, so a seat in a rollout never judges by the other's actual
    cards, nor by its secret choice; one time in five it plays any card, and the army line is
    ordered at random (nothing to judge it by before the reveal)."""
    if len(legal) == 1 or legal[0]["type"] == "line" or rng.random() < ROLLOUT_NOISE:
        return legal[rng.randrange(len(legal))]
    their_hand = state["players"][str(1 - seat)]["hand"]
    unseen = their_hand + state["fight_pile"]
    guess = rng.sample(unseen, min(len(their_hand), len(unseen)))
    return max(legal, key=lambda action: expected_swing(action["card"], guess))


def model_choices(state: dict[str, Any], seat: int, rng: random.Random) -> None:
    """The search bot's model of a card the other seat has already chosen in secret: the card
    the rollout policy would choose from the sampled hand (mostly its best expected swing
    against a guess of this seat's hand), instead of any card of that hand."""
    other = str(1 - seat)
    chosen = state["pending"][other]
    if chosen is None or chosen["type"] != "play":
        return
    legal = [{"type": "play", "card": card} for card in state["players"][other]["hand"]]
    state["pending"][other] = rollout_action(state, 1 - seat, legal, rng)

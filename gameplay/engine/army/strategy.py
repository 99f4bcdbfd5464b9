"""The bots' evaluation: stamina difference, plus the expected swing of a card already chosen."""

from __future__ import annotations

from gameplay.engine.army.cards import is_attack, value_of
from gameplay.engine.army.views import life_of


def evaluate(state: dict, seat: int) -> float:
    """SP difference, plus a little for strong attack cards in hand; +-1000 when decided."""
    if state["phase"] == "over":
        if state["winner"] is None:
            return 0.0
        return 1000.0 if state["winner"] == seat else -1000.0
    life = life_of(state)
    score = 10.0 * (life[seat] - life[1 - seat])
    mine, theirs = state["pending"][str(seat)], state["pending"][str(1 - seat)]
    if mine and mine["type"] == "play" and theirs is None:
        # A chosen card still waiting for the other side: its expected SP swing this round.
        their_hand = state["players"][str(1 - seat)]["hand"]
        score += 10.0 * expected_swing(mine["card"], their_hand)
    return score


def expected_swing(card: str, their_hand: list[str]) -> float:
    """Mean SP swing (+1 we cost them one, -1 they cost us one) of card against their hand."""
    total = 0
    for theirs in their_hand:
        if value_of(card) > value_of(theirs) and is_attack(card):
            total += 1
        elif value_of(theirs) > value_of(card) and is_attack(theirs):
            total -= 1
    return total / len(their_hand) if their_hand else 0.0

"""The search bot's model of the other seat: the card the greedy bot would choose in its place.

The greedy bot samples once what it cannot see (the other hand, a card already chosen there),
plays each of its cards on that sample and keeps the best by the game's evaluation. The search
bot plays the other seat that way in its samples: its answer when the search bot chooses first,
and the card it has already chosen when the search bot chooses second. The model decides from
what that seat sees in the sample (its view), never from the cards behind it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gameplay.engine.army import strategy
from gameplay.engine.army.cards import FIGHTING_CARDS, is_attack, value_of
from gameplay.engine.core import clone

if TYPE_CHECKING:
    from gameplay.engine.core import Ruleset

MISFIT = 0.15  # the odds kept for a held card the greedy bot would mostly have played instead
TRIES = 24  # hands drawn for one sample before keeping the last


def plausible_hand(state: dict[str, Any], seat: int, rng: random.Random) -> None:
    """Re-deal the other seat's hidden hand, in a sample, as the greedy bot's play so far makes
    likely: it plays its best card each round (the other seat chose first, so by the card's
    promise alone), so the cards it still holds are mostly no better than the ones it played
    while holding them. A hand is drawn from the unseen cards and kept with the odds MISFIT for
    each card that the plays so far make unlikely (its best cards counted as the latest drawn)."""
    other = str(1 - seat)
    played = [entry["cards"][other] for entry in reversed(state.get("played", [])[-4:])]
    if not played:
        return
    player = state["players"][other]
    pool = player["hand"] + state["fight_pile"]
    size = len(player["hand"])
    hand = player["hand"]
    for _ in range(TRIES):
        hand = rng.sample(pool, size)
        if rng.random() < MISFIT ** _misfits(hand, played):
            break
    player["hand"] = hand
    rest = [card for card in pool if card not in hand]
    rng.shuffle(rest)
    state["fight_pile"] = rest


def _misfits(hand: list[str], played: list[str]) -> int:
    """Cards of the hand that beat a card played (latest first) while the hand held them."""
    ranked = sorted(hand, key=PROMISE.__getitem__, reverse=True)
    misfits = 0
    for index, card in enumerate(ranked):
        if any(_better(card, chosen) for chosen in played[:index]):
            misfits += 1
    return misfits


def _better(card: str, chosen: str) -> bool:
    """The greedy bot prefers card to chosen whatever it guesses of the other hand."""
    if is_attack(card) == is_attack(chosen):
        return value_of(card) > value_of(chosen)
    return is_attack(card) and value_of(card) >= value_of(chosen)


# each card's expected swing against the whole pack: the order of the cards' promise
PROMISE = {card: strategy.expected_swing(card, list(FIGHTING_CARDS)) for card in FIGHTING_CARDS}


def greedy_reply(
    ruleset: Ruleset, state: dict[str, Any], seat: int, rng: random.Random
) -> dict[str, Any]:
    """The card the greedy bot in `seat` would play from its view of the state."""
    base = ruleset.determinize(ruleset.view(state, seat), seat, rng)
    legal = ruleset.legal_actions(base, seat)
    scores = []
    for action in legal:
        after = clone(base)
        ruleset.apply_trusted(after, seat, action)
        scores.append(strategy.evaluate(after, seat))
    top = max(scores)
    best = [a for a, s in zip(legal, scores, strict=True) if s >= top - 1e-9]
    return best[rng.randrange(len(best))]


def model_choice(ruleset: Ruleset, state: dict[str, Any], seat: int, rng: random.Random) -> None:
    """The card the other seat has already chosen in secret, re-drawn as greedy chooses it
    (before this seat's choice: it chose first, seeing nothing of it)."""
    other = str(1 - seat)
    chosen = state["pending"][other]
    if chosen is None or chosen["type"] != "play":
        return
    state["pending"][other] = None
    plausible_hand(state, seat, rng)
    state["pending"][other] = greedy_reply(ruleset, state, 1 - seat, rng)

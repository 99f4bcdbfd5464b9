"""The search bot's model of the other seat: the card the greedy bot would choose in its place.

The greedy bot samples once what it cannot see (the other hand, a card already chosen there),
plays each of its cards on that sample and keeps the best by the game's evaluation. The search
bot plays the other seat that way in its samples: its answer when the search bot chooses first,
and the card it has already chosen when the search bot chooses second. The model decides from
what that seat sees in the sample (its view), never from the cards behind it; the hand it holds
in the sample is dealt as its plays so far make likely (`inference.py`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gameplay.engine.army import inference, strategy
from gameplay.engine.army.cards import FIGHTING_CARDS, card_key, stamina_of
from gameplay.engine.core import clone

if TYPE_CHECKING:
    from gameplay.engine.core import Ruleset


def plausible_hand(state: dict[str, Any], seat: int, rng: random.Random, answering: bool) -> None:
    """Re-deal the other seat's hidden hand, in a sample, from the cards this seat cannot see,
    as the greedy bot's plays so far make likely (`likely_hands`; `answering`: it chooses
    second, else first)."""
    hands = likely_hands(state, seat, answering)
    if hands is None:
        return
    player = state["players"][str(1 - seat)]
    pool = player["hand"] + state["fight_pile"]
    hand = list(hands[rng.randrange(len(hands))])
    player["hand"] = hand
    rest = [card for card in pool if card not in hand]
    rng.shuffle(rest)
    state["fight_pile"] = rest


def likely_hands(
    state: dict[str, Any], seat: int, answering: bool
) -> tuple[tuple[str, ...], ...] | None:
    """The hands the other seat may hold, as likely as its plays so far make them
    (`inference.posterior_hands`, drawn from the cards this seat cannot see: the other hand
    and the pile of a sample); None before its first play, when every deal is as likely."""
    other = str(1 - seat)
    played = state.get("played", [])
    if not played:
        return None
    player = state["players"][other]
    record = inference.Record(
        rounds=tuple((entry["cards"][other], entry["cards"][str(seat)]) for entry in played),
        pool=tuple(sorted(player["hand"] + state["fight_pile"])),
        mine=tuple(sorted(state["players"][str(seat)]["hand"])),
        size=len(player["hand"]),
        answering=answering,
    )
    return inference.posterior_hands(record)


def greedy_reply(
    ruleset: Ruleset, state: dict[str, Any], seat: int, rng: random.Random
) -> dict[str, Any]:
    """The card the greedy bot in `seat` would play from its view of the state, drawn as
    GreedyBot draws it but without building its sample: the other hand is a random deal of
    the cards the seat cannot see, scored as `strategy.evaluate` scores each card on it."""
    if state["round"] + 1 >= state["options"]["round_limit"]:
        return greedy_reply_by_the_rules(ruleset, state, seat, rng)  # the limit ends the game
    me = state["players"][str(seat)]
    seen = set(me["hand"]) | set(state["fight_graveyard"])
    unseen = [card for card in FIGHTING_CARDS if card not in seen]
    theirs = rng.sample(unseen, len(state["players"][str(1 - seat)]["hand"]))
    hand = sorted(me["hand"], key=card_key)  # the order of legal_actions
    if state["pending"][str(1 - seat)] is None:
        # choosing first: only the chosen card's swing against the sampled hand differs
        scores = [strategy.expected_swing(card, theirs) for card in hand]
    else:
        scores = _answer_scores(state, seat, hand, theirs, unseen, rng)
    top = max(scores)
    best = [card for card, score in zip(hand, scores, strict=True) if score >= top - 1e-9]
    return {"type": "play", "card": best[rng.randrange(len(best))]}


def _answer_scores(
    state: dict[str, Any],
    seat: int,
    hand: list[str],
    theirs: list[str],
    unseen: list[str],
    rng: random.Random,
) -> list[float]:
    """Greedy's evaluation of each card answering a card guessed from the sampled hand, the
    round resolved and both hands drawn back to five (the SP difference before the round is
    the same for every card and left out). The draws are the same for every card compared."""
    guess = theirs[rng.randrange(len(theirs))]
    pile = [card for card in unseen if card not in theirs]
    rng.shuffle(pile)
    refill = state["fight_graveyard"]
    order = list(range(len(refill) + 2))
    rng.shuffle(order)
    me, other = state["players"][str(seat)], state["players"][str(1 - seat)]
    scores = []
    for card in hand:
        draws = _draws(pile, refill, order, {seat: card, 1 - seat: guess})
        mine = [c for c in hand if c != card] + [draws[seat]]
        their = [c for c in theirs if c != guess] + [draws[1 - seat]]
        swing = strategy.SWING[card][guess]  # +1: it costs them an SP; -1: it costs us one
        if swing and last_sp(other if swing > 0 else me):
            scores.append(strategy.WIN * swing)  # the lost SP ends the game
            continue
        spread = strategy.hand_value(mine, their) - strategy.hand_value(their, mine)
        scores.append(strategy.SP_WORTH * swing + strategy.HAND_WEIGHT * spread)
    return scores


def _draws(
    pile: list[str], refill: list[str], order: list[int], played: dict[int, str]
) -> dict[int, str]:
    """The cards seats 0 and 1 draw, in that order (ruling A5), from the top of a shuffled
    pile; once it runs out, from the graveyard with this round's cards (seat 0's, then seat
    1's) shuffled by `order`, the same shuffle for every card compared (as the rules' one
    chance draw is the same in each copy of GreedyBot's sample)."""
    if len(pile) >= 2:
        return {0: pile[0], 1: pile[1]}
    pool = [*refill, played[0], played[1]]
    if pile:
        return {0: pile[0], 1: pool[order[0]]}
    return {0: pool[order[0]], 1: pool[order[1]]}


def last_sp(player: dict[str, Any]) -> bool:
    """One more SP lost ends the game for this player (its last army card on its last SP)."""
    army = player["army"]
    return army is not None and not player["line"] and stamina_of(army) - player["lost"] == 1


def greedy_reply_by_the_rules(
    ruleset: Ruleset, state: dict[str, Any], seat: int, rng: random.Random
) -> dict[str, Any]:
    """The card the greedy bot in `seat` would play, found as GreedyBot finds it: a sample of
    the state from the seat's view, each card applied and evaluated."""
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
    """The other seat's hand as its plays make likely, and the card it has already chosen in
    secret re-drawn as greedy chooses it (before this seat's choice: it chose first, seeing
    nothing of it). The sample is marked with whether it chose first, which decides how the
    search scores the hand it keeps (`strategy.search_evaluate`)."""
    other = str(1 - seat)
    chosen = state["pending"][other]
    state[strategy.OTHER_FIRST] = chosen is not None  # which hand_values table scores it
    if state["phase"] == "fight" and chosen is None:
        # it will answer this seat's card: it answered in the rounds before too (the same
        # seat chooses first every round when bots play)
        plausible_hand(state, seat, rng, answering=True)
        return
    if chosen is None or chosen["type"] != "play":
        return
    state["pending"][other] = None
    plausible_hand(state, seat, rng, answering=False)
    state["pending"][other] = greedy_reply(ruleset, state, 1 - seat, rng)

"""The search bot's value of each card it may play this round, summed rather than sampled.

The search judges a card by the round it plays and the hand it keeps: the other seat's card
is the greedy bot's choice from a hand its plays make likely (`opponent.py`), the round's SP
swing follows, and the kept hand, once drawn back to five, is worth what `hand_values.py`
says. Sampled one state at a time (the generic search's way), 60 samples a card chose worse
than a search of 3,000 samples by 0.016 SP a decision (ANSWERS below: 0.005). Two facts make
the round a short sum:

- the other seat's card does not depend on the search's (it chose first, or it answers a card
  it cannot see), so ANSWERS modelled cards give the chance of each of its cards once for
  every card of the search;
- the search's draw does not depend on either card: it is any card this seat cannot see,
  outside the other hand.

So a card's value is the mean over the other seat's modelled cards of the round's result: a
won or lost game (the other seat's or this seat's last SP), else the SP swing plus the mean
worth of the kept hand over the draw. The SP difference before the round is the same for
every card and left out. When the pile runs out, this seat may draw from the graveyard
shuffled back with both of this round's cards, so there the draw follows each pair of cards.
The last round before the round limit is left to the sampling search (its end is decided by
the SP left, not by a won or lost game). The army line's order changes nothing (the SP lost
before the last card falls is the line's total either way), so every order is worth the same.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gameplay.engine.army import hand_values, opponent, strategy
from gameplay.engine.army.opponent import last_sp

if TYPE_CHECKING:
    from gameplay.engine.core import Ruleset

# The other seat's cards modelled per decision. Against a search of 3,000 sampled rounds, the
# choices made with 256 lose 0.005 SP a decision (128: 0.007); 60 samples a card lost 0.016.
ANSWERS = 256


def card_values(
    ruleset: Ruleset,
    view: dict[str, Any],
    seat: int,
    candidates: list[dict[str, Any]],
    rng: random.Random,
) -> list[float] | None:
    """Each candidate card's value (in `strategy.search_evaluate`'s units, less the SP
    difference before the round), or None where the round cannot be summed."""
    state = ruleset.determinize(view, seat, rng)
    if state["phase"] == "line":
        return [0.0] * len(candidates)
    if state["phase"] != "fight" or state["round"] + 1 >= state["options"]["round_limit"]:
        return None
    other = state["players"][str(1 - seat)]
    other_first = state["pending"][str(1 - seat)] is not None
    hands = opponent.likely_hands(state, seat, answering=not other_first)
    pool = other["hand"] + state["fight_pile"]  # every card this seat cannot see
    if hands is None:  # no play seen yet: every deal is as likely
        hands = tuple(tuple(rng.sample(pool, len(other["hand"]))) for _ in range(ANSWERS))
    answers, held = _modelled_answers(ruleset, state, seat, hands, other_first, rng)
    round_ = Round(
        hand=state["players"][str(seat)]["hand"],
        answers=answers,
        draws={card: ANSWERS - held[card] for card in pool},  # drawn unless in the other hand
        reshuffled=len(state["fight_pile"]) <= seat,  # seat 0 draws first (ruling A5)
        graveyard=state["fight_graveyard"],
        other_first=other_first,
        ends={-1: last_sp(state["players"][str(seat)]), 1: last_sp(other)},
    )
    return [_card_value(action["card"], round_) for action in candidates]


@dataclass(frozen=True)
class Round:
    """What a card is judged against: this seat's hand, the other seat's modelled cards (with
    their counts), the weight of each card this seat may draw from the pile, whether the pile
    runs out first (the draw then comes from the graveyard and this round's two cards), which
    table values the kept hand, and whether a swing of -1 or +1 takes the last SP."""

    hand: list[str]
    answers: Counter[str]
    draws: dict[str, int]
    reshuffled: bool
    graveyard: list[str]
    other_first: bool
    ends: dict[int, bool]


def _card_value(card: str, round_: Round) -> float:
    """The mean over the modelled answers of the round's result for `card`: a won or lost
    game, else the SP swing and the kept hand's mean worth over the draw."""
    kept = [mine for mine in round_.hand if mine != card]
    from_pile = None if round_.reshuffled else _mean_worth(kept, round_.draws, round_.other_first)
    total = 0.0
    for answer, count in round_.answers.items():
        swing = strategy.SWING[card][answer]
        if swing and round_.ends[swing]:
            total += count * swing * strategy.WIN
            continue
        worth = from_pile
        if worth is None:  # drawn from the graveyard shuffled with this round's two cards
            refill = dict.fromkeys([*round_.graveyard, card, answer], 1)
            worth = _mean_worth(kept, refill, round_.other_first)
        total += count * strategy.SP_WORTH * (swing + worth)
    return total / sum(round_.answers.values())


def _modelled_answers(
    ruleset: Ruleset,
    state: dict[str, Any],
    seat: int,
    hands: tuple[tuple[str, ...], ...],
    other_first: bool,
    rng: random.Random,
) -> tuple[Counter[str], Counter[str]]:
    """ANSWERS cards of the other seat, each greedy's choice (`opponent.greedy_reply`) from a
    hand drawn from `hands`, choosing first or answering as it does this round; and how often
    each card was in the hands drawn."""
    other = 1 - seat
    state["pending"][str(other)] = None  # re-chosen from each modelled hand
    # answering, greedy only knows that a card was chosen, never which
    state["pending"][str(seat)] = None if other_first else {"type": "play"}
    answers: Counter[str] = Counter()
    held: Counter[str] = Counter()
    for _ in range(ANSWERS):
        hand = hands[rng.randrange(len(hands))]
        state["players"][str(other)]["hand"] = list(hand)
        answers[opponent.greedy_reply(ruleset, state, other, rng)["card"]] += 1
        held.update(hand)
    return answers, held


def _mean_worth(kept: list[str], draws: dict[str, int], other_first: bool) -> float:
    """The kept hand's worth once drawn back to five, averaged over the draw (`draws`: the
    weight of each card it may draw)."""
    total = sum(draws.values())
    return (
        sum(
            weight * hand_values.hand_worth([*kept, card], other_first)
            for card, weight in draws.items()
        )
        / total
    )

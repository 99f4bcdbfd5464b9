"""What the search bot infers about the other seat's hidden hand from its plays so far.

The other seat is modelled as the greedy bot (`opponent.py`). Greedy chooses from a random
guess of what it cannot see, so each card it played says something about the hand it held:
every card it kept scored no better than the one it played, on most of its guesses. A particle
filter follows PARTICLES possible hands through its last WINDOW plays. Each step weighs a hand
by the chance that greedy's own rule picks the card it played from that hand (the rule is
sampled LIKELIHOOD_GUESSES times per step, so ties split as greedy splits them), removes the
card and draws the next one; the hands are then resampled by weight. Draws respect what was
public at the time: the fighting graveyard of that round (reshuffles counted from the log) and
the cards this seat played itself.
"""

from __future__ import annotations

import functools
import random
import zlib
from dataclasses import dataclass

from gameplay.engine.army import strategy
from gameplay.engine.army.cards import FIGHTING_CARDS
from gameplay.engine.army.setup import HAND_SIZE

# Hands followed through the other seat's latest plays, for one decision. Longer windows and
# more hands hold no more of its cards (12 plays, 1,024 or 4,096 hands: 2.5 of the 4 it kept);
# against that filter, this one costs the search 0.0025 SP a decision in worse choices
# (`round_values.py`'s regret) at less than half the time.
PARTICLES = 512
WINDOW = 6
LIKELIHOOD_GUESSES = 48  # greedy's random guesses sampled per play to weigh a hand
PILE_AT_START = len(FIGHTING_CARDS) - 2 * HAND_SIZE  # the fighting pile once both hands are dealt
BIT = {card: 1 << index for index, card in enumerate(FIGHTING_CARDS)}
Masks = tuple[tuple[int, int], ...]  # per guess: the cards scoring above the play, and level


@dataclass(frozen=True)
class Record:
    """What this seat knows of the other seat's plays: the logged rounds as (the other seat's
    card, this seat's card), the cards it cannot see now (the other hand and the pile), its
    own hand, the other hand's size, and whether the other seat answers (chooses second)."""

    rounds: tuple[tuple[str, str], ...]
    pool: tuple[str, ...]
    mine: tuple[str, ...]
    size: int
    answering: bool


def graveyards(rounds: tuple[tuple[str, str], ...]) -> tuple[list[frozenset[str]], list[int]]:
    """The fighting graveyard as it stood before each logged round, and the number of
    reshuffles after each round's draws (the pile runs out every 14 rounds: both seats draw
    one card a round and the whole graveyard is shuffled back)."""
    pile = PILE_AT_START
    grave: list[str] = []
    before: list[frozenset[str]] = []
    epochs: list[int] = []
    epoch = 0
    for cards in rounds:
        before.append(frozenset(grave))
        grave += cards
        for _ in cards:  # each seat draws one card
            if pile == 0:
                pile, grave, epoch = len(grave), [], epoch + 1
            pile -= 1
        epochs.append(epoch)
    return before, epochs


def greedy_scores(guess: list[str], answering: bool, rng: random.Random) -> dict[str, float]:
    """Greedy's score of every card against one guess of the five cards it cannot see.

    Choosing first: the card's mean swing against them (`opponent.greedy_reply`). Answering:
    the swing against one of them taken as the card to answer, less the hand value the card
    takes with it, plus the value it stops giving the other side; a per-card reading of
    `opponent._answer_scores` (it predicts greedy's answers from its true hand almost as well:
    -1.36 against -1.31 nats a play)."""
    if not answering:
        return {card: strategy.expected_swing(card, guess) for card in FIGHTING_CARDS}
    answered = guess[rng.randrange(len(guess))]
    rest = [card for card in guess if card != answered]
    scores = {}
    for card in FIGHTING_CARDS:
        swing = strategy.SWING[card][answered]
        spent = max(0.0, strategy.expected_swing(card, guess))
        freed = sum(strategy.SWING[theirs][card] for theirs in rest) / HAND_SIZE
        scores[card] = strategy.SP_WORTH * swing - strategy.HAND_WEIGHT * (spent - freed)
    return scores


@functools.lru_cache(maxsize=256)
def choice_masks(play: str, unseen: tuple[str, ...], answering: bool) -> Masks:
    """Per sampled guess of greedy: the cards that outscore `play` and those level with it.
    The guesses depend on what greedy could not see, not on the card it played (so the
    chances of the cards of one hand add up to one), and are the same at every decision that
    looks back at this play (so computed once)."""
    rng = random.Random(zlib.crc32(" ".join((*unseen, str(answering))).encode()))
    masks = []
    for _ in range(LIKELIHOOD_GUESSES):
        scores = greedy_scores(rng.sample(unseen, HAND_SIZE), answering, rng)
        mark = scores[play]
        above = level = 0
        for card, score in scores.items():
            if score > mark + 1e-9:
                above |= BIT[card]
            elif score >= mark - 1e-9 and card != play:
                level |= BIT[card]
        masks.append((above, level))
    return tuple(masks)


@functools.lru_cache(maxsize=256)
def known_likelihoods(play: str, unseen: tuple[str, ...], answering: bool) -> dict[int, float]:
    """The likelihoods of `choice_masks(play, unseen, answering)` worked out so far, by hand
    mask: the same play is looked back at by the next WINDOW decisions, mostly from the same
    hands, so each is worked out once (a memo filled by `_step`)."""
    return {}


@dataclass(frozen=True)
class Play:
    """One play of the other seat, as `_step` follows it: the card, the next card it played
    (None after the last), greedy's sampled choices for it and their likelihoods so far."""

    card: str
    upcoming: str | None
    masks: Masks
    known: dict[int, float]


def likelihood(hand: int, masks: Masks) -> float:
    """The chance greedy plays the card of `masks` from `hand` (a mask of its cards): no card
    of the hand outscores it, and a tie is split evenly."""
    total = 0.0
    for above, level in masks:
        if not hand & above:
            total += 1.0 / (1 + (hand & level).bit_count())
    return total / len(masks)


def mask_of(hand: list[str]) -> int:
    """A hand as a bit mask of FIGHTING_CARDS."""
    mask = 0
    for card in hand:
        mask |= BIT[card]
    return mask


@functools.lru_cache(maxsize=16)
def posterior_hands(record: Record) -> tuple[tuple[str, ...], ...]:
    """PARTICLES hands the other seat may hold now, as likely as its plays make them (the same
    for every sample of one decision, so computed once; its random numbers are seeded by the
    record, and a cached answer changes nothing)."""
    rng = random.Random(zlib.crc32(repr(record).encode()))
    start = max(0, len(record.rounds) - WINDOW)
    plays = [theirs for theirs, _ in record.rounds[start:]]
    before, epochs = graveyards(record.rounds)
    cards = sorted(set(record.pool) | set(plays))  # all the other seat may have held
    barred = _mine_after(record, epochs, start - 1)
    first = [c for c in cards if c not in before[start] and c not in barred and c != plays[0]]
    hands = [[plays[0], *rng.sample(first, record.size - 1)] for _ in range(PARTICLES)]
    for step, play in enumerate(plays):
        index = start + step
        unseen = tuple(c for c in FIGHTING_CARDS if c not in before[index] and c != play)
        masks = choice_masks(play, unseen, record.answering)
        known = known_likelihoods(play, unseen, record.answering)
        after = before[index + 1] if index + 1 < len(before) else frozenset()
        drawable = [
            c for c in cards if c not in after and c not in _mine_after(record, epochs, index)
        ]
        upcoming = plays[step + 1] if step + 1 < len(plays) else None
        hands = _step(hands, Play(play, upcoming, masks, known), drawable, rng)
    hands = _draw_last(hands, record, rng)
    return tuple(tuple(hand) for hand in hands)


def _mine_after(record: Record, epochs: list[int], index: int) -> set[str]:
    """This seat's cards the other seat cannot have drawn after round `index` (-1: the deal):
    those it plays later before the next reshuffle, and its hand if none came since."""
    epoch = epochs[index] if index >= 0 else 0
    mine = {
        record.rounds[later][1]
        for later in range(index + 1, len(record.rounds))
        if (epochs[later - 1] if later else 0) == epoch
    }
    if epochs[-1] == epoch:
        mine |= set(record.mine)
    return mine


def _step(
    hands: list[list[str]], play: Play, drawable: list[str], rng: random.Random
) -> list[list[str]]:
    """One play followed: each hand weighed by the chance greedy played that card from it,
    the card removed and the next one drawn (the next card played, if the hand lacks it, at
    the odds of drawing that very card; none after the last play), then resampled.
    Resampling repeats hands, so each distinct hand (in its order) is followed once; the
    random draws stay one per hand, in order."""
    weights, kept = [], []
    followed: dict[tuple[str, ...], tuple[float, list[str], list[str] | None]] = {}
    can_draw = set(drawable)
    for hand in hands:
        key = tuple(hand)
        if key not in followed:
            followed[key] = _follow(hand, play, drawable, can_draw)
        weight, rest, free = followed[key]
        if free is not None:
            # nothing left to draw only where the log contradicts itself: keep the size
            rest = [*rest, free[rng.randrange(len(free))] if free else play.card]
        weights.append(weight)
        kept.append(rest)
    if not sum(weights):  # no hand followed could have played it: keep them all alike
        weights = [1.0] * len(kept)
    return rng.choices(kept, weights, k=PARTICLES)


def _follow(
    hand: list[str], play: Play, drawable: list[str], can_draw: set[str]
) -> tuple[float, list[str], list[str] | None]:
    """One hand through one play: its weight, the cards it keeps (with the next card played
    when it lacks it) and, when it holds that card already, the cards one may be drawn from
    (None when nothing is to be drawn at random). can_draw is drawable as a set, built once
    per play rather than once per hand."""
    if play.card not in hand:  # cannot have played it: kept only if nothing else is left
        hand = [play.card, *hand[1:]]
        weight = 1e-12
    else:
        mask = mask_of(hand)
        if mask not in play.known:
            play.known[mask] = likelihood(mask, play.masks)
        weight = play.known[mask]
    rest = [card for card in hand if card != play.card]
    if play.upcoming is not None and play.upcoming not in rest:
        weight /= max(1, len(can_draw) - sum(card in can_draw for card in rest))
        return weight, [*rest, play.upcoming], None
    if play.upcoming is not None:
        return weight, rest, [card for card in drawable if card not in rest and card != play.card]
    return weight, rest, None


def _draw_last(hands: list[list[str]], record: Record, rng: random.Random) -> list[list[str]]:
    """The hands now: the cards kept after the last play (still unseen now) and one drawn
    from the unseen cards since."""
    pool = set(record.pool)
    now = []
    for rest in hands:
        if not set(rest) <= pool:
            continue
        free = [card for card in record.pool if card not in rest]
        now.append([*rest, free[rng.randrange(len(free))]])
    if not now:  # the plays fit no hand followed: a blind deal
        now = [rng.sample(record.pool, record.size) for _ in range(PARTICLES)]
    return now

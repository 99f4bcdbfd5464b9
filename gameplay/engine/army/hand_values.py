"""What the cards the search bot keeps are worth in the rounds to come.

The search bot judges each card of its hand by the round it plays (the other seat's card drawn
as the greedy bot would play it, `opponent.py`) and by the hand it keeps after drawing. This
module values that kept hand: the SP swings it will still bring when each later round's card is
chosen well, against the cards the greedy bot plays. The rounds to come are a Markov decision
process over the hand: each round it plays one card against one of the other seat's, drawn
from greedy's measured play frequencies (the other seat's card is secret, so the choice cannot
depend on it), and draws one card at random. Relative value iteration solves it; the values
are relative (a hand's worth against the average hand), which is all a comparison of two kept
hands needs.

A card is its kind, its number and colour: two suits of one colour play alike, so a hand is 18
counts of at most two. Greedy plays differently when it chooses first (its best attack, at
once) and when it answers a card it cannot see, so there is one table for each.

Greedy's play frequencies are measured data (`greedy_plays.json`, regenerated with
`python -m gameplay.engine.army.hand_values` whenever the greedy bot changes: PLAY_GAMES
seeded games, about 15 s, the same result every time). A table is solved from them the first
time a process needs it (about half a second each), and kept for the life of the process.
"""

from __future__ import annotations

import functools
import json
import random
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from gameplay.engine import bots
from gameplay.engine.army.cards import FIGHTING_CARDS, is_attack, value_of
from gameplay.engine.army.setup import HAND_SIZE
from gameplay.engine.core import new_game, play, ruleset_of

KINDS = tuple((value, attack) for value in range(2, 11) for attack in (False, True))
COPIES = 2  # cards of one kind in the pack (two suits of each colour)
PLAY_GAMES = 2000  # greedy games whose plays give the other seat's card frequencies
PLAY_SEED = 500_000  # their seeds (outside every ladder's)
CHECK_GAMES = 50  # the first games' plays, stored apart: a quick test that greedy has not changed
TOLERANCE = 1e-7  # value iteration stops once no hand moves by more than this
PLAYS_FILE = Path(__file__).with_name("greedy_plays.json")
ORDERS = ("first", "answering")  # the other seat chooses first, or answers
Hand = tuple[int, ...]  # the count of each kind, in KINDS order


def kind_of(card: str) -> int:
    """The index in KINDS of a fighting card ("10H" -> red 10)."""
    return (value_of(card) - 2) * 2 + int(is_attack(card))


def counts_of(cards: Iterable[str]) -> Hand:
    """A hand as its count of each kind."""
    counts = [0] * len(KINDS)
    for card in cards:
        counts[kind_of(card)] += 1
    return tuple(counts)


def swing(mine: int, theirs: int) -> int:
    """The SP swing of one round between two kinds: +1 ours hits, -1 theirs hits, else 0."""
    (value, attack), (their_value, their_attack) = KINDS[mine], KINDS[theirs]
    if value > their_value and attack:
        return 1
    if their_value > value and their_attack:
        return -1
    return 0


@functools.cache
def all_hands(size: int, kinds: int = len(KINDS)) -> tuple[Hand, ...]:
    """Every hand of `size` cards over the first `kinds` kinds (at most COPIES of a kind), in
    lexicographic order of the counts (the order of the stored worths)."""
    if kinds == 0:
        return ((),) if size == 0 else ()
    return tuple(
        (first, *rest)
        for first in range(min(COPIES, size) + 1)
        for rest in all_hands(size - first, kinds - 1)
    )


def round_gains(plays: list[float]) -> list[float]:
    """The mean SP swing of each kind against the other seat's card frequencies."""
    total = sum(plays)
    return [
        sum(weight * swing(mine, theirs) for theirs, weight in enumerate(plays)) / total
        for mine in range(len(KINDS))
    ]


def draws(kept: Hand) -> list[tuple[float, int]]:
    """The kinds a kept hand may draw, with their chances (the cards not in it, alike)."""
    left = [COPIES - count for count in kept]
    total = sum(left)
    return [(count / total, kind) for kind, count in enumerate(left) if count]


def with_kind(hand: Hand, kind: int, change: int) -> Hand:
    """The hand with one card of `kind` added (+1) or taken out (-1)."""
    counts = list(hand)
    counts[kind] += change
    return tuple(counts)


@dataclass(frozen=True)
class Solution:
    """Every full hand's worth (relative to the average hand), and the mean SP swing a round
    brings when each card is chosen well (the gain)."""

    worth: dict[Hand, float]
    gain: float


def solve(plays: list[float]) -> Solution:
    """The rounds to come against a seat playing kinds at these frequencies, by relative value
    iteration over hands numbered in all_hands order (numpy arrays: about half a second)."""
    gains = np.array(round_gains(plays))
    hands, kept_hands = all_hands(HAND_SIZE), all_hands(HAND_SIZE - 1)
    full_index = {hand: index for index, hand in enumerate(hands)}
    kept_index = {kept: index for index, kept in enumerate(kept_hands)}
    # per kept hand and kind drawn: the full hand it makes and the chance (0 where none is left)
    drawn = np.zeros((len(kept_hands), len(KINDS)), dtype=np.int64)
    chance = np.zeros((len(kept_hands), len(KINDS)))
    for row, kept in enumerate(kept_hands):
        for odds, kind in draws(kept):
            drawn[row, kind], chance[row, kind] = full_index[with_kind(kept, kind, +1)], odds
    # per full hand and card played (HAND_SIZE slots, the first kind repeated where the hand
    # holds fewer kinds, which leaves the best choice as it is): the round's gain, the hand kept
    played_gain = np.zeros((len(hands), HAND_SIZE))
    kept_after = np.zeros((len(hands), HAND_SIZE), dtype=np.int64)
    for row, hand in enumerate(hands):
        kinds = [kind for kind, count in enumerate(hand) if count]
        for slot in range(HAND_SIZE):
            kind = kinds[slot] if slot < len(kinds) else kinds[0]
            played_gain[row, slot] = gains[kind]
            kept_after[row, slot] = kept_index[with_kind(hand, kind, -1)]
    worth = np.zeros(len(hands))
    while True:
        kept_worth = (chance * worth[drawn]).sum(axis=1)
        fresh = (played_gain + kept_worth[kept_after]).max(axis=1)
        gain = float(fresh.mean())
        moved = float(np.abs(fresh - gain - worth).max())
        worth = fresh - gain
        if moved < TOLERANCE:
            return Solution(dict(zip(hands, worth.tolist(), strict=True)), gain)


def measure_plays(games: int = PLAY_GAMES, seed0: int = PLAY_SEED) -> dict[str, list[float]]:
    """How often greedy plays each kind when it chooses first (seat 0 in bot games) and when
    it answers (seat 1), over `games` seeded greedy games."""
    counts = {order: [0.0] * len(KINDS) for order in ORDERS}
    greedy = bots.GreedyBot()
    for seed in range(seed0, seed0 + games):
        state = new_game("army", seats=2, seed=seed)
        ruleset, rng = ruleset_of(state), random.Random(seed)
        while (decision := ruleset.decision(state)).kind != "terminal":
            for seat in decision.seats:
                legal = ruleset.legal_actions(state, seat)
                action = greedy.choose(ruleset, ruleset.view(state, seat), seat, legal, rng)
                if action["type"] == "play":
                    counts[ORDERS[seat]][kind_of(action["card"])] += 1
                play(state, seat, action)
    return counts


def stored_plays() -> dict[str, dict[str, list[float]]]:
    """The measured plays by order ("plays") and those of the first CHECK_GAMES ("check")."""
    data: dict[str, dict[str, list[float]]] = json.loads(PLAYS_FILE.read_text())
    return data


@functools.cache
def solution(order: str) -> Solution:
    """The rounds to come against greedy choosing first ("first") or answering, solved once
    per process from the stored plays."""
    return solve(stored_plays()["plays"][order])


def hand_worth(cards: list[str], other_first: bool) -> float:
    """The SP a full hand is worth in the rounds to come, against the average hand, when the
    other seat plays as greedy does choosing first (other_first) or answering."""
    return solution(ORDERS[0] if other_first else ORDERS[1]).worth[counts_of(cards)]


assert len(FIGHTING_CARDS) == COPIES * len(KINDS)  # each kind: two suits of one colour

if __name__ == "__main__":  # measure greedy's plays again
    content = {
        "kinds": [f"{value} {'red' if attack else 'black'}" for value, attack in KINDS],
        "plays": measure_plays(),
        "check": measure_plays(CHECK_GAMES),
    }
    PLAYS_FILE.write_text(json.dumps(content, indent=1) + "\n")
    sys.stdout.write(f"wrote {PLAYS_FILE}\n")

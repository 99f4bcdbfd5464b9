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

The tables are data (`hand_values.json`), regenerated with
`python -m gameplay.engine.army.hand_values` whenever the greedy bot changes (about half a
minute: PLAY_GAMES greedy games measured, then both tables solved; the result is the same
every time).
"""

from __future__ import annotations

import functools
import json
import random
import sys
from collections.abc import Iterable
from pathlib import Path

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
TABLE_FILE = Path(__file__).with_name("hand_values.json")
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


def solve(plays: list[float]) -> tuple[dict[Hand, float], float]:
    """The relative worth of every full hand against a seat playing kinds at these
    frequencies, and the mean SP swing a round that good play brings (the gain)."""
    gains = round_gains(plays)
    hands = all_hands(HAND_SIZE)
    kept_hands = all_hands(HAND_SIZE - 1)
    after_draw = {
        kept: [(chance, with_kind(kept, kind, +1)) for chance, kind in draws(kept)]
        for kept in kept_hands
    }
    choices = {
        hand: [(gains[kind], with_kind(hand, kind, -1)) for kind in range(len(KINDS)) if hand[kind]]
        for hand in hands
    }
    worth = dict.fromkeys(hands, 0.0)
    gain = 0.0
    while True:
        kept_worth = {
            kept: sum(chance * worth[full] for chance, full in nexts)
            for kept, nexts in after_draw.items()
        }
        fresh = {
            hand: max(now + kept_worth[kept] for now, kept in options)
            for hand, options in choices.items()
        }
        gain = sum(fresh.values()) / len(fresh)
        moved = max(abs(fresh[hand] - gain - worth[hand]) for hand in hands)
        worth = {hand: value - gain for hand, value in fresh.items()}
        if moved < TOLERANCE:
            return worth, gain


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


def build_tables(plays: dict[str, list[float]], check: dict[str, list[float]]) -> dict[str, object]:
    """The file's content: the measured plays (and those of the first CHECK_GAMES games),
    each order's gain and hand worths (in the order of all_hands, rounded to 1e-4 SP)."""
    tables: dict[str, object] = {"kinds": [f"{v} {'red' if a else 'black'}" for v, a in KINDS]}
    tables["plays"], tables["check"] = plays, check
    for order in ORDERS:
        worth, gain = solve(plays[order])
        tables[order] = {
            "gain": round(gain, 6),
            "worth": [round(worth[hand], 4) for hand in all_hands(HAND_SIZE)],
        }
    return tables


@functools.cache
def tables() -> dict[str, dict[Hand, float]]:
    """The stored worth of every full hand, by the other seat's order ("first", "answering")."""
    data = json.loads(TABLE_FILE.read_text())
    hands = all_hands(HAND_SIZE)
    return {order: dict(zip(hands, data[order]["worth"], strict=True)) for order in ORDERS}


def hand_worth(cards: list[str], other_first: bool) -> float:
    """The SP a full hand is worth in the rounds to come, against the average hand, when the
    other seat plays as greedy does choosing first (other_first) or answering."""
    return tables()[ORDERS[0] if other_first else ORDERS[1]][counts_of(cards)]


assert len(FIGHTING_CARDS) == COPIES * len(KINDS)  # each kind: two suits of one colour

if __name__ == "__main__":  # regenerate the tables
    content = build_tables(measure_plays(), check=measure_plays(CHECK_GAMES))
    TABLE_FILE.write_text(json.dumps(content, separators=(",", ":")) + "\n")
    sys.stdout.write(f"wrote {TABLE_FILE}\n")

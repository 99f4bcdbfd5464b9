"""The heuristic evaluation behind the generic greedy and search bots.

Life difference, plus what each side has on the battle line, plus, while a duel is under way,
the duel played out to its end by a small exact search over the two (sampled) hands: who will
win it, how much damage the loser takes, and which cards reach the battle line. The search
bot's evaluation (search_evaluate) first plays the round out on its sampled state, so the
battle line and combat are fought rather than guessed, and the kept hands count next duel;
in that play-out the other seat chooses its cards without seeing the search's hand, and a
game decided in it counts SAMPLED_WIN_SCORE (a few rounds' worth of life, not WIN_SCORE).
"""

from __future__ import annotations

import random
from typing import Any

from gameplay.engine.core import clone
from gameplay.engine.rune_duel import flow
from gameplay.engine.rune_duel.battle import card, stats
from gameplay.engine.rune_duel.cards import BODY_TYPES, trumps

WIN_SCORE = 1000.0
# A decided game in the search's samples counts about two starting life totals, not WIN_SCORE:
# the search averages its samples, and at +-1000 one won or lost sample in forty outweighed
# the life points of all the others, so in a round that could end the game one lucky draw
# chose the card. 40 won 767 - 433 where 1000 won 759 - 441 (the same 1,200 duplicate games;
# 20 and 80 did as well as 40 on their first 600): a small edge, within the noise, for a
# value that is no longer out of scale (BENCHMARKS.md).
SAMPLED_WIN_SCORE = 40.0
SUMMON_WEIGHT = 0.5  # a card on its way to the battle line is worth half its board value
HAND_SAMPLES = 6  # the other hand is hidden: average the duel over this many guesses of it
BLIND_GUESSES = 3  # the other seat's guesses of the search's hand when it replies in a sample


def board_value(state: dict[str, Any], seat: int) -> float:
    """What a seat's creatures are worth: attack counts double, then remaining health, keywords."""
    total = 0.0
    for entry in state["line"][str(seat)]:
        if entry is not None:
            attack, health, keywords, regeneration = stats(state, entry)
            total += (2 * attack + health - entry["damage"] + len(keywords) + regeneration) / 2
    return total


def card_value(printed: dict[str, Any]) -> float:
    """A rough worth of a card about to enter play."""
    if printed["type"] in BODY_TYPES:
        worth = 2 * printed["attack"] + printed["health"] + len(printed["keywords"])
        return (worth + printed["regeneration"]) / 2
    if printed["type"] == "artifact":
        return printed["attack"] + printed["health"] / 2 + len(printed["keywords"])
    return float(sum(effect.get("amount", 1) for effect in printed["effects"]))


def evaluate(state: dict[str, Any], seat: int, sampled: bool = False) -> float:
    """The state's worth for the seat (higher is better); +-WIN_SCORE once the game is decided.

    sampled: the state is one of the search bot's samples (search_evaluate), whose hidden
    cards are already one guess among many: a duel is solved on its own two hands and a
    decided game scores +-SAMPLED_WIN_SCORE; otherwise (the greedy bot) the duel is solved
    on HAND_SAMPLES guesses of the other hand."""
    outcome = state["outcome"]
    if outcome is not None:
        win = SAMPLED_WIN_SCORE if sampled else WIN_SCORE
        if not outcome["winners"]:
            return 0.0
        return win if seat in outcome["winners"] else -win
    if state["phase"] == "discard":
        return evaluate(_next_round(state), seat, sampled)
    if state["phase"] == "choose":
        return evaluate(_battle_done(state), seat, sampled)
    me, other = str(seat), str(1 - seat)
    score = float(state["life"][me] - state["life"][other])
    score += board_value(state, seat) - board_value(state, 1 - seat)
    for owner, card_id in state["duel"]:
        score += _summon_worth(state, card_id) * (1 if owner == seat else -1)
    for task in state["work"]:
        if task["do"] == "place":
            owner = int(task["card"][0])
            score += _summon_worth(state, task["card"]) * (1 if owner == seat else -1)
    if state["phase"] == "duel":
        score += duel_outlook(state, seat, sampled)
    return score


def _next_round(state: dict[str, Any]) -> dict[str, Any]:
    """The end of combat finished as if every seat still choosing kept its hand (a copy)."""
    ahead = clone(state)
    _finish_round(ahead)
    return ahead


def _finish_round(state: dict[str, Any]) -> None:
    """_next_round in place."""
    for seat, choice in state["pending"].items():
        if choice is None:
            state["pending"][seat] = {"type": "keep"}
    flow.finish_round(state)
    flow.settle(state)


def _battle_done(state: dict[str, Any]) -> dict[str, Any]:
    """The battle line finished (and fought) taking the first option of every further choice
    (a copy)."""
    ahead = clone(state)
    _finish_battle(ahead)
    return ahead


def _finish_battle(state: dict[str, Any]) -> None:
    """_battle_done in place."""
    while state["phase"] == "choose":
        flow.make_choice(state, state["choice"]["options"][0])
    flow.settle(state)


def _summon_worth(state: dict[str, Any], card_id: str) -> float:
    printed = card(state, card_id)
    if printed["rank"] > state["summons"]:
        return 0.0
    return SUMMON_WEIGHT * card_value(printed)


def duel_outlook(state: dict[str, Any], seat: int, sampled: bool = False) -> float:
    """The rest of the duel for seat: on the state's own two hands if it is one of the search's
    samples, else on guesses of the other (hidden) hand."""
    if sampled:
        # The sample's other hand is drawn to fit what the record says (the loser of a duel
        # keeps cards that could not trump its last card): fresh uniform guesses would forget
        # that. One solve a sample, over more samples, won 260 - 140 where four guesses a
        # sample won 241 - 159 (the same 400 duplicate games; BENCHMARKS.md).
        hands = tuple(tuple(state["zones"][str(s)]["hand"]) for s in (0, 1))
        value = solve_duel(state, hands)
        return value if seat == 0 else -value
    other = str(1 - seat)
    zone = state["zones"][other]
    pool = sorted(zone["hand"] + zone["deck"])
    size = len(zone["hand"])
    # the same guesses for every action judged on one state (the greedy bot's scan): their
    # difference is then the actions', not the draw's
    rng = random.Random(len(pool) * 31 + len(state["duel"]))
    mine = tuple(sorted(state["zones"][str(seat)]["hand"]))
    total = 0.0
    for _ in range(HAND_SAMPLES):
        guess = tuple(sorted(rng.sample(pool, size)))
        hands = (mine, guess) if seat == 0 else (guess, mine)
        value = solve_duel(state, hands)
        total += value if seat == 0 else -value
    return total / HAND_SAMPLES


def search_evaluate(state: dict[str, Any], seat: int) -> float:
    """The search bot's score: in a duel, the round played out on this sampled state (the duel
    by the solver, the other seat replying blind: play_out_duel; the battle line, combat,
    everyone keeping their hand), then evaluate with the next duel solved on the sample's own
    hands; elsewhere evaluate the sample as it stands (sampled)."""
    if state["phase"] != "duel":
        return evaluate(state, seat, sampled=True)
    ahead = clone(state)  # the one copy: the rest of the round is played on it in place
    play_out_duel(ahead, seat)
    if ahead["phase"] == "choose":
        _finish_battle(ahead)
    if ahead["phase"] == "discard":
        _finish_round(ahead)
    return evaluate(ahead, seat, sampled=True)


def play_out_duel(state: dict[str, Any], seat: int) -> None:
    """Finish the duel in place. The seat plays the solver's best card on both hands; the other
    seat, which cannot see the seat's hand, plays the card that does best over guesses of it
    (blind_reply): a reply chosen knowing that hand is one no real opponent can make, and
    judging the seat's card against it made the search too fearful (0.579 -> 0.611 against
    greedy on the same 1,120 duplicate games; BENCHMARKS.md)."""
    hands = tuple(tuple(state["zones"][str(s)]["hand"]) for s in (0, 1))
    solver = DuelSolver(state, hands)
    ids = list(hands[0]) + list(hands[1])
    masks = list(solver.start_masks())
    previous = solver.count
    rng = random.Random(f"{state['seed']}:blind")
    while state["phase"] == "duel":
        turn = state["turn"]
        options = flow.playable_cards(state, turn)
        if turn != seat and len(options) > 1:
            previous = ids.index(blind_reply(state, seat, options, rng))
        else:
            previous = solver.best(turn, previous, masks[0], masks[1])
        masks[turn] ^= 1 << previous
        flow.play_card(state, turn, ids[previous])
    flow.settle(state)


def blind_reply(state: dict[str, Any], seat: int, options: list[str], rng: random.Random) -> str:
    """The other seat's card among its options: the best on average over BLIND_GUESSES guesses
    of the seat's hand, drawn from the cards it cannot see (the seat's hand and deck)."""
    other = 1 - seat
    zone = state["zones"][str(seat)]
    unseen = sorted(zone["hand"] + zone["deck"])  # sorted: the guesses never read the real hand
    theirs = tuple(state["zones"][str(other)]["hand"])
    totals = dict.fromkeys(options, 0.0)
    for _ in range(BLIND_GUESSES):
        guess = tuple(rng.sample(unseen, len(zone["hand"])))
        hands = (guess, theirs) if seat == 0 else (theirs, guess)
        solver = DuelSolver(state, hands)
        ids = list(hands[0]) + list(hands[1])
        masks = solver.start_masks()
        for card_id in options:
            totals[card_id] += solver.option_value(other, ids.index(card_id), *masks)
    return max(options, key=totals.__getitem__)


def solve_duel(state: dict[str, Any], hands: tuple[Any, ...]) -> float:
    """Value for seat 0 of the rest of the duel with these hands; seat 0 max, seat 1 min."""
    return DuelSolver(state, hands).value(state["turn"])


class DuelSolver:
    """The duel as a small perfect-information game: cards are bits of two hand masks."""

    def __init__(self, state: dict[str, Any], hands: tuple[Any, ...]):
        ids = list(hands[0]) + list(hands[1])
        last = state["duel"][-1][1] if state["duel"] else None
        printed = [card(state, c) for c in ids]
        self.worth = [_summon_worth(state, c) for c in ids]
        self.count = len(ids)
        # beats[i]: bit mask of the cards that trump card i; the last card played is `count`.
        self.beats = [_mask(printed, p) for p in printed]
        self.beats.append(_mask(printed, card(state, last)) if last else (1 << self.count) - 1)
        self.first = (1 << len(hands[0])) - 1
        self.memo: dict[tuple[int, int, int, int], float] = {}

    def start_masks(self) -> tuple[int, int]:
        """The two hands as masks, as the position stands (seat 0's cards come first)."""
        return self.first, ((1 << self.count) - 1) ^ self.first

    def value(self, turn: int) -> float:
        """The duel's value for seat 0 from the current position."""
        return self.solve(turn, self.count, *self.start_masks())

    def solve(self, turn: int, previous: int, mask0: int, mask1: int) -> float:
        """Minimax with memo: seat `turn` must trump card `previous` from its mask."""
        key = (turn, previous, mask0, mask1)
        if key in self.memo:
            return self.memo[key]
        options = (mask0 if turn == 0 else mask1) & self.beats[previous]
        if not options:
            value = -float(mask0.bit_count()) if turn == 0 else float(mask1.bit_count())
        else:
            results = []
            while options:
                bit = options & -options
                options ^= bit
                index = bit.bit_length() - 1
                if turn == 0:
                    results.append(self.worth[index] + self.solve(1, index, mask0 ^ bit, mask1))
                else:
                    results.append(-self.worth[index] + self.solve(0, index, mask0, mask1 ^ bit))
            value = max(results) if turn == 0 else min(results)
        self.memo[key] = value
        return value

    def best(self, turn: int, previous: int, mask0: int, mask1: int) -> int:
        """The index of the card seat `turn` plays best now (it has one that trumps)."""
        options = (mask0 if turn == 0 else mask1) & self.beats[previous]
        choice, top = -1, -float("inf")
        while options:
            bit = options & -options
            options ^= bit
            index = bit.bit_length() - 1
            value = self.option_value(turn, index, mask0, mask1)
            if value > top:
                choice, top = index, value
        return choice

    def option_value(self, turn: int, index: int, mask0: int, mask1: int) -> float:
        """The duel's value for seat `turn` (higher is better) if it plays card `index` now."""
        bit = 1 << index
        if turn == 0:
            return self.worth[index] + self.solve(1, index, mask0 ^ bit, mask1)
        return self.worth[index] - self.solve(0, index, mask0, mask1 ^ bit)


def _mask(printed: list[dict[str, Any]], beaten: dict[str, Any]) -> int:
    mask = 0
    for index, candidate in enumerate(printed):
        if trumps(candidate, beaten):
            mask |= 1 << index
    return mask

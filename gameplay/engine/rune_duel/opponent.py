"""The search bot's inference about the other hand: what a lost duel says about it.

A duel ends when the next player cannot trump the last card, so the loser's hand at that moment
holds no card that trumps it, and the loser keeps those cards (less an end-of-combat discard,
which the story names) into the next round. determinize deals the other hand uniformly from the
unseen cards; `plausible_hand` re-deals it, in the search bot's samples, so that it holds the
cards the public record says it must: after a lost duel of this round, a whole hand that cannot
trump the last card; in the next duel, at least the kept cards not yet accounted for by what it
has played. Everything read here is public: the last duel's winner and the damage (the loser's
hand count), and the story's lines naming the last card played and any discard.
"""

from __future__ import annotations

import random
from typing import Any

from gameplay.engine.rune_duel.battle import card
from gameplay.engine.rune_duel.cards import trumps

TRIES = 40  # hands drawn before keeping the one that comes closest


def plausible_hand(state: dict[str, Any], seat: int, rng: random.Random) -> None:
    """Re-deal the other seat's hidden hand in place to fit its last lost duel (if any)."""
    zone = state["zones"][str(1 - seat)]
    need = requirement(state, seat)
    if need is None or not zone["hand"]:
        return
    pool = zone["hand"] + zone["deck"]
    hand = fitting_hand(state, pool, len(zone["hand"]), need, rng)
    rest = [c for c in pool if c not in hand]
    rng.shuffle(rest)
    zone["hand"], zone["deck"] = hand, rest


def requirement(state: dict[str, Any], seat: int) -> tuple[dict[str, Any], int] | None:
    """What the other hand must hold: (the card it could not trump, how many of its cards
    cannot trump it at least); None if the record says nothing."""
    other = 1 - seat
    last = state["last_duel"]
    if not last or last["winner"] != seat or not last["damage"]:
        return None
    clue = last_duel_clue(state, other)
    if clue is None:
        return None
    beaten, discarded = clue
    size = len(state["zones"][str(other)]["hand"])
    if state["phase"] == "duel":
        played = [c for s, c in state["duel"] if s == other]
        kept = last["damage"] - discarded - sum(not _trumps(state, c, beaten) for c in played)
    else:  # the duel of this round is over: the hand is what the loser held at its end
        kept = size
    if kept <= 0:
        return None
    return beaten, min(kept, size)


def fitting_hand(
    state: dict[str, Any],
    pool: list[str],
    size: int,
    need: tuple[dict[str, Any], int],
    rng: random.Random,
) -> list[str]:
    """`size` cards drawn from the pool with at least need[1] that cannot trump need[0]
    (rejection; after TRIES draws the one that came closest)."""
    beaten, kept = need
    best, most = pool[:size], -1
    for _ in range(TRIES):
        hand = rng.sample(pool, size)
        fitting = sum(not _trumps(state, c, beaten) for c in hand)
        if fitting >= kept:
            return hand
        if fitting > most:
            best, most = hand, fitting
    return best


def _trumps(state: dict[str, Any], card_id: str, beaten: dict[str, Any]) -> bool:
    return trumps(card(state, card_id), beaten)


def last_duel_clue(state: dict[str, Any], loser: int) -> tuple[dict[str, Any], int] | None:
    """The printed last card of the last duel and whether the loser has discarded since, read
    from the story ("Seat N plays X." right before "Seat M wins the duel."); None if the story
    no longer reaches back to it."""
    story = state["story"]
    for index in range(len(story) - 1, 0, -1):
        if story[index].endswith(" wins the duel."):
            played = story[index - 1]
            head = f"Seat {1 - loser + 1} plays "
            if not played.startswith(head):
                return None
            name = played[len(head) : -1]
            printed = next((c for c in state["catalogue"] if c["name"] == name), None)
            if printed is None:
                return None
            mark = f"Seat {loser + 1} discards "
            discarded = any(line.startswith(mark) for line in story[index + 1 :])
            return printed, int(discarded)
    return None


def trim_story(state: dict[str, Any]) -> None:
    """Keep only the story from the last duel's last card on (all that is read here): the
    search clones its samples many times."""
    story = state["story"]
    for index in range(len(story) - 1, 0, -1):
        if story[index].endswith(" wins the duel."):
            del story[: index - 1]
            return
    story.clear()
